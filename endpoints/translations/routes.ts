import type { Route } from '../router.js'
import { draftTranslation } from './draft.js'

/**
 * The admin's translation drafts, under `/api/cal/translations`, routed like the v1 namespace
 * (README "Translations").
 */
export function translationRoutes(): Route[] {
  return [{ path: '/draft', operations: { POST: draftTranslation } }]
}
