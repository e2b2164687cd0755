import Type from 'typebox'
import { relatedId } from '../../collections/relations.js'
import { apiLink, type RecordContext } from '../context.js'
import { globalId, wallClockIn, type Doc } from '../parts/common.js'
import { recordSchema, type FieldTable } from './table.js'
import { url, wallClock } from '../parts/schemas.js'

/**
 * The field tables of `cal/tickets/v1` (Event Tickets' `tribe/tickets/v1`,
 * docs/tickets.md): every wire key of a ticket and of an attendee, from the stored documents of
 * collections/tickets. Keys marked "managers" are shown only to those who manage attendees
 * (editors and administrators: Event Tickets' `tribe_manage_attendees`).
 */

/** What a ticket's attendees add up to, counted for a page at once (records.ts). */
export type TicketCounts = { going: number; notGoing: number; checkedIn: number }

/** The ticket's event as a page reads it: what decides who may read and RSVP. */
export type TicketEvent = {
  id: number
  status?: unknown
  publishedAt?: unknown
  author?: unknown
  hasPassword?: unknown
}

export type TicketView = {
  doc: Doc
  counts: TicketCounts
  manager: boolean
  context: RecordContext & { ticketsRoot: string }
}

export type AttendeeView = {
  doc: Doc
  ticket: Doc | null
  manager: boolean
  /** The visitor who made the answer sees its email and going (`POST /rsvp`). */
  own?: boolean
  context: RecordContext & { ticketsRoot: string }
}

const ticketsLink = (context: TicketView['context'], path: string) =>
  apiLink({ root: context.ticketsRoot, linkLanguage: context.linkLanguage }, path)

const zoneOf = (context: RecordContext) => context.options.siteTimezone
const siteClock = (context: RecordContext, instant: unknown) =>
  wallClockIn(instant as string | null, zoneOf(context))
const managers = <T>(view: { manager: boolean }, value: () => T) =>
  view.manager ? value() : undefined
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0)

/** Event Tickets' capacity: -1 for unlimited. */
export const capacityOf = (doc: Doc): number =>
  typeof doc.capacity === 'number' ? doc.capacity : -1
/** Places left: -1 for unlimited, never below 0. */
export const availableOf = (doc: Doc, going: number): number =>
  typeof doc.capacity === 'number' ? Math.max(0, doc.capacity - going) : -1

const postFields = <V extends { doc: Doc; context: TicketView['context'] }>(
  resource: 'tickets' | 'attendees',
) =>
  ({
    id: { schema: Type.Integer(), show: ({ doc }: V) => doc.id },
    global_id: {
      schema: Type.String({ description: 'Host and path of the site, then ?id=' }),
      show: ({ doc, context }: V) => globalId(context, doc.id).global_id,
    },
    global_id_lineage: {
      schema: Type.Array(Type.String()),
      show: ({ doc, context }: V) => globalId(context, doc.id).global_id_lineage,
    },
    status: { schema: Type.Literal('publish'), show: () => 'publish' },
    date: {
      schema: wallClock('Created, site time'),
      show: ({ doc, context }: V) => siteClock(context, doc.createdAt),
    },
    date_utc: {
      schema: wallClock('Created, UTC'),
      show: ({ doc }: V) => wallClockIn(doc.createdAt, 'UTC'),
    },
    modified: {
      schema: wallClock('Last changed, site time'),
      show: ({ doc, context }: V) => siteClock(context, doc.updatedAt),
    },
    modified_utc: {
      schema: wallClock('Last changed, UTC'),
      show: ({ doc }: V) => wallClockIn(doc.updatedAt, 'UTC'),
    },
    rest_url: {
      schema: url('This record in the namespace'),
      show: ({ doc, context }: V) => ticketsLink(context, `${resource}/${doc.id}`),
    },
  }) satisfies FieldTable<V>

export const TICKET_FIELDS = {
  ...postFields<TicketView>('tickets'),
  post_id: {
    schema: Type.Integer({ description: 'Its event' }),
    show: ({ doc }) => (relatedId(doc.event) as number | null) ?? 0,
  },
  provider: { schema: Type.Literal('rsvp'), show: () => 'rsvp' },
  type: { schema: Type.Literal('default'), show: () => 'default' },
  title: { schema: Type.String(), show: ({ doc }) => doc.name ?? '' },
  description: {
    schema: Type.String({ description: 'Empty when the ticket does not show it' }),
    show: ({ doc }) => (doc.showDescription === false ? '' : (doc.description ?? '')),
  },
  show_not_going: {
    schema: Type.Boolean({ description: 'Whether a visitor may answer "not going" (ours)' }),
    show: ({ doc }) => Boolean(doc.showNotGoing),
  },
  available_from: {
    schema: Type.Union([wallClock('RSVP opens, site time'), Type.Literal('')]),
    show: ({ doc, context }) => siteClock(context, doc.availableFrom),
  },
  available_until: {
    schema: Type.Union([wallClock('RSVP closes, site time'), Type.Literal('')]),
    show: ({ doc, context }) => siteClock(context, doc.availableUntil),
  },
  capacity: {
    schema: Type.Integer({ minimum: -1, description: '-1: unlimited' }),
    show: ({ doc }) => capacityOf(doc),
  },
  capacity_details: {
    schema: Type.Object(
      {
        available_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
        available: Type.Integer({ minimum: -1, description: 'Places left; -1: unlimited' }),
        max: Type.Optional(Type.Integer({ minimum: -1 })),
        sold: Type.Optional(Type.Integer({ minimum: 0 })),
        pending: Type.Optional(Type.Integer({ minimum: 0 })),
        global_stock_mode: Type.Optional(Type.Literal('own')),
      },
      { additionalProperties: false, description: 'max, sold, pending: managers only' },
    ),
    show: (view) => {
      const available = availableOf(view.doc, view.counts.going)
      const capacity = capacityOf(view.doc)
      return {
        available_percentage: capacity < 0 ? 100 : percent(available, capacity),
        available,
        ...(view.manager
          ? { max: capacity, sold: view.counts.going, pending: 0, global_stock_mode: 'own' }
          : {}),
      }
    },
  },
  is_available: {
    schema: Type.Boolean({ description: 'Places are left' }),
    show: ({ doc, counts }) => availableOf(doc, counts.going) !== 0,
  },
  cost: { schema: Type.Literal(''), show: () => '' },
  supports_attendee_information: { schema: Type.Literal(false), show: () => false },
  rsvp: {
    schema: Type.Optional(
      Type.Object(
        { rsvp_going: Type.Integer(), rsvp_not_going: Type.Integer() },
        { additionalProperties: false, description: 'Managers only' },
      ),
    ),
    show: (view) =>
      managers(view, () => ({
        rsvp_going: view.counts.going,
        rsvp_not_going: view.counts.notGoing,
      })),
  },
  checkin: {
    schema: Type.Optional(
      Type.Object(
        {
          checked_in: Type.Integer(),
          unchecked_in: Type.Integer(),
          checked_in_percentage: Type.Integer(),
          unchecked_in_percentage: Type.Integer(),
        },
        { additionalProperties: false, description: 'Managers only; of the going attendees' },
      ),
    ),
    show: (view) =>
      managers(view, () => {
        const { going, checkedIn } = view.counts
        return {
          checked_in: checkedIn,
          unchecked_in: going - checkedIn,
          checked_in_percentage: percent(checkedIn, going),
          unchecked_in_percentage: going ? 100 - percent(checkedIn, going) : 0,
        }
      }),
  },
} satisfies FieldTable<TicketView>

const checkinDetails = (doc: Doc, context: RecordContext) =>
  doc.checkedIn
    ? {
        date: siteClock(context, doc.checkedInAt),
        source: doc.checkinSource ?? 'site',
        author: '',
      }
    : false

export const ATTENDEE_FIELDS = {
  ...postFields<AttendeeView>('attendees'),
  post_id: {
    schema: Type.Integer(),
    show: ({ doc }) => (relatedId(doc.event) as number | null) ?? 0,
  },
  ticket_id: { schema: Type.Integer(), show: ({ doc }) => relatedId(doc.ticket) as number },
  ticket: {
    schema: Type.Object(
      {
        id: Type.Integer(),
        title: Type.String(),
        description: Type.String(),
        raw_price: Type.Literal(0),
        formatted_price: Type.Literal('0'),
        start_sale: Type.String(),
        end_sale: Type.String(),
      },
      { additionalProperties: false },
    ),
    show: ({ doc, ticket, context }) => ({
      id: relatedId(doc.ticket) as number,
      title: ticket?.name ?? '',
      description: ticket && ticket.showDescription !== false ? (ticket.description ?? '') : '',
      raw_price: 0,
      formatted_price: '0',
      start_sale: siteClock(context, ticket?.availableFrom),
      end_sale: siteClock(context, ticket?.availableUntil),
    }),
  },
  optout: { schema: Type.Boolean(), show: ({ doc }) => Boolean(doc.optout) },
  title: {
    schema: Type.Optional(Type.String({ description: 'Their name; left out when they opted out' })),
    show: ({ doc, manager }) => (doc.optout && !manager ? undefined : (doc.fullName ?? '')),
  },
  provider: {
    schema: Type.Optional(Type.Literal('rsvp')),
    show: (view) => managers(view, () => 'rsvp'),
  },
  order: {
    schema: Type.Optional(Type.String({ description: 'The answer it came with' })),
    show: (view) => (view.manager || view.own ? view.doc.order : undefined),
  },
  email: {
    schema: Type.Optional(Type.String({ format: 'email' })),
    show: (view) => (view.manager || view.own ? view.doc.email : undefined),
  },
  checked_in: {
    schema: Type.Optional(Type.Boolean()),
    show: (view) => managers(view, () => Boolean(view.doc.checkedIn)),
  },
  checkin_details: {
    schema: Type.Optional(
      Type.Union([
        Type.Literal(false),
        Type.Object(
          { date: Type.String(), source: Type.String(), author: Type.String() },
          { additionalProperties: false },
        ),
      ]),
    ),
    show: (view) => managers(view, () => checkinDetails(view.doc, view.context)),
  },
  is_subscribed: {
    schema: Type.Optional(Type.Literal(false)),
    show: (view) => managers(view, () => false),
  },
  is_purchaser: {
    schema: Type.Optional(Type.Literal(true)),
    show: (view) => managers(view, () => true),
  },
  rsvp_going: {
    schema: Type.Optional(Type.Boolean()),
    show: (view) => (view.manager || view.own ? view.doc.going !== false : undefined),
  },
  waitlisted: {
    schema: Type.Optional(Type.Boolean({ description: 'Waits in line for a place (ours)' })),
    show: (view) => (view.manager || view.own ? Boolean(view.doc.waitlisted) : undefined),
  },
} satisfies FieldTable<AttendeeView>

export const Ticket = recordSchema(
  'An RSVP ticket (Event Tickets’ ticket record); rsvp, checkin and capacity_details’ max, sold, pending, global_stock_mode for managers only',
  TICKET_FIELDS,
)
export const Attendee = recordSchema(
  'An attendee: one place on an RSVP ticket (Event Tickets’ attendee record); provider, order, email, checked_in, checkin_details, is_subscribed, is_purchaser, rsvp_going for managers only',
  ATTENDEE_FIELDS,
)
