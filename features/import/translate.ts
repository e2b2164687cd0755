import {
  commitTransaction,
  createLocalReq,
  killTransaction,
  type Payload,
  type TypedUser,
} from 'payload'
import type { DataKey } from '../../endpoints/data.js'
import { draftFields } from '../../endpoints/translations/draft.js'
import { takeWriteTurn, beginCalendarTransaction } from '../../core/database/index.js'
import type { LocaleCode } from '../../core/locales.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { Resource } from './collections.js'
import { importContext, reasonOf } from './csv.js'
import { eachItem, newProgress, type ImportHooks, type ImportProgress } from './progress.js'

/**
 * A translation run (an import run of format `translate`, queued by the "To translate" page): each
 * record of a selection gets the draft the form's "Translate from …" button shows
 * (endpoints/translations/draft.ts), saved in the run's language as the user who asked, so that
 * Payload's access and the collection's hooks apply (its translation status among them). Counted
 * as the imports count: `updated` when fields were translated, `unchanged` when none was due,
 * `failed` with the reason (no right, no such record, the translator's failure).
 */

export type TranslationSettings = {
  type: Resource
  ids: number[]
  language: LocaleCode
  dryRun?: boolean
}

export async function runTranslation(
  payload: Payload,
  settings: TranslationSettings,
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  const { type, ids } = settings
  const progress = newProgress([type], 'translating')
  const counts = progress.resources[type]
  counts.total = ids.length
  hooks.onProgress?.(progress)
  return eachItem(
    ids,
    { progress, hooks },
    async (id) => {
      counts.read++
      counts[await translateRecord(payload, options, settings, id, hooks.user)]++
    },
    (id, error) => ({ resource: type, sourceId: String(id), message: reasonOf(error) }),
  )
}

async function translateRecord(
  payload: Payload,
  options: ResolvedCalendarOptions,
  { type, language, dryRun }: TranslationSettings,
  id: number,
  user: TypedUser | null | undefined,
): Promise<'updated' | 'unchanged'> {
  const req = await createLocalReq({ user: user ?? undefined, locale: language }, payload)
  const context = importContext(payload, req, options, language)
  // The translator is asked outside any transaction: it may take seconds, and a transaction
  // holds the database's write turn.
  const { fields } = await draftFields(context, type as DataKey, id, language)
  if (Object.keys(fields).length === 0) return 'unchanged'
  if (dryRun) return 'updated'
  await beginCalendarTransaction(req)
  try {
    await takeWriteTurn(req)
    await payload.update({
      collection: context.data.slug(type as DataKey),
      id,
      data: fields,
      locale: language,
      user,
      overrideAccess: false,
      depth: 0,
      req,
    })
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
  return 'updated'
}
