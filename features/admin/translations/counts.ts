import type { Payload, PayloadRequest, Where } from 'payload'
import { translatedCollections } from '../../../collections/translations/backfill.js'
import { statusKey, type TranslationStatus } from '../../../collections/translations/status.js'
import { LOCALE_CODES, type LocaleCode } from '../../../core/locales.js'

/** A collection's label in the admin's language (a text, one per language, or a function). */
function labelOf(value: unknown, req: Asker): string {
  if (typeof value === 'function') return String(value({ i18n: req.i18n, t: req.i18n.t }))
  if (value && typeof value === 'object') {
    const byLanguage = value as Record<string, string>
    return byLanguage[req.i18n.language] ?? Object.values(byLanguage)[0] ?? ''
  }
  return typeof value === 'string' ? value : ''
}

/** The statuses that ask an editor for work, then the one that does not. */
export const WORK_STATUSES = ['missing', 'partial', 'outdated'] as const
export const COUNTED_STATUSES: TranslationStatus[] = [...WORK_STATUSES, 'complete']

/** Who asks: the counts are what this user may read. */
export type Asker = Pick<PayloadRequest, 'payload' | 'user' | 'i18n'>

export type ResourceCounts = {
  slug: string
  label: string
  counts: Record<LocaleCode, Partial<Record<TranslationStatus, number>>>
}

/**
 * What a translator works on: the records of each translated collection, not a series' dates, which
 * are its copies and translated with it.
 */
export function translatableWhere(payload: Payload, slug: string): Where[] {
  const fields = payload.collections[slug]?.config.flattenedFields ?? []
  return fields.some((field) => field.name === 'series' && field.type === 'relationship')
    ? [{ series: { exists: false } }]
    : []
}

export const statusWhere = (language: LocaleCode, statuses: readonly string[]): Where => ({
  [`translations.${statusKey(language)}`]: { in: statuses.join(',') },
})

/**
 * How many records of each translated collection the user may read are in each status, per
 * language (Payload's access applies). `statuses` narrows what is counted.
 */
export async function translationCounts(
  req: Asker,
  statuses: readonly TranslationStatus[] = COUNTED_STATUSES,
): Promise<ResourceCounts[]> {
  const resources: ResourceCounts[] = []
  for (const [slug] of translatedCollections(req.payload)) {
    const config = req.payload.collections[slug]!.config
    const counts = Object.fromEntries(
      LOCALE_CODES.map((code) => [code, {}]),
    ) as ResourceCounts['counts']
    for (const language of LOCALE_CODES)
      for (const status of statuses) {
        const { totalDocs } = await req.payload.count({
          collection: slug,
          where: {
            and: [...translatableWhere(req.payload, slug), statusWhere(language, [status])],
          },
          overrideAccess: false,
          user: req.user,
        })
        counts[language][status] = totalDocs
      }
    resources.push({
      slug,
      label: labelOf(config.labels.plural, req) || slug,
      counts,
    })
  }
  return resources
}
