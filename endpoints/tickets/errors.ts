import { ApiError } from '../errors.js'

/**
 * Event Tickets' error codes and messages (its `src/Tribe/REST/V1/Messages.php`), and ours for the
 * visitor's RSVP, which Event Tickets does not serve over REST (docs/tickets.md).
 */

export const invalidPageNumber = () =>
  new ApiError(400, 'invalid-page-number', 'The requested page number is not valid.')

export const ticketNotFound = () =>
  new ApiError(404, 'ticket-not-found', 'The requested ticket was not found.')

export const ticketNotAccessible = () =>
  new ApiError(401, 'ticket-not-accessible', 'The requested ticket is not accessible.')

export const attendeeNotFound = () =>
  new ApiError(404, 'attendee-not-found', 'The requested attendee was not found.')

export const attendeeNotAccessible = () =>
  new ApiError(401, 'attendee-not-accessible', 'The requested attendee is not accessible.')

export const alreadyCheckedIn = () =>
  new ApiError(400, 'tec-et-attendee-already-checked-in', 'The attendee is already checked in.')

/** Full: what is left, and what was asked (Event Tickets' `rsvp-invalid-stock-request`). */
export const notEnoughPlaces = (available: number, requested: number) =>
  new ApiError(
    409,
    'rsvp-invalid-stock-request',
    'Requested amount of Tickets are not available!',
    {
      available,
      requested,
    },
  )

export const eventProtected = () =>
  new ApiError(
    403,
    'rsvp-event-protected',
    'The event is password-protected: RSVP on its page instead.',
  )

export const notOnSale = (from: string, until: string) =>
  new ApiError(409, 'rsvp-not-open', 'This RSVP is not open at the moment.', {
    available_from: from,
    available_until: until,
  })

export const notGoingNotOffered = () =>
  new ApiError(400, 'rsvp-not-going-not-offered', 'This RSVP does not offer to answer “not going”.')

export const answerNotFound = () =>
  new ApiError(404, 'rsvp-not-found', 'No RSVP has this answer and security code.')
