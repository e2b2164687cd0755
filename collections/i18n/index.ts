import type { PayloadRequest } from 'payload'
import { en, type TextKey } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'

export type { TextKey }

/** The admin languages the calendar's own texts come in. */
export const ADMIN_LANGUAGES = ['en', 'fr', 'es'] as const
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number]

const TEXTS: Record<AdminLanguage, Record<TextKey, string>> = { en, fr, es }

/** A label or description in every admin language; Payload's admin shows the one of its user's language. */
export function text(key: TextKey): Record<AdminLanguage, string> {
  return { en: en[key], fr: fr[key], es: es[key] }
}

const isAdminLanguage = (value: unknown): value is AdminLanguage => ADMIN_LANGUAGES.includes(value as AdminLanguage)

/**
 * A validation message in the language of the request (the admin user's language, or the
 * Accept-Language of a REST call), English for any other language.
 */
export function message(req: Pick<PayloadRequest, 'i18n'> | undefined, key: TextKey): string {
  const language = req?.i18n?.language
  return TEXTS[isAdminLanguage(language) ? language : 'en'][key]
}
