import type { Route } from '../router.js'
import { ORGANIZERS, VENUES } from '../linked/kinds.js'
import { eventsCsv, linkedCsv } from './export.js'
import { importCsv, previewCsv } from './import.js'

/**
 * CSV exports of the v1 archives, under `/api/cal/csv` (and `/fr/api/cal/csv`, …), routed like the
 * v1 namespace, and the CSV import's preview and start (administrators).
 */
export function csvRoutes(): Route[] {
  return [
    { path: '/events.csv', operations: { GET: eventsCsv } },
    { path: '/venues.csv', operations: { GET: linkedCsv(VENUES) } },
    { path: '/organizers.csv', operations: { GET: linkedCsv(ORGANIZERS) } },
    { path: '/preview', operations: { POST: previewCsv } },
    { path: '/import', operations: { POST: importCsv } },
  ]
}
