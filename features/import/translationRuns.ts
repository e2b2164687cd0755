import { can } from '../../collections/access.js'
import { MAX_TRANSLATED_RECORDS } from './collections.js'
import { LOCALE_CODES } from '../../core/locales.js'
import type { Params } from '../../endpoints/params.js'
import { requireUser } from '../../endpoints/permissions.js'
import { operation, type Route } from '../../endpoints/routing/operation.js'
import { requireTranslator, TRANSLATED_RESOURCES } from '../../endpoints/translations/draft.js'

/**
 * `POST /api/cal/translations/runs`: the "To translate" page's "Translate the selection": queues an
 * import run of format `translate` (features/import/translate.ts) that saves the translator's draft
 * of each record, with progress, failures and cancel as the Import page has them (read the run at
 * `/api/cal-import-runs/{id}`). Administrators, as every run: a run spends the app's translator.
 */

const params = {
  collection: {
    kind: 'text',
    description: `What the records are: ${TRANSLATED_RESOURCES.join(', ')}.`,
    required: true,
    enum: TRANSLATED_RESOURCES,
  },
  ids: {
    kind: 'idList',
    description: `The records' ids, at most ${MAX_TRANSLATED_RECORDS}.`,
    required: true,
    check: (ids: unknown) =>
      (ids as number[]).length > MAX_TRANSLATED_RECORDS
        ? `ids: at most ${MAX_TRANSLATED_RECORDS} records per run.`
        : undefined,
  },
  to: {
    kind: 'text',
    description: `The language to translate into (${LOCALE_CODES.join(', ')}); a record whose source it is fails.`,
    required: true,
    enum: LOCALE_CODES,
  },
} satisfies Params

export const translateRecords = operation({
  summary: 'Translate records with the plugin’s `translate` option (queues a run)',
  params,
  body: true,
  responses: {
    202: 'TranslationRun',
    404: { errors: ['rest-translate-off'] },
  },
  authorize: (context) => requireUser(context, can.administer(context.user)),
  handle: async (context, args) => {
    requireTranslator(context)
    const ids = [...new Set(args.ids as number[])]
    const run = await context.payload.create({
      collection: context.options.import.runsSlug as 'events',
      data: { format: 'translate', type: args.collection, records: ids, language: args.to },
      req: context.req,
      overrideAccess: false,
      depth: 0,
    })
    return {
      status: 202,
      body: {
        id: run.id,
        state: 'queued',
        collection: args.collection,
        to: args.to,
        total: ids.length,
      },
    }
  },
})

/** The translation runs' route, served beside the drafts under `/api/cal/translations`. */
export const translationRunRoutes = (): Route[] => [
  { path: '/runs', operations: { POST: translateRecords } },
]
