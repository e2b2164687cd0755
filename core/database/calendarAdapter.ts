import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload'
import { indexParentLookups } from './parentLookups.js'
import { keepStatisticsFresh } from './sqliteStatistics.js'
import { serializeTransactions, serializeWritesOutsideTransactions } from './sqliteTurns.js'
import { writerConnectionOnConnect } from './sqliteWriter.js'
import { limitTransactions, transactionSlotsOf } from './transactionSlots.js'
import { chooseStore } from './store.js'
import { commitsRunWhatWasLeft } from './postgresLocks.js'
import { useGenericStore } from './generic/claims.js'
import { runAfterCommits } from './afterCommits.js'

const wrapped = new WeakSet<BaseDatabaseAdapter>()

/**
 * The app's database adapter as the calendar needs it. On SQLite (libsql), two open write
 * transactions in one process cannot wait for each other (the second fails with SQLITE_BUSY), so
 * the plugin makes the adapter's transactions take turns, and without transactions (Payload's
 * default there) its writes outside a transaction too, beside the plugin's own transactions
 * (`calendarTransaction.ts`); they share one writer connection (`sqliteWriter.ts`). On
 * PostgreSQL, a commit first runs what the transaction left for it under the change log's turn
 * (`postgresLocks.ts`), and at most the pool's size less two transactions are open at once
 * (`transactionSlots.ts`). On both, the calendar's child tables get an index on their parent
 * column (`parentLookups.ts`), and SQLite's statistics are kept fresh (`sqliteStatistics.ts`).
 * In the generic store (every adapter but those two, and them when `store` asks), a commit first
 * runs what the transaction left for it and releases its claims (`generic/claims.ts`), in
 * the sequences collection `sequencesSlug`. On every adapter, once a commit is done it runs what
 * the transaction left for after it, and a rollback forgets that (`afterCommits.ts`). These are
 * the changes it makes to an adapter, and the README says them. The calendar's store is chosen
 * here too (`chooseStore`, `calendarStore.ts`).
 */
export function withCalendarDatabase(
  db: DatabaseAdapterObj,
  calendarSlugs: readonly string[],
  store: 'auto' | 'generic',
  sequencesSlug: string,
): DatabaseAdapterObj {
  return {
    ...db,
    init: (args) => {
      const adapter = db.init(args)
      if (wrapped.has(adapter)) return adapter
      const chosen = chooseStore(adapter, store)
      indexParentLookups(adapter, calendarSlugs)
      if (adapter.name === 'sqlite') {
        serializeTransactions(adapter)
        // Writes outside any transaction take a turn too, transactions on or off: a transaction's
        // statements give the event loop turns between them (sqliteYields.ts), and such a write
        // landing meanwhile would find the file locked.
        serializeWritesOutsideTransactions(adapter)
        writerConnectionOnConnect(adapter)
        keepStatisticsFresh(adapter)
      }
      if (adapter.name === 'postgres') {
        commitsRunWhatWasLeft(adapter)
        limitTransactions(adapter, transactionSlotsOf(adapter))
      }
      // Last, so that its work runs before the commits above, in their turn or slot.
      if (chosen === 'generic') useGenericStore(adapter, sequencesSlug)
      // Outermost: what is told after a commit runs once every wrapping above is done with it.
      runAfterCommits(adapter)
      wrapped.add(adapter)
      return adapter
    },
  }
}
