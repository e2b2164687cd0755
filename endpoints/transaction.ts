import { commitTransaction, killTransaction } from 'payload'
import { beginCalendarTransaction } from '../src/database/calendarTransaction.js'
import {
  lockKeys,
  NeedsWholeTurn,
  recordKey,
  takeLogTurn,
  takeWriteTurn,
  type WriteTurn,
} from '../src/database/turns.js'
import { storeOf } from '../src/database/store.js'
import {
  conflictBackoff,
  CONFLICT_RETRIES,
  isWriteConflict,
} from '../src/database/generic/conflicts.js'
import type { Context } from './context.js'

/**
 * How many times a create or a record's write that PostgreSQL chose to end in a deadlock is run
 * again.
 */
const DEADLOCK_RETRIES = 3

/** PostgreSQL's `deadlock_detected` (SQLSTATE 40P01), on the error or what it wraps. */
function isDeadlock(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if ((cause as { code?: unknown }).code === '40P01') return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * Runs a write and everything it creates on the way (inline venues, organizers, terms) in one
 * transaction: a request that fails changes nothing. It waits for its turn among calendar writes
 * first (src/database/turns.ts), so what it reads before writing is still true when it writes:
 * `whole` alone, `creates` beside other shared turns (each waiting on the keys it reads), `record`
 * likewise for a write of one record by id, which locks `keys` (the record's) before `work` reads
 * it, `log` for a write of the change log's own (the kept record forms). A `record` write that
 * finds it needs the calendar alone (`NeedsWholeTurn`, a series) is run again with `whole`.
 * Writes that run side by side may lock the same keys in opposite orders (two inline organizers
 * named in turn): PostgreSQL then ends one of them, which is run again from the start. In the
 * generic store, whose turns are claims (src/database/generic/claims.ts), any write that meets a
 * conflict (a deadlock of claims, MongoDB's WriteConflict, a claim taken first) is run again from
 * the start, a few times, after a short wait.
 */
export async function inTransaction<T>(
  context: Context,
  work: () => Promise<T>,
  turn: WriteTurn | 'log' = 'whole',
  keys: string[] = [],
): Promise<T> {
  let current = turn
  for (let attempt = 0; ; attempt++) {
    const owns = await beginCalendarTransaction(context.req)
    try {
      if (current === 'log') await takeLogTurn(context.req)
      else await takeWriteTurn(context.req, current)
      await lockKeys(context.req, keys)
      const result = await work()
      if (owns) await commitTransaction(context.req)
      return result
    } catch (error) {
      if (owns) await killTransaction(context.req)
      if (owns && error instanceof NeedsWholeTurn && current === 'record') {
        current = 'whole'
        continue
      }
      if (owns && (await runsAgain(context, current, error, attempt))) continue
      throw error
    }
  }
}

/** Whether a write that failed with `error` on its run number `attempt` (from 0) runs again. */
async function runsAgain(
  context: Context,
  turn: WriteTurn | 'log',
  error: unknown,
  attempt: number,
): Promise<boolean> {
  if (storeOf(context.req.payload.db) === 'generic') {
    if (attempt >= CONFLICT_RETRIES || !isWriteConflict(error)) return false
    await conflictBackoff(attempt)
    return true
  }
  const shared = turn === 'creates' || turn === 'record'
  return shared && attempt < DEADLOCK_RETRIES && isDeadlock(error)
}

/** `inTransaction`'s last arguments for a write that takes the calendar alone. */
export const WHOLE_TURN: [WriteTurn, string[]] = ['whole', []]

/**
 * The turn of a v1 write of one record (`collection` a key of the calendar's slugs): `record`,
 * locking the record, when it is addressed by id; `whole` by slug (the record is not known before
 * it is read).
 */
export function recordTurnOf(
  context: Context,
  address: 'id' | 'slug',
  collection: keyof Context['options']['slugs'],
  id: unknown,
): [WriteTurn, string[]] {
  const number = Number(id)
  if (address !== 'id' || !Number.isSafeInteger(number)) return WHOLE_TURN
  return ['record', [recordKey(context.options.slugs[collection], number)]]
}
