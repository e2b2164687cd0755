import { APIError } from 'payload'
import { managesAttendees } from '../../collections/tickets/access.js'
import { TicketFull } from '../../collections/tickets/capacity.js'
import { recordKey } from '../../core/database/index.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { operation } from '../routing/operation.js'
import { requireUser } from '../permissions.js'
import type { Doc } from '../parts/common.js'
import { inTransaction } from '../transaction.js'
import { alreadyCheckedIn, notEnoughPlaces } from './errors.js'
import { findAttendee, findTicket } from './reads.js'
import { attendeeRecords } from './records.js'
import { requirePlaces, withCapacityMark } from './rsvp.js'

/**
 * Managers' attendee writes, as Event Tickets' `POST /attendees` and `PUT /attendees/{id}`
 * (check-in and its undo). Unlike Event Tickets, a manager's attendee counts against the capacity
 * too: past it, 409 as for a visitor, unless the request says `override_capacity`.
 */

const managers = (context: Context) => requireUser(context, managesAttendees(context.user))

const STATUSES = ['yes', 'no', 'going', 'not-going'] as const

export const createAttendee = operation({
  summary: 'A manager adds an attendee',
  params: {
    ticket_id: { kind: 'integer', description: 'The RSVP ticket.', required: true },
    full_name: { kind: 'text', description: 'Their name.', required: true },
    email: { kind: 'text', description: 'Their email.', required: true },
    attendee_status: {
      kind: 'string',
      description: 'yes (going) or no (not going).',
      enum: STATUSES,
      default: 'yes',
    },
    check_in: { kind: 'boolean', description: 'Checked in already.', default: false },
    optout: { kind: 'boolean', description: 'Hidden from the public list.', default: false },
    override_capacity: {
      kind: 'boolean',
      description: 'Add the attendee even when the ticket is full (ours).',
      default: false,
    },
  },
  body: true,
  authorize: managers,
  responses: {
    201: 'Attendee',
    400: { errors: ['rest_invalid_param'] },
    404: { errors: ['ticket-not-found'] },
    409: { errors: ['rsvp-invalid-stock-request'] },
  },
  handle: async (context, args) => {
    const ticket = await findTicket(context, args.ticket_id as number)
    const going = args.attendee_status === 'yes' || args.attendee_status === 'going'
    const created = await inTransaction(
      context,
      async () => {
        if (going && !args.override_capacity) await requirePlaces(context, ticket, 1)
        return withCapacityMark(context.req, args.override_capacity ? 'override' : 'counted', () =>
          context.payload.create({
            collection: context.options.tickets.attendeesSlug,
            data: {
              ticket: ticket.id,
              fullName: args.full_name,
              email: args.email,
              going,
              optout: Boolean(args.optout),
              checkedIn: Boolean(args.check_in),
              ...(args.check_in ? { checkinSource: 'rest-api' } : {}),
              source: 'rest-api',
            },
            depth: 0,
            overrideAccess: false,
            user: context.user,
            req: context.req,
          }),
        )
      },
      'creates',
      [recordKey(context.options.tickets.slug, ticket.id)],
    ).catch(capacityAnswer)
    return { status: 201, body: (await attendeeRecords(context, [created as Doc]))[0] }
  },
})

/** The collection's own capacity check, answered as the routes' own. */
function capacityAnswer(error: unknown): never {
  if (error instanceof TicketFull) throw notEnoughPlaces(error.available, error.requested)
  if (error instanceof APIError && error.status === 409)
    throw new ApiError(409, 'rsvp-invalid-stock-request', error.message)
  throw error
}

export const checkInAttendee = operation({
  summary: 'A manager checks an attendee in (check_in: true) or undoes it (false)',
  params: {
    id: { kind: 'integer', description: 'Attendee id.', required: true },
    check_in: { kind: 'boolean', description: 'Check in (true) or undo (false).', required: true },
  },
  body: true,
  authorize: managers,
  responses: {
    201: 'Attendee',
    400: { errors: ['tec-et-attendee-already-checked-in'] },
    404: { errors: ['attendee-not-found'] },
  },
  handle: async (context, args) => {
    const attendee = await findAttendee(context, args.id)
    if (args.check_in && attendee.checkedIn) throw alreadyCheckedIn()
    const updated = await inTransaction(
      context,
      () =>
        context.payload.update({
          collection: context.options.tickets.attendeesSlug,
          id: attendee.id,
          data: { checkedIn: args.check_in, checkinSource: args.check_in ? 'rest-api' : null },
          depth: 0,
          overrideAccess: false,
          user: context.user,
          req: context.req,
        }),
      'creates',
      [],
    )
    return { status: 201, body: (await attendeeRecords(context, [updated as Doc]))[0] }
  },
})
