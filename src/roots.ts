import type { OtherRoot } from '../endpoints/documentation/openapi.js'
import { batchRoutes } from '../endpoints/batch/operation.js'
import { csvExportRoutes } from '../endpoints/csv/routes.js'
import { fullCalendarRoutes } from '../endpoints/fullcalendar/routes.js'
import { ICAL_NAMESPACE } from '../endpoints/ical/feed.js'
import { icalRoutes } from '../endpoints/ical/routes.js'
import { ticketRoutes } from '../endpoints/tickets/routes.js'
import { translationDraftRoutes } from '../endpoints/translations/routes.js'
import {
  BATCH_NAMESPACE,
  CSV_NAMESPACE,
  FULLCALENDAR_NAMESPACE,
  TICKETS_NAMESPACE,
  TRANSLATIONS_NAMESPACE,
} from '../core/defaults.js'
import { csvImportRoutes } from '../features/import/csvRoutes.js'
import { translationRunRoutes } from '../features/import/translationRuns.js'

/** Under `/api/cal/csv`: the CSV exports (the wire's) and the CSV import's preview and start. */
export const csvRoutes = () => [...csvExportRoutes(), ...csvImportRoutes()]

/** Under `/api/cal/translations`: the admin's translation drafts and runs. */
export const translationRoutes = () => [...translationDraftRoutes(), ...translationRunRoutes()]

/**
 * The plugin's roots beside the v1 namespace, each with its route table: the calendar feeds, CSV,
 * the admin's translations, the FullCalendar feed and the batch of v1 writes. The plugin serves
 * each under its namespace (src/plugin.ts), and v1's `/doc` describes them with its own routes
 * (endpoints/v1/routes.ts). The routes of a feature (the import's) join a root here, so that the
 * wire never imports a feature.
 */
export function otherRoots({ tickets = true } = {}): OtherRoot[] {
  return [
    { routes: icalRoutes(), namespace: ICAL_NAMESPACE, tag: 'feeds' },
    { routes: csvRoutes(), namespace: CSV_NAMESPACE, tag: 'csv' },
    {
      routes: translationRoutes(),
      namespace: TRANSLATIONS_NAMESPACE,
      tag: 'translations',
      prefix: '/translations',
    },
    {
      routes: fullCalendarRoutes(),
      namespace: FULLCALENDAR_NAMESPACE,
      tag: 'fullcalendar',
      prefix: '/fullcalendar',
    },
    { routes: batchRoutes(), namespace: BATCH_NAMESPACE, tag: 'batch', prefix: '/batch/v1' },
    ...(tickets
      ? [
          {
            routes: ticketRoutes(),
            namespace: TICKETS_NAMESPACE,
            tag: 'tickets',
            prefix: '/tickets/v1',
            cached: false,
          },
        ]
      : []),
  ]
}
