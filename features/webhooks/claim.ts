import { randomUUID } from 'node:crypto'
import { commitTransaction, createLocalReq, killTransaction, type Payload } from 'payload'
import { beginCalendarTransaction, lockKey, isWriteConflict } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'

/** What a claim reads of a delivery row. */
export type ClaimedRow = {
  id: number | string
  status?: string | null
  nextAttemptAt?: string | null
  claimedUntil?: string | null
}

/** True when the row is waiting for an attempt now: pending, due, and nobody's claim running. */
export function isClaimable(row: ClaimedRow | null, now: number): row is ClaimedRow {
  if (!row || row.status !== 'pending') return false
  if (!(Date.parse(row.nextAttemptAt ?? '') <= now)) return false
  return !(Date.parse(row.claimedUntil ?? '') >= now)
}

/**
 * Takes a delivery for one attempt, so that only one runner sends it at a time, on any node: the
 * row is read again and claimed in one transaction that holds the delivery's lock (Payload's
 * `updateMany` selects, then updates, so a conditional update alone lets two runners both win).
 * The claim ends after twice the timeout, when a runner that died is given up on. Returns the
 * row as it is now (attempts made, body kept), or null when it is no longer this runner's to send:
 * delivered, failed, retried later, or claimed by another (in the generic store on MongoDB, a
 * runner whose claim of the delivery's key conflicts with another's leaves it to that one).
 */
export async function claimDelivery<Row extends ClaimedRow>(
  payload: Payload,
  options: ResolvedCalendarOptions,
  id: number | string,
): Promise<Row | null> {
  const collection = options.webhooks.deliveriesSlug
  const req = await createLocalReq({}, payload)
  const owns = await beginCalendarTransaction(req)
  try {
    // A second runner claiming it waits until the first has committed its claim, then reads it.
    await lockKey(req, `delivery:${id}`)
    const row = (await payload.db.findOne({
      collection,
      where: { id: { equals: id } },
      req,
    })) as Row | null
    const now = Date.now()
    const claimed = isClaimable(row, now)
    if (claimed)
      await payload.db.updateOne({
        collection,
        where: { id: { equals: id } },
        data: {
          claim: randomUUID(),
          claimedUntil: new Date(now + 2 * options.webhooks.timeoutMs + 5000).toISOString(),
        },
        req,
        returning: false,
      } as Parameters<Payload['db']['updateOne']>[0])
    if (owns) await (claimed ? commitTransaction(req) : killTransaction(req))
    return claimed ? row : null
  } catch (error) {
    if (owns) await killTransaction(req)
    if (isWriteConflict(error)) return null
    throw error
  }
}
