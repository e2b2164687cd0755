import { can } from '../../collections/access.js'
import { parseDate } from '../../core/lib/dates.js'
import type { Context } from '../context.js'
import { invalidParams } from '../errors.js'
import { operation } from '../routing/operation.js'
import type { Params } from '../params.js'
import { requireUser } from '../permissions.js'
import type { Doc } from '../parts/common.js'
import { inTransaction } from '../transaction.js'
import { findTicket } from './reads.js'
import { ticketRecords } from './records.js'

/**
 * Editors' ticket writes, as Event Tickets' `POST /tickets` and `PUT`/`DELETE /tickets/{id}`, by
 * our rights instead of WordPress nonces: whoever may write the event may write its tickets
 * (collections/tickets/access.ts). Event Tickets answers 202 with the ticket.
 */

const mayWriteTickets = (context: Context) => requireUser(context, can.editPosts(context.user))

const ticketParams = {
  name: { kind: 'text', description: 'The ticket’s name.' },
  description: { kind: 'string', description: 'Its description.' },
  show_description: {
    kind: 'truthy',
    description: 'Show the description (yes, true, 1).',
  },
  capacity: {
    kind: 'any',
    description: 'Places: a whole number from 0; -1 or "" for unlimited.',
    check: (value) =>
      value === '' || value === -1 || value === '-1' || /^\d{1,9}$/.test(String(value))
        ? undefined
        : 'capacity: a whole number from 0, or -1 for unlimited.',
  },
  start_date: { kind: 'string', description: 'When RSVP opens (a date), site time.' },
  start_time: { kind: 'string', description: 'Its time of day, HH:MM[:SS].' },
  end_date: { kind: 'string', description: 'When RSVP closes (a date), site time.' },
  end_time: { kind: 'string', description: 'Its time of day, HH:MM[:SS].' },
  show_not_going: { kind: 'boolean', description: 'Offer “not going” (ours).' },
} satisfies Params

type TicketArgs = { [K in keyof typeof ticketParams]?: unknown }

/** The stored fields of a ticket's arguments; 400 naming what is not a date. */
function ticketData(context: Context, args: TicketArgs): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  if (args.name !== undefined) data.name = args.name
  if (args.description !== undefined) data.description = args.description
  if (args.show_description !== undefined) data.showDescription = args.show_description
  if (args.show_not_going !== undefined) data.showNotGoing = args.show_not_going
  if (args.capacity !== undefined) {
    const capacity = Number(args.capacity)
    data.capacity = args.capacity === '' || capacity < 0 ? null : capacity
  }
  const reasons: Record<string, string> = {}
  for (const [edge, field] of [
    ['start', 'availableFrom'],
    ['end', 'availableUntil'],
  ] as const) {
    const day = args[`${edge}_date`]
    if (day === undefined) continue
    if (day === '') {
      data[field] = null
      continue
    }
    const time = args[`${edge}_time`] ?? (edge === 'start' ? '00:00:00' : '23:59:59')
    const parsed = parseDate(
      `${String(day)} ${String(time)}`,
      context.options.siteTimezone,
      context.now,
    )
    if (parsed) data[field] = parsed.toUTC().toISO()
    else reasons[`${edge}_date`] = `${edge}_date: not a date.`
  }
  if (Object.keys(reasons).length) throw invalidParams(reasons)
  return data
}

export const createTicket = operation({
  summary: 'Adds an RSVP ticket to an event',
  params: {
    post_id: {
      kind: 'integer',
      description: 'The event.',
      required: true,
      check: async (id, context) => {
        const { totalDocs } = await context.payload.count({
          collection: context.options.slugs.events,
          where: { id: { equals: id } },
          overrideAccess: true,
          trash: true,
          req: context.req,
        })
        return totalDocs ? undefined : `post_id: no event with id ${String(id)}.`
      },
    },
    provider: {
      kind: 'string',
      description: 'rsvp: the one provider here.',
      enum: ['rsvp'],
      required: true,
    },
    ...ticketParams,
    name: { ...ticketParams.name, required: true },
  },
  body: true,
  authorize: mayWriteTickets,
  responses: { 202: 'Ticket', 400: { errors: ['rest_invalid_param'] } },
  handle: async (context, args) => {
    const data = ticketData(context, args)
    const created = await inTransaction(
      context,
      () =>
        context.payload.create({
          collection: context.options.tickets.slug,
          data: { ...data, event: args.post_id },
          locale: context.lang,
          depth: 0,
          overrideAccess: false,
          user: context.user,
          req: context.req,
        }),
      'creates',
      [],
    )
    return { status: 202, body: (await ticketRecords(context, [created as Doc]))[0] }
  },
})

export const updateTicket = operation({
  summary: 'Changes an RSVP ticket',
  params: { id: { kind: 'integer', description: 'Ticket id.', required: true }, ...ticketParams },
  body: true,
  authorize: mayWriteTickets,
  responses: {
    202: 'Ticket',
    400: { errors: ['rest_invalid_param'] },
    401: { errors: ['ticket-not-accessible'] },
    404: { errors: ['ticket-not-found'] },
  },
  handle: async (context, args) => {
    await findTicket(context, args.id)
    const data = ticketData(context, args)
    const updated = await inTransaction(
      context,
      () =>
        context.payload.update({
          collection: context.options.tickets.slug,
          id: args.id,
          data,
          locale: context.lang,
          depth: 0,
          overrideAccess: false,
          user: context.user,
          req: context.req,
        }),
      'creates',
      [],
    )
    return { status: 202, body: (await ticketRecords(context, [updated as Doc]))[0] }
  },
})

export const deleteTicket = operation({
  summary: 'Removes an RSVP ticket and its attendees',
  params: { id: { kind: 'integer', description: 'Ticket id.', required: true } },
  authorize: mayWriteTickets,
  responses: {
    200: 'Ticket',
    401: { errors: ['ticket-not-accessible'] },
    404: { errors: ['ticket-not-found'] },
  },
  handle: async (context, args) => {
    const ticket = await findTicket(context, args.id)
    const [record] = await ticketRecords(context, [ticket])
    await inTransaction(
      context,
      () =>
        context.payload.delete({
          collection: context.options.tickets.slug,
          id: args.id,
          overrideAccess: false,
          user: context.user,
          req: context.req,
        }),
      'creates',
      [],
    )
    return { status: 200, body: record }
  },
})
