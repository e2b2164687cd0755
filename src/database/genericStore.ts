import {
  adapterHasOperator,
  claimsOutsideTransaction,
  patternsMatchTextOnly,
} from './adapterFacts.js'
import type { CalendarStore } from './calendarStore.js'
import { noTurns } from './noTurns.js'
import { isDeadlock } from './retryable.js'
import { isDatabaseUnavailable } from './unavailable.js'

/**
 * The `generic` store: Payload's public adapter API only (`find`, `create`, `updateOne`,
 * `deleteMany`, `beginTransaction`…), what MongoDB and any adapter but Payload's SQL ones get, and
 * what the option `store: 'generic'` asks for on those too. It has no fast path of its own: each
 * read and bulk write answers "not here" and the caller goes through `payload.db`; no write turns
 * or locks (what a commit does runs at once); the adapter's transactions as they are.
 */
export const genericStore: CalendarStore = {
  name: 'generic',
  ...noTurns,
  ownTransaction: () => null,
  // A deadlock PostgreSQL broke, when the generic store runs on it.
  isRetryable: isDeadlock,
  isUnavailable: isDatabaseUnavailable,
  claimsOutsideTransaction,
  pageIds: async () => null,
  sqlAccess: () => null,
  readForms: () => null,
  readLastValue: () => null,
  commitWatch: async () => null,
  insertCopies: async () => false,
  rewriteCopies: async () => false,
  hasOperator: adapterHasOperator,
  patternsMatchTextOnly,
}
