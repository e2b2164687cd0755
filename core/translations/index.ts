import type { Config, DescriptionFunction, LabelFunction, PayloadRequest } from 'payload'
import { deepMergeSimple } from 'payload/shared'
import { en } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'
import type { CalendarT, CalendarTextKey, CalendarTranslations } from './types.js'

export type {
  CalendarT,
  CalendarTextKey,
  CalendarTranslationKey,
  CalendarTranslations,
} from './types.js'

/** The plugin's texts, one language each, under the `calendar` namespace of Payload's i18n. */
export const translations: Record<'en' | 'fr' | 'es', CalendarTranslations> = { en, fr, es }

/** Payload's `t` (from `req`, `i18n` or `useTranslation()`), typed for the plugin's keys. */
export const calendarT = (t: unknown) => t as CalendarT

/**
 * Adds the plugin's texts to the app's i18n config: English, French and Spanish, and English for
 * any other language the admin offers. The app's own translations win, key by key, so an app
 * changes one text with `i18n.translations.fr.calendar.today`.
 */
export function withCalendarTranslations(i18n: Config['i18n'] = {}): NonNullable<Config['i18n']> {
  const ours: Record<string, CalendarTranslations> = {}
  for (const language of Object.keys(i18n.supportedLanguages ?? { en })) ours[language] = en
  Object.assign(ours, translations)
  return { ...i18n, translations: deepMergeSimple(ours, i18n.translations ?? {}) }
}

/** A label of a collection, field or option, in the admin's language. */
export const label =
  (key: CalendarTextKey): LabelFunction =>
  ({ t }) =>
    calendarT(t)(`calendar:${key}`)

/** A field's description, in the admin's language. */
export const description =
  (key: CalendarTextKey): DescriptionFunction =>
  ({ t }) =>
    calendarT(t)(`calendar:${key}`)

/**
 * A text in every language the plugin has, for the settings where Payload takes no function (the
 * navigation group).
 */
export function inEveryLanguage(key: CalendarTextKey): Record<string, string> {
  return Object.fromEntries(
    Object.entries(translations).map(([language, texts]) => [language, texts.calendar[key]]),
  )
}

/**
 * A validation message in the language of the request (the admin user's language, or the
 * Accept-Language of a REST call); English without a request.
 */
export function message(
  req: Pick<PayloadRequest, 't'> | undefined,
  key: CalendarTextKey,
  vars?: Record<string, unknown>,
): string {
  if (req?.t) return calendarT(req.t)(`calendar:${key}`, vars)
  return en.calendar[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    vars?.[name] === undefined ? whole : String(vars[name]),
  )
}
