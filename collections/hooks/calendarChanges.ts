import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionConfig,
  Payload,
  PayloadRequest,
} from 'payload'
import { withHooksFirst, withHooksLast } from '../../src/lib/compose.js'
import type { ResolvedCalendarOptions } from '../../src/options.js'
import { logChange, logDelete, logOther, rememberSeries, resourceOf } from './changeLog.js'
import { isUniqueViolation } from '../../src/lib/errors.js'
import { preparedRead } from '../../src/lib/tables.js'
import { atCommit } from '../../src/database/turns.js'
import { commitWatchOf, sameCommits } from '../../src/database/sqliteCommits.js'

/**
 * The calendar's change mark, kept in the database beside the id sequences (the hidden
 * `cal-sequences` collection, sequence `calendar-changes`): a number that grows with every write
 * to a calendar record, in the write's own transaction, so that every process on the database
 * sees a write as soon as it commits, and a rolled-back write leaves no mark.
 *
 * The mark is the time of the last change in milliseconds, or one more than the previous mark if
 * that is later (clocks of several processes): HTTP validators use it both as a version (ETag) and
 * as a time (Last-Modified).
 */
export const CHANGES_SEQUENCE = 'calendar-changes'

const MAX_ATTEMPTS = 20

type Row = { id: number | string; value: number }

/**
 * A read of the mark made once and run again with no query building (`drizzle` prepared
 * statements).
 */
type PreparedRead = { execute(): Promise<{ value: number } | undefined> }

const preparedReads = new WeakMap<Payload, PreparedRead | null>()

/**
 * Every read of the calendar goes through this one (issue #16), so on PostgreSQL and SQLite it is
 * a statement prepared once through the adapter's drizzle instance: the same query as the adapter's
 * `find` without building it again each time (a fifth of a cached answer's cost). The generic
 * store (MongoDB) reads through `find`, sorted, one row.
 */
function preparedMarkRead(payload: Payload, sequencesSlug: string): PreparedRead | null {
  let prepared = preparedReads.get(payload)
  if (prepared === undefined) {
    prepared = preparedRead<PreparedRead>(
      payload,
      sequencesSlug,
      'cal_change_mark',
      (table) =>
        table.findFirst({
          columns: { value: true },
          where: (
            row: Record<string, unknown>,
            { eq }: { eq: (column: unknown, value: unknown) => unknown },
          ) => eq(row.sequence, CHANGES_SEQUENCE),
          orderBy: (
            row: Record<string, unknown>,
            { desc }: { desc: (column: unknown) => unknown },
          ) => [desc(row.value)],
        }),
      'the change mark',
    )
    preparedReads.set(payload, prepared)
  }
  return prepared
}

/** The last mark read outside a transaction, the SQLite commits it was read after, and when. */
const lastMarks = new WeakMap<object, { mark: number; commits: Buffer | null; at: number }>()
/** Read again at least this often, whatever the commits look like (a second safeguard). */
const MARK_READ_MS = 1000

/**
 * The current mark (0 before the first change): one indexed read, or none on SQLite when no
 * commit was made since the last read (src/database/sqliteCommits.ts).
 */
export async function currentChangeMark(
  payload: Payload,
  sequencesSlug: string,
  req?: PayloadRequest,
): Promise<number> {
  // Outside a transaction only: a write's own reads go through its transaction.
  if (req) return readMark(payload, sequencesSlug, req)
  const watch = await commitWatchOf(payload)
  if (!watch) return readMark(payload, sequencesSlug)
  // Looked at before the read: a commit made after the look moves the header from it.
  const commits = watch.look()
  const last = lastMarks.get(payload.db)
  const now = Date.now()
  if (last && sameCommits(last.commits, commits) && now - last.at < MARK_READ_MS) return last.mark
  const mark = await readMark(payload, sequencesSlug)
  lastMarks.set(payload.db, { mark, commits, at: now })
  return mark
}

async function readMark(
  payload: Payload,
  sequencesSlug: string,
  req?: PayloadRequest,
): Promise<number> {
  const prepared = req ? null : preparedMarkRead(payload, sequencesSlug)
  if (prepared) return Number((await prepared.execute())?.value ?? 0)
  // The highest row: older ones stay until a move clears them, and `findOne` takes no sort (the
  // MongoDB adapter's would give any row).
  const { docs } = await payload.db.find<Row>({
    collection: sequencesSlug,
    where: { sequence: { equals: CHANGES_SEQUENCE } },
    sort: '-value',
    limit: 1,
    pagination: false,
    ...(req ? { req } : {}),
  })
  return Number(docs[0]?.value ?? 0)
}

/**
 * Moves the mark on, in the transaction of `req`, under the change log's turn (on PostgreSQL just
 * before the commit, src/database/turns.ts `atCommit`).
 */
export async function markChange(req: PayloadRequest, sequencesSlug: string): Promise<void> {
  await atCommit(req, () => moveMark(req, sequencesSlug))
}

/**
 * Older marks are removed by one move in this many (and the first of each process), not by every
 * move: a statement saved per write; the mark is the highest row (`readMark`).
 */
const CLEAR_EVERY = 100
const movesSinceClearing = new WeakMap<Payload, number>()

async function moveMark(req: PayloadRequest, sequencesSlug: string): Promise<void> {
  const { payload } = req
  let value = Math.max((await currentChangeMark(payload, sequencesSlug, req)) + 1, Date.now())
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++, value++) {
    try {
      await payload.db.create({
        collection: sequencesSlug,
        data: { sequence: CHANGES_SEQUENCE, value, claim: `${CHANGES_SEQUENCE}:${value}` },
        req,
        // Nothing reads the row back (the adapter would, with one more statement).
        returning: false,
      })
    } catch (error) {
      if (isUniqueViolation(error, req)) continue
      throw error
    }
    const moves = movesSinceClearing.get(payload) ?? CLEAR_EVERY
    if (moves < CLEAR_EVERY) return void movesSinceClearing.set(payload, moves + 1)
    await payload.db.deleteMany({
      collection: sequencesSlug,
      where: { and: [{ sequence: { equals: CHANGES_SEQUENCE } }, { value: { less_than: value } }] },
      req,
    })
    movesSinceClearing.set(payload, 1)
    return
  }
  throw new Error(`could not move the calendar's change mark after ${MAX_ATTEMPTS} attempts`)
}

/**
 * A collection whose writes (changes, trash, deletes) move the mark and, for the calendar's
 * resources, are written to the change log (collections/hooks/changeLog.ts); appended after its
 * other hooks, so that the log sees what they wrote (series dates, unlinked events). The dates of
 * a series are remembered before its other hooks run.
 */
export function withChangesMarked(
  collection: CollectionConfig,
  options: ResolvedCalendarOptions,
): CollectionConfig {
  const { sequencesSlug } = options
  const resource = resourceOf(options, collection.slug)
  const afterChange: CollectionAfterChangeHook = async ({ req, doc, previousDoc, operation }) => {
    await markChange(req, sequencesSlug)
    if (resource) await logChange(req, options, resource, operation, doc, previousDoc)
    else await logOther(req, options, collection.slug, doc)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = async ({ req, doc }) => {
    await markChange(req, sequencesSlug)
    if (resource) await logDelete(req, options, resource, doc)
    else await logOther(req, options, collection.slug, doc)
  }
  const marked = withHooksLast(collection, {
    afterChange: [afterChange],
    afterDelete: [afterDelete],
  })
  if (resource !== 'events') return marked
  const beforeChange: CollectionBeforeChangeHook = async ({
    req,
    data,
    originalDoc,
    operation,
  }) => {
    if (operation === 'update') await rememberSeries(req, options, originalDoc)
    return data
  }
  const beforeDelete: CollectionBeforeDeleteHook = async ({ req, id }) => {
    const doc = await req.payload.db.findOne({
      collection: collection.slug,
      where: { id: { equals: id } },
      req,
    })
    await rememberSeries(req, options, doc ?? undefined)
  }
  return withHooksFirst(marked, { beforeChange: [beforeChange], beforeDelete: [beforeDelete] })
}
