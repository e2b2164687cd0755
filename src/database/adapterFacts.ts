import type { Payload } from 'payload'

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
 * On PostgreSQL an id claim is made outside the write's transaction: inside it, a racing claim
 * would wait for the whole other write to commit, then fail on the unique key and abort its
 * transaction.
 */
export const claimsOutsideTransaction = (payload: Payload): boolean =>
  payload.db.name === 'postgres'
