import type {
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  PayloadRequest,
} from 'payload'
import { Forbidden } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { relatedId } from '../relations.js'
import { managesAttendees } from './access.js'
import { REMOVING_TICKET } from './waitlist.js'

/**
 * What goes with what: a ticket deleted takes its attendees, an event deleted for good takes its
 * tickets (and so their attendees), in the same transaction. An event moved to the trash keeps
 * them: restored, it has its tickets and attendees back.
 */
export function removingAttendees(options: ResolvedCalendarOptions): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    req.context[REMOVING_TICKET] = id
    await req.payload.delete({
      collection: options.tickets.attendeesSlug,
      where: { ticket: { equals: id } },
      overrideAccess: true,
      req,
    })
  }
}

/** Before an event's delete: its tickets (and so their attendees) go first. */
export function removingTickets(options: ResolvedCalendarOptions): CollectionBeforeDeleteHook {
  const removeTickets: CollectionBeforeDeleteHook = async ({ id, req }) => {
    await removeTicketsOf(req, options, [id])
  }
  return removeTickets
}

/**
 * The tickets (and so the attendees) of these events, deleted in the request's transaction: an
 * event's, and the dates' a series removes (collections/series/generate.ts removeDates), whose
 * rows go without hooks. A ticket's event is required: a date deleted under its ticket would fail.
 */
export async function removeTicketsOf(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  events: (number | string)[],
) {
  if (!options.tickets.enabled || !events.length) return
  await req.payload.delete({
    collection: options.tickets.slug,
    where: { event: { in: events } },
    overrideAccess: true,
    req,
  })
}

/**
 * Below editors, a ticket goes only on one's own event: the collection's `create` access cannot
 * see the event the data names, so this hook looks (the admin, Payload's REST and the v1 routes
 * alike).
 */
export function onOwnEvents(options: ResolvedCalendarOptions): CollectionBeforeChangeHook {
  return async ({ data, originalDoc, req }) => {
    if (!req.user || managesAttendees(req.user)) return data
    const event = relatedId(data.event ?? originalDoc?.event)
    const stored = await req.payload.db.findOne<{ id: number; author?: unknown }>({
      collection: options.slugs.events,
      where: { id: { equals: event } },
      select: { author: true },
      req,
    })
    if (!stored || String(relatedId(stored.author)) !== String(req.user.id))
      throw new Forbidden(req.t)
    return data
  }
}
