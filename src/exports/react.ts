/**
 * Calendar components for a site's own pages (`payload-events-calendar/react`, React 19): the
 * client component `EventsCalendar` on the FullCalendar feed, and server components (no client
 * JavaScript) with their data helpers, which read the v1 namespace in the server's process with
 * the visitor's rights.
 */
export {
  EventsCalendar,
  type EventsCalendarProps,
  type FilterOption,
} from '../react/EventsCalendar.js'
export { UpcomingEvents, eventHref, type UpcomingEventsProps } from '../react/UpcomingEvents.js'
export { EventDetails, type EventDetailsProps } from '../react/EventDetails.js'
export { AddToCalendar, calendarEntryOf } from '../react/AddToCalendar.js'
export { EventJsonLd } from '../react/EventJsonLd.js'
export {
  getEvents,
  getEvent,
  CalendarReadError,
  type Reader,
  type EventsQuery,
  type EventsPage,
} from '../react/data.js'
export {
  calendarLinks,
  icsUrlOf,
  type CalendarEntry,
  type CalendarLinks,
} from '../react/calendarLinks.js'
export { eventTimes, formatWhen, formatStart, type EventTimes } from '../react/format.js'
