/**
 * The store seam's one public module: everything the plugin outside core/database/ may use of the
 * database. What a calendar needs of a database is asked here in calendar words; which store
 * answers (SQLite, PostgreSQL, the generic store for any other adapter) is decided behind it
 * (stores.ts). `npm run lint` fails on an import of any other module of this folder from outside
 * it (.dependency-cruiser.cjs, rule `seam-through-its-public-module`).
 */
export { withCalendarDatabase } from './calendarAdapter.js'
export {
  type FormRow,
  type FormRowInput,
  type CountMove,
  type HighestArgs,
  type FormsLookup,
  type PageIds,
  type SeriesCopies,
} from './calendarStore.js'
export {
  beginCalendarTransaction,
  commitOwnTransaction,
  reportTransactions,
} from './calendarTransaction.js'
export { isWriteConflict } from './generic/conflicts.js'
export { fitsRecordTurn, type RecordRole } from './recordTurn.js'
export { forgetOnRollback } from './rollbacks.js'
export type { CommitLook } from './sqliteCommits.js'
export { inWriteTurn } from './sqliteTurns.js'
export { withoutTurns } from './sqliteYields.js'
export { calendarStore } from './stores.js'
export {
  afterCommit,
  atCommit,
  lockKey,
  lockKeys,
  recordKey,
  requireFittingTurn,
  takeLogTurn,
  takeWriteTurn,
  writeTurns,
  type WriteTurn,
} from './turns.js'
export { inWriteTransaction } from './writeTransaction.js'
export { storeOf, type StoreName } from './store.js'
export type {
  EventFacts,
  FacetSlugs,
  FacetSource,
  IdQuery,
  NamedRecord,
  VenueFacts,
} from './facetSource.js'
