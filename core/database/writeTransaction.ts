import { commitTransaction, killTransaction, type PayloadRequest } from 'payload'
import { beginCalendarTransaction } from './calendarTransaction.js'
import type { CalendarStore, WriteTurn } from './calendarStore.js'
import { conflictBackoff, CONFLICT_RETRIES } from './generic/conflicts.js'
import { calendarStore } from './stores.js'
import { lockKeys, NeedsWholeTurn, takeLogTurn, takeWriteTurn } from './turns.js'

/**
 * How many times a create or a record's write that the database ended so that it may run again
 * (the store's `isRetryable`: PostgreSQL's deadlock) is run again.
 */
const RETRIES = 3

/**
 * Runs `work` in one transaction of the request (the adapter's, or the plugin's own when the
 * adapter runs without), after its turn among calendar writes (`turns.ts`): `whole` alone,
 * `creates` beside other shared turns (each waiting on the keys it reads), `record` likewise for
 * a write of one record by id, which locks `keys` (the record's) before `work` reads it, `log`
 * for a write of the change log's own (the kept record forms). A `record` write that finds it
 * needs the calendar alone (`NeedsWholeTurn`, a series) is run again with `whole`. Writes that
 * run side by side may lock the same keys in opposite orders (two inline organizers named in
 * turn): PostgreSQL then ends one of them, which is run again from the start. A transaction the
 * request had already is left to its owner, and nothing is run again then.
 */
export async function inWriteTransaction<T>(
  req: PayloadRequest,
  work: () => Promise<T>,
  turn: WriteTurn | 'log',
  keys: string[],
): Promise<T> {
  let current = turn
  for (let attempt = 0; ; attempt++) {
    const owns = await beginCalendarTransaction(req)
    try {
      if (current === 'log') await takeLogTurn(req)
      else await takeWriteTurn(req, current)
      await lockKeys(req, keys)
      const result = await work()
      if (owns) await commitTransaction(req)
      return result
    } catch (error) {
      if (owns) await killTransaction(req)
      if (owns && error instanceof NeedsWholeTurn && current === 'record') {
        current = 'whole'
        continue
      }
      if (!owns || !(await runsAgain(calendarStore(req.payload), current, error, attempt)))
        throw error
    }
  }
}

/**
 * Whether a write that failed with `error` on its run number `attempt` (from 0) runs again: on the
 * SQL stores, a shared turn that PostgreSQL ended in a deadlock; in the generic store, whose turns
 * are claims (generic/claims.ts), any write that met a conflict (a deadlock of claims, MongoDB's
 * WriteConflict, a claim taken first), a few more times, after a short wait.
 */
async function runsAgain(
  store: CalendarStore,
  turn: WriteTurn | 'log',
  error: unknown,
  attempt: number,
): Promise<boolean> {
  if (!store.isRetryable(error)) return false
  if (store.name === 'generic') {
    if (attempt >= CONFLICT_RETRIES) return false
    await conflictBackoff(attempt)
    return true
  }
  return (turn === 'creates' || turn === 'record') && attempt < RETRIES
}
