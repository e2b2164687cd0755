import { stringify } from 'csv-stringify/sync'
import type { Where } from 'payload'
import type { Context } from '../context.js'
import { archiveFilters, archiveParams, type ArchiveArgs } from '../events/archive.js'
import { EVENT_FIELDS } from '../fields/events.js'
import { exportedColumns, flatRow } from '../fields/flat.js'
import { batchesInOrder, textStream } from '../keyset.js'
import { recordOf, type AnyFieldTable } from '../fields/table.js'
import { feedValidator, v1Context } from '../cache/feedState.js'
import { linkedArchiveParams, linkedFilters, type LinkedArchiveArgs } from '../linked/filters.js'
import type { LinkedType } from '../fields/linkedKinds.js'
import type { Params } from '../params.js'
import { unlocked } from '../parts/common.js'
import { loadImages, loadPasswords, loadRelated } from '../forms/load.js'
import { noRelated } from '../related.js'
import { eventRows, type Cells } from '../records/eventRow.js'
import { formsApply } from '../forms/forms.js'
import { keptBatches } from '../forms/keptBatches.js'
import type { Operation } from '../routing/operation.js'
import type { Reply } from '../reply.js'
import { statusWhere } from '../status.js'
import { mapInSlices, yieldToLoop } from '../../core/lib/yieldToLoop.js'

/**
 * CSV exports of the v1 archives: the same filters, rights and language as the archive, every
 * matching record (no paging), a row per record with the columns of its field table
 * (`fields/flat.ts`). Streamed a batch at a time, so an export of the whole calendar costs a
 * batch's worth of memory. RFC 4180 (CRLF, fields with commas, quotes or line breaks quoted),
 * UTF-8, a byte-order mark with `bom=true` (for spreadsheet programs that otherwise guess the
 * encoding). A cell that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) is written after a `'` (csv-stringify's `escape_formulas`); the
 * import takes that `'` off again.
 */

const CONTENT_TYPE = 'text/csv; charset=utf-8'

const withoutPaging = (params: Params): Params =>
  Object.fromEntries(
    Object.entries(params).filter(([name]) => name !== 'page' && name !== 'per_page'),
  )

const bomParam = {
  bom: {
    kind: 'boolean',
    description:
      'Start with a UTF-8 byte-order mark, which spreadsheet programs need to read UTF-8 (default false).',
    default: false,
  },
} satisfies Params

/** One CSV text of rows: CRLF line ends, formulas escaped. */
const csvText = (rows: (string | number)[][]) =>
  stringify(rows, { record_delimiter: 'windows', escape_formulas: true })

/**
 * Rows written to text at a time, the loop given a turn before each: a batch's 200 rows at once
 * held it over 200 ms on PostgreSQL at 100,000 events beside the batch's read (issue #59).
 */
const ROWS_PER_PART = 50

/**
 * The export as a stream: the header row, then each batch of rows, ROWS_PER_PART at a time, each
 * part read after the last one was taken by the connection.
 */
function exportStream(
  context: Context,
  header: string[],
  batches: AsyncIterable<Cells[]>,
  { bom }: { bom: boolean },
): ReadableStream<Uint8Array> {
  async function* parts() {
    for await (const rows of batches)
      for (let from = 0; from < rows.length; from += ROWS_PER_PART) {
        await yieldToLoop()
        yield csvText(rows.slice(from, from + ROWS_PER_PART))
      }
  }
  return textStream(context, {
    head: (bom ? '\uFEFF' : '') + csvText([header]),
    parts: parts(),
    failure: 'CSV export failed while streaming',
  })
}

/** The answer: the stream with its validator, known before anything is read (as the feeds'). */
async function exportReply(
  context: Context,
  filename: string,
  query: unknown,
  body: ReadableStream<Uint8Array>,
): Promise<Reply> {
  // Rows carry API links (`rest_url`): their root and the form of their language.
  const validator = await feedValidator(context, query, {
    links: [context.apiRoot, context.linkLanguage],
  })
  return {
    status: 200,
    body: null,
    raw: body,
    headers: {
      'content-type': CONTENT_TYPE,
      'content-disposition': `attachment; filename="${filename}"`,
    },
    validator,
  }
}

const headerOf = (table: AnyFieldTable) => exportedColumns(table).map((column) => column.name)

/**
 * The rows of the events `where` matches, built from their stored documents a batch at a time in
 * the archive's order (keyset paging, `batchesInOrder`: by their start, so that writes meanwhile
 * neither repeat nor skip an event). Venues, organizers, terms and images read by earlier batches
 * are not read again. For callers who see more than anyone does (editors, a password).
 */
async function* builtEventRows(
  context: Context,
  where: Where[],
  trash: boolean,
  password: unknown,
): AsyncGenerator<Cells[]> {
  const known = noRelated()
  const batches = batchesInOrder(context, 'events', { where, trash, column: 'startDateLocal' })
  for await (const docs of batches)
    yield await eventRows(
      context,
      docs,
      await loadRelated(context, docs, password, known),
      password,
    )
}

/**
 * The rows of the events `where` matches as anyone sees them, from their kept CSV forms, in the
 * archive's order (`keptBatches`); events whose form is missing are built and kept.
 */
async function* keptEventRows(context: Context, where: Where[]): AsyncGenerator<Cells[]> {
  const batches = keptBatches<Cells>(context, {
    where,
    column: 'startDateLocal',
    variant: 'csv',
    build: (missing, marked) => builtRows(marked, missing),
  })
  for await (const { docs, forms } of batches) yield docs.map((doc) => forms.get(doc.id)!)
}

/** Rows of events whose CSV form is missing, by id. */
async function builtRows(context: Context, ids: number[]): Promise<Map<number, Cells>> {
  const docs = await context.data.all('events', { where: { id: { in: ids } } })
  const cells = await eventRows(context, docs, await loadRelated(context, docs), undefined)
  return new Map(docs.map((doc, index) => [doc.id, cells[index]]))
}

/** `GET /events.csv`: the events of the archive's query, in its order, as its records show them. */
export const eventsCsv: Operation = {
  summary: 'The events as CSV',
  params: { ...withoutPaging(archiveParams), ...bomParam },
  responses: { 200: 'Csv' },
  handle: async (given, args) => {
    const context = v1Context(given)
    const { where, statuses } = await archiveFilters(context, args as ArchiveArgs)
    const query = JSON.stringify({ where, statuses, args })
    if (statuses) where.push(statusWhere(statuses, context.now))
    const trash = statuses?.includes('trash') ?? false
    const rows =
      formsApply(context, args.password) && !trash
        ? keptEventRows(context, where)
        : builtEventRows(context, where, trash, args.password)
    const stream = exportStream(context, headerOf(EVENT_FIELDS), rows, { bom: args.bom === true })
    return exportReply(context, 'events.csv', query, stream)
  },
}

/**
 * `GET /venues.csv`, `GET /organizers.csv`: the records of the archive's query, by id, as its
 * records show them.
 */
export function linkedCsv(type: LinkedType): Operation {
  return {
    summary: `The ${type.plural} as CSV`,
    params: { ...withoutPaging(linkedArchiveParams(type)), ...bomParam },
    responses: { 200: 'Csv' },
    handle: async (given, args) => {
      const context = v1Context(given)
      const { where, trash } = await linkedFilters(type, context, args as LinkedArchiveArgs)
      const query = JSON.stringify({ where, args })
      const collection = context.options.slugs[type.plural]
      async function* rows(): AsyncGenerator<Cells[]> {
        for await (const docs of batchesInOrder(context, type.plural, { where, trash })) {
          const passwords = new Map<string, string>()
          const [images] = await Promise.all([
            loadImages(context, docs),
            loadPasswords(context, type.plural, docs, args.password, passwords),
          ])
          yield await mapInSlices(docs, (doc) => {
            const view = { doc, context, images }
            const locked = !unlocked(doc, passwords.get(`${collection}:${doc.id}`), args.password)
            return flatRow(type.fields, recordOf(type.fields, view, locked), view, locked)
          })
        }
      }
      const stream = exportStream(context, headerOf(type.fields), rows(), {
        bom: args.bom === true,
      })
      return exportReply(context, `${type.plural}.csv`, query, stream)
    },
  }
}
