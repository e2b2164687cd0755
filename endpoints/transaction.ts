import { commitTransaction, killTransaction } from 'payload'
import { beginCalendarTransaction } from '../src/database/calendarTransaction.js'
import { calendarStore } from '../src/database/stores.js'
import {
  lockKeys,
  NeedsWholeTurn,
  recordKey,
  takeLogTurn,
  takeWriteTurn,
  type WriteTurn,
} from '../src/database/turns.js'
import type { Context } from './context.js'

/**
 * How many times a create or a record's write that the database ended so that it may run again
 * (PostgreSQL's deadlock: the store's `isRetryable`) is run again.
 */
const RETRIES = 3

/**
 * Runs a write and everything it creates on the way (inline venues, organizers, terms) in one
 * transaction: a request that fails changes nothing. It waits for its turn among calendar writes
 * first (src/database/turns.ts), so what it reads before writing is still true when it writes:
 * `whole` alone, `creates` beside other shared turns (each waiting on the keys it reads), `record`
 * likewise for a write of one record by id, which locks `keys` (the record's) before `work` reads
 * it, `log` for a write of the change log's own (the kept record forms). A `record` write that
 * finds it needs the calendar alone (`NeedsWholeTurn`, a series) is run again with `whole`.
 * Writes that run side by side may lock the same keys in opposite orders (two inline organizers
 * named in turn): PostgreSQL then ends one of them, which is run again from the start (what the
 * store calls retryable).
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
      const shared = current === 'creates' || current === 'record'
      const retryable = calendarStore(context.payload).isRetryable(error)
      if (!owns || !shared || attempt >= RETRIES || !retryable) throw error
    }
  }
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
