import type { BaseDatabaseAdapter, DatabaseAdapterObj, Payload } from 'payload'
import { serializeTransactions } from './sqliteTurns.js'

/** Adapters whose transactions the plugin relies on for "all of a write or none of it". */
const NEEDS_TRANSACTIONS = new Set(['sqlite', 'postgres'])

const turnTaking = new WeakSet<BaseDatabaseAdapter>()

/**
 * The app's database adapter as the calendar needs it. On SQLite (libsql), two open write
 * transactions in one process cannot wait for each other (the second fails with SQLITE_BUSY), so
 * the plugin makes the adapter's transactions take turns; this is the one change it makes to an
 * adapter, and it is said in the README. Other adapters are left as they are.
 */
export function withCalendarDatabase(db: DatabaseAdapterObj): DatabaseAdapterObj {
  return {
    ...db,
    init: (args) => {
      const adapter = db.init(args)
      if (adapter.name === 'sqlite' && !turnTaking.has(adapter)) {
        serializeTransactions(adapter)
        turnTaking.add(adapter)
      }
      return adapter
    },
  }
}

/**
 * Refuses to start on a SQL adapter without transactions: every calendar write (an event with its
 * inline venue, its id and slug claims, term counts, unlinking) is several statements that must
 * land together or not at all.
 */
export async function requireTransactions(payload: Payload): Promise<void> {
  const { db } = payload
  if (!NEEDS_TRANSACTIONS.has(db.name)) return
  const id = await db.beginTransaction()
  if (id === null || id === undefined) {
    throw new Error(
      `calendarPlugin: the ${db.name} adapter runs without transactions, so a failed write could leave part of itself behind. ` +
        `Turn them on: ${db.name === 'sqlite' ? 'sqliteAdapter({ …, transactionOptions: {} })' : 'do not set transactionOptions: false'}.`,
    )
  }
  await db.rollbackTransaction(id)
}
