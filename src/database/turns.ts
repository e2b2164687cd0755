import { createHash } from 'node:crypto'
import type { BaseDatabaseAdapter, CollectionBeforeOperationHook, PayloadRequest } from 'payload'
import { openOwnTransaction } from './calendarTransaction.js'
import { fitsRecordTurn, turnReadsRecord, type RecordRole } from './recordTurn.js'
import { storeOf } from './store.js'
import {
  atGenericCommit,
  claimKeys,
  claimLog,
  genericTurn,
  takeGenericTurn,
} from './generic/claims.js'

type SqlSession = { execute: (query: string) => PromiseLike<unknown> }
type PostgresAdapter = { name: string; sessions?: Record<string, { db?: SqlSession } | undefined> }

/**
 * How a write transaction shares the calendar with the others, on PostgreSQL:
 * - `whole`: alone, as every write did before (deletes for good, updates by `where`, imports, the
 *   recurrence task, writes of a series or of its dates: what `recordTurn.ts` does not let share);
 * - `creates`: beside the other shared turns, each holding locks on the keys it reads before
 *   writing (`lockKeys`: a slug, a name, a term), with ids claimed outside the transaction
 *   (collections/hooks/integerIds.ts);
 * - `record`: an update of one record by id, beside the other shared turns, which locks the
 *   record (`recordKey`) before it reads it, then what it reads before writing as `creates` does.
 */
export type WriteTurn = 'whole' | 'creates' | 'record'

/** Whether the calendar runs on the generic store, whose turns are claims (generic/claims.ts). */
const isGeneric = (req: PayloadRequest) => storeOf(req.payload.db) === 'generic'

/** Whether a turn shares the gate (and locks keys instead). */
const shares = (turn: WriteTurn | undefined) => turn === 'creates' || turn === 'record'

/** The gate: `whole` takes it alone, `creates` shares it. One key in every process. */
const GATE = "hashtext('payload-events-calendar:writes')"

/**
 * The change log's turn: its sequence, the change mark, the kept record forms and the webhooks'
 * outbox (`atCommit`), from the append to the commit.
 */
const LOG_LOCK = "SELECT pg_advisory_xact_lock(hashtext('payload-events-calendar:log'))"

/** What a transaction (by its session) holds, and what it does when it commits. */
type Held = { gate?: WriteTurn; keys: Set<string>; log: boolean; atCommit: (() => Promise<void>)[] }
const held = new WeakMap<SqlSession, Held>()

async function sessionOf(req: PayloadRequest): Promise<SqlSession | undefined> {
  const db = req.payload.db as PostgresAdapter
  if (storeOf(db) !== 'postgres') return undefined
  const transactionID = await req.transactionID
  if (transactionID === undefined || transactionID === null) return undefined
  return db.sessions?.[String(transactionID)]?.db
}

function heldBy(session: SqlSession): Held {
  let state = held.get(session)
  if (!state) held.set(session, (state = { keys: new Set(), log: false, atCommit: [] }))
  return state
}

/**
 * Takes the calendar's write turn for the transaction of `req`, on PostgreSQL. There a transaction
 * does not see what another has not committed, so two writes that pick a free slug, or read a
 * record and write it back, would each act on what the other has not written yet. A
 * transaction-scoped advisory lock orders them across processes, released when the transaction
 * commits or rolls back: `whole` waits until no other write transaction is open; `creates` waits
 * only for a `whole` one, and its reads that decide a write take key locks (`lockKeys`). A
 * transaction asks once, however many writes it makes: what it took first stays (a v1 write takes
 * it first, then its Local API calls find it held). Reads never wait. SQLite has one writer anyway
 * (`sqliteTurns.ts`). The generic store has no shared lock: see `takeGenericTurn`.
 */
export async function takeWriteTurn(req: PayloadRequest, turn: WriteTurn = 'whole') {
  if (isGeneric(req)) return takeGenericTurn(req, turn)
  const session = await sessionOf(req)
  // Without a transaction there is nothing to hold the lock until the write is visible.
  if (!session) return
  const state = heldBy(session)
  if (state.gate) return
  await session.execute(
    turn === 'whole'
      ? `SELECT pg_advisory_xact_lock(${GATE})`
      : `SELECT pg_advisory_xact_lock_shared(${GATE})`,
  )
  state.gate = turn
}

/** The turn the transaction of `req` holds: none on SQLite or outside a transaction. */
export async function heldTurn(req: PayloadRequest): Promise<WriteTurn | undefined> {
  if (isGeneric(req)) return genericTurn(req)
  const session = await sessionOf(req)
  return session ? held.get(session)?.gate : undefined
}

/**
 * Makes the shared turn of the transaction of `req` whole: it waits until every other write
 * transaction has ended (its own shared hold does not count). For a Payload write that cannot run
 * again (`writeTurns`) and found, under its record's lock, that it needs the calendar alone after
 * all. Two transactions doing this at once end in a deadlock, which PostgreSQL breaks by ending
 * one of them.
 */
export async function widenTurn(req: PayloadRequest): Promise<void> {
  const session = await sessionOf(req)
  const state = session && held.get(session)
  if (!session || !state || state.gate === 'whole') return
  await session.execute(`SELECT pg_advisory_xact_lock(${GATE})`)
  state.gate = 'whole'
}

/** Thrown by a v1 write that found, under its record's lock, that it needs the calendar alone. */
export class NeedsWholeTurn extends Error {
  constructor() {
    super('this write needs the whole write turn')
  }
}

/**
 * After a `record` transaction read its record under its lock: when the write does not `fit` that
 * turn (a series or a date of one, `recordTurn.ts`), it ends with `NeedsWholeTurn`, and
 * endpoints/transaction.ts runs it again with the whole turn. Elsewhere nothing to do.
 */
export async function requireFittingTurn(req: PayloadRequest, fits: boolean): Promise<void> {
  if (!fits && (await heldTurn(req)) === 'record') throw new NeedsWholeTurn()
}

/** Two int4 keys of a key text; no user text reaches the SQL. */
function lockNumbers(key: string): [number, number] {
  const digest = createHash('sha1').update(`payload-events-calendar:${key}`).digest()
  return [digest.readInt32BE(0), digest.readInt32BE(4)]
}

/**
 * In a `creates` or `record` transaction, waits for the other transactions that hold one of these
 * keys (a slug's base, a name, a record) and holds them until it ends, in sorted order. In a
 * `whole` transaction, or on SQLite, nothing to do: nobody else writes meanwhile. The generic
 * store has no gate: there every transaction claims its keys.
 */
export async function lockKeys(req: PayloadRequest, keys: string[]): Promise<void> {
  if (isGeneric(req)) return claimKeys(req, keys)
  const session = await sessionOf(req)
  const state = session && held.get(session)
  if (!session || !state || !shares(state.gate)) return
  for (const key of [...new Set(keys)].sort()) {
    if (state.keys.has(key)) continue
    await lockOn(session, key)
    state.keys.add(key)
  }
}

/** Waits for the transaction that holds the key's advisory lock, then holds it until its end. */
async function lockOn(session: SqlSession, key: string): Promise<void> {
  const [a, b] = lockNumbers(key)
  await session.execute(`SELECT pg_advisory_xact_lock(${a}, ${b})`)
}

/**
 * Holds one key's lock for the rest of the transaction of `req`, on PostgreSQL, whatever turn it
 * took (a webhook delivery's claim, src/webhooks/claim.ts). Without a transaction, or elsewhere,
 * nothing to do: SQLite's transactions take turns in the process (`sqliteTurns.ts`). The generic
 * store claims it.
 */
export async function lockKey(req: PayloadRequest, key: string): Promise<void> {
  if (isGeneric(req)) return claimKeys(req, [key])
  const session = await sessionOf(req)
  if (session) await lockOn(session, key)
}

/** The key of one record, for `lockKeys`. */
export const recordKey = (collection: string, id: number | string) => `record:${collection}:${id}`

/**
 * Takes the change log's turn now (see `atCommit`), for a transaction that reads what it orders
 * (the change mark) and takes no other lock after.
 */
export async function takeLogTurn(req: PayloadRequest): Promise<void> {
  if (isGeneric(req)) return claimLog(req)
  const session = await sessionOf(req)
  if (!session) return
  const state = heldBy(session)
  if (state.log) return
  await session.execute(LOG_LOCK)
  state.log = true
}

/**
 * Runs `work` (an append to the change log, a move of the change mark) just before the
 * transaction of `req` commits, under the change log's turn, on PostgreSQL: the log's sequences
 * then follow the order of commits, and the turn is held only from the append to the commit, with
 * no lock taken after it (so no write waits for a record while holding it); in the generic store
 * likewise, under the log's claim. Elsewhere, or when the transaction holds that turn already, it
 * runs now.
 */
export async function atCommit(req: PayloadRequest, work: () => Promise<void>): Promise<void> {
  if (isGeneric(req)) return atGenericCommit(req, work)
  const session = await sessionOf(req)
  const state = session && heldBy(session)
  if (!state || state.log) return work()
  state.atCommit.push(work)
}

/** Makes the adapter's commits run what `atCommit` left for them, on PostgreSQL. */
export function commitsTakeLogTurn<T extends BaseDatabaseAdapter>(db: T): T {
  const commit = db.commitTransaction.bind(db)
  db.commitTransaction = async (incoming) => {
    const id = incoming instanceof Promise ? await incoming : incoming
    const session = (db as unknown as PostgresAdapter).sessions?.[String(id)]?.db
    const state = session && held.get(session)
    if (session && state?.atCommit.length) {
      // A failure here throws before the commit: the caller rolls the transaction back.
      if (!state.log) await session.execute(LOG_LOCK)
      state.log = true
      for (let work = state.atCommit.shift(); work; work = state.atCommit.shift()) await work()
    }
    return commit(id)
  }
  return db
}

const WRITES = new Set(['create', 'update', 'delete'])

/**
 * Every create, update and delete of the collection runs in a transaction (the plugin's own when
 * the adapter runs without, `calendarTransaction.ts`) and waits for its turn before it reads
 * anything: creates beside other writes; an update of one record by id beside them too when
 * `recordTurn.ts` lets it (`role` names the collection's kind; none: always alone), locking the
 * record first; other updates and deletes alone. An update or delete of one record inside a
 * transaction that holds a shared turn already (a v1 write's nested writes) locks that record.
 *
 * Payload's REST writes cannot be run again: whether an event is a series is read before the turn
 * is taken, and read again under the record's lock; when a `whole` write made it one in between,
 * the turn is widened (`widenTurn`).
 */
export function writeTurns(role?: RecordRole): CollectionBeforeOperationHook {
  return async ({ args, collection, operation, req }) => {
    if (!WRITES.has(operation)) return args
    await openOwnTransaction(args, req)
    const { id, data } = args as { id?: number | string; data?: Record<string, unknown> }
    const byId = operation !== 'create' && id !== undefined && id !== null
    if (operation === 'create') await takeWriteTurn(req, 'creates')
    else if ((await heldTurn(req)) || !byId || !role || !(await sessionOf(req)))
      await takeWriteTurn(req, 'whole')
    else {
      const write = operation as 'update' | 'delete'
      const stored = async () =>
        turnReadsRecord(role)
          ? ((await req.payload.db.findOne({
              collection: collection.slug,
              where: { id: { equals: id } },
              req,
            })) as Record<string, unknown> | null)
          : undefined
      const fits = fitsRecordTurn(role, write, data, await stored())
      await takeWriteTurn(req, fits ? 'record' : 'whole')
      if (fits) {
        await lockKeys(req, [recordKey(collection.slug, id)])
        if (turnReadsRecord(role) && !fitsRecordTurn(role, write, data, await stored()))
          await widenTurn(req)
      }
    }
    if (byId) await lockKeys(req, [recordKey(collection.slug, id)])
    return args
  }
}
