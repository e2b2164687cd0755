import type { CalendarStore } from './calendarStore.js'

/** A store without write turns of its own: each does nothing, and commit-time work runs now. */
export const noTurns = {
  locksRecords: async () => false,
  takeWriteTurn: async () => {},
  heldTurn: async () => undefined,
  widenTurn: async () => {},
  lockKeys: async () => {},
  lockKey: async () => {},
  takeLogTurn: async () => {},
  atCommit: async (_req, work) => work(),
  isRetryable: () => false,
} satisfies Partial<CalendarStore>
