import type { Payload, PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import type { LocaleCode } from '../src/locales.js'
import type { Route } from './router.js'

export const NAMESPACE = 'cal/events/v1'

/** What a handler knows about the request it answers. */
export type Context = {
  req: PayloadRequest
  payload: Payload
  user: PayloadRequest['user']
  /** The content language: `translation_language`, else the path segment, else `en`. */
  lang: LocaleCode
  /** The language segment the request came through (`/fr/api/...`), kept in links. */
  pathLanguage: LocaleCode | null
  options: ResolvedCalendarOptions
  /** Absolute URL of the namespace root, with a trailing slash and the request's language segment. */
  root: string
  /** Public site address (no trailing slash). */
  siteUrl: string
  now: Date
  pathParams: Record<string, string>
  /** The route table the namespace was mounted with, which the index and `/doc` describe. */
  routes: Route[]
}

/** Local API options every handler passes: the caller's request, access control on, the language. */
export function localOptions(context: Context) {
  return { req: context.req, overrideAccess: false as const, locale: context.lang, depth: 0 }
}
