import {
  adapterHasOperator,
  claimsOutsideTransaction,
  patternsMatchTextOnly,
} from './adapterFacts.js'
import type { CalendarStore } from './calendarStore.js'
import * as postgresLocks from './postgresLocks.js'
import { isDeadlock } from './retryable.js'
import { commitWatchOf } from './sqliteCommits.js'
import { analyzeAtStart } from './sqliteStatistics.js'
import { pageIdsBySql, totalBySql } from './sqlPageIds.js'
import { facetSourceOf } from './sqlFacets.js'
import { insertCopies, rewriteCopies } from './sqlSeriesCopies.js'
import { insertRows } from './sqlRows.js'
import { moveCounts } from './sqlCounts.js'
import { takenSlugs } from './sqlSlugs.js'
import { highestValue } from './sqlHighest.js'
import { readFirstAfter, readForms, readLastValue } from './sqlTables.js'
import { ownSqlTransaction } from './sqlTransaction.js'
import { isDatabaseUnavailable } from './unavailable.js'
import { afterCommit } from './afterCommits.js'
import { noTurns } from './noTurns.js'

/**
 * What the `sqlite` and `postgres` stores share: Payload's SQL adapters (drizzle), whose
 * connection, tables and prepared statements the plugin uses for its fast paths.
 */
const sqlStore = {
  ownTransaction: ownSqlTransaction,
  afterCommit,
  isUnavailable: isDatabaseUnavailable,
  pageIds: pageIdsBySql,
  total: totalBySql,
  facets: facetSourceOf,
  readForms,
  insertRows,
  readLastValue,
  readFirstAfter,
  takenSlugs,
  highestValue,
  moveCounts,
  insertCopies,
  rewriteCopies,
  hasOperator: adapterHasOperator,
  patternsMatchTextOnly,
  claimsOutsideTransaction,
} satisfies Partial<CalendarStore>

/**
 * Payload's SQLite adapter (libSQL). One writer: transactions take turns in the process
 * (`sqliteTurns.ts`, set up by `calendarAdapter.ts`), so a write needs no locks, and what it leaves
 * for its commit runs at once. Commits are watched with no query (`sqliteCommits.ts`).
 */
export const sqliteStore: CalendarStore = {
  name: 'sqlite',
  ...sqlStore,
  ...noTurns,
  commitWatch: commitWatchOf,
  refreshStatistics: analyzeAtStart,
}

/**
 * Payload's PostgreSQL adapter. Writes take turns by advisory locks (`postgresLocks.ts`), work
 * left for the commit runs under the change log's turn, a deadlock PostgreSQL breaks is run again,
 * and ids are claimed outside the write's transaction (`adapterFacts.ts`).
 */
export const postgresStore: CalendarStore = {
  name: 'postgres',
  ...sqlStore,
  locksRecords: postgresLocks.locksRecords,
  takeWriteTurn: postgresLocks.takeWriteTurn,
  heldTurn: postgresLocks.heldTurn,
  widenTurn: postgresLocks.widenTurn,
  lockKeys: postgresLocks.lockKeys,
  lockKey: postgresLocks.lockKey,
  takeLogTurn: postgresLocks.takeLogTurn,
  atCommit: postgresLocks.atCommit,
  isRetryable: isDeadlock,
  commitWatch: async () => null,
  // PostgreSQL's autovacuum keeps its statistics.
  refreshStatistics: async () => {},
}
