import { namespaceIndex } from './documentation/namespaceIndex.js'
import { openApiDocument } from './documentation/openapi.js'
import { listEvents } from './events/archive.js'
import { deleteEvent } from './events/remove.js'
import { readEvent } from './events/single.js'
import { createEvent, updateEvent } from './events/write.js'
import type { Operation, Route } from './router.js'

/** POST, PUT and PATCH all update, and all are partial (v1-decisions §6). */
const updates = (operation: Operation) => ({ POST: operation, PUT: operation, PATCH: operation })

/**
 * The `cal/events/v1` route table: every path, method and handler of the namespace. Follow a
 * handler's name to find a behaviour of the contract. The index (`''`) and `/doc` are made from
 * this table, so a route added here is documented once its operation declares its `responses`.
 */
export function calendarRoutes(): Route[] {
  return [
    { path: '', operations: { GET: namespaceIndex } },
    { path: '/doc', operations: { GET: openApiDocument } },
    { path: '/events', operations: { GET: listEvents, POST: createEvent } },
    { path: '/events/{id}', operations: { GET: readEvent('id'), ...updates(updateEvent('id')), DELETE: deleteEvent('id') } },
    { path: '/events/by-slug/{slug}', operations: { GET: readEvent('slug'), ...updates(updateEvent('slug')), DELETE: deleteEvent('slug') } },
  ]
}
