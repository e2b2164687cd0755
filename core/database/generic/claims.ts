import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'

/**
 * The generic store's turns (Payload's public adapter API only, so MongoDB's too): where the SQL
 * stores take advisory locks (core/database/turns.ts), a transaction here claims a key by inserting
 * the row `claim: 'key:<key>'` into the calendar's sequences collection, whose `claim` is unique,
 * and removes its rows just before it commits. A second transaction claiming the same key
 * meanwhile:
 * - on PostgreSQL waits on the unique index until the first ends, then inserts (the row is gone),
 *   and its next statements read what the first committed (READ COMMITTED);
 * - on MongoDB fails at once with a WriteConflict (TransientTransactionError) and the write runs
 *   again from the start (`conflicts.ts`, endpoints/transaction.ts), on a newer snapshot;
 * - on SQLite never meets it: transactions take turns in the process (../sqliteTurns.ts).
 * A transaction that rolls back takes its rows with it. Outside a transaction nothing would hold a
 * claim until the write is visible, so none is taken.
 *
 * What `atCommit` leaves runs just before the commit, under the claim of the key `log` (the change
 * log's sequence, the change mark, the kept forms' removal, the webhooks' outbox), taken last, as
 * the SQL stores take the log's lock last: so the log's sequences follow the order of commits.
 */

/** What one transaction holds and leaves for its commit. */
type Held = {
  /** A request of the transaction, for the writes made at its commit. */
  req: PayloadRequest
  /** The keys claimed, each once (a claim under way included). */
  keys: Map<string, Promise<void>>
  atCommit: (() => Promise<void>)[]
  /** The write turn it took first (core/database/turns.ts), which later asks keep. */
  turn?: 'whole' | 'creates' | 'record'
}

type Store = { sequencesSlug: string; transactions: Map<string, Held> }

const stores = new WeakMap<object, Store>()

/** The key whose claim orders the change log (`atCommit`). */
const LOG_KEY = 'log'
/** The `sequence` of claim rows, apart from the id sequences (named by collection slugs). */
const CLAIMS_SEQUENCE = 'calendar-claims'
const claimOf = (key: string) => `key:${key}`

async function transactionOf(req: PayloadRequest): Promise<string | undefined> {
  const id = await req.transactionID
  return id === undefined || id === null ? undefined : String(id)
}

async function heldBy(req: PayloadRequest): Promise<{ store: Store; held: Held } | undefined> {
  const store = stores.get(req.payload.db)
  const id = store && (await transactionOf(req))
  if (!store || id === undefined) return undefined
  let held = store.transactions.get(id)
  if (!held) store.transactions.set(id, (held = { req, keys: new Map(), atCommit: [] }))
  return { store, held }
}

/**
 * Claims each key for the rest of the transaction of `req`, in sorted order (so two transactions
 * claiming the same keys wait in one order). A key claimed already is not claimed again.
 */
export async function claimKeys(req: PayloadRequest, keys: string[]): Promise<void> {
  const found = await heldBy(req)
  if (!found) return
  const { store, held } = found
  for (const key of [...new Set(keys)].sort()) {
    let claim = held.keys.get(key)
    if (!claim) {
      claim = req.payload.db
        .create({
          collection: store.sequencesSlug,
          data: { sequence: CLAIMS_SEQUENCE, value: 0, claim: claimOf(key) },
          req,
          returning: false,
        })
        .then(() => undefined)
      held.keys.set(key, claim)
    }
    await claim
  }
}

/** The key `whole` writes claim: they take turns among themselves. */
const WHOLE_KEY = 'whole'

/**
 * Takes a write turn for the transaction of `req`, once: what it took first stays (a v1 write's
 * own, then its Local API calls find it held). There is no shared lock here, so a `whole` write
 * claims one key, taking turns with the other `whole` writes (two deletes of one record by slug,
 * or by id where the write reads the record before its update claims it); `creates` and `record`
 * writes claim only their keys.
 */
export async function takeGenericTurn(
  req: PayloadRequest,
  turn: 'whole' | 'creates' | 'record',
): Promise<void> {
  const found = await heldBy(req)
  if (!found || found.held.turn) return
  found.held.turn = turn
  if (turn === 'whole') await claimKeys(req, [WHOLE_KEY])
}

/** The turn the transaction of `req` took (none outside a transaction). */
export async function genericTurn(
  req: PayloadRequest,
): Promise<'whole' | 'creates' | 'record' | undefined> {
  return (await heldBy(req))?.held.turn
}

/** Claims the change log's key now, for a transaction that reads what it orders (the mark). */
export async function claimLog(req: PayloadRequest): Promise<void> {
  await claimKeys(req, [LOG_KEY])
}

/**
 * Leaves `work` for the commit of the transaction of `req` (see the top of this file). Runs it now
 * outside a transaction, or when the transaction holds the log's claim already.
 */
export async function atGenericCommit(
  req: PayloadRequest,
  work: () => Promise<void>,
): Promise<void> {
  const found = await heldBy(req)
  if (!found || found.held.keys.has(LOG_KEY)) return work()
  found.held.atCommit.push(work)
}

/** Runs what the transaction left for its commit, then removes its claims' rows. */
async function beforeCommit(store: Store, held: Held): Promise<void> {
  if (held.atCommit.length) {
    await claimLog(held.req)
    for (let work = held.atCommit.shift(); work; work = held.atCommit.shift()) await work()
  }
  if (!held.keys.size) return
  await held.req.payload.db.deleteMany({
    collection: store.sequencesSlug,
    where: { claim: { in: [...held.keys.keys()].map(claimOf) } },
    req: held.req,
  })
}

/**
 * Makes the adapter's commits run what `atGenericCommit` left and release the claims first; a
 * failure there throws before the commit, and the caller rolls the transaction back. A rollback
 * forgets them (the database drops the rows).
 */
export function useGenericStore<T extends BaseDatabaseAdapter>(db: T, sequencesSlug: string): T {
  const store: Store = { sequencesSlug, transactions: new Map() }
  stores.set(db, store)
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (incoming) => {
    const id = String(await incoming)
    const held = store.transactions.get(id)
    try {
      if (held) await beforeCommit(store, held)
      return await commit(id)
    } finally {
      store.transactions.delete(id)
    }
  }
  db.rollbackTransaction = async (incoming) => {
    const id = String(await incoming)
    store.transactions.delete(id)
    return rollback(id)
  }
  return db
}
