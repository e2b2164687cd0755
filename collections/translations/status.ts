import { LOCALE_CODES, type LocaleCode } from '../../core/locales.js'

/**
 * Translation status: what a record's text is in each language, judged against the language it was
 * written in first (its source). Pure: the hook (hook.ts) keeps it at every write, the backfill
 * (backfill.ts) makes it for records written before it existed, and the wire reads it.
 */

export const TRANSLATION_STATUSES = [
  'source',
  'missing',
  'partial',
  'outdated',
  'complete',
] as const
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number]

export const isTranslationStatus = (value: unknown): value is TranslationStatus =>
  TRANSLATION_STATUSES.includes(value as TranslationStatus)

/**
 * When each translated field's text was last written in each language (ISO instants). A language
 * without a key has no text of its own in that field.
 */
export type Written = Record<string, Partial<Record<LocaleCode, string>>>

/**
 * Where a language's status is stored: `frStatus`. Not `fr`, which Payload's query paths would take
 * for a locale (`translations.fr` is the `translations` field in French).
 */
export const statusKey = <L extends LocaleCode>(language: L) => `${language}Status` as const
type StatusKey = ReturnType<typeof statusKey<LocaleCode>>

/** What the record stores in its `translations` group. */
export type Translations = {
  source: LocaleCode
  written: Written
} & Record<StatusKey, TranslationStatus>

/** A translated field's text, for telling whether there is any: rich text is judged by its HTML. */
export const hasText = (value: unknown): boolean => {
  if (typeof value !== 'string') return false
  if (/<(img|video|audio|iframe|embed|object)\b/i.test(value)) return true
  return (
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  )
}

/** The status of `language`, given what was written when. */
export function statusOf(
  written: Written,
  source: LocaleCode,
  language: LocaleCode,
): TranslationStatus {
  if (language === source) return 'source'
  const fields = Object.values(written)
  if (!fields.some((byLanguage) => byLanguage[language])) return 'missing'
  const inSource = fields.filter((byLanguage) => byLanguage[source])
  if (inSource.some((byLanguage) => !byLanguage[language])) return 'partial'
  return inSource.some((byLanguage) => byLanguage[source]! > byLanguage[language]!)
    ? 'outdated'
    : 'complete'
}

/** The whole group: the source and each language's status. */
export const translationsOf = (written: Written, source: LocaleCode): Translations =>
  ({
    source,
    written,
    ...Object.fromEntries(
      LOCALE_CODES.map((language) => [statusKey(language), statusOf(written, source, language)]),
    ),
  }) as Translations

/** When `language`'s own text last changed (the latest of its fields), or null when it has none. */
export function modifiedIn(
  written: Written | null | undefined,
  language: LocaleCode,
): string | null {
  let latest: string | null = null
  for (const byLanguage of Object.values(written ?? {})) {
    const at = byLanguage[language]
    if (at && (!latest || at > latest)) latest = at
  }
  return latest
}

/**
 * The source of a record that says none: the default language when it has text, else the first
 * language that has some.
 */
export function guessSource(written: Written, fallback: LocaleCode): LocaleCode {
  const has = (language: LocaleCode) =>
    Object.values(written).some((byLanguage) => byLanguage[language])
  return has(fallback) ? fallback : (LOCALE_CODES.find(has) ?? fallback)
}

/**
 * Marks `language`'s text as up to date with the source without changing it: each of its fields
 * that the source also has is dated `now`.
 */
export function markCurrent(
  written: Written,
  source: LocaleCode,
  language: LocaleCode,
  now: string,
): Written {
  const marked: Written = {}
  for (const [field, byLanguage] of Object.entries(written))
    marked[field] =
      byLanguage[language] && byLanguage[source] ? { ...byLanguage, [language]: now } : byLanguage
  return marked
}
