import { randomBytes, randomUUID } from 'node:crypto'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  FieldAccess,
} from 'payload'
import { CLIENT_ENTRY } from '../../core/defaults.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { description, label } from '../../core/translations/index.js'
import { relatedId } from '../relations.js'
import { attendeesAccess, managesAttendees, ticketsAccess } from './access.js'
import { checkCapacity, takesPlace } from './capacity.js'
import { emailMovedUp, freesPlace, moveUpWaitlist } from './waitlist.js'
import { collectionHead } from '../collectionHead.js'

/**
 * RSVP tickets and their attendees (issue #62), as Event Tickets stores them
 * (`tribe_rsvp_tickets`, `tribe_rsvp_attendees`; docs/tickets.md). A ticket belongs to an event;
 * an attendee is one place (or one "not going" answer, or one place in the waitlist) on a ticket.
 *
 * What runs on a ticket's and an attendee's writes, in order, is listed in
 * collections/writePath.ts: below editors, a ticket's event must be the caller's own; after it,
 * the event's `ticketed` flag and, when the capacity grew, the waitlist moving up; deleting a
 * ticket deletes its attendees. An attendee gets its event from its ticket, an order and a security
 * code, the check-in time, then the capacity check under the ticket's lock; after it, when it freed
 * a place, the first in the waitlist moves up, emailed once the write has committed.
 */

/** Security codes, as Event Tickets' (ten hex characters), never shown to visitors. */
export const newSecurityCode = () => randomBytes(5).toString('hex')
/** The answer a submission's attendees share (Event Tickets' `_tribe_rsvp_order`). */
export const newOrder = () => randomUUID()

export const ATTENDEE_SOURCES = ['rsvp', 'rest-api', 'admin'] as const
export const CHECKIN_SOURCES = ['site', 'rest-api', 'admin'] as const

const managersOnly: FieldAccess = ({ req: { user } }) => managesAttendees(user)

export function ticketsCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return {
    ...collectionHead(options, options.tickets.slug, ['rsvpTicket', 'rsvpTickets'], {
      useAsTitle: 'name',
      defaultColumns: ['name', 'event', 'capacity', 'availableUntil'],
    }),
    access: ticketsAccess(),
    fields: [
      {
        name: 'event',
        label: label('ticketEvent'),
        type: 'relationship',
        relationTo: options.slugs.events,
        required: true,
        index: true,
      },
      { name: 'name', label: label('ticketName'), type: 'text', localized: true, required: true },
      {
        name: 'description',
        label: label('ticketDescription'),
        type: 'textarea',
        localized: true,
      },
      {
        type: 'row',
        fields: [
          {
            name: 'capacity',
            label: label('capacity'),
            type: 'number',
            min: 0,
            admin: { description: description('capacityHint'), step: 1 },
            validate: (value: unknown) =>
              value === null || value === undefined || Number.isSafeInteger(value)
                ? true
                : 'Capacity is a whole number.',
          },
          { name: 'availableFrom', label: label('availableFrom'), type: 'date', ...dateTime },
          { name: 'availableUntil', label: label('availableUntil'), type: 'date', ...dateTime },
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'showDescription',
            label: label('showDescription'),
            type: 'checkbox',
            defaultValue: true,
          },
          {
            name: 'showNotGoing',
            label: label('showNotGoing'),
            type: 'checkbox',
            defaultValue: false,
          },
        ],
      },
    ],
  }
}

const dateTime = { admin: { date: { pickerAppearance: 'dayAndTime' as const } } }

/** After a ticket's write: when its capacity grew, the waitlist moves up (waitlist.ts). */
export function capacityGrew(options: ResolvedCalendarOptions): CollectionAfterChangeHook {
  const capacityGrew: CollectionAfterChangeHook = async ({ doc, previousDoc, req, operation }) => {
    const grew =
      operation === 'update' &&
      doc.capacity !== previousDoc?.capacity &&
      (doc.capacity === null ||
        doc.capacity === undefined ||
        doc.capacity > (previousDoc?.capacity ?? 0))
    if (grew) emailMovedUp(req, options, await moveUpWaitlist(req, options, doc.id))
    return doc
  }
  return capacityGrew
}

/**
 * Before an attendee's write: the event is the ticket's; an order and a security code are made
 * when missing; the check-in time; then the capacity check under the ticket's lock (capacity.ts).
 */
export function fillInAttendee(options: ResolvedCalendarOptions): CollectionBeforeChangeHook {
  const { slug: ticketsSlug } = options.tickets
  const fillIn: CollectionBeforeChangeHook = async ({ data, originalDoc, req, operation }) => {
    const ticketId = relatedId(data.ticket ?? originalDoc?.ticket)
    if (operation === 'create' || (data.ticket && ticketId !== relatedId(originalDoc?.ticket))) {
      const ticket = await req.payload.findByID({
        collection: ticketsSlug,
        id: ticketId as number,
        req,
        depth: 0,
        overrideAccess: true,
        select: { event: true },
      })
      data.event = relatedId(ticket.event)
    }
    if (operation === 'create') {
      data.order ||= newOrder()
      data.securityCode ||= newSecurityCode()
      data.source ||= 'admin'
    }
    if (data.checkedIn === true && !originalDoc?.checkedIn) data.checkedInAt ||= new Date()
    if (data.checkedIn === false) data.checkedInAt = null
    if (takesPlace(operation, data, originalDoc))
      await checkCapacity(req, options, ticketId, originalDoc?.id)
    return data
  }
  return fillIn
}

/** After an attendee's change: a place freed goes to the first in the waitlist (waitlist.ts). */
export function moveUpAfterChange(options: ResolvedCalendarOptions): CollectionAfterChangeHook {
  const moveUpAfterChange: CollectionAfterChangeHook = async ({
    doc,
    previousDoc,
    req,
    operation,
  }) => {
    if (operation === 'update' && freesPlace(previousDoc, doc))
      emailMovedUp(
        req,
        options,
        await moveUpWaitlist(req, options, relatedId(previousDoc.ticket) as number),
      )
    return doc
  }
  return moveUpAfterChange
}

/** After an attendee's delete: as `moveUpAfterChange`. */
export function moveUpAfterDelete(options: ResolvedCalendarOptions): CollectionAfterDeleteHook {
  const moveUpAfterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
    if (freesPlace(doc, undefined))
      emailMovedUp(
        req,
        options,
        await moveUpWaitlist(req, options, relatedId(doc.ticket) as number),
      )
  }
  return moveUpAfterDelete
}

export function attendeesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const { slug: ticketsSlug } = options.tickets
  return {
    ...collectionHead(options, options.tickets.attendeesSlug, ['attendee', 'attendees'], {
      useAsTitle: 'fullName',
      defaultColumns: ['fullName', 'email', 'ticket', 'going', 'checkedIn', 'createdAt'],
      listSearchableFields: ['fullName', 'email'],
      components: { beforeListTable: [`${CLIENT_ENTRY}#AttendeesCsvLink`] },
    }),
    access: attendeesAccess(),
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'ticket',
            label: label('rsvpTicketField'),
            type: 'relationship',
            relationTo: ticketsSlug,
            required: true,
            index: true,
          },
          {
            name: 'event',
            label: label('ticketEvent'),
            type: 'relationship',
            relationTo: options.slugs.events,
            index: true,
            admin: { readOnly: true },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          { name: 'fullName', label: label('fullName'), type: 'text', required: true },
          { name: 'email', label: label('attendeeEmail'), type: 'email', required: true },
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'going',
            label: label('going'),
            type: 'checkbox',
            defaultValue: true,
            index: true,
          },
          { name: 'optout', label: label('optout'), type: 'checkbox', defaultValue: false },
          {
            name: 'waitlisted',
            label: label('waitlisted'),
            type: 'checkbox',
            defaultValue: false,
            index: true,
          },
          {
            name: 'checkedIn',
            label: label('checkedIn'),
            type: 'checkbox',
            defaultValue: false,
            admin: { components: { Cell: `${CLIENT_ENTRY}#CheckInCell` } },
          },
        ],
      },
      {
        name: 'checkedInAt',
        label: label('checkedInAt'),
        type: 'date',
        admin: { readOnly: true, ...dateTime.admin },
      },
      {
        name: 'checkinSource',
        type: 'select',
        options: [...CHECKIN_SOURCES],
        admin: { hidden: true },
      },
      {
        name: 'order',
        label: label('rsvpOrder'),
        type: 'text',
        index: true,
        admin: { readOnly: true },
      },
      {
        name: 'securityCode',
        label: label('securityCode'),
        type: 'text',
        access: { read: managersOnly, update: managersOnly },
        admin: { readOnly: true },
      },
      {
        name: 'source',
        label: label('attendeeSource'),
        type: 'select',
        options: [...ATTENDEE_SOURCES],
        admin: { readOnly: true },
      },
    ],
  }
}
