import type { BaseDatabaseAdapter } from 'payload'

/**
 * Which store (core/database/calendarStore.ts) the calendar reaches the app's database through,
 * chosen once when the adapter starts; `calendarStore(payload)` (stores.ts) gives it:
 * - `sqlite`, `postgres`: Payload's SQL adapters, whose connections and tables the plugin uses for
 *   its fast paths (page ids by SQL, prepared reads, bulk inserts, advisory locks, the commit
 *   watch);
 * - `generic`: Payload's public adapter API only (`find`, `create`, `updateOne`, `deleteMany`,
 *   `beginTransaction`…), which is what MongoDB and any other adapter get, and what the option
 *   `store: 'generic'` asks for on SQL adapters too (CI runs the suite that way).
 */
export type StoreName = 'sqlite' | 'postgres' | 'generic'

const chosen = new WeakMap<object, StoreName>()

/** An adapter's default store: its SQL fast paths when it is one of Payload's SQL adapters. */
function storeFor(db: BaseDatabaseAdapter): StoreName {
  if (db.name === 'sqlite') return 'sqlite'
  if (db.name === 'postgres') return 'postgres'
  return 'generic'
}

/** Chooses the adapter's store when it starts: `generic` when asked, else its own. */
export function chooseStore(db: BaseDatabaseAdapter, asked: 'auto' | 'generic'): StoreName {
  const store = asked === 'generic' ? 'generic' : storeFor(db)
  chosen.set(db, store)
  return store
}

/** The store chosen for the adapter (its default when the plugin did not start it). */
export function storeOf(db: object): StoreName {
  return chosen.get(db) ?? storeFor(db as BaseDatabaseAdapter)
}

/** Whether the calendar may use the adapter's SQL connection and tables (not the generic store). */
export const usesSql = (db: object): boolean => storeOf(db) !== 'generic'
