import type { Route } from '../routing/operation.js'
import { ORGANIZERS, VENUES } from '../fields/linkedKinds.js'
import { eventsCsv, linkedCsv } from './export.js'

/**
 * CSV exports of the v1 archives, under `/api/cal/csv` (and `/fr/api/cal/csv`, …), routed like the
 * v1 namespace. The CSV import's routes join them there (features/import/csvRoutes.ts,
 * src/roots.ts).
 */
export function csvExportRoutes(): Route[] {
  return [
    { path: '/events.csv', operations: { GET: eventsCsv } },
    { path: '/venues.csv', operations: { GET: linkedCsv(VENUES) } },
    { path: '/organizers.csv', operations: { GET: linkedCsv(ORGANIZERS) } },
  ]
}
