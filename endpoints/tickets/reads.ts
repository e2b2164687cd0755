import type { Where } from 'payload'
import { relatedId } from '../../collections/relations.js'
import { mayRead } from '../../collections/access.js'
import { apiLink, type Context } from '../context.js'
import { forbidden } from '../errors.js'
import { operation } from '../routing/operation.js'
import type { Params, ParamSpec } from '../params.js'
import { totalPagesOf } from '../paging.js'
import type { Doc } from '../parts/common.js'
import {
  attendeeNotAccessible,
  attendeeNotFound,
  invalidPageNumber,
  ticketNotAccessible,
  ticketNotFound,
} from './errors.js'
import {
  attendeeRecords,
  isManager,
  ofReadableEvents,
  recordContext,
  ticketRecords,
} from './records.js'

/**
 * The reads of `cal/tickets/v1`: Event Tickets' `GET /tickets`, `/tickets/{id}`, `/attendees`,
 * `/attendees/{id}` (docs/tickets.md). Visitors see the tickets of events they may read, and of
 * attendees only the going ones who did not opt out, on published events without a password.
 */

/** Event Tickets takes pages of up to 100. */
const MAX_TICKETS_PER_PAGE = 100

const paging = {
  page: { kind: 'integer', description: 'The page, from 1.', default: 1 },
  per_page: {
    kind: 'integer',
    description: `Records per page, 1 to ${MAX_TICKETS_PER_PAGE}; default: the site's.`,
    check: (value) =>
      (value as number) > MAX_TICKETS_PER_PAGE
        ? `per_page: at most ${MAX_TICKETS_PER_PAGE}.`
        : undefined,
  },
  order: { kind: 'string', description: 'Sort order.', enum: ['asc', 'desc', 'ASC', 'DESC'] },
  include: { kind: 'idList', description: 'Only these ids.' },
  exclude: { kind: 'idList', description: 'Not these ids.' },
} satisfies Params

type PageArgs = {
  page?: number
  per_page?: number
  order?: string
  include?: number[]
  exclude?: number[]
}

/** One page of a collection under `where`, answered as Event Tickets' archives are. */
async function archive(
  context: Context,
  key: 'tickets' | 'attendees',
  args: PageArgs & Record<string, unknown>,
  where: Where[],
  sortField: string,
) {
  const slug =
    key === 'tickets' ? context.options.tickets.slug : context.options.tickets.attendeesSlug
  if (args.include) where.push({ id: { in: args.include } })
  if (args.exclude) where.push({ id: { not_in: args.exclude } })
  const perPage = args.per_page ?? context.options.perPage
  const page = args.page ?? 1
  const direction = String(args.order ?? 'desc').toLowerCase() === 'asc' ? '' : '-'
  const found = await context.payload.find({
    collection: slug,
    where: { and: where },
    sort: [`${direction}${sortField}`, `${direction}id`],
    limit: perPage,
    page,
    depth: 0,
    overrideAccess: true,
    locale: context.lang,
    req: context.req,
  })
  const totalPages = totalPagesOf(found.totalDocs, perPage)
  if (page > 1 && page > totalPages) throw invalidPageNumber()
  const docs = found.docs as Doc[]
  const records =
    key === 'tickets' ? await ticketRecords(context, docs) : await attendeeRecords(context, docs)
  const query = new URLSearchParams(context.req.url ? new URL(context.req.url).search : '')
  const root = { root: recordContext(context).ticketsRoot, linkLanguage: context.linkLanguage }
  return {
    status: 200,
    body: {
      rest_url: apiLink(root, key, query),
      total: found.totalDocs,
      total_pages: totalPages,
      [key]: records,
    },
    headers: { 'X-ET-TOTAL': String(found.totalDocs), 'X-ET-TOTAL-PAGES': String(totalPages) },
  }
}

const postIds = (description: string): ParamSpec => ({ kind: 'idList', description })

export const listTickets = operation({
  summary: 'RSVP tickets, of the events the caller may read',
  params: {
    ...paging,
    orderby: {
      kind: 'string',
      description: 'Sort by.',
      enum: ['id', 'title', 'date'],
      default: 'date',
    },
    include_post: postIds('Only the tickets of these events.'),
    exclude_post: postIds('Not the tickets of these events.'),
    search: { kind: 'string', description: 'Tickets whose name holds this text.' },
  },
  responses: { 200: 'TicketArchive', 400: { errors: ['invalid-page-number'] } },
  handle: async (context, args) => {
    const where: Where[] = []
    const readable = await ofReadableEvents(context)
    if (readable) where.push(readable)
    if (args.include_post) where.push({ event: { in: args.include_post } })
    if (args.exclude_post) where.push({ event: { not_in: args.exclude_post } })
    if (args.search) where.push({ name: { like: args.search } })
    const sort =
      { id: 'id', title: 'name', date: 'createdAt' }[args.orderby as string] ?? 'createdAt'
    return archive(context, 'tickets', args, where, sort)
  },
})

/** A ticket named by the id in its path, and why it may not be answered (Event Tickets' codes). */
export const TICKET_ID = { kind: 'integer', description: 'Ticket id.', required: true } as const
export const TICKET_REFUSALS = {
  401: { errors: ['ticket-not-accessible'] },
  404: { errors: ['ticket-not-found'] },
}

/** A ticket by id: anyone may read it whose event they may read (Event Tickets' 401 otherwise). */
export const readTicket = operation({
  summary: 'One RSVP ticket',
  params: { id: TICKET_ID },
  responses: { 200: 'Ticket', ...TICKET_REFUSALS },
  handle: async (context, args) => {
    const ticket = await findTicket(context, args.id)
    return { status: 200, body: (await ticketRecords(context, [ticket]))[0] }
  },
})

/** The ticket of `id` whose event the caller may read; 404 or 401 as Event Tickets answers. */
export async function findTicket(context: Context, id: number): Promise<Doc> {
  return (await findTicketAndEvent(context, id)).ticket
}

/** `findTicket`, with the event it read to decide (for the RSVP's own checks). */
export async function findTicketAndEvent(
  context: Context,
  id: number,
): Promise<{ ticket: Doc; event: Doc }> {
  const ticket = (await context.payload.findByID({
    collection: context.options.tickets.slug,
    id,
    depth: 0,
    overrideAccess: true,
    locale: context.lang,
    req: context.req,
    disableErrors: true,
  })) as Doc | null
  if (!ticket) throw ticketNotFound()
  const event = await eventOf(context, relatedId(ticket.event))
  if (!event || !mayRead(event, context.user, context.now)) throw ticketNotAccessible()
  return { ticket, event }
}

/** What decides who may read an event and RSVP to it, past access. */
export async function eventOf(context: Context, id: unknown): Promise<Doc | null> {
  if (id === null || id === undefined) return null
  const { docs } = await context.payload.find({
    collection: context.options.slugs.events,
    where: { id: { equals: id } },
    select: { status: true, publishedAt: true, author: true, hasPassword: true, deletedAt: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    trash: true,
    req: context.req,
  })
  const event = docs[0] as Doc | undefined
  return event && !event.deletedAt ? event : null
}

/** Visitors see the going attendees who did not opt out, of readable events without a password. */
async function publicAttendees(context: Context): Promise<Where[]> {
  const readable = await ofReadableEvents(context)
  return [
    { going: { equals: true } },
    { optout: { not_equals: true } },
    { 'event.hasPassword': { not_equals: true } },
    ...(readable ? [readable] : []),
  ]
}

export const listAttendees = operation({
  summary: 'Attendees: all of them for managers, the public list for others',
  params: {
    ...paging,
    orderby: {
      kind: 'string',
      description: 'Sort by.',
      enum: ['id', 'date', 'title'],
      default: 'date',
    },
    post_id: { kind: 'integer', description: 'Only the attendees of this event.' },
    ticket_id: { kind: 'integer', description: 'Only the attendees of this ticket.' },
    include_post: postIds('Only the attendees of these events.'),
    exclude_post: postIds('Not the attendees of these events.'),
    checkedin: { kind: 'boolean', description: 'Managers: checked in (true) or not (false).' },
    rsvp_going_status: {
      kind: 'list',
      description: 'Managers: yes (going), no (not going), or both.',
    },
    name: { kind: 'string', description: 'Attendees whose name holds this text.' },
    email: { kind: 'string', description: 'Managers: attendees whose email holds this text.' },
    search: { kind: 'string', description: 'Managers: name or email holds this text.' },
  },
  responses: {
    200: 'AttendeeArchive',
    400: { errors: ['invalid-page-number', 'rest_invalid_param'] },
    401: { errors: ['rest_forbidden'] },
    403: { errors: ['rest_forbidden'] },
  },
  handle: async (context, args) => {
    const manager = isManager(context)
    const managersOnly = (['checkedin', 'rsvp_going_status', 'email', 'search'] as const).filter(
      (name) => args[name] !== undefined,
    )
    if (!manager && managersOnly.length) throw forbidden(Boolean(context.user))
    const where: Where[] = manager ? [] : await publicAttendees(context)
    if (args.post_id) where.push({ event: { equals: args.post_id } })
    if (args.ticket_id) where.push({ ticket: { equals: args.ticket_id } })
    if (args.include_post) where.push({ event: { in: args.include_post } })
    if (args.exclude_post) where.push({ event: { not_in: args.exclude_post } })
    if (args.checkedin !== undefined) where.push({ checkedIn: { equals: args.checkedin } })
    const going = (args.rsvp_going_status as string[] | undefined)?.map(String)
    if (going && !(going.includes('yes') && going.includes('no')))
      where.push({ going: { equals: going.includes('yes') } })
    if (args.name) where.push({ fullName: { like: args.name } })
    if (args.email) where.push({ email: { like: args.email } })
    if (args.search)
      where.push({ or: [{ fullName: { like: args.search } }, { email: { like: args.search } }] })
    const sort =
      { id: 'id', title: 'fullName', date: 'createdAt' }[args.orderby as string] ?? 'createdAt'
    return archive(context, 'attendees', args, where, sort)
  },
})

export const readAttendee = operation({
  summary: 'One attendee: managers see every one, others the public ones',
  params: { id: { kind: 'integer', description: 'Attendee id.', required: true } },
  responses: {
    200: 'Attendee',
    401: { errors: ['attendee-not-accessible'] },
    404: { errors: ['attendee-not-found'] },
  },
  handle: async (context, args) => {
    const attendee = await findAttendee(context, args.id)
    if (!isManager(context)) {
      const { totalDocs } = await context.payload.count({
        collection: context.options.tickets.attendeesSlug,
        where: { and: [{ id: { equals: args.id } }, ...(await publicAttendees(context))] },
        overrideAccess: true,
        req: context.req,
      })
      if (!totalDocs) throw attendeeNotAccessible()
    }
    return { status: 200, body: (await attendeeRecords(context, [attendee]))[0] }
  },
})

/** The attendee of `id`, whoever may see it (the caller decides); 404 when there is none. */
export async function findAttendee(context: Context, id: number): Promise<Doc> {
  const attendee = (await context.payload.findByID({
    collection: context.options.tickets.attendeesSlug,
    id,
    depth: 0,
    overrideAccess: true,
    req: context.req,
    disableErrors: true,
  })) as Doc | null
  if (!attendee) throw attendeeNotFound()
  return attendee
}
