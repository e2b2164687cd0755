import { commitTransaction, killTransaction } from 'payload'
import { beginCalendarTransaction } from '../src/database/calendarTransaction.js'
import { takeLogTurn, takeWriteTurn, type WriteTurn } from '../src/database/turns.js'
import type { Context } from './context.js'

/** How many times a create that PostgreSQL chose to end in a deadlock is run again. */
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
 * `whole` alone, `creates` beside other creates (each waiting on the keys it reads), `log` for a
 * write of the change log's own (the kept record forms). Creates that run side by side may lock
 * the same keys in opposite orders (two inline organizers named in turn): PostgreSQL then ends one
 * of them, which is run again from the start.
 */
export async function inTransaction<T>(
  context: Context,
  work: () => Promise<T>,
  turn: WriteTurn | 'log' = 'whole',
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const owns = await beginCalendarTransaction(context.req)
    try {
      if (turn === 'log') await takeLogTurn(context.req)
      else await takeWriteTurn(context.req, turn)
      const result = await work()
      if (owns) await commitTransaction(context.req)
      return result
    } catch (error) {
      if (owns) await killTransaction(context.req)
      if (!owns || turn !== 'creates' || attempt >= DEADLOCK_RETRIES || !isDeadlock(error))
        throw error
    }
  }
}
