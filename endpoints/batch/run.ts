import type { PayloadRequest } from 'payload'
import { NAMESPACE, type Context } from '../context.js'
import { TRANSACTION_SCOPE } from '../../collections/hooks/transactionScope.js'
import { LINKS_READ_IN_BATCH, type LinksReadInBatch } from '../related.js'
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
 * 1. Checks, with `require-all-validate`: each item goes through every stage of its single request
 *    but the handler (route, credentials, body, rights, arguments), outside any transaction. If
 *    one fails them, nothing runs, and the answer is `failed: "validation"` with the errors and
 *    `null` for the others, as WordPress answers. With `normal` the items are not checked first.
 * 2. Writes: the items run one after the other in one transaction, with the calendar's whole write
 *    turn: a reader sees all of them or none. When one fails (its single request's error), the
 *    transaction is rolled back, the item answers its error, the others are checked (once per
 *    batch) and those that pass run again without it in a new transaction; so the items that
 *    succeed commit together and the ones that fail change nothing, as each would alone.
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

/** The items' targets, and the answers of those that are no v1 write. */
function targets(req: PayloadRequest, items: BatchItem[]) {
  const answers: (ItemAnswer | null)[] = items.map(() => null)
  const planned: Planned[] = []
  for (const [index, item] of items.entries()) {
    const target = targetOf(req, item)
    if (target instanceof ApiError) answers[index] = errorAnswer(target)
    else planned.push({ index, item, target })
  }
  return { answers, planned }
}

/** The planned items that pass their checks; the others' answers are set. */
async function passing(req: PayloadRequest, planned: Planned[], answers: (ItemAnswer | null)[]) {
  const passed: Planned[] = []
  for (const each of planned) {
    const checked = await answerItem(
      req,
      await itemRequest(req, each.item, each.target, { checkOnly: true }),
    )
    if (checked.status >= 400) answers[each.index] = checked
    else passed.push(each)
  }
  return passed
}

/**
 * Runs the items in order in the transaction of `req`; the first that fails ends the run. An item
 * that ended the transaction itself (a Payload operation's rollback) fails, whatever it answered.
 */
async function runInOrder(req: PayloadRequest, planned: Planned[]) {
  const done: [number, ItemAnswer][] = []
  const linksRead: LinksReadInBatch = new Map()
  // The items' requests share the transaction's scope: what it does once, it does once for all
  // (collections/hooks/transactionScope.ts).
  const scope = {}
  for (const { index, item, target } of planned) {
    const transactionID = await req.transactionID
    if (!writesEvents(req, target)) linksRead.clear()
    const itemReq = await itemRequest(req, item, target, {
      checkOnly: false,
      transactionID,
      context: { [LINKS_READ_IN_BATCH]: linksRead, [TRANSACTION_SCOPE]: scope },
    })
    const answer = await answerItem(req, itemReq)
    if (answer.status >= 400) throw new ItemFailed(index, answer)
    if ((await itemReq.transactionID) !== transactionID)
      throw new ItemFailed(index, errorAnswer(internalError()))
    done.push([index, answer])
  }
  return done
}

/**
 * Whether an item writes events (`/events`, `/events/{id}`), which changes no venue or organizer
 * that it links to: the ones an earlier item read still hold for it (`LINKS_READ_IN_BATCH`).
 */
function writesEvents(req: PayloadRequest, { url }: Target): boolean {
  const events = `${req.payload.config.routes.api}/${NAMESPACE}/events`
  const { pathname } = url
  return (
    pathname === events ||
    (pathname.startsWith(`${events}/`) && /^\d+\/?$/.test(pathname.slice(events.length + 1)))
  )
}

export async function runBatch(
  context: Context,
  items: BatchItem[],
  validation: ValidationMode,
): Promise<Reply> {
  const { req } = context
  const { answers, planned } = targets(req, items)
  // With `normal`, the items run without checking them first (their checks cost a fifth of a
  // linked create); once one fails, the rest are checked before they run again.
  let checked = validation === 'require-all-validate'
  let pending = checked ? await passing(req, planned, answers) : planned
  if (checked && answers.some(Boolean))
    return { status: 207, body: { failed: 'validation', responses: answers } }
  while (pending.length) {
    try {
      const done = await inTransaction(context, () => runInOrder(req, pending), ...WHOLE_TURN)
      for (const [index, answer] of done) answers[index] = answer
      break
    } catch (error) {
      if (!(error instanceof ItemFailed)) throw error
      answers[error.index] = error.answer
      pending = pending.filter(({ index }) => index !== error.index)
      if (!checked) {
        pending = await passing(req, pending, answers)
        checked = true
      }
    }
  }
  return { status: 207, body: { responses: answers } }
}
