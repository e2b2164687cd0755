import { listEvents } from './events/archive.js'
import { readEvent } from './events/single.js'
import type { Route } from './router.js'

/**
 * The `cal/events/v1` route table: every path, method and handler of the namespace. Follow a
 * handler's name to find a behaviour of the contract.
 */
export function calendarRoutes(): Route[] {
  return [
    { path: '/events', operations: { GET: listEvents } },
    { path: '/events/{id}', operations: { GET: readEvent('id') } },
    { path: '/events/by-slug/{slug}', operations: { GET: readEvent('slug') } },
  ]
}
