import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import type { Got } from 'got'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import { RESOURCES, type Resource } from './collections.js'
import { httpClient, type HttpFailure, type HttpLimits } from './http.js'
import { downloadImage } from './images.js'
import {
  addAdjustment,
  addFailure,
  addNotice,
  ImportCancelled,
  newProgress,
  type Failure,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'
import { eventData } from './eventData.js'
import { imageUrlOf, linkOf, linksOf, parentsFirst } from './recordLinks.js'
import {
  modifiedStamp,
  newContext,
  RecordError,
  sourceKind,
  type RecordContext,
  type SourceKind,
  type SourceRecord,
} from './values.js'
import { organizerData, termData, venueData } from './records.js'
import { storedFields } from './storedFields.js'
import { parseHeader, Source } from './source.js'
import { ArchiveWalk } from './walk.js'
import { MappedWriter, type Write } from './writer.js'

export {
  ImportCancelled,
  type Counts,
  type Failure,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'

export type ImportSettings = {
  from: string
  header?: string
  language?: 'fr' | 'es'
  dryRun?: boolean
  prune?: boolean
  concurrency?: number
  /** The events' date window; the whole calendar by default. */
  startDate?: string
  endDate?: string
  perPage?: number
  /** Retries of a failed request and the first backoff delay (default: the plugin's options). */
  retries?: number
  backoffMs?: number
}

/** Nothing at all could be read from the source: the run fails, with the first answer as reason. */
export class SourceUnreadable extends Error {}

/**
 * The key a source site is mapped under: its root, without the language segment of a translated
 * root.
 */
export function sourceKey(root: string, language?: string): string {
  const url = new URL(root)
  if (language) url.pathname = url.pathname.replace(new RegExp(`/${language}/`), '/')
  return url.toString()
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped'

/** A record taken by this run (`Importer.claim`): its id once written, and how it ended. */
type Claim = {
  settled: Promise<number | null>
  done: (outcome: Outcome) => void
  fail: (error: unknown) => void
}

/** A record's preparation: nothing to write (and why), or what to write. */
type Prepared = { outcome: Outcome } | { write: Write; adjusted: () => void }

/**
 * Reads a v1 root and writes what it finds through the Local API: venues, organizers, categories
 * (parents first), tags, then events. Each record is written with its mapping in one transaction,
 * so a run killed at any point leaves no record without its mapping, and the next run goes on.
 *
 * Records are written `concurrency` at a time and images downloaded as many at a time, each with
 * a limiter of its own: a record waits for its image while holding its slot, so an image never
 * waits for a record slot (with one limiter for both, records holding every slot while waiting for
 * their images waited forever).
 */
export async function runImport(
  payload: Payload,
  settings: ImportSettings,
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  return new Importer(payload, settings, options, hooks).run()
}

class Importer {
  private readonly source: Source
  private readonly client: Got
  private readonly key: string
  private readonly kind: SourceKind
  private readonly locale: string
  private readonly writer: MappedWriter
  private readonly maxLength: number
  /** Each source record and image is written once per run, whoever asks for it first. */
  private readonly settled = new Map<string, Promise<number | null>>()
  private readonly seen: Record<Resource, Set<string>> = {
    venues: new Set(),
    organizers: new Set(),
    categories: new Set(),
    tags: new Set(),
    events: new Set(),
  }
  private readonly deferredParents: { sourceId: string; parent: string }[] = []
  private readonly records: ReturnType<typeof pLimit>
  private readonly images: ReturnType<typeof pLimit>
  private readonly archives: ArchiveWalk
  readonly progress: ImportProgress = newProgress(RESOURCES, 'venues')

  constructor(
    private readonly payload: Payload,
    private readonly settings: ImportSettings,
    private readonly options: ResolvedCalendarOptions,
    private readonly hooks: ImportHooks,
  ) {
    const limits: HttpLimits = {
      ...options.import,
      retries: settings.retries ?? options.import.retries,
      backoffMs: settings.backoffMs ?? options.import.backoffMs,
    }
    this.source = new Source({
      root: settings.from,
      header: settings.header,
      limits,
      onNotice: (notice) => {
        addNotice(this.progress, notice)
        this.emit()
      },
    })
    this.client = httpClient(limits)
    this.key = sourceKey(this.source.root, settings.language)
    this.kind = sourceKind(this.source.root)
    this.locale = settings.language ?? DEFAULT_LOCALE
    this.writer = new MappedWriter(
      payload,
      options,
      this.key,
      this.locale,
      Boolean(settings.language),
      hooks.user,
    )
    const concurrency = Math.max(
      1,
      Math.min(16, settings.concurrency ?? options.import.concurrency),
    )
    this.archives = new ArchiveWalk(this.source, this.progress, {
      checkCancelled: () => this.checkCancelled(),
      fail: (failure) => this.fail(failure),
      settlePage: (resource, records) => this.settlePage(resource, records),
    })
    this.records = pLimit(concurrency)
    this.images = pLimit(concurrency)
    this.maxLength =
      (payload.config as { defaultMaxTextLength?: number }).defaultMaxTextLength ?? 40_000
  }

  private get translating() {
    return Boolean(this.settings.language)
  }

  async run(): Promise<ImportProgress> {
    await this.writer.load()
    const perPage = this.settings.perPage ?? 50
    // The events route takes an explicit list of statuses (drafts, pending and private for a
    // reader who may see them); venues and organizers give them to such a reader by default.
    const statuses = this.source.authenticated ? '&status=publish,future,draft,pending,private' : ''
    const window = `&start_date=${encodeURIComponent(this.settings.startDate ?? '1900-01-01')}&end_date=${encodeURIComponent(this.settings.endDate ?? '2199-12-31')}`
    const archives: Record<Resource, string> = {
      venues: `venues?per_page=${perPage}`,
      organizers: `organizers?per_page=${perPage}`,
      categories: `categories?per_page=${perPage}&hide_empty=false`,
      tags: `tags?per_page=${perPage}&hide_empty=false`,
      events: `events?per_page=${perPage}${window}${statuses}`,
    }
    const complete = new Set<Resource>()
    for (const resource of RESOURCES) {
      this.progress.phase = resource
      this.emit()
      if (await this.walk(resource, archives[resource])) complete.add(resource)
    }
    if (this.archives.pagesRead === 0) {
      const first = this.progress.failures[0]
      throw new SourceUnreadable(
        `nothing could be read from ${this.source.root}${first ? `: ${first.url ?? ''} ${first.message}` : ''}`,
      )
    }
    await this.linkDeferredParents()
    if (this.settings.prune && !this.translating) {
      this.progress.phase = 'prune'
      for (const resource of [...RESOURCES].reverse())
        if (complete.has(resource)) await this.prune(resource)
        else if (this.progress.resources[resource].read > 0)
          addNotice(this.progress, `${resource}: not every page was read, so nothing was pruned`)
    }
    this.progress.phase = 'done'
    this.emit()
    return this.progress
  }

  private emit() {
    this.hooks.onProgress?.(this.progress)
  }

  private async checkCancelled() {
    if (await this.hooks.cancelled?.()) throw new ImportCancelled('cancelled')
  }

  private fail(failure: Failure) {
    addFailure(this.progress, failure)
    this.emit()
  }

  private failRecord(
    resource: Failure['resource'],
    sourceId: unknown,
    error: unknown,
    url?: string,
  ) {
    const http = error as Partial<HttpFailure> | undefined
    const where = typeof http?.url === 'string' ? http.url : url
    this.fail({
      resource,
      sourceId: String(sourceId ?? ''),
      ...(where ? { url: where } : {}),
      ...(typeof http?.status === 'number' ? { status: http.status } : {}),
      message: error instanceof Error ? error.message : String(error),
    })
  }

  /**
   * An archive read whole (`ArchiveWalk`, walk.ts), each page's records settled as it comes;
   * categories are read whole first and written after, parents before children, one at a time.
   * False when a page could not be read (then nothing of it is pruned).
   */
  private async walk(resource: Resource, first: string): Promise<boolean> {
    const { complete, categories } = await this.archives.walk(resource, first)
    for (const record of parentsFirst(categories)) await this.one(resource, record)
    return complete
  }

  /** A record of an archive: written once, counted, its failure reported. */
  private async one(resource: Resource, record: SourceRecord) {
    await this.checkCancelled()
    await this.settle(resource, record)
    this.emit()
  }

  /**
   * Our id of a source record once it is written (null when it could not be): each record is
   * written once per run however often the source lists or embeds it, and counted once.
   */
  private settle(resource: Resource, record: SourceRecord, linked = false): Promise<number | null> {
    const claim = this.claim(resource, record)
    if (!claim)
      return this.settled.get(`${resource}:${String(record?.id ?? '')}`) ?? Promise.resolve(null)
    this.upsert(resource, record, linked).then(claim.done, claim.fail)
    return claim.settled
  }

  /**
   * The records of an archive page: each prepared, `concurrency` at a time (its links and image
   * settled), then those with something to write written together (`MappedWriter.saveMany`: a
   * batch to a transaction), which is what makes a first import fast; and whether each is
   * unchanged known from one query of the page's mapped records, which makes a second one fast.
   */
  private async settlePage(resource: Resource, records: SourceRecord[]) {
    const claimed = records.flatMap((record) => {
      const claim = this.claim(resource, record)
      return claim ? [{ record, claim }] : []
    })
    try {
      const stored = await this.writer.storedTargets(
        resource,
        claimed.map(({ record }) => String(record.id)),
      )
      const prepared = await Promise.all(
        claimed.map(({ record, claim }) =>
          this.records(async () => {
            // Between two records: a cancel (or Ctrl-C) stops the run here, and the progress
            // is saved (ImportHooks.cancelled).
            await this.checkCancelled()
            return this.prepare(resource, record, false, stored)
          }).then(
            (outcome) => ({ claim, prepared: outcome }),
            (error: unknown) => {
              if (error instanceof ImportCancelled) throw error
              claim.fail(error)
              return null
            },
          ),
        ),
      )
      const writes: { claim: Claim; write: Write; adjusted: () => void }[] = []
      for (const item of prepared) {
        if (!item) continue
        if ('write' in item.prepared) writes.push({ claim: item.claim, ...item.prepared })
        else item.claim.done(item.prepared.outcome)
      }
      if (writes.length === 0) return
      const outcomes = await this.writer.saveMany(
        resource,
        writes.map(({ write }) => write),
        stored,
      )
      writes.forEach(({ claim, adjusted }, index) => {
        const outcome = outcomes[index]
        if (outcome instanceof Error) return claim.fail(outcome)
        adjusted()
        claim.done(outcome)
      })
    } catch (error) {
      for (const { claim } of claimed) claim.fail(error)
      throw error
    } finally {
      this.emit()
    }
  }

  /**
   * Takes a source record for this run: counted as read, its settled id promised to whoever asks
   * (`settle`); null when it has no usable id (a failure) or was taken before.
   */
  private claim(resource: Resource, record: SourceRecord): Claim | null {
    const sourceId = String(record?.id ?? '')
    const counts = this.progress.resources[resource]
    if (!/^\w+$/.test(sourceId)) {
      counts.read++
      this.failRecord(resource, sourceId, new RecordError(`a record without an id (${sourceId})`))
      return null
    }
    const key = `${resource}:${sourceId}`
    if (this.settled.has(key)) return null
    counts.read++
    this.seen[resource].add(sourceId)
    let resolve: (id: number | null) => void = () => undefined
    let reject: (error: unknown) => void = () => undefined
    const settled = new Promise<number | null>((yes, no) => {
      resolve = yes
      reject = no
    })
    // A cancelled run rejects it; whoever awaits it sees that, and nobody need await it.
    settled.catch(() => undefined)
    this.settled.set(key, settled)
    let finished = false
    return {
      settled,
      done: (outcome) => {
        if (finished) return
        finished = true
        counts[outcome]++
        resolve(this.writer.mappings.get(key)?.targetId ?? null)
      },
      fail: (error) => {
        if (finished) return
        finished = true
        if (error instanceof ImportCancelled) return reject(error)
        this.failRecord(resource, sourceId, error)
        resolve(null)
      },
    }
  }

  /**
   * Writes one record unless the mapping says it is unchanged; links come first. `linked`: the
   * record came embedded in an event, not from its own archive.
   */
  private async upsert(resource: Resource, given: SourceRecord, linked: boolean): Promise<Outcome> {
    const stored = await this.writer.storedTargets(resource, [String(given.id)])
    const prepared = await this.prepare(resource, given, linked, stored)
    if (!('write' in prepared)) return prepared.outcome
    const outcome = await this.writer.saveOne(resource, prepared.write, stored)
    prepared.adjusted()
    return outcome
  }

  /**
   * What a record needs: nothing (unchanged, skipped, or a dry run's outcome), or a write of this
   * data. `stored`: which of the resource's mapped targets are still in the database.
   */
  private async prepare(
    resource: Resource,
    given: SourceRecord,
    linked: boolean,
    stored: Set<number>,
  ): Promise<Prepared> {
    const sourceId = String(given.id)
    const context = newContext(this.maxLength)
    let record = given
    if (record.status === 'trash') {
      // A record in the source's trash is not brought over, unless an event still shows it (the
      // source embeds a trashed venue or organizer in the events linked to it): then it comes as
      // a draft, so that the event keeps it and the public does not see it on its own.
      if (!linked) return { outcome: 'skipped' }
      record = { ...record, status: 'draft' }
      context.notes.push('in the trash at the source, but an event shows it: imported as a draft')
    }
    const mapping = this.writer.get(resource, sourceId)
    // Terms have no `modified`: their content stands for it.
    const modified = modifiedStamp(record) || contentStamp(record)
    const adjusted = () => {
      if (context.notes.length > 0)
        addAdjustment(this.progress, { resource, sourceId, notes: context.notes })
    }
    if (resource === 'events') this.seeLinks(record)
    const present = mapping !== undefined && stored.has(mapping.targetId)
    if (this.translating) {
      if (!mapping) return { outcome: 'skipped' }
      if (present && this.writer.writtenStamp(mapping) === modified) return { outcome: 'unchanged' }
      const data = this.localizedData(resource, record, context)
      if (this.settings.dryRun) {
        adjusted()
        return { outcome: 'updated' }
      }
      return { write: { sourceId, modified, data }, adjusted }
    }
    if (present && mapping.modified === modified) return { outcome: 'unchanged' }
    const data = await this.fullData(resource, record, context)
    if (this.settings.dryRun) {
      adjusted()
      return { outcome: mapping ? 'updated' : 'created' }
    }
    return { write: { sourceId, modified, data }, adjusted }
  }

  private localizedData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Record<string, unknown> {
    const localized = this.writer.localizedFields(resource)
    return Object.fromEntries(
      Object.entries(this.ownData(resource, record, context)).filter(([field]) =>
        localized.has(field),
      ),
    )
  }

  private ownData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Record<string, unknown> {
    switch (resource) {
      case 'events':
        return eventData(record, this.kind, this.options.siteTimezone, context)
      case 'venues':
        return venueData(record, this.kind, context)
      case 'organizers':
        return organizerData(record, this.kind, context)
      default:
        return termData(record, this.kind, context)
    }
  }

  private async fullData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Promise<Record<string, unknown>> {
    const data = this.ownData(resource, record, context)
    // Links by their wire keys, stored where the tables say (ids here are ours, through the
    // mappings).
    const links: Record<string, unknown> = {}
    if (resource === 'categories') {
      const parent = String(record.parent ?? '0') || '0'
      const mapped = parent !== '0' ? this.writer.get('categories', parent) : undefined
      if (parent !== '0' && !mapped)
        context.notes.push(`parent category ${parent} is not at the source: imported at the top`)
      links.parent = mapped?.targetId ?? null
    }
    if (resource === 'events' || resource === 'venues' || resource === 'organizers') {
      if (this.hooks.user?.id !== undefined) links.author = this.hooks.user.id
      // The image and its URL together, as a v1 write's `image` stores them.
      Object.assign(data, await this.image(record))
    }
    if (resource === 'events') {
      const venue = linkOf(record.venue)
      links.venue = venue ? await this.linked('venues', venue) : null
      links.organizer = await this.linkedAll('organizers', linksOf(record.organizer))
      for (const taxonomy of ['categories', 'tags'] as const)
        links[taxonomy] = await this.linkedAll(taxonomy, linksOf(record[taxonomy]))
      const parent = Number(record.post_parent ?? 0)
      if (parent > 0) {
        const mapped = this.writer.get('events', String(parent))
        if (mapped) links.post_parent = mapped.targetId
        else this.deferredParents.push({ sourceId: String(record.id), parent: String(parent) })
      } else links.post_parent = null
    }
    Object.assign(data, storedFields(resource, links))
    return data
  }

  /**
   * The venue, organizers and terms an event shows are still at the source, whether or not the
   * event is written again: none of them is pruned (records that no archive lists, drafts to a
   * reader without credentials among them, are reached only so).
   */
  private seeLinks(event: SourceRecord) {
    const venue = linkOf(event.venue)
    const links: [Resource, SourceRecord[]][] = [
      ['venues', venue ? [venue] : []],
      ['organizers', linksOf(event.organizer)],
      ['categories', linksOf(event.categories)],
      ['tags', linksOf(event.tags)],
    ]
    for (const [resource, records] of links)
      for (const { id } of records) this.seen[resource].add(String(id))
  }

  private async linkedAll(resource: Resource, records: SourceRecord[]): Promise<number[]> {
    const ids = await Promise.all(records.map((record) => this.linked(resource, record)))
    return [...new Set(ids.filter((id): id is number => id !== null))]
  }

  /**
   * Our id for a linked record (venue, organizer, term) embedded in an event, importing it if it is
   * new. A link given by its id alone is read from the source's single route; an embedded record
   * is taken as it is, even without its name (the source drops an empty title's key): the single
   * route may refuse what the event shows (a draft to a reader without credentials, `403`).
   */
  private async linked(resource: Resource, record: SourceRecord): Promise<number | null> {
    const sourceId = String(record?.id ?? '')
    if (!sourceId || sourceId === '0') return null
    const mapped = this.writer.get(resource, sourceId)
    if (mapped) return mapped.targetId
    if (this.settings.dryRun) return null
    let full = record
    const idAlone = Object.keys(record).every((key) => key === 'id')
    if (idAlone && !this.settled.has(`${resource}:${sourceId}`)) {
      try {
        full = (await this.source.getJson(`${resource}/${encodeURIComponent(sourceId)}`)).body
      } catch (error) {
        this.failRecord(resource, sourceId, error)
        return null
      }
    }
    return this.settle(resource, full, true)
  }

  /** The image: downloaded into the upload collection once per URL, or kept as a URL reference. */
  private async image(
    record: SourceRecord,
  ): Promise<{ image: number | null; imageUrl: string | null }> {
    const url = imageUrlOf(record)
    if (!url) return { image: null, imageUrl: null }
    const key = `images:${url}`
    const mapped = this.writer.mappings.get(key)
    if (mapped && (await this.writer.exists('images', mapped.targetId)))
      return { image: mapped.targetId, imageUrl: null }
    if (this.settings.dryRun) return { image: null, imageUrl: url }
    let pending = this.settled.get(key)
    if (!pending) {
      pending = this.images(() => this.downloadInto(url)).catch((error) => {
        this.progress.images.fallbacks++
        this.failRecord('images', '', error, url)
        return null
      })
      this.settled.set(key, pending)
    }
    const id = await pending
    return id === null ? { image: null, imageUrl: url } : { image: id, imageUrl: null }
  }

  private async downloadInto(url: string): Promise<number> {
    const sameSite = new URL(url).origin === new URL(this.source.root).origin
    const header = sameSite ? parseHeader(this.settings.header) : null
    const file = await downloadImage(this.client, url, {
      maxBytes: this.options.import.imageMaxBytes,
      headers: header ? { [header[0]]: header[1] } : {},
    })
    const id = await this.writer.inTransaction(async (req) => {
      const doc = await this.payload.create({
        collection: this.options.slugs.media as 'media',
        data: {
          alt: '',
          ...(this.hooks.user?.id !== undefined ? { author: this.hooks.user.id } : {}),
        },
        file,
        req,
        overrideAccess: true,
        depth: 0,
      })
      await this.writer.writeMapping(req, 'images', url, Number(doc.id), null)
      return Number(doc.id)
    })
    this.progress.images.downloaded++
    return id
  }

  /** Parent events that came after their children. */
  private async linkDeferredParents() {
    for (const { sourceId, parent } of this.deferredParents) {
      const child = this.writer.get('events', sourceId)
      const target = this.writer.get('events', parent)
      if (!child || !target || this.settings.dryRun) continue
      try {
        await this.writer.inTransaction((req) =>
          this.payload.update({
            collection: this.options.slugs.events as 'events',
            id: child.targetId,
            data: storedFields('events', { post_parent: target.targetId }),
            req,
            overrideAccess: true,
            trash: true,
            depth: 0,
          }),
        )
      } catch (error) {
        this.failRecord('events', sourceId, error)
      }
    }
  }

  /**
   * Trashes (posts) or deletes (terms) what was imported from this source and is no longer there.
   */
  private async prune(resource: Resource) {
    const counts = this.progress.resources[resource]
    const gone = [...this.writer.mappings.keys()]
      .filter((key) => key.startsWith(`${resource}:`))
      .map((key) => key.slice(resource.length + 1))
      .filter((id) => !this.seen[resource].has(id))
    for (const sourceId of gone) {
      await this.checkCancelled()
      try {
        if (!this.settings.dryRun) await this.writer.remove(resource, sourceId)
        counts.pruned++
      } catch (error) {
        this.failRecord(resource, sourceId, error)
      }
    }
  }
}

function contentStamp(record: SourceRecord): string {
  const { name, slug, description, parent } = record
  return (
    'content:' +
    createHash('sha1')
      .update(JSON.stringify([name, slug, description, parent ?? 0]))
      .digest('hex')
  )
}
