import Type from 'typebox'
import { Attendee, Ticket } from '../fields/tickets.js'

/** What `cal/tickets/v1` answers (endpoints/tickets/, docs/tickets.md). */

export { Attendee, Ticket }

const archive = (key: 'tickets' | 'attendees', item: typeof Ticket | typeof Attendee) =>
  Type.Object(
    {
      rest_url: Type.String({ format: 'uri', description: 'This page, with its query.' }),
      total: Type.Integer({ minimum: 0, description: 'Matching records (also in X-ET-TOTAL).' }),
      total_pages: Type.Integer({ minimum: 0, description: 'Pages (also in X-ET-TOTAL-PAGES).' }),
      [key]: Type.Array(item),
    },
    {
      description: `A page of ${key}, as Event Tickets' archive; past the last page 400 invalid-page-number.`,
      additionalProperties: false,
    },
  )

export const TicketArchive = archive('tickets', Ticket)
export const AttendeeArchive = archive('attendees', Attendee)

export const RsvpAnswer = Type.Object(
  {
    order: Type.String({ description: 'The answer: what the email’s link names' }),
    going: Type.Boolean({ description: 'The answer takes places' }),
    waitlisted: Type.Boolean({
      description: 'It waits in line for places (asked with `waitlist: true` when full)',
    }),
    attendees: Type.Array(Attendee, {
      description: 'One per place (one for "not going"), with the email and going they gave',
    }),
  },
  {
    description:
      'A visitor’s RSVP: its attendees. The security code that changes or cancels it is sent by email only.',
    additionalProperties: false,
  },
)
