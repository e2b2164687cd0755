/**
 * Components for a site's own pages (`payload-events-calendar/react`, React 19): server
 * components, which send no JavaScript to the browser, and their data helpers, which read the v1
 * namespace in the server's process with the visitor's rights. The calendar itself, a client
 * component on FullCalendar, is `payload-events-calendar/react/calendar` (`./reactCalendar.ts`):
 * kept apart so that a page of these components neither ships FullCalendar nor needs it
 * installed (Next.js sends a page every client component its imports reach, rendered or not).
 */
export {
  UpcomingEvents,
  eventHref,
  type UpcomingEventsProps,
} from '../../features/react/UpcomingEvents.js'
export { EventDetails, type EventDetailsProps } from '../../features/react/EventDetails.js'
export { AddToCalendar, calendarEntryOf } from '../../features/react/AddToCalendar.js'
export { EventJsonLd } from '../../features/react/EventJsonLd.js'
export {
  getEvents,
  getEvent,
  CalendarReadError,
  type Reader,
  type EventsQuery,
  type EventsPage,
} from '../../features/react/data.js'
export {
  calendarLinks,
  icsUrlOf,
  type CalendarEntry,
  type CalendarLinks,
} from '../../features/react/calendarLinks.js'
export {
  eventTimes,
  eventTitle,
  formatWhen,
  formatStart,
  type EventTimes,
} from '../../features/react/format.js'
