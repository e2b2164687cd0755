import { TICKETS_NAMESPACE } from '../../core/defaults.js'
import { namespaceIndex } from '../documentation/namespaceIndex.js'
import type { Operation, Route } from '../routing/operation.js'
import { checkInAttendee, createAttendee } from './attendeeWrites.js'
import { attendeesCsv } from './attendeesCsv.js'
import { listAttendees, listTickets, readAttendee, readTicket } from './reads.js'
import { cancelRsvp, changeRsvp, createRsvp, readRsvp } from './rsvp.js'
import { createTicket, deleteTicket, updateTicket } from './ticketWrites.js'

const updates = (operation: Operation) => ({ POST: operation, PUT: operation, PATCH: operation })

/**
 * The `cal/tickets/v1` route table: Event Tickets' `tribe/tickets/v1` reads and managers' attendee
 * writes (docs/tickets.md), and the visitor's RSVP, which Event Tickets takes outside REST.
 */
export function ticketRoutes(): Route[] {
  const table: Route[] = []
  table.push(
    { path: '', operations: { GET: namespaceIndex(table, TICKETS_NAMESPACE) } },
    { path: '/tickets', operations: { GET: listTickets, POST: createTicket } },
    {
      path: '/tickets/{id}',
      operations: { GET: readTicket, ...updates(updateTicket), DELETE: deleteTicket },
    },
    { path: '/attendees', operations: { GET: listAttendees, POST: createAttendee } },
    { path: '/attendees.csv', operations: { GET: attendeesCsv } },
    { path: '/attendees/{id}', operations: { GET: readAttendee, ...updates(checkInAttendee) } },
    { path: '/rsvp', operations: { POST: createRsvp } },
    {
      path: '/rsvp/{order}',
      operations: { GET: readRsvp, ...updates(changeRsvp), DELETE: cancelRsvp },
    },
  )
  return table
}
