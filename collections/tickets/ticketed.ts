import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { relatedId } from '../relations.js'

/**
 * An event's `ticketed` follows its RSVP tickets: its first ticket sets it, the removal of its last
 * one clears it (docs/tickets.md "ticketed"). An editor may still set it by hand on an event whose
 * tickets are sold elsewhere; an import keeps the source's flag. The event is written only when the
 * flag changes, through Payload in the ticket's transaction, so its change log, kept forms and
 * webhooks follow as for any event write.
 */
export function followTickets(options: ResolvedCalendarOptions): {
  afterChange: CollectionAfterChangeHook[]
  afterDelete: CollectionAfterDeleteHook[]
} {
  const afterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, req, operation }) => {
    const event = relatedId(doc.event)
    const before = operation === 'update' ? relatedId(previousDoc?.event) : undefined
    await setTicketed(req, options, event, true)
    if (before !== undefined && before !== event) await settle(req, options, before)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
    await settle(req, options, relatedId(doc.event))
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}

/** Clears the flag of an event left with no ticket. */
async function settle(req: PayloadRequest, options: ResolvedCalendarOptions, event: unknown) {
  const { totalDocs } = await req.payload.count({
    collection: options.tickets.slug,
    where: { event: { equals: event } },
    req,
    overrideAccess: true,
  })
  if (!totalDocs) await setTicketed(req, options, event, false)
}

async function setTicketed(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  event: unknown,
  ticketed: boolean,
) {
  if (event === null || event === undefined) return
  const stored = await req.payload.db.findOne<{ id: number; ticketed?: boolean | null }>({
    collection: options.slugs.events,
    where: { id: { equals: event } },
    select: { ticketed: true },
    req,
  })
  if (!stored || Boolean(stored.ticketed) === ticketed) return
  await req.payload.update({
    collection: options.slugs.events,
    id: event as number,
    data: { ticketed },
    trash: true,
    req,
    overrideAccess: true,
    depth: 0,
  })
}
