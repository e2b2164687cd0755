import {
  commitTransaction,
  initTransaction,
  type CollectionAfterOperationHook,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { calendarStore } from './stores.js'

/**
 * Gives the request a transaction of the plugin's own when it has none because the adapter runs
 * without transactions (`transactionOptions` unset on `sqliteAdapter`, `false` on
 * `postgresAdapter`). True when it opened one: the caller ends it. Nothing happens when the request
 * has a transaction already or the store cannot open one (`generic`).
 */
async function ownTransaction(req: PayloadRequest): Promise<boolean> {
  if (await req.transactionID) return false
  const begin = calendarStore(req.payload).ownTransaction(req.payload)
  if (!begin) return false
  const opening = begin()
  req.transactionID = opening
  try {
    req.transactionID = await opening
    return true
  } catch (error) {
    delete req.transactionID
    throw error
  }
}

/**
 * Begins the transaction of a calendar write on the request: the adapter's, or the plugin's own
 * when the adapter runs without them. True when the caller owns it (commits or kills it).
 */
export async function beginCalendarTransaction(req: PayloadRequest): Promise<boolean> {
  return (await initTransaction(req)) || (await ownTransaction(req))
}

/** Marks the arguments of an operation that runs in a transaction the plugin opened for it. */
const OWN_TRANSACTION = Symbol('calendar transaction')

/**
 * Before a write of a calendar collection through Payload (REST, admin, Local API): when Payload
 * opened no transaction for it (the adapter runs without), the plugin opens its own, so that the
 * write and what its hooks write (id and slug claims, term counts, unlinking, series dates) land
 * together. Payload rolls it back when the operation fails (its `killTransaction`);
 * `commitOwnTransaction` commits it after the operation's last hook.
 */
export async function openOwnTransaction(args: object, req: PayloadRequest): Promise<void> {
  const marked = args as { disableTransaction?: boolean; [OWN_TRANSACTION]?: true }
  if (marked.disableTransaction || !(await ownTransaction(req))) return
  marked[OWN_TRANSACTION] = true
}

export const commitOwnTransaction: CollectionAfterOperationHook = async ({ args, req, result }) => {
  const marked = args as { [OWN_TRANSACTION]?: true }
  if (marked[OWN_TRANSACTION]) {
    delete marked[OWN_TRANSACTION]
    await commitTransaction(req)
  }
  return result
}

/**
 * At start: says once, as a warning, when calendar writes cannot be atomic, which is when the
 * adapter runs without transactions and the store cannot open its own on the adapter's connection
 * (which Payload's SQL adapters let it).
 */
export async function reportTransactions(payload: Payload): Promise<void> {
  const { db } = payload
  const id = await db.beginTransaction()
  if (id !== null && id !== undefined) {
    await db.rollbackTransaction(id)
    return
  }
  if (calendarStore(payload).ownTransaction(payload)) return
  payload.logger.warn(
    `calendarPlugin: the ${db.name} database adapter runs without transactions, so a calendar write ` +
      'that fails half-way (an event with its inline venue or organizers, its id and slug, term ' +
      'counts, unlinking, the dates of a series, an imported record with its mapping) can leave ' +
      'part of itself behind. Turn transactions on in the adapter to make them atomic.',
  )
}
