import { APIError, type PayloadRequest } from 'payload'
import { lockKey, recordKey } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { message } from '../../core/translations/index.js'
import { relatedId } from '../relations.js'

/**
 * Capacity that never oversells (issue #62): whatever writes a going attendee (a visitor's RSVP, a
 * manager's `POST /attendees`, the admin, the Local API) first takes the lock of its ticket, then
 * counts the going attendees, then writes, all in one transaction. The lock is the store seam's
 * (`lockKey`): on PostgreSQL an advisory lock held until the commit, so writers on every node wait
 * for each other and each counts what the one before it committed; on SQLite transactions take
 * turns anyway (core/database/sqliteTurns.ts); the generic store claims the key.
 */

/** A write's `context` key: its places were counted under the lock already, or go past it. */
export const CAPACITY = 'calendarCapacity'
export type CapacityMark = 'counted' | 'override'

/** The lock of one ticket's places. */
export const lockTicket = (req: PayloadRequest, options: ResolvedCalendarOptions, id: unknown) =>
  lockKey(req, recordKey(options.tickets.slug, Number(id)))

/** The places a ticket's going attendees take, as the transaction of `req` sees them. */
export async function placesTaken(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  ticket: unknown,
  except?: unknown,
): Promise<number> {
  const { totalDocs } = await req.payload.count({
    collection: options.tickets.attendeesSlug,
    where: {
      and: [
        { ticket: { equals: ticket } },
        { going: { equals: true } },
        ...(except === undefined ? [] : [{ id: { not_equals: except } }]),
      ],
    },
    req,
    overrideAccess: true,
  })
  return totalDocs
}

/** What is left of a ticket's capacity (null: unlimited), never below 0. */
export const placesLeft = (capacity: unknown, taken: number): number | null =>
  typeof capacity === 'number' ? Math.max(0, capacity - taken) : null

/** 409 when `requested` places do not fit in what is left. */
export class TicketFull extends APIError {
  constructor(
    req: PayloadRequest | undefined,
    readonly available: number,
    readonly requested: number,
  ) {
    super(message(req, 'ticketFull', { available, requested }), 409, { available, requested }, true)
  }
}

type AttendeeData = { ticket?: unknown; going?: unknown }

/**
 * Whether a write makes an attendee take a place it did not: a going attendee created, one not
 * going made going, or a going one moved to another ticket.
 */
export function takesPlace(
  operation: 'create' | 'update',
  data: AttendeeData,
  original: AttendeeData | undefined,
): boolean {
  const going = data.going ?? original?.going ?? true
  if (!going) return false
  if (operation === 'create' || !original) return true
  const ticket = relatedId(data.ticket ?? original.ticket)
  return !original.going || ticket !== relatedId(original.ticket)
}

/**
 * The attendees' `beforeChange`: a write that takes a place locks the ticket and counts; past the
 * capacity it answers 409, unless its context says the caller counted already or overrides.
 */
export async function checkCapacity(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  ticketId: unknown,
  except?: unknown,
): Promise<void> {
  const mark = req.context[CAPACITY] as CapacityMark | undefined
  if (mark) return
  await lockTicket(req, options, ticketId)
  const ticket = await req.payload.findByID({
    collection: options.tickets.slug,
    id: ticketId as number,
    req,
    depth: 0,
    overrideAccess: true,
    select: { capacity: true },
    disableErrors: true,
  })
  if (!ticket) return
  const left = placesLeft(ticket.capacity, await placesTaken(req, options, ticketId, except))
  if (left !== null && left < 1) throw new TicketFull(req, left, 1)
}
