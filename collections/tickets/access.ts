import type { Access, PayloadRequest, Where } from 'payload'
import { can } from '../access.js'

/**
 * Who may do what with RSVP tickets and attendees, as Event Tickets grants it
 * (docs/tickets.md "Rights"): the tickets are read by anyone (the v1 routes hide those of events
 * the caller may not read) and written by whoever may write their event; attendees are managed by
 * editors and administrators (Event Tickets' `tribe_manage_attendees`), and by contributors and
 * authors for their own events. Visitors never read attendees through Payload: the
 * `cal/tickets/v1` routes give them the public view of the going ones.
 */

type MaybeUser = PayloadRequest['user'] | undefined

/** Event Tickets' "manager": may read every attendee's email and check attendees in. */
export const managesAttendees = (user: MaybeUser) => can.editOthers(user)

/** Records of the caller's own events (a contributor's or author's). */
const ofOwnEvents = (user: NonNullable<MaybeUser>): Where => ({
  'event.author': { equals: user.id },
})

const ownOrManaged = ({ req: { user } }: { req: PayloadRequest }): boolean | Where => {
  if (!user) return false
  if (managesAttendees(user)) return true
  return can.editPosts(user) ? ofOwnEvents(user) : false
}

export function ticketsAccess() {
  const read: Access = () => true
  const create: Access = ({ req: { user } }) => can.editPosts(user)
  return { read, create, update: ownOrManaged, delete: ownOrManaged }
}

export function attendeesAccess() {
  const create: Access = ({ req: { user } }) => can.editPosts(user)
  const remove: Access = ({ req: { user } }) => managesAttendees(user)
  return { read: ownOrManaged, create, update: ownOrManaged, delete: remove }
}
