import { stringify } from 'csv-stringify/sync'
import type { Where } from 'payload'
import type { Context } from '../context.js'
import { archiveFilters, archiveParams, type ArchiveArgs } from '../events/archive.js'
import { EVENT_FIELDS, eventView } from '../fields/events.js'
import { exportedColumns, flatRow } from '../fields/flat.js'
import { batchesInOrder, textStream } from '../keyset.js'
import { recordOf, type AnyFieldTable } from '../fields/table.js'
import { feedValidator, v1Context } from '../cache/feedState.js'
import { linkedArchiveParams, linkedFilters, type LinkedArchiveArgs } from '../linked/filters.js'
import type { LinkedType } from '../linked/kinds.js'
import type { Params } from '../params.js'
import { unlocked, type Doc } from '../records/common.js'
import { loadImages, loadPasswords, loadRelated } from '../records/load.js'
import { noRelated } from '../records/related.js'
import type { Operation } from '../operation.js'
import type { Reply } from '../reply.js'
import { statusWhere } from '../status.js'
import { mapInSlices } from '../../core/lib/yieldToLoop.js'

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

/** A batch of stored records as rows, in their order. */
type Rows = (docs: Doc[]) => Promise<(string | number)[][]>

/**
 * The export as a stream: the header row, then each batch of records read after the last one was
 * taken by the connection (keyset paging, `batchesInOrder`: events by their start, the others by
 * id, so that writes meanwhile neither repeat nor skip a record).
 */
function exportStream(
  context: Context,
  query: { key: 'events' | 'venues' | 'organizers'; where: Where[]; trash: boolean },
  header: string[],
  rows: Rows,
  { bom }: { bom: boolean },
): ReadableStream<Uint8Array> {
  const column = query.key === 'events' ? 'startDateLocal' : undefined
  const batches = batchesInOrder(context, query.key, { ...query, column })
  async function* parts() {
    for await (const docs of batches) yield csvText(await rows(docs))
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
    // Venues, organizers, terms and images read by earlier batches are not read again.
    const known = noRelated()
    const rows: Rows = async (docs) => {
      const related = await loadRelated(context, docs, args.password, known)
      return mapInSlices(docs, (doc) => {
        const view = eventView(doc, context, related)
        const locked = !unlocked(
          doc,
          related.passwords.get(`${context.options.slugs.events}:${doc.id}`),
          args.password,
        )
        return flatRow(EVENT_FIELDS, recordOf(EVENT_FIELDS, view, locked), view, locked)
      })
    }
    const stream = exportStream(
      context,
      { key: 'events', where, trash },
      headerOf(EVENT_FIELDS),
      rows,
      { bom: args.bom === true },
    )
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
      const rows: Rows = async (docs) => {
        const passwords = new Map<string, string>()
        const [images] = await Promise.all([
          loadImages(context, docs),
          loadPasswords(context, type.plural, docs, args.password, passwords),
        ])
        return mapInSlices(docs, (doc) => {
          const view = { doc, context, images }
          const locked = !unlocked(doc, passwords.get(`${collection}:${doc.id}`), args.password)
          return flatRow(type.fields, recordOf(type.fields, view, locked), view, locked)
        })
      }
      const stream = exportStream(
        context,
        { key: type.plural, where, trash },
        headerOf(type.fields),
        rows,
        { bom: args.bom === true },
      )
      return exportReply(context, `${type.plural}.csv`, query, stream)
    },
  }
}
