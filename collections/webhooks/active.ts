import type { Payload, PayloadRequest } from 'payload'
import { forgetOnRollback } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { markMoveOf } from '../hooks/calendarChanges.js'

export type ActiveWebhook = { id: number | string; events?: string[] | null }

/** The active webhooks this process read, and the change mark they are known to hold at. */
type Known = { webhooks: ActiveWebhook[]; mark: number }

/** Per database adapter (one per Payload instance). */
const known = new WeakMap<Payload['db'], Known>()

const forget = (db: Payload['db']) => void known.delete(db)

/**
 * The active webhooks, for the outbox of a write (outbox.ts): read once and kept by the process
 * (issue #49) while the change mark shows that nobody else wrote since. A write of a webhook moves
 * the mark (`webhookWritten`, features/webhooks/collections.ts), so a write whose commit moves the
 * mark from the one this process last moved or read them at finds them unchanged; any other mark,
 * and they are read again. What a write that rolls back had moved the mark to is forgotten
 * (`forgetOnRollback`): another process may take that mark next. Without a move of the mark in
 * the transaction (every calendar write makes one before its outbox), they are read.
 */
export async function activeWebhooks(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
): Promise<ActiveWebhook[]> {
  const { payload } = req
  const move = await markMoveOf(req)
  const kept = known.get(payload.db)
  if (move && kept && (kept.mark === move.from || kept.mark === move.to)) {
    kept.mark = move.to
    return kept.webhooks
  }
  const { docs } = await payload.db.find({
    collection: options.webhooks.slug,
    where: { active: { equals: true } },
    pagination: false,
    limit: 0,
    select: { events: true },
    req,
  })
  const webhooks = docs as unknown as ActiveWebhook[]
  if (!move) return webhooks
  forgetOnRollback(payload.db, forget)
  known.set(payload.db, { webhooks, mark: move.to })
  return webhooks
}

/**
 * For a write whose entries want no delivery (drafts): the webhooks this process kept, if they
 * held at the mark it moved from, hold at the one it moved to.
 */
export async function carryWebhooks(req: PayloadRequest): Promise<void> {
  const move = await markMoveOf(req)
  const kept = known.get(req.payload.db)
  if (move && kept?.mark === move.from) kept.mark = move.to
}

/** Forgets the webhooks this process kept: a webhook was written (by this process). */
export const forgetWebhooks = (payload: Payload) => forget(payload.db)
