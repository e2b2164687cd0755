import type { Payload } from 'payload'
import { transactionsTakeTurns } from './sqliteTurns.js'

/**
 * What an adapter is, whichever store runs it: facts of the database itself, which the `generic`
 * store needs on an SQL database too.
 */

/**
 * Whether the adapter runs this `where` operator: Payload's SQL adapters name theirs
 * (`operators`; SQLite's lacks `all`); adapters that name none are taken to run them all.
 */
export function adapterHasOperator(payload: Payload, operator: string): boolean {
  const { operators } = payload.db as { operators?: Record<string, unknown> }
  return !operators || operator in operators
}

/** PostgreSQL matches patterns against text only (SQLite reads a number as text). */
export const patternsMatchTextOnly = (payload: Payload): boolean => payload.db.name === 'postgres'

/**
 * Where transactions overlap (PostgreSQL, MongoDB), an id claim is made outside the write's
 * transaction: inside it, a racing claim would wait for the whole other write to commit
 * (PostgreSQL) or conflict with it (MongoDB), then fail on the unique key and abort its
 * transaction. On SQLite, whose transactions take turns in the process (sqliteTurns.ts), it stays
 * inside: outside, it would wait for the turn its own write holds.
 */
export const claimsOutsideTransaction = (payload: Payload): boolean =>
  !transactionsTakeTurns(payload.db)
