import { timingSafeEqual } from 'node:crypto'
import type { PayloadRequest } from 'payload'
import { newOrder, newSecurityCode } from '../../collections/tickets/collections.js'
import { sendAnswerEmail } from '../../collections/tickets/emails.js'
import {
  CAPACITY,
  lockTicket,
  placesLeft,
  placesTaken,
  type CapacityMark,
} from '../../collections/tickets/capacity.js'
import { recordKey } from '../../core/database/index.js'
import type { Context } from '../context.js'
import { operation } from '../routing/operation.js'
import type { Params } from '../params.js'
import type { Doc } from '../parts/common.js'
import { inTransaction } from '../transaction.js'
import {
  answerNotFound,
  eventProtected,
  notEnoughPlaces,
  notGoingNotOffered,
  notOnSale,
} from './errors.js'
import { findTicket, findTicketAndEvent } from './reads.js'
import { attendeeRecords } from './records.js'

/**
 * A visitor's RSVP over REST (issue #62; Event Tickets takes it through admin-ajax only): the
 * places are counted and the attendees written under the ticket's lock, in one transaction, so an
 * RSVP never takes a place that another took meanwhile, on any node (collections/tickets/
 * capacity.ts). The visitor gets an email with the security code, and changes or cancels the
 * answer with it (`/rsvp/{order}`).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const contact = {
  full_name: {
    kind: 'text',
    description: 'The name of who comes.',
    required: true,
    check: (value) =>
      (value as string).length > 200 ? 'full_name: at most 200 characters.' : undefined,
  },
  email: {
    kind: 'text',
    description: 'Where the confirmation and its security code go.',
    required: true,
    check: (value) =>
      EMAIL.test(value as string) && (value as string).length <= 254
        ? undefined
        : 'email: not a valid email address.',
  },
} satisfies Params

/** Runs `work` with the attendee writes' capacity marked (counted here, or overridden). */
export async function withCapacityMark<T>(
  req: PayloadRequest,
  mark: CapacityMark,
  work: () => Promise<T>,
) {
  const before = req.context[CAPACITY]
  req.context[CAPACITY] = mark
  try {
    return await work()
  } finally {
    req.context[CAPACITY] = before
  }
}

/**
 * Whether `requested` places fit, counted under the ticket's lock; when they do not, 409 with what
 * is left, or false when the caller would rather wait in line.
 */
async function placesFit(context: Context, ticket: Doc, requested: number, orWait: boolean) {
  await lockTicket(context.req, context.options, ticket.id)
  const taken = await placesTaken(context.req, context.options, ticket.id)
  const left = placesLeft(ticket.capacity, taken)
  if (left === null || left >= requested) return true
  if (orWait) return false
  throw notEnoughPlaces(left, requested)
}

/** 409 with what is left when `requested` places do not fit (counted under the ticket's lock). */
export async function requirePlaces(context: Context, ticket: Doc, requested: number) {
  await placesFit(context, ticket, requested, false)
}

/** The RSVP's own checks: an event without a password, inside the ticket's window. */
function requireOpen(context: Context, ticket: Doc, event: Doc) {
  if (event.hasPassword) throw eventProtected()
  const now = context.now.getTime()
  const from = ticket.availableFrom ? new Date(ticket.availableFrom).getTime() : -Infinity
  const until = ticket.availableUntil ? new Date(ticket.availableUntil).getTime() : Infinity
  if (now < from || now > until)
    throw notOnSale(ticket.availableFrom ?? '', ticket.availableUntil ?? '')
}

export const createRsvp = operation({
  summary: 'A visitor’s RSVP: going (taking places) or not going',
  params: {
    ticket_id: { kind: 'integer', description: 'The RSVP ticket.', required: true },
    ...contact,
    quantity: { kind: 'integer', description: 'Places, when going.', default: 1 },
    going: { kind: 'boolean', description: 'Going (true) or not going (false).', default: true },
    optout: { kind: 'boolean', description: 'Hide the name from the public list.', default: false },
    waitlist: {
      kind: 'boolean',
      description: 'When the places do not fit, join the waitlist instead of a 409 (ours).',
      default: false,
    },
  },
  body: true,
  responses: {
    201: 'RsvpAnswer',
    401: { errors: ['ticket-not-accessible'] },
    403: { errors: ['rsvp-event-protected'] },
    404: { errors: ['ticket-not-found'] },
    409: { errors: ['rsvp-invalid-stock-request', 'rsvp-not-open'] },
    400: { errors: ['rsvp-not-going-not-offered'] },
  },
  handle: async (context, args) => {
    const max = context.options.tickets.maxQuantity
    if ((args.quantity as number) > max) throw notEnoughPlaces(max, args.quantity as number)
    const going = args.going !== false
    const quantity = going ? (args.quantity as number) : 1
    const { ticket, event } = await findTicketAndEvent(context, args.ticket_id as number)
    requireOpen(context, ticket, event)
    if (!going && !ticket.showNotGoing) throw notGoingNotOffered()
    const order = newOrder()
    const securityCode = newSecurityCode()
    const key = recordKey(context.options.tickets.slug, ticket.id)
    const { created, waitlisted } = await inTransaction(
      context,
      async () => {
        // Full: the visitor joins the waitlist when they asked to, else 409 with what is left.
        const inLine =
          going && !(await placesFit(context, ticket, quantity, Boolean(args.waitlist)))
        const docs = await withCapacityMark(context.req, 'counted', async () => {
          const made: Doc[] = []
          for (let i = 0; i < quantity; i++)
            made.push(
              (await context.payload.create({
                collection: context.options.tickets.attendeesSlug,
                data: {
                  ticket: ticket.id,
                  fullName: args.full_name,
                  email: args.email,
                  going: going && !inLine,
                  waitlisted: inLine,
                  optout: Boolean(args.optout),
                  order,
                  securityCode,
                  source: 'rsvp',
                },
                depth: 0,
                overrideAccess: true,
                req: context.req,
              })) as Doc,
            )
          return made
        })
        return { created: docs, waitlisted: inLine }
      },
      'creates',
      [key],
    )
    await sendAnswerEmail(context.payload, {
      to: args.email as string,
      ticketName: String(ticket.name ?? ''),
      order,
      securityCode,
      kind: waitlisted ? 'waitlisted' : going ? 'going' : 'not-going',
      places: quantity,
      apiRoot: context.apiRoot,
    })
    return {
      status: 201,
      body: {
        order,
        going: going && !waitlisted,
        waitlisted,
        attendees: await attendeeRecords(context, created, true),
      },
    }
  },
})

/** The attendees of an answer, when the security code is one of theirs; 404 otherwise. */
async function answerOf(context: Context, order: string, code: unknown): Promise<Doc[]> {
  const { docs } = await context.payload.find({
    collection: context.options.tickets.attendeesSlug,
    where: { order: { equals: order } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req: context.req,
  })
  const given = Buffer.from(String(code))
  const matches = (docs as Doc[]).some((doc) => {
    const stored = Buffer.from(String(doc.securityCode ?? ''))
    return stored.length === given.length && timingSafeEqual(stored, given)
  })
  if (!matches) throw answerNotFound()
  return docs as Doc[]
}

const answerParams = {
  order: { kind: 'text', description: 'The answer, as the email names it.', required: true },
  security_code: { kind: 'text', description: 'The security code the email gave.', required: true },
} satisfies Params

const answerBody = async (context: Context, order: string, docs: Doc[]) => ({
  order,
  going: docs.some((doc) => doc.going !== false),
  waitlisted: docs.some((doc) => Boolean(doc.waitlisted)),
  attendees: await attendeeRecords(context, docs, true),
})

export const readRsvp = operation({
  summary: 'A visitor’s answer, with the security code from its email',
  params: answerParams,
  responses: { 200: 'RsvpAnswer', 404: { errors: ['rsvp-not-found'] } },
  handle: async (context, args) => {
    const docs = await answerOf(context, args.order, args.security_code)
    return { status: 200, body: await answerBody(context, args.order, docs) }
  },
})

export const changeRsvp = operation({
  summary: 'A visitor changes their answer: going or not going',
  params: {
    ...answerParams,
    going: { kind: 'boolean', description: 'Going (true) or not going (false).', required: true },
  },
  body: true,
  responses: {
    200: 'RsvpAnswer',
    404: { errors: ['rsvp-not-found'] },
    409: { errors: ['rsvp-invalid-stock-request'] },
  },
  handle: async (context, args) => {
    const docs = await answerOf(context, args.order, args.security_code)
    const ticketId = docs[0].ticket as number
    const changing = docs.filter(
      (doc) => (doc.going !== false) !== args.going || (args.going && doc.waitlisted),
    )
    const changed = await inTransaction(
      context,
      async () => {
        if (args.going && changing.length) {
          const ticket = await findTicket(context, ticketId)
          await requirePlaces(context, ticket, changing.length)
        }
        return withCapacityMark(context.req, 'counted', async () => {
          const byId = new Map(docs.map((doc) => [doc.id, doc]))
          for (const doc of changing)
            byId.set(
              doc.id,
              (await context.payload.update({
                collection: context.options.tickets.attendeesSlug,
                id: doc.id,
                data: { going: args.going, waitlisted: false },
                depth: 0,
                overrideAccess: true,
                req: context.req,
              })) as Doc,
            )
          return [...byId.values()]
        })
      },
      'creates',
      [recordKey(context.options.tickets.slug, ticketId)],
    )
    return { status: 200, body: await answerBody(context, args.order, changed) }
  },
})

export const cancelRsvp = operation({
  summary: 'A visitor cancels their answer: its places are free again',
  params: answerParams,
  responses: { 200: 'RsvpAnswer', 404: { errors: ['rsvp-not-found'] } },
  handle: async (context, args) => {
    const docs = await answerOf(context, args.order, args.security_code)
    await inTransaction(
      context,
      () =>
        context.payload.delete({
          collection: context.options.tickets.attendeesSlug,
          where: { order: { equals: args.order } },
          overrideAccess: true,
          req: context.req,
        }),
      'creates',
      [recordKey(context.options.tickets.slug, docs[0].ticket as number)],
    )
    return {
      status: 200,
      body: { order: args.order, going: false, waitlisted: false, attendees: [] },
    }
  },
})
