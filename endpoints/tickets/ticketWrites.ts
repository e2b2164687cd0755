import { can } from '../../collections/access.js'
import { parseDate } from '../../core/lib/dates.js'
import type { Context } from '../context.js'
import { invalidParams } from '../errors.js'
import { operation } from '../routing/operation.js'
import type { Params } from '../params.js'
import { requireUser } from '../permissions.js'
import type { Doc } from '../parts/common.js'
import { inTransaction } from '../transaction.js'
import { findTicket, TICKET_ID, TICKET_REFUSALS } from './reads.js'
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
    return ticketWritten(context, (as) =>
      context.payload.create({ ...as, data: { ...data, event: args.post_id } }),
    )
  },
})

export const updateTicket = operation({
  summary: 'Changes an RSVP ticket',
  params: { id: TICKET_ID, ...ticketParams },
  body: true,
  authorize: mayWriteTickets,
  responses: {
    202: 'Ticket',
    400: { errors: ['rest_invalid_param'] },
    ...TICKET_REFUSALS,
  },
  handle: async (context, args) => {
    await findTicket(context, args.id)
    const data = ticketData(context, args)
    return ticketWritten(context, (as) => context.payload.update({ ...as, id: args.id, data }))
  },
})

/** What a ticket's write through Payload's Local API passes: the caller's rights and language. */
const writeArgs = (context: Context) =>
  ({
    collection: context.options.tickets.slug,
    locale: context.lang,
    depth: 0,
    overrideAccess: false,
    user: context.user,
    req: context.req,
  }) as const

/** A ticket created or changed, answered with its record (202, as Event Tickets answers). */
async function ticketWritten(
  context: Context,
  write: (as: ReturnType<typeof writeArgs>) => Promise<unknown>,
) {
  const written = await inTransaction(context, () => write(writeArgs(context)), 'creates', [])
  return { status: 202, body: (await ticketRecords(context, [written as Doc]))[0] }
}

export const deleteTicket = operation({
  summary: 'Removes an RSVP ticket and its attendees',
  params: { id: TICKET_ID },
  authorize: mayWriteTickets,
  responses: { 200: 'Ticket', ...TICKET_REFUSALS },
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
