import type { Route } from '../router.js'
import { draftTranslation } from './draft.js'
import { translateRecords } from './runs.js'

/**
 * The admin's translation drafts and runs, under `/api/cal/translations`, routed like the v1
 * namespace (README "Translations").
 */
export function translationRoutes(): Route[] {
  return [
    { path: '/draft', operations: { POST: draftTranslation } },
    { path: '/runs', operations: { POST: translateRecords } },
  ]
}
