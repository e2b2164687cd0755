import type { LocalizationConfig } from 'payload'

export const LOCALE_CODES = ['en', 'fr', 'es'] as const
export type LocaleCode = (typeof LOCALE_CODES)[number]
export const DEFAULT_LOCALE: LocaleCode = 'en'

/** Each language: its name (in itself) and the languages a read falls back to, in order. */
export const LANGUAGES: { code: LocaleCode; label: string; fallbackLocale: LocaleCode[] }[] = [
  { code: 'en', label: 'English', fallbackLocale: ['fr', 'es'] },
  { code: 'fr', label: 'Français', fallbackLocale: ['en', 'es'] },
  { code: 'es', label: 'Español', fallbackLocale: ['en', 'fr'] },
]

/** Each language's name, in itself: `Français`. */
export const LANGUAGE_NAMES = Object.fromEntries(
  LANGUAGES.map(({ code, label }) => [code, label]),
) as Record<string, string>

/**
 * English, French and Spanish. An empty value falls back to English, then to any language that has
 * one (docs/v1-differences.md §2): a record never shows an empty title while some language has one.
 */
export const LOCALES: LocalizationConfig = {
  defaultLocale: DEFAULT_LOCALE,
  fallback: true,
  locales: LANGUAGES,
}

export const isLocaleCode = (value: unknown): value is LocaleCode =>
  LOCALE_CODES.includes(value as LocaleCode)
