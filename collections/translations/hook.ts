import type { CollectionBeforeChangeHook } from 'payload'
import { DEFAULT_LOCALE, isLocaleCode, LOCALE_CODES, type LocaleCode } from '../../core/locales.js'
import {
  guessSource,
  hasText,
  markCurrent,
  statusKey,
  translationsOf,
  type Translations,
  type Written,
} from './status.js'

/**
 * The fields a collection translates: a name as editors know it → the stored field holding its
 * text (a rich-text field is judged by the HTML kept beside it, collections/richText).
 */
export type TranslatedFields = Record<string, string>

/** Venues, organizers, categories and tags: a name and a description. */
export const NAMED_TEXTS: TranslatedFields = { name: 'name', description: 'descriptionHtml' }

/** One language's value of a field in data written in `locale` (`all`: a value per language). */
const valueIn = (value: unknown, language: LocaleCode, locale: string | undefined) => {
  if (locale !== 'all') return value
  return value && typeof value === 'object'
    ? (value as Record<string, unknown>)[language]
    : undefined
}

/** What was written when, as a stored document (all languages) holds it, dated `at`. */
export function writtenOf(
  doc: Record<string, unknown>,
  fields: TranslatedFields,
  at: string,
): Written {
  const written: Written = {}
  for (const [name, key] of Object.entries(fields)) {
    const byLanguage = doc[key] && typeof doc[key] === 'object' ? doc[key] : {}
    const dated: Written[string] = {}
    for (const language of LOCALE_CODES)
      if (hasText((byLanguage as Record<string, unknown>)[language])) dated[language] = at
    written[name] = dated
  }
  return written
}

/**
 * Keeps the `translations` group at every write (admin, v1, Payload's REST, import, CSV): the
 * languages this write gives text in are dated now where their text changed, or lose their date
 * where it is emptied, and each language's status follows (status.ts). The group is never taken as
 * given, but for two things: its `source` (an import says the source's language), and a language
 * given as `complete` while it is `outdated`, which marks it up to date without changing its text.
 * Runs after the rich-text hook, which has made every description's HTML.
 */
export const keepTranslations =
  (fields: TranslatedFields): CollectionBeforeChangeHook =>
  async ({ collection, data, operation, originalDoc, req }) => {
    const locale = req.locale ?? DEFAULT_LOCALE
    const now = new Date().toISOString()
    const given = (data.translations ?? {}) as Partial<Translations>
    let stored = (originalDoc?.translations ?? null) as Partial<Translations> | null
    if (operation === 'update' && originalDoc && !stored?.written) {
      // A record from before translation status was kept, not yet filled in (backfill.ts).
      const all = (await req.payload.db.findOne({
        collection: collection.slug,
        where: { id: { equals: originalDoc.id } },
        locale: 'all',
        req,
      })) as Record<string, unknown> | null
      const written = writtenOf(all ?? {}, fields, String(originalDoc.updatedAt ?? now))
      stored = translationsOf(written, guessSource(written, DEFAULT_LOCALE))
    }
    const written: Written = structuredClone(stored?.written ?? {})
    const languages = isLocaleCode(locale) ? [locale] : LOCALE_CODES
    for (const [name, key] of Object.entries(fields)) {
      for (const language of languages) {
        const value = valueIn(data[key], language, locale)
        if (value === undefined) continue
        const byLanguage = (written[name] ??= {})
        if (!hasText(value)) delete byLanguage[language]
        else if (!byLanguage[language] || value !== valueIn(originalDoc?.[key], language, locale))
          byLanguage[language] = now
      }
    }
    const source = isLocaleCode(given.source)
      ? given.source
      : (stored?.source ?? (isLocaleCode(locale) ? locale : guessSource(written, DEFAULT_LOCALE)))
    let settled = written
    for (const language of LOCALE_CODES)
      if (given[statusKey(language)] === 'complete' && stored?.[statusKey(language)] === 'outdated')
        settled = markCurrent(settled, source, language, now)
    data.translations = translationsOf(settled, source)
    return data
  }
