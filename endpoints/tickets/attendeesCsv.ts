import { stringify } from 'csv-stringify/sync'
import { relatedId } from '../../collections/relations.js'
import type { Where } from 'payload'
import { operation } from '../routing/operation.js'
import { requireUser } from '../permissions.js'
import type { Doc } from '../parts/common.js'
import { isManager } from './records.js'

/**
 * Managers' CSV of attendees, with Event Tickets' columns (its `Attendees::maybe_generate_csv`):
 * the ticket, the check-in, then Order ID, Order Status, Ticket ID, Ticket Holder Name, Ticket
 * Holder Email Address, Purchaser Name, Purchaser Email Address (for an RSVP the purchaser is the
 * holder). Check-in is "Yes" or empty; a cell a spreadsheet would read as a formula is written
 * after a `'`, as Event Tickets does. One event's attendees (`post_id`) or one ticket's, else all.
 */
const HEADER = [
  'Ticket',
  'Check in',
  'Order ID',
  'Order Status',
  'Ticket ID',
  'Ticket Holder Name',
  'Ticket Holder Email Address',
  'Purchaser Name',
  'Purchaser Email Address',
]

const statusOf = (attendee: Doc) =>
  attendee.waitlisted ? 'Waitlisted' : attendee.going === false ? 'Not going' : 'Going'

export const attendeesCsv = operation({
  summary: 'Managers: attendees as CSV, with Event Tickets’ columns',
  params: {
    post_id: { kind: 'integer', description: 'Only the attendees of this event.' },
    ticket_id: { kind: 'integer', description: 'Only the attendees of this ticket.' },
    bom: { kind: 'boolean', description: 'Start with a UTF-8 byte-order mark.', default: false },
  },
  authorize: (context) => requireUser(context, isManager(context)),
  responses: { 200: 'Csv' },
  handle: async (context, args) => {
    const where: Where[] = []
    if (args.post_id) where.push({ event: { equals: args.post_id } })
    if (args.ticket_id) where.push({ ticket: { equals: args.ticket_id } })
    const { docs } = await context.payload.find({
      collection: context.options.tickets.attendeesSlug,
      where: { and: where },
      sort: ['createdAt', 'id'],
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req: context.req,
    })
    const ticketIds = [...new Set((docs as Doc[]).map((doc) => relatedId(doc.ticket)))]
    const { docs: tickets } = await context.payload.find({
      collection: context.options.tickets.slug,
      where: { id: { in: ticketIds } },
      select: { name: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      locale: context.lang,
      req: context.req,
    })
    const names = new Map(
      (tickets as Doc[]).map((ticket) => [ticket.id, String(ticket.name ?? '')]),
    )
    const rows = (docs as Doc[]).map((attendee) => [
      names.get(relatedId(attendee.ticket) as number) ?? '',
      attendee.checkedIn ? 'Yes' : '',
      String(attendee.order ?? ''),
      statusOf(attendee),
      attendee.id,
      String(attendee.fullName ?? ''),
      String(attendee.email ?? ''),
      String(attendee.fullName ?? ''),
      String(attendee.email ?? ''),
    ])
    const text = stringify([HEADER, ...rows], {
      record_delimiter: 'windows',
      escape_formulas: true,
    })
    const filename = args.post_id ? `attendees-${args.post_id}.csv` : 'attendees.csv'
    return {
      status: 200,
      body: null,
      raw: (args.bom ? '\uFEFF' : '') + text,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
      },
    }
  },
})
