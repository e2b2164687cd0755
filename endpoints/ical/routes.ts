import type { Route } from '../routing/operation.js'
import { eventCalendar, eventsFeed } from './feed.js'

/**
 * The calendar feeds, under `/api/cal/ical` (and `/fr/api/cal/ical`, …), routed like the v1
 * namespace.
 */
export function icalRoutes(): Route[] {
  return [
    { path: '/events.ics', operations: { GET: eventsFeed } },
    { path: '/events/{id}.ics', operations: { GET: eventCalendar('id') } },
    { path: '/events/by-slug/{slug}.ics', operations: { GET: eventCalendar('slug') } },
  ]
}
