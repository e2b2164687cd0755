import type { LabelFunction, PayloadRequest } from 'payload'
import { en, type TextKey } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'

export type { TextKey }

/** The admin languages the calendar's own texts come in. */
export const ADMIN_LANGUAGES = ['en', 'fr', 'es'] as const
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number]

const TEXTS: Record<AdminLanguage, Record<TextKey, string>> = { en, fr, es }

const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  ADMIN_LANGUAGES.includes(value as AdminLanguage)
const textsFor = (language: unknown) => TEXTS[isAdminLanguage(language) ? language : 'en']

/** One text in an admin language (English for any other); for the admin's client components. */
export function textIn(language: unknown, key: TextKey): string {
  return textsFor(language)[key]
}

/**
 * A description (or group name) in every admin language; Payload's admin shows the one of its
 * user's language.
 */
export function text(key: TextKey): Record<AdminLanguage, string> {
  return { en: en[key], fr: fr[key], es: es[key] }
}

/**
 * A label of a collection, field or option. A function rather than a per-language record: Payload
 * turns it into plain text for the admin's language, which every part of the admin can show (some,
 * such as the "Add new" buttons of relationship fields, print a record as "[object Object]").
 */
export function label(key: TextKey): LabelFunction {
  return ({ i18n }) => textsFor(i18n.language)[key]
}

/**
 * A validation message in the language of the request (the admin user's language, or the
 * Accept-Language of a REST call), English for any other language.
 */
export function message(req: Pick<PayloadRequest, 'i18n'> | undefined, key: TextKey): string {
  return textsFor(req?.i18n?.language)[key]
}
