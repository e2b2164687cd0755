import type { Payload, PayloadRequest } from 'payload'
import { isUniqueViolation } from '../../core/lib/errors.js'
import { calendarStore, type CommitLook } from '../../core/database/index.js'
import { transactionScope } from './transactionScope.js'

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

/** The last mark read outside a transaction, the SQLite commits it was read after, and when. */
const lastMarks = new WeakMap<object, { mark: number; commits: CommitLook | null; at: number }>()
/** Read again at least this often, whatever the commits look like (a second safeguard). */
const MARK_READ_MS = 1000

/**
 * The current mark (0 before the first change): one indexed read, or none on SQLite when no
 * commit was made since the last read (core/database/sqliteCommits.ts).
 */
export async function currentChangeMark(
  payload: Payload,
  sequencesSlug: string,
  req?: PayloadRequest,
): Promise<number> {
  // Outside a transaction only: a write's own reads go through its transaction.
  if (req) return readMark(payload, sequencesSlug, req)
  const watch = await calendarStore(payload).commitWatch(payload)
  if (!watch) return readMark(payload, sequencesSlug)
  // Looked at before the read: a commit made after the look moves the header from it.
  const commits = watch.look()
  const last = lastMarks.get(payload.db)
  const now = Date.now()
  if (last && watch.same(last.commits, commits) && now - last.at < MARK_READ_MS) return last.mark
  const mark = await readMark(payload, sequencesSlug)
  lastMarks.set(payload.db, { mark, commits, at: now })
  return mark
}

async function readMark(
  payload: Payload,
  sequencesSlug: string,
  req?: PayloadRequest,
): Promise<number> {
  // Every read of the calendar reads the mark (issue #16): the store reads it by a statement
  // prepared once where it can (a write, in its transaction, by a SELECT of the column alone),
  // else `find` does.
  const store = calendarStore(payload)
  const read = req
    ? store.highestValue(payload, req, {
        slug: sequencesSlug,
        field: 'value',
        where: { field: 'sequence', equals: CHANGES_SEQUENCE },
      })
    : store.readLastValue(payload, sequencesSlug, CHANGES_SEQUENCE)
  const mark = await read
  if (mark !== null) return mark
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

/** A move of the mark: the mark it read (`from`) and the one it wrote (`to`). */
export type MarkMove = { from: number; to: number }

/**
 * The last move of a request's write (or its transaction's, for the requests that share one:
 * transactionScope.ts), and the transaction it was made in.
 */
const movesIn = new WeakMap<object, MarkMove & { transaction?: number | string }>()

/**
 * The move of the mark made in the transaction of `req` (or, without one, by its last write):
 * undefined when none was.
 */
export async function markMoveOf(req: PayloadRequest): Promise<MarkMove | undefined> {
  const move = movesIn.get(transactionScope(req))
  return move && move.transaction === ((await req.transactionID) ?? undefined) ? move : undefined
}

/**
 * Older marks are removed by one move in this many (and the first of each process), not by every
 * move: a statement saved per write; the mark is the highest row (`readMark`).
 */
const CLEAR_EVERY = 100
const movesSinceClearing = new WeakMap<Payload, number>()

/**
 * Moves the mark on, in the transaction of `req`, under the change log's turn: what a commit of
 * the calendar does first (calendarCommit.ts).
 */
export async function moveMark(req: PayloadRequest, sequencesSlug: string): Promise<void> {
  const { payload } = req
  const from = await currentChangeMark(payload, sequencesSlug, req)
  let value = Math.max(from + 1, Date.now())
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
    movesIn.set(transactionScope(req), {
      transaction: (await req.transactionID) ?? undefined,
      from,
      to: value,
    })
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
