import type { PayloadRequest } from 'payload'
import type { Context } from '../context.js'
import { ApiError, internalError } from '../errors.js'
import type { Reply } from '../reply.js'
import { inTransaction, WHOLE_TURN } from '../transaction.js'
import {
  answerItem,
  errorAnswer,
  itemRequest,
  targetOf,
  type ItemAnswer,
  type Target,
} from './items.js'
import type { BatchItem, ValidationMode } from './shape.js'

/**
 * How a batch runs (docs/architecture.md, "The batch route"):
 *
 * 1. Checks: each item goes through every stage of its single request but the handler (route,
 *    credentials, body, rights, arguments), outside any transaction. An item that fails them
 *    answers that error; with `require-all-validate`, nothing runs then, and the answer is
 *    `failed: "validation"` with the errors and `null` for the others, as WordPress answers.
 * 2. Writes: the items that passed run one after the other in one transaction, with the calendar's
 *    whole write turn: a reader sees all of them or none. When one fails (its single request's
 *    error), the transaction is rolled back, the item answers its error, and the others run again
 *    without it in a new transaction; so the items that succeed commit together and the ones that
 *    fail change nothing, as each would alone.
 */

/** An item that failed while the batch's writes ran: the transaction is rolled back. */
class ItemFailed extends Error {
  constructor(
    readonly index: number,
    readonly answer: ItemAnswer,
  ) {
    super(`batch item ${index} failed`)
  }
}

type Planned = { index: number; item: BatchItem; target: Target }

/** The items' targets, and the answers of those that are no v1 write or fail their checks. */
async function check(req: PayloadRequest, items: BatchItem[]) {
  const answers: (ItemAnswer | null)[] = items.map(() => null)
  const planned: Planned[] = []
  for (const [index, item] of items.entries()) {
    const target = targetOf(req, item)
    if (target instanceof ApiError) answers[index] = errorAnswer(target)
    else {
      const checked = await answerItem(
        req,
        await itemRequest(req, item, target, { checkOnly: true }),
      )
      if (checked.status >= 400) answers[index] = checked
      else planned.push({ index, item, target })
    }
  }
  return { answers, planned }
}

/**
 * Runs the items in order in the transaction of `req`; the first that fails ends the run. An item
 * that ended the transaction itself (a Payload operation's rollback) fails, whatever it answered.
 */
async function runInOrder(req: PayloadRequest, planned: Planned[]) {
  const done: [number, ItemAnswer][] = []
  for (const { index, item, target } of planned) {
    const transactionID = await req.transactionID
    const itemReq = await itemRequest(req, item, target, { checkOnly: false, transactionID })
    const answer = await answerItem(req, itemReq)
    if (answer.status >= 400) throw new ItemFailed(index, answer)
    if ((await itemReq.transactionID) !== transactionID)
      throw new ItemFailed(index, errorAnswer(internalError()))
    done.push([index, answer])
  }
  return done
}

export async function runBatch(
  context: Context,
  items: BatchItem[],
  validation: ValidationMode,
): Promise<Reply> {
  const { answers, planned } = await check(context.req, items)
  if (validation === 'require-all-validate' && answers.some(Boolean))
    return { status: 207, body: { failed: 'validation', responses: answers } }
  let pending = planned
  while (pending.length) {
    try {
      const done = await inTransaction(
        context,
        () => runInOrder(context.req, pending),
        ...WHOLE_TURN,
      )
      for (const [index, answer] of done) answers[index] = answer
      break
    } catch (error) {
      if (!(error instanceof ItemFailed)) throw error
      answers[error.index] = error.answer
      pending = pending.filter(({ index }) => index !== error.index)
    }
  }
  return { status: 207, body: { responses: answers } }
}
