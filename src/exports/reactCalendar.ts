/**
 * The calendar of a site's events (`payload-events-calendar/react/calendar`): a client component
 * on FullCalendar's MIT packages (optional peer dependencies of this package, needed here only).
 * The server components are `payload-events-calendar/react` (`./react.ts`).
 */
export {
  EventsCalendar,
  type EventsCalendarProps,
  type FilterOption,
} from '../../features/react/EventsCalendar.js'
