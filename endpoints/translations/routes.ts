import type { Route } from '../routing/operation.js'
import { draftTranslation } from './draft.js'

/**
 * The admin's translation drafts, under `/api/cal/translations`, routed like the v1 namespace
 * (docs/translations.md). The translation runs join them there
 * (features/import/translationRuns.ts, src/roots.ts).
 */
export function translationDraftRoutes(): Route[] {
  return [{ path: '/draft', operations: { POST: draftTranslation } }]
}
