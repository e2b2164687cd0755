/**
 * Components for a site's own pages (`payload-events-calendar/react`, React 19): server
 * components, which send no JavaScript to the browser, and their data helpers, which read the v1
 * namespace in the server's process with the visitor's rights. The calendar itself, a client
 * component on FullCalendar, is `payload-events-calendar/react/calendar` (`./reactCalendar.ts`):
 * kept apart so that a page of these components neither ships FullCalendar nor needs it
 * installed (Next.js sends a page every client component its imports reach, rendered or not).
 */
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
export {
  eventTimes,
  eventTitle,
  formatWhen,
  formatStart,
  type EventTimes,
} from '../react/format.js'
