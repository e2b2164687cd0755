import type { BaseDatabaseAdapter } from 'payload'

export type Begin = BaseDatabaseAdapter['beginTransaction']

/**
 * Makes every transaction of the adapter hold something from its begin to its end (a turn among
 * transactions, `sqliteTurns.ts`; a slot, `transactionSlots.ts`): `take` waits for it and gives
 * back its release, which the commit or rollback of that transaction calls, and a begin that fails
 * or opens nothing calls at once. Returns the same wrapping, for the other ways of beginning a
 * transaction (the plugin's own, `calendarTransaction.ts`).
 */
export function holdWhileOpen(
  db: BaseDatabaseAdapter,
  take: () => Promise<() => void>,
): (begin: Begin) => Begin {
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  const releases = new Map<string, () => void>()
  const holding =
    (begin: Begin): Begin =>
    async (options) => {
      const release = await take()
      try {
        const id = await begin(options)
        if (id === null || id === undefined) release()
        else releases.set(String(id), release)
        return id
      } catch (error) {
        release()
        throw error
      }
    }
  const finish = (end: typeof commit) => async (incoming: Parameters<typeof commit>[0]) => {
    const id = String(await incoming)
    try {
      await end(id)
    } finally {
      releases.get(id)?.()
      releases.delete(id)
    }
  }
  db.beginTransaction = holding(db.beginTransaction.bind(db))
  db.commitTransaction = finish(commit)
  db.rollbackTransaction = finish(rollback)
  return holding
}
