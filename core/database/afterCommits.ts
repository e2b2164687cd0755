import type { BaseDatabaseAdapter, Payload, PayloadRequest } from 'payload'

type Done = () => void

/** Per adapter whose commits run them (`runAfterCommits`), what each open transaction awaits. */
const awaiting = new WeakMap<object, Map<string, Done[]>>()

/**
 * Runs `done` once the transaction of `req` has committed: after the adapter's `commitTransaction`
 * for it resolved, so after what `atCommit` left ran and the commit itself (the turn or slot it
 * held given back too). Never when it rolls back, or its commit fails. At once when `req` has no
 * transaction (the write is visible as it returns), or the adapter's commits do not run them.
 * `done` must not wait; what it throws is logged, since the write has committed by then.
 *
 * Payload's SQL adapters answer a commit that failed as if it had committed (drizzle's
 * `commitTransaction` rolls back and returns): `done` then runs for a write that did not commit,
 * so it may only start work that checks what is committed (the warmer's forms are kept only at the
 * mark they were built at, endpoints/forms/formKeeper.ts).
 */
export async function afterCommit(req: PayloadRequest, done: Done): Promise<void> {
  const id = await req.transactionID
  const transactions = awaiting.get(req.payload.db)
  if (id === undefined || id === null || !transactions) return run(req.payload, done)
  const key = String(id)
  const waiting = transactions.get(key)
  if (waiting) waiting.push(done)
  else transactions.set(key, [done])
}

function run(payload: Payload | undefined, done: Done): void {
  try {
    done()
  } catch (error) {
    payload?.logger.error({ err: error, msg: 'calendarPlugin: work after a commit failed' })
  }
}

/**
 * Makes the adapter's commits run what `afterCommit` left for their transaction once they have
 * committed, and its rollbacks forget it. Wrapped last (outermost), so that the work the other
 * wrappings run before a commit (postgresLocks.ts, generic/claims.ts) may leave some too.
 */
export function runAfterCommits<T extends BaseDatabaseAdapter>(db: T): T {
  const transactions = new Map<string, Done[]>()
  awaiting.set(db, transactions)
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (incoming) => {
    const id = incoming instanceof Promise ? await incoming : incoming
    const key = String(id)
    try {
      await commit(id)
    } catch (error) {
      transactions.delete(key)
      throw error
    }
    const waiting = transactions.get(key) ?? []
    transactions.delete(key)
    for (const done of waiting) run(db.payload, done)
  }
  db.rollbackTransaction = async (incoming) => {
    const id = incoming instanceof Promise ? await incoming : incoming
    transactions.delete(String(id))
    return rollback(id)
  }
  return db
}
