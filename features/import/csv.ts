import { createHash } from 'node:crypto'
import { ValidationError, type Payload, type PayloadRequest } from 'payload'
import { NAMESPACE, type Context } from '../../endpoints/context.js'
import { dataLayer, type Doc } from '../../endpoints/data.js'
import { ApiError } from '../../endpoints/errors.js'
import { readFlat, type FlatWrite, type LinkRef } from '../../endpoints/fields/flat.js'
import { dataOf, paramsOf } from '../../endpoints/fields/table.js'
import { recordsNamed } from '../../endpoints/lookup.js'
import { ownRecordId } from '../../endpoints/parts/common.js'
import { validateArgs } from '../../endpoints/validate.js'
import { takeWriteTurn } from '../../core/database/index.js'
import { parseDate } from '../../core/lib/dates.js'
import { isHttpUrl } from '../../core/lib/urls.js'
import { DEFAULT_LOCALE, type LocaleCode } from '../../core/locales.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import {
  cellsOf,
  checkedMapping,
  CsvFileError,
  parseCsv,
  TABLES,
  type CsvRow,
  type CsvType,
  type Mapping,
} from './csvFile.js'
import {
  addAdjustment,
  addNotice,
  eachItem,
  newProgress,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'
import { MappedWriter, type Mapping as StoredMapping } from './writer.js'

/**
 * CSV import of events, venues or organizers (csvFile.ts reads the file). Each row becomes the
 * arguments of the v1 write of its field table (`readFlat`), checked and stored as a v1 create or
 * update does, as the importing administrator; the row and its mapping are written in one
 * transaction, so a row that fails writes nothing. A row is known again by its `global_id` (our
 * export's), else by its title and start (events) or name (venues, organizers), through the
 * mappings (one namespace for every CSV file, as iCalendar's UIDs): a second import of the same
 * file changes nothing, and one with changed cells updates.
 */

export const CSV_SOURCE = 'csv'

export type CsvSettings = {
  csv: string
  type: CsvType
  /** Header → column, as the preview showed it and the administrator changed it. */
  mapping?: Record<string, unknown> | null
  dryRun?: boolean
  /**
   * The language of the file's text (a translation of records an export gave, known again by
   * their `global_id`); none: English. Only the localized columns are written in it.
   */
  language?: 'fr' | 'es' | null
  /**
   * The address of this calendar as its exports name it: a row whose `global_id` names one of its
   * records (`example.org?id=42`) writes over that record.
   */
  site?: string | null
}

type Outcome = 'created' | 'updated' | 'unchanged'

/** A dry run's write, rolled back once done: it checks all that a write checks. */
class DryRun extends Error {
  constructor(readonly outcome: Outcome) {
    super('dry run')
  }
}

/** What a failed row says: the v1 write's reasons, Payload's, or the error's own. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const params = (error.data as { params?: unknown }).params
    // Each reason names its column (`website: … is not a valid URL.`).
    return params && typeof params === 'object' && !Array.isArray(params)
      ? Object.entries(params as Record<string, string>)
          .map(([column, reason]) => (reason.startsWith(column) ? reason : `${column}: ${reason}`))
          .join(' ')
      : error.message
  }
  if (error instanceof ValidationError) {
    const errors = (error.data as { errors?: { path?: string; message?: string }[] }).errors ?? []
    return errors.map((entry) => `${entry.path}: ${entry.message}`).join('; ') || error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** What the v1 namespace's writes need of a request, for a request of the importer's own. */
export function importContext(
  payload: Payload,
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  lang: LocaleCode = DEFAULT_LOCALE,
): Context {
  const origin = payload.config.serverURL || options.siteUrl || 'http://localhost'
  const apiRoot = `${origin}${payload.config.routes.api}`
  return {
    req,
    payload,
    user: req.user,
    lang,
    pathLanguage: null,
    options,
    data: dataLayer(payload, req, lang, options),
    origin,
    apiRoot,
    root: `${apiRoot}/${NAMESPACE}/`,
    linkLanguage: null,
    siteUrl: options.siteUrl || origin,
    now: new Date(),
    pathParams: {},
  }
}

const sha1 = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex')

/**
 * The key a row is mapped under: its id at its source, else its title and start, or its name.
 * Null when the row has none of them (it can only create, and fails without a title or name).
 */
export function rowKey(type: CsvType, write: FlatWrite): string | null {
  if (write.sourceId) return `id:${write.sourceId}`
  if (type === 'events') {
    const { title, start_date: start } = write.args as Record<string, string | undefined>
    return title && start ? `title:${sha1([title.trim(), start.trim()])}` : null
  }
  const name = (write.args as Record<string, string | undefined>)[type.slice(0, -1)]
  return name ? `name:${sha1(name.trim().toLowerCase())}` : null
}

/** The calendar's first administrator: the author of what the CLI imports. */
async function firstAdministrator(payload: Payload, options: ResolvedCalendarOptions) {
  const { docs } = await payload.find({
    collection: options.usersSlug,
    where: { role: { equals: 'administrator' } },
    sort: 'id',
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return docs[0] ? { ...docs[0], collection: options.usersSlug } : null
}

/** Reads a CSV text and writes its rows, with the same progress as the other imports. */
export async function runCsvImport(
  payload: Payload,
  settings: CsvSettings,
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  const { type } = settings
  const progress = newProgress([type], type)
  const counts = progress.resources[type]
  const { headers, rows } = parseCsv(settings.csv)
  const mapping = checkedMapping(headers, type, settings.mapping)
  const unmapped = headers.filter((header) => header && !mapping[header])
  if (unmapped.length === headers.length)
    throw new CsvFileError(
      `no column of the file is a column of ${type} (${headers.slice(0, 10).join(', ')})`,
    )
  if (unmapped.length) addNotice(progress, `columns not imported: ${unmapped.join(', ')}`)
  const user = hooks.user ?? (await firstAdministrator(payload, options))
  if (!user) throw new CsvFileError('no administrator to import as: create one first')
  const language = settings.language ?? null
  const writer = new MappedWriter(
    payload,
    options,
    CSV_SOURCE,
    language ?? DEFAULT_LOCALE,
    language !== null,
    user,
  )
  await writer.load()
  const importer = new RowWriter(payload, options, writer, type, settings)
  counts.total = rows.length
  hooks.onProgress?.(progress)
  const writeRow = async (row: (typeof rows)[number]) => {
    counts.read++
    counts[await importer.write(row, headers, mapping)]++
    if (importer.notes.length)
      addAdjustment(progress, { resource: type, sourceId: `row ${row.row}`, notes: importer.notes })
  }
  return eachItem(rows, { progress, hooks }, writeRow, (row, error) => ({
    resource: type,
    sourceId: `row ${row.row}`,
    message: reasonOf(error),
  }))
}

/** Writes one row at a time (rows may link to records earlier rows wrote). */
class RowWriter {
  /** What the last row's write put right (a website without its scheme). */
  notes: string[] = []

  constructor(
    private readonly payload: Payload,
    private readonly options: ResolvedCalendarOptions,
    private readonly writer: MappedWriter,
    private readonly type: CsvType,
    private readonly settings: CsvSettings,
  ) {}

  private get dryRun() {
    return this.settings.dryRun === true
  }

  async write(row: CsvRow, headers: string[], mapping: Mapping): Promise<Outcome> {
    this.notes = []
    if (row.error) throw new CsvFileError(row.error)
    const cells = cellsOf(row, headers, mapping)
    if (Object.keys(cells).length === 0) throw new CsvFileError('no cell to import')
    const write = readFlat(TABLES[this.type], cells)
    const key = rowKey(this.type, write)
    const stamp = `content:${sha1(cells)}`
    const mapped = key ? this.writer.get(this.type, key) : undefined
    if (
      mapped &&
      this.writer.writtenStamp(mapped) === stamp &&
      (await this.writer.exists(this.type, mapped.targetId))
    )
      return 'unchanged'
    try {
      return await this.writer.inTransaction(async (req) => {
        await takeWriteTurn(req)
        const context = importContext(
          this.payload,
          req,
          this.options,
          this.writer.locale as LocaleCode,
        )
        const outcome = await this.save(context, write, {
          key,
          stamp,
          mapped,
        })
        if (this.dryRun) throw new DryRun(outcome)
        return outcome
      })
    } catch (error) {
      if (error instanceof DryRun) return error.outcome
      throw error
    }
  }

  private async save(
    context: Context,
    write: FlatWrite,
    row: { key: string | null; stamp: string; mapped: StoredMapping | undefined },
  ): Promise<Outcome> {
    const table = TABLES[this.type]
    const existing = await this.existing(context, write, row.mapped)
    this.schemeless(write)
    const args = await validateArgs(paramsOf(table, { creating: !existing }), write.args, context)
    if (this.type === 'events') await this.links(context, write, args)
    const data = await dataOf(table, args, context, existing)
    Object.assign(data, write.stored)
    if (write.links.image !== undefined) {
      if (!isHttpUrl(write.links.image))
        throw new CsvFileError(`image: ${write.links.image} is not an http(s) address`)
      // Kept as a link to the image (the export writes its URL), as the importer's fallback.
      Object.assign(data, { image: null, imageUrl: write.links.image })
    }
    let id: number
    if (existing) id = (await context.data.update(this.type, existing.id, data)).id
    else {
      data.status ??= 'publish'
      id = (await context.data.create(this.type, data)).id
    }
    if (row.key && !this.dryRun)
      await this.writer.writeMapping(context.req, this.type, row.key, id, row.stamp)
    return existing ? 'updated' : 'created'
  }

  /** A website written without its scheme (`www.example.org`), as spreadsheets have it. */
  private schemeless(write: FlatWrite) {
    const website = write.args.website
    if (
      typeof website === 'string' &&
      !isHttpUrl(website) &&
      /^[\w-]+(\.[\w-]+)+(?:[/:?#]\S*)?$/.test(website.trim()) &&
      isHttpUrl(`http://${website.trim()}`)
    ) {
      write.args.website = `http://${website.trim()}`
      this.notes.push(`website ${website} had no scheme: http:// added`)
    }
  }

  /**
   * The record a row writes over: the one its key was mapped to, else the one of this calendar
   * its `global_id` names (a file this calendar exported), else (a file never imported, or
   * records made by hand) an event of the same title and start, or a venue or organizer of the
   * same name.
   */
  private async existing(
    context: Context,
    write: FlatWrite,
    mapped: StoredMapping | undefined,
  ): Promise<Doc | null> {
    const own =
      write.sourceId && this.settings.site ? ownRecordId(this.settings.site, write.sourceId) : null
    for (const id of [mapped?.targetId, own]) {
      if (id === undefined || id === null) continue
      const doc = await context.data.one(
        this.type,
        { id: { equals: id } },
        { trash: true, sight: 'everything' },
      )
      if (doc) return doc
    }
    const args = write.args as Record<string, unknown>
    if (this.type !== 'events') {
      const name = args[this.type.slice(0, -1)]
      if (typeof name !== 'string' || !name.trim()) return null
      return (await recordsNamed(context, this.type, name))[0] ?? null
    }
    if (typeof args.title !== 'string' || typeof args.start_date !== 'string') return null
    const zone =
      typeof args.timezone === 'string' && args.timezone ? args.timezone : this.options.siteTimezone
    let start
    try {
      start = parseDate(args.start_date, zone, context.now)
    } catch {
      return null
    }
    if (!start?.isValid) return null
    const at = start.toUTC()
    return context.data.one(
      'events',
      {
        and: [
          { title: { equals: args.title } },
          { startDate: { greater_than_equal: at.toISO() } },
          { startDate: { less_than: at.plus({ seconds: 1 }).toISO() } },
        ],
      },
      { sight: 'everything' },
    )
  }

  /**
   * An event's venue and organizers: the record a row of an earlier venues or organizers import
   * with that `global_id` wrote, else the one of that name (made when there is none, as a v1
   * write does with a venue object).
   */
  private async links(context: Context, write: FlatWrite, args: Record<string, unknown>) {
    const resolve = (resource: 'venues' | 'organizers', ref: LinkRef) => {
      const mapped = ref.sourceId ? this.writer.get(resource, `id:${ref.sourceId}`) : undefined
      if (mapped) return mapped.targetId
      if (ref.name) return { [resource.slice(0, -1)]: ref.name }
      throw new CsvFileError(
        `${resource.slice(0, -1)} ${ref.sourceId} was not imported, and the row gives no name`,
      )
    }
    if (write.links.venue) args.venue = resolve('venues', write.links.venue)
    if (write.links.organizers)
      args.organizer = write.links.organizers.map((ref) => resolve('organizers', ref))
  }
}
