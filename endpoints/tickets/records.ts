import type { Access, Where } from 'payload'
import { relatedId } from '../../collections/relations.js'
import { managesAttendees } from '../../collections/tickets/access.js'
import { TICKETS_NAMESPACE } from '../../core/defaults.js'
import type { Context } from '../context.js'
import { recordOf } from '../fields/table.js'
import type { Doc } from '../parts/common.js'
import {
  ATTENDEE_FIELDS,
  TICKET_FIELDS,
  type AttendeeView,
  type TicketCounts,
  type TicketView,
} from '../fields/tickets.js'

/**
 * Records of `cal/tickets/v1` from stored documents, a page at a time: a page of tickets costs one
 * more query (its attendees' going and check-in columns), a page of attendees one (their tickets),
 * whatever its size.
 */

/** Whether the caller sees Event Tickets' manager fields (emails, check-in, counts). */
export const isManager = (context: Context) => managesAttendees(context.user)

export const recordContext = (context: Context) => ({
  ...context,
  ticketsRoot: `${context.apiRoot}/${TICKETS_NAMESPACE}/`,
})

/** Going, not going and checked-in attendees of each ticket. */
export async function countsOf(context: Context, ticketIds: unknown[]) {
  const counts = new Map<unknown, TicketCounts>(
    ticketIds.map((id) => [id, { going: 0, notGoing: 0, checkedIn: 0 }]),
  )
  if (!ticketIds.length) return counts
  const { docs } = await context.payload.find({
    collection: context.options.tickets.attendeesSlug,
    where: { ticket: { in: ticketIds } },
    select: { ticket: true, going: true, checkedIn: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req: context.req,
  })
  for (const attendee of docs as Doc[]) {
    const count = counts.get(relatedId(attendee.ticket))
    if (!count) continue
    if (attendee.going === false) count.notGoing++
    else {
      count.going++
      if (attendee.checkedIn) count.checkedIn++
    }
  }
  return counts
}

export async function ticketRecords(context: Context, docs: Doc[]) {
  const counts = await countsOf(
    context,
    docs.map((doc) => doc.id),
  )
  const shared = { manager: isManager(context), context: recordContext(context) }
  return docs.map((doc) =>
    recordOf<TicketView>(TICKET_FIELDS, { doc, counts: counts.get(doc.id)!, ...shared }, false),
  )
}

export async function attendeeRecords(context: Context, docs: Doc[], own = false) {
  const ids = [...new Set(docs.map((doc) => relatedId(doc.ticket)))]
  const { docs: tickets } = ids.length
    ? await context.payload.find({
        collection: context.options.tickets.slug,
        where: { id: { in: ids } },
        pagination: false,
        depth: 0,
        overrideAccess: true,
        locale: context.lang,
        req: context.req,
      })
    : { docs: [] }
  const byId = new Map((tickets as Doc[]).map((ticket) => [ticket.id, ticket]))
  const shared = { manager: isManager(context), own, context: recordContext(context) }
  return docs.map((doc) =>
    recordOf<AttendeeView>(
      ATTENDEE_FIELDS,
      { doc, ticket: byId.get(relatedId(doc.ticket) as number) ?? null, ...shared },
      false,
    ),
  )
}

/** A `where` of events, about the `event` a ticket or attendee belongs to. */
function aboutEvent(where: Where): Where {
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    out[key === 'and' || key === 'or' ? key : `event.${key}`] =
      key === 'and' || key === 'or' ? (value as Where[]).map(aboutEvent) : value
  }
  return out
}

/**
 * The tickets or attendees of events the caller may read, as the events' own `read` access decides
 * (published ones for visitors; docs/tickets.md "Rights"); null when every event is readable.
 */
export async function ofReadableEvents(context: Context): Promise<Where | null> {
  const access = context.payload.collections[context.options.slugs.events].config.access
    .read as Access
  const granted = (await access({ req: context.req })) as boolean | Where
  if (granted === true) return null
  if (granted === false) return { id: { exists: false } }
  return aboutEvent(granted)
}
