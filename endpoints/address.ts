import type { PayloadRequest } from 'payload'
import type { LocaleCode } from '../core/locales.js'
import { languageRootOf, type LanguageRoot } from '../core/languageRoots.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { linkForm } from './context.js'
import { originSettings, publicOrigin } from './origin.js'

/**
 * The language root a request came through (`/fr/api/…`), and its URL as the API root has it
 * (core/languageRoots.ts).
 */
export const requestAddress = (req: PayloadRequest): LanguageRoot =>
  languageRootOf(new URL(req.url ?? '', 'http://localhost'), req.payload.config.routes.api)

/**
 * Where a request's links lead: its public origin (endpoints/origin.ts), Payload's API root under
 * it in the form the content language `lang` takes (a language root's segment, no trailing
 * slash), and the language links carry in their query instead (`linkForm`).
 */
export function linkBase(
  req: PayloadRequest,
  url: URL,
  options: ResolvedCalendarOptions,
  lang: LocaleCode,
  pathLanguage: LocaleCode | null,
): { origin: string; apiRoot: string; linkLanguage: LocaleCode | null } {
  const origin = publicOrigin(url, req.headers, originSettings(req.payload.config, options))
  const { segment, linkLanguage } = linkForm(lang, pathLanguage)
  return { origin, apiRoot: `${origin}${segment}${req.payload.config.routes.api}`, linkLanguage }
}
