import { namespaceIndex } from '../documentation/namespaceIndex.js'
import { openApiDocument, type OtherRoot } from '../documentation/openapi.js'
import { listChanges } from '../changes/operation.js'
import { listEvents } from '../events/archive.js'
import { deleteEvent } from '../events/remove.js'
import { readEvent } from '../events/single.js'
import { createEvent, updateEvent } from '../events/write.js'
import { ORGANIZERS, VENUES, type LinkedType } from '../fields/linkedKinds.js'
import { listLinked, readLinked } from '../linked/reads.js'
import { createLinked, deleteLinked, updateLinked } from '../linked/writes.js'
import type { Operation, Route } from '../routing/operation.js'
import { createTerm, deleteTerm, listTerms, readTerm, updateTerm } from '../terms/operations.js'
import type { Taxonomy } from '../taxonomies.js'

/** POST, PUT and PATCH all update, and all are partial (docs/v1-differences.md §6). */
const updates = (operation: Operation) => ({ POST: operation, PUT: operation, PATCH: operation })

/** Venues and organizers: archive, create, and read / update / delete by id and by slug. */
const linkedRoutes = (type: LinkedType): Route[] => [
  { path: `/${type.plural}`, operations: { GET: listLinked(type), POST: createLinked(type) } },
  {
    path: `/${type.plural}/{id}`,
    operations: {
      GET: readLinked(type, 'id'),
      ...updates(updateLinked(type, 'id')),
      DELETE: deleteLinked(type, 'id'),
    },
  },
  {
    path: `/${type.plural}/by-slug/{slug}`,
    operations: {
      GET: readLinked(type, 'slug'),
      ...updates(updateLinked(type, 'slug')),
      DELETE: deleteLinked(type, 'slug'),
    },
  },
]

/** Categories and tags: archive, create, and read / update / delete by id (no slugs, no trash). */
const termRoutes = (taxonomy: Taxonomy): Route[] => [
  { path: `/${taxonomy}`, operations: { GET: listTerms(taxonomy), POST: createTerm(taxonomy) } },
  {
    path: `/${taxonomy}/{id}`,
    operations: {
      GET: readTerm(taxonomy),
      ...updates(updateTerm(taxonomy)),
      DELETE: deleteTerm(taxonomy),
    },
  },
]

/**
 * The `cal/events/v1` route table: every path, method and handler of the namespace. Follow a
 * handler's name to find a behaviour of the contract. The index (`''`) and `/doc` describe the
 * table they are part of, so a route added here is documented once its operation declares its
 * `responses`. `others` are the roots `/doc` describes beside the namespace (src/roots.ts).
 */
export function calendarRoutes(others: OtherRoot[] = []): Route[] {
  const table: Route[] = []
  table.push(
    { path: '', operations: { GET: namespaceIndex(table) } },
    // The document also describes the plugin's other roots (`others`: the calendar feeds, CSV,
    // translations, the FullCalendar feed; src/roots.ts); the last one's `/events` is
    // `/fullcalendar/events` there, beside v1's.
    {
      path: '/doc',
      operations: {
        GET: openApiDocument(table, others),
      },
    },
    { path: '/events', operations: { GET: listEvents, POST: createEvent } },
    {
      path: '/events/{id}',
      operations: {
        GET: readEvent('id'),
        ...updates(updateEvent('id')),
        DELETE: deleteEvent('id'),
      },
    },
    {
      path: '/events/by-slug/{slug}',
      operations: {
        GET: readEvent('slug'),
        ...updates(updateEvent('slug')),
        DELETE: deleteEvent('slug'),
      },
    },
    ...linkedRoutes(VENUES),
    ...linkedRoutes(ORGANIZERS),
    ...termRoutes('categories'),
    ...termRoutes('tags'),
    { path: '/changes', operations: { GET: listChanges } },
  )
  return table
}
