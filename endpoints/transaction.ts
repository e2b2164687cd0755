import { recordKey, inWriteTransaction, type WriteTurn } from '../core/database/index.js'
import type { Context } from './context.js'

/**
 * Runs a v1 write and everything it creates on the way (inline venues, organizers, terms) in one
 * transaction: a request that fails changes nothing. It waits for its turn among calendar writes
 * first (core/database/writeTransaction.ts), so what it reads before writing is still true when it
 * writes; a write the database ended so that it may run again (a deadlock) is run again.
 */
export const inTransaction = <T>(
  context: Context,
  work: () => Promise<T>,
  turn: WriteTurn | 'log' = 'whole',
  keys: string[] = [],
): Promise<T> => inWriteTransaction(context.req, work, turn, keys)

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
