import type { Route } from '../routing/operation.js'
import { fullCalendarFeed } from './feed.js'

/**
 * The FullCalendar feed, under `/api/cal/fullcalendar` (and `/fr/api/cal/fullcalendar`, …), routed
 * like the v1 namespace.
 */
export function fullCalendarRoutes(): Route[] {
  return [{ path: '/events', operations: { GET: fullCalendarFeed } }]
}
