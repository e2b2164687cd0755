import type { PayloadRequest } from 'payload'
import { relatedId } from '../relations.js'
import { afterCommit } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { CAPACITY, lockTicket, placesLeft, placesTaken } from './capacity.js'
import { configuredApiRoot, sendAnswerEmail } from './emails.js'

/**
 * The waitlist (issue #62 item 6; Event Tickets Plus sells it): when an RSVP is full, a visitor may
 * join the line instead (`waitlisted`, taking no place). A place freed (an attendee deleted, one
 * who no longer goes, a capacity raised) goes to the first in line, under the same lock of the
 * ticket as every place taken (capacity.ts), in the transaction that freed it, and is emailed once
 * that transaction has committed (`emailMovedUp`). A ticket being deleted moves no one up.
 */

/** A request's `context` key: its writes are deleting this ticket (cascade.ts). */
export const REMOVING_TICKET = 'calendarRemovingTicket'

export type MovedUp = {
  id: number
  email: string
  order: string
  securityCode: string
  ticketName: string
}

/** Moves the first in line up to the places left of a ticket; returns who moved. */
export async function moveUpWaitlist(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  ticketId: number,
): Promise<MovedUp[]> {
  if (req.context[REMOVING_TICKET] === ticketId) return []
  await lockTicket(req, options, ticketId)
  const ticket = await req.payload.findByID({
    collection: options.tickets.slug,
    id: ticketId,
    req,
    depth: 0,
    overrideAccess: true,
    select: { capacity: true, name: true },
    disableErrors: true,
  })
  if (!ticket) return []
  const left = placesLeft(ticket.capacity, await placesTaken(req, options, ticketId))
  if (left === 0) return []
  const { docs } = await req.payload.find({
    collection: options.tickets.attendeesSlug,
    where: { and: [{ ticket: { equals: ticketId } }, { waitlisted: { equals: true } }] },
    sort: ['createdAt', 'id'],
    ...(left === null ? { pagination: false } : { limit: left }),
    depth: 0,
    overrideAccess: true,
    req,
  })
  const moved: MovedUp[] = []
  const before = req.context[CAPACITY]
  req.context[CAPACITY] = 'counted'
  try {
    for (const doc of docs as unknown as Omit<MovedUp, 'ticketName'>[]) {
      await req.payload.update({
        collection: options.tickets.attendeesSlug,
        id: doc.id,
        data: { going: true, waitlisted: false },
        depth: 0,
        overrideAccess: true,
        req,
      })
      const { id, email, order, securityCode } = doc
      moved.push({ id, email, order, securityCode, ticketName: String(ticket.name ?? '') })
    }
  } finally {
    req.context[CAPACITY] = before
  }
  return moved
}

/** Once the write has committed: one email per answer that moved up, with its places. */
export function emailMovedUp(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  moved: MovedUp[],
): void {
  if (!moved.length) return
  const byOrder = new Map<string, MovedUp[]>()
  for (const attendee of moved)
    byOrder.set(attendee.order, [...(byOrder.get(attendee.order) ?? []), attendee])
  void afterCommit(req, () => {
    for (const [order, attendees] of byOrder)
      void sendAnswerEmail(req.payload, {
        to: attendees[0].email,
        ticketName: attendees[0].ticketName,
        order,
        securityCode: attendees[0].securityCode,
        kind: 'moved-up',
        places: attendees.length,
        apiRoot: configuredApiRoot(req.payload),
      })
  })
}

type AttendeeState = { ticket?: unknown; going?: unknown; waitlisted?: unknown } | undefined

/** Whether a write freed a place: a going attendee deleted, made not going, or moved away. */
export function freesPlace(before: AttendeeState, after: AttendeeState): boolean {
  if (!before || before.going === false) return false
  if (!after) return true
  return after.going === false || relatedId(after.ticket) !== relatedId(before.ticket)
}
