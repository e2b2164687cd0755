import { commitTransaction, killTransaction } from 'payload'
import { beginCalendarTransaction } from '../src/database/calendarTransaction.js'
import { takeWriteTurn } from '../src/database/turns.js'
import type { Context } from './context.js'

/**
 * Runs a write and everything it creates on the way (inline venues, organizers, terms) in one
 * transaction: a request that fails changes nothing. It waits for its turn among calendar writes
 * first, so what it reads before writing is still true when it writes.
 */
export async function inTransaction<T>(context: Context, work: () => Promise<T>): Promise<T> {
  const owns = await beginCalendarTransaction(context.req)
  try {
    await takeWriteTurn(context.req)
    const result = await work()
    if (owns) await commitTransaction(context.req)
    return result
  } catch (error) {
    if (owns) await killTransaction(context.req)
    throw error
  }
}
