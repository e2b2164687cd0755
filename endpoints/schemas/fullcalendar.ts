import Type, { type Static } from 'typebox'
import { TRANSLATION_STATUSES } from '../../collections/translations/status.js'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { record, url } from '../parts/schemas.js'
import { TRANSLATION_STATUS_MEANING } from '../fields/translations.js'

/**
 * The FullCalendar feed's body (endpoints/fullcalendar): the JSON array FullCalendar's events JSON
 * feed reads (https://fullcalendar.io/docs/event-parsing), each event made from its v1 record.
 */

const time = (description: string) =>
  Type.String({
    description: `${description}: YYYY-MM-DD for an all-day event (the end exclusive), else YYYY-MM-DDTHH:MM:SS in the asked zone, with its offset (Z for UTC) unless timeZone names a zone`,
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})?)?$',
  })

const named = (what: string) =>
  record(`A ${what} of the event.`, {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    url: url(`Public page of the ${what}`),
  })

export const FullCalendarCategory = record('A category of the event, with its colour.', {
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  slug: Type.String(),
  color: Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'Background colour (#rrggbb)' }),
})

export const FullCalendarEvent = record('An event as FullCalendar reads it.', {
  id: Type.String({ description: 'The event id (a date of a series has its own)' }),
  title: Type.String({ description: 'Title, plain text, in the request’s language' }),
  start: time('Start'),
  end: time('End'),
  allDay: Type.Boolean(),
  url: url('Public page of the event'),
  classNames: Type.Array(Type.String(), {
    description:
      'cal-status-<event status>, cal-category-<slug> per category, cal-series for a date of a series',
  }),
  backgroundColor: Type.Optional(
    Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'The first category’s colour' }),
  ),
  borderColor: Type.Optional(Type.String({ pattern: '^#[0-9a-f]{6}$' })),
  extendedProps: record('What the calendar shows beside the title.', {
    slug: Type.String(),
    rest_url: url('The event’s v1 record'),
    timezone: Type.String({ description: 'The event’s own zone' }),
    venue: Type.Union([named('venue'), Type.Null()]),
    organizers: Type.Array(named('organizer')),
    categories: Type.Array(FullCalendarCategory),
    event_status: Type.Enum(EVENT_STATUSES),
    event_status_reason: Type.String(),
    attendance_mode: Type.Enum(ATTENDANCE_MODES),
    online_url: Type.String(),
    cost: Type.String(),
    series: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'Id of the recurring series the event is a date of; null when none',
    }),
    translation_status: Type.Enum(TRANSLATION_STATUSES, {
      description: `The translation status of the feed’s language. ${TRANSLATION_STATUS_MEANING}`,
    }),
  }),
})

export const FullCalendarEvents = Type.Array(FullCalendarEvent, {
  description:
    'The events that overlap the asked range, in start order: FullCalendar’s events JSON feed.',
})

export type FullCalendarEventRecord = Static<typeof FullCalendarEvent>
