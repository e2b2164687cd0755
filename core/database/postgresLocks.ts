import { createHash } from 'node:crypto'
import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'
import type { WriteTurn } from './calendarStore.js'

type SqlSession = { execute: (query: string) => PromiseLike<unknown> }
type PostgresAdapter = { sessions?: Record<string, { db?: SqlSession } | undefined> }

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
  const db = req.payload.db as unknown as PostgresAdapter
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
 * The `postgres` store's write turns. There a transaction does not see what another has not
 * committed, so two writes that pick a free slug, or read a record and write it back, would each
 * act on what the other has not written yet. A transaction-scoped advisory lock orders them across
 * processes, released when the transaction commits or rolls back: `whole` waits until no other
 * write transaction is open; `creates` waits only for a `whole` one, and its reads that decide a
 * write take key locks (`lockKeys`). A transaction asks once, however many writes it makes: what it
 * took first stays (a v1 write takes it first, then its Local API calls find it held). Reads never
 * wait. Without a transaction there is nothing to hold the lock until the write is visible.
 */
export async function takeWriteTurn(req: PayloadRequest, turn: WriteTurn): Promise<void> {
  const session = await sessionOf(req)
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

export const locksRecords = async (req: PayloadRequest): Promise<boolean> =>
  Boolean(await sessionOf(req))

export async function heldTurn(req: PayloadRequest): Promise<WriteTurn | undefined> {
  const session = await sessionOf(req)
  return session ? held.get(session)?.gate : undefined
}

/**
 * Waits until every other write transaction has ended (its own shared hold does not count). Two
 * transactions doing this at once end in a deadlock, which PostgreSQL breaks by ending one of them.
 */
export async function widenTurn(req: PayloadRequest): Promise<void> {
  const session = await sessionOf(req)
  const state = session && held.get(session)
  if (!session || !state || state.gate === 'whole') return
  await session.execute(`SELECT pg_advisory_xact_lock(${GATE})`)
  state.gate = 'whole'
}

/** Two int4 keys of a key text; no user text reaches the SQL. */
function lockNumbers(key: string): [number, number] {
  const digest = createHash('sha1').update(`payload-events-calendar:${key}`).digest()
  return [digest.readInt32BE(0), digest.readInt32BE(4)]
}

/**
 * In a `creates` or `record` transaction, waits for the other transactions that hold one of these
 * keys and holds them until it ends, in sorted order. In a `whole` transaction nothing to do:
 * nobody else writes meanwhile.
 */
export async function lockKeys(req: PayloadRequest, keys: string[]): Promise<void> {
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

export async function lockKey(req: PayloadRequest, key: string): Promise<void> {
  const session = await sessionOf(req)
  if (session) await lockOn(session, key)
}

export async function takeLogTurn(req: PayloadRequest): Promise<void> {
  const session = await sessionOf(req)
  if (!session) return
  const state = heldBy(session)
  if (state.log) return
  await session.execute(LOG_LOCK)
  state.log = true
}

/**
 * Leaves `work` for the commit of the transaction of `req`: the change log's sequences then
 * follow the order of commits, and its turn is held only from the append to the commit, with no
 * lock taken after it (so no write waits for a record while holding it). Outside a transaction,
 * or when the transaction holds that turn already, it runs now.
 */
export async function atCommit(req: PayloadRequest, work: () => Promise<void>): Promise<void> {
  const session = await sessionOf(req)
  const state = session && heldBy(session)
  if (!state || state.log) return work()
  state.atCommit.push(work)
}

/**
 * Makes the adapter's commits run what `atCommit` left for them, under the change log's turn.
 * What that work is, is named where the writes are (collections/hooks/calendarCommit.ts).
 */
export function commitsRunWhatWasLeft<T extends BaseDatabaseAdapter>(db: T): T {
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
