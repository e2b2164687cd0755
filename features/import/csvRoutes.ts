import { can } from '../../collections/access.js'
import { reasonOf, rowKey, runCsvImport } from './csv.js'
import {
  CSV_TYPES,
  cellsOf,
  checkedMapping,
  CsvFileError,
  decodeCsv,
  MAX_CSV_BYTES,
  parseCsv,
  TABLES,
  targetsOf,
  type CsvType,
  type Mapping,
  type ParsedCsv,
} from './csvFile.js'
import { failureCount, MAX_LISTED } from './progress.js'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import type { Context } from '../../endpoints/context.js'
import { ApiError, invalidParams } from '../../endpoints/errors.js'
import { readFlat } from '../../endpoints/fields/flat.js'
import { paramsOf } from '../../endpoints/fields/table.js'
import type { Params } from '../../endpoints/params.js'
import { requireUser } from '../../endpoints/permissions.js'
import { operation, type Operation, type Route } from '../../endpoints/routing/operation.js'
import { validateArgs } from '../../endpoints/validate.js'

/**
 * CSV import over HTTP (administrators): `POST /preview` shows how a file would be read (its
 * columns, the proposed mapping, its first rows as they would be written, the errors of every
 * row) and with `dry_run` what an import would create, update and fail; `POST /import` queues the
 * import run (features/import/csv.ts). Both take the file as the request body, so that the server
 * reads its encoding from its bytes (csvFile.ts `decodeCsv`), and their parameters in the query
 * string.
 */

/** Rows shown as they would be written. */
const SHOWN_ROWS = 10

const unreadable = (message: string) => new ApiError(400, 'rest_invalid_csv', message)

const upload = {
  mediaType: 'text/csv',
  maxBytes: MAX_CSV_BYTES,
  description: `The CSV file as it is (UTF-8, UTF-16 with its byte-order mark, or Windows-1252; comma, semicolon or tab), at most ${MAX_CSV_BYTES} bytes.`,
}

const params = {
  type: {
    kind: 'text',
    description: 'What the file holds: events, venues or organizers.',
    required: true,
    enum: CSV_TYPES,
  },
  mapping: {
    kind: 'string',
    description:
      'The column each header fills, as a JSON object ({"Event Name": "title", "Notes": null}); headers it leaves out keep the proposed column, null leaves one out.',
    check: (text: string) => {
      try {
        const value = JSON.parse(text)
        if (
          value &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          Object.values(value).every((target) => target === null || typeof target === 'string')
        )
          return
      } catch {
        // said below
      }
      return 'mapping must be a JSON object of headers to column names (or null).'
    },
  },
  dry_run: {
    kind: 'boolean',
    description:
      'Also write every row as the import would, then roll it back: the counts of what would be created, updated and failed (nothing is written).',
    default: false,
  },
} satisfies Params

type Args = { type: CsvType; mapping?: string; dry_run: boolean }

/**
 * The language of the file's text (the request's content language: `translation_language`, or a
 * language root), and this calendar's address as its exports write it in `global_id`, by which a
 * translated export's rows find their records (`from`, for a CSV run).
 */
const fileLanguage = (context: Context) => ({
  language: context.lang === DEFAULT_LOCALE ? null : (context.lang as 'fr' | 'es'),
  site: context.siteUrl,
})

const administrators = (context: Context) => requireUser(context, can.administer(context.user))

/** The uploaded file, decoded and parsed, with its mapping checked. */
function readUpload(context: Context, args: Args) {
  let text: string
  let encoding: string
  let parsed: ParsedCsv
  try {
    ;({ text, encoding } = decodeCsv(context.upload ?? new Uint8Array()))
    parsed = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvFileError) throw unreadable(error.message)
    throw error
  }
  let mapping: Mapping
  try {
    mapping = checkedMapping(
      parsed.headers,
      args.type,
      args.mapping === undefined ? null : JSON.parse(args.mapping),
    )
  } catch (error) {
    if (error instanceof CsvFileError) throw invalidParams({ mapping: error.message })
    throw error
  }
  if (Object.values(mapping).every((target) => target === null))
    throw unreadable(
      `No column of the file is a column of ${args.type} (${parsed.headers.slice(0, 10).join(', ')}).`,
    )
  return { text, encoding, parsed, mapping }
}

/** A row as it would be written, or why it cannot be (without looking at the calendar). */
async function rowPreview(
  context: Context,
  type: CsvType,
  row: ParsedCsv['rows'][number],
  parsed: ParsedCsv,
  mapping: Mapping,
) {
  try {
    if (row.error) throw new CsvFileError(row.error)
    const write = readFlat(TABLES[type], cellsOf(row, parsed.headers, mapping))
    // A row without a source id creates unless its title and start (or name) find a record.
    const creating = !write.sourceId
    await validateArgs(paramsOf(TABLES[type], { creating }), write.args, context)
    return {
      row: row.row,
      arguments: write.args,
      stored: write.stored,
      links: write.links,
      key: rowKey(type, write),
    }
  } catch (error) {
    return { row: row.row, error: reasonOf(error) }
  }
}

export const previewCsv: Operation = operation({
  summary: 'How a CSV file would be imported',
  params,
  upload,
  responses: { 200: 'CsvPreview', 400: { errors: ['rest_invalid_csv'] } },
  authorize: administrators,
  handle: async (context, args) => {
    const { encoding, parsed, mapping, text } = readUpload(context, args as Args)
    const type = args.type as CsvType
    const rows = []
    const errors: { row: number; message: string }[] = []
    let failing = 0
    for (const [i, row] of parsed.rows.entries()) {
      const shown = await rowPreview(context, type, row, parsed, mapping)
      if (i < SHOWN_ROWS) rows.push(shown)
      if ('error' in shown && shown.error !== undefined) {
        failing++
        if (errors.length < MAX_LISTED) errors.push({ row: shown.row, message: shown.error })
      }
    }
    let dryRun
    if (args.dry_run) {
      const progress = await runCsvImport(
        context.payload,
        { csv: text, type, mapping, dryRun: true, ...fileLanguage(context) },
        context.options,
        { user: context.user },
      )
      const counts = progress.resources[type]
      dryRun = {
        created: counts.created,
        updated: counts.updated,
        unchanged: counts.unchanged,
        failed: failureCount(progress),
        failures: progress.failures.map(({ sourceId, message }) => ({ row: sourceId, message })),
      }
    }
    return {
      status: 200,
      body: {
        type,
        encoding,
        delimiter: parsed.delimiter,
        rows: parsed.rows.length,
        columns: parsed.headers.map((header) => ({ header, column: mapping[header] ?? null })),
        targets: targetsOf(type).map((target) => target.name),
        preview: rows,
        failing,
        errors,
        ...(dryRun ? { dry_run: dryRun } : {}),
      },
    }
  },
})

export const importCsv: Operation = operation({
  summary: 'Import a CSV file (queues an import run)',
  params,
  upload,
  responses: { 202: 'CsvImportRun', 400: { errors: ['rest_invalid_csv'] } },
  authorize: administrators,
  handle: async (context, args) => {
    const { text, mapping } = readUpload(context, args as Args)
    const { language, site } = fileLanguage(context)
    const run = await context.payload.create({
      collection: context.options.import.runsSlug as 'events',
      data: {
        format: 'csv',
        type: args.type,
        csv: text,
        mapping,
        dryRun: args.dry_run,
        language,
        from: site,
      },
      req: context.req,
      overrideAccess: false,
      depth: 0,
    })
    return {
      status: 202,
      body: { id: run.id, state: 'queued', type: args.type, dry_run: args.dry_run },
    }
  },
})

/** The CSV import's routes, served beside the CSV exports under `/api/cal/csv` (src/roots.ts). */
export const csvImportRoutes = (): Route[] => [
  { path: '/preview', operations: { POST: previewCsv } },
  { path: '/import', operations: { POST: importCsv } },
]
