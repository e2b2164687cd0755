import {
  adapterHasOperator,
  claimsOutsideTransaction,
  patternsMatchTextOnly,
} from './adapterFacts.js'
import type { CalendarStore } from './calendarStore.js'
import {
  atGenericCommit,
  claimKeys,
  claimLog,
  genericTurn,
  takeGenericTurn,
} from './generic/claims.js'
import { isWriteConflict } from './generic/conflicts.js'
import { isDatabaseUnavailable } from './unavailable.js'
import { afterCommit } from './afterCommits.js'

/**
 * What the generic store cannot do, said once: it runs no statement of its own, so every fast path
 * answers "not here" (null, false) and its caller does the same through Payload's public API.
 */
const noStatementsOfItsOwn = {
  ownTransaction: () => null,
  pageIds: async () => null,
  total: async () => null,
  facets: () => null,
  readForms: () => null,
  insertRows: async () => false,
  readLastValue: () => null,
  readFirstAfter: () => null,
  takenSlugs: async () => null,
  highestValue: async () => null,
  moveCounts: async () => null,
  commitWatch: async () => null,
  refreshStatistics: async () => {},
  insertCopies: async () => false,
  rewriteCopies: async () => false,
} satisfies Partial<CalendarStore>

/**
 * The `generic` store: Payload's public adapter API only (`find`, `create`, `updateOne`,
 * `deleteMany`, `beginTransaction`…), what MongoDB and any adapter but Payload's SQL ones get, and
 * what the option `store: 'generic'` asks for on those too. It has no fast path of its own
 * (`noStatementsOfItsOwn`). Its write turns and locks are claims, rows of a unique key in the
 * sequences collection that a transaction holds until it commits (generic/claims.ts); a write
 * that meets another's claim, or MongoDB's WriteConflict, runs again (generic/conflicts.ts,
 * writeTransaction.ts).
 */
export const genericStore: CalendarStore = {
  name: 'generic',
  ...noStatementsOfItsOwn,
  // Claims are per key: a write of one record by id takes the whole turn, as before.
  locksRecords: async () => false,
  takeWriteTurn: takeGenericTurn,
  heldTurn: genericTurn,
  widenTurn: async () => {},
  lockKeys: claimKeys,
  lockKey: (req, key) => claimKeys(req, [key]),
  takeLogTurn: claimLog,
  atCommit: atGenericCommit,
  afterCommit,
  isRetryable: isWriteConflict,
  isUnavailable: isDatabaseUnavailable,
  claimsOutsideTransaction,
  hasOperator: adapterHasOperator,
  patternsMatchTextOnly,
}
