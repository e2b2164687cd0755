import type { Payload, PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../core/options.js'
import type { LocaleCode } from '../core/locales.js'
import type { Data, Doc } from './data.js'
import type { Related } from './related.js'
import type { CalendarGeneration } from './calendarState.js'

export const NAMESPACE = 'cal/events/v1'
/** Where the calendar's root is under the API root: `/api/cal` (endpoints/calendarRoot.ts). */
export const CALENDAR_ROOT_PATH = '/cal'

/** What a handler knows about the request it answers. */
export type Context = {
  req: PayloadRequest
  payload: Payload
  user: PayloadRequest['user']
  /** The content language: `translation_language`, else the path segment, else `en`. */
  lang: LocaleCode
  /** The language segment the request came through (`/fr/api/...`), if any. */
  pathLanguage: LocaleCode | null
  options: ResolvedCalendarOptions
  /**
   * The database as this request sees it: its user, its language, access control on (`data.ts`).
   */
  data: Data
  /**
   * The request's public origin (endpoints/origin.ts: `serverURL`, else its valid `Host`), which
   * API links carry; no trailing slash.
   */
  origin: string
  /**
   * Absolute URL of Payload's API root under `origin` (`https://site/api`, `…/fr/api` when the
   * request came through that language root), no trailing slash.
   */
  apiRoot: string
  /**
   * Absolute URL of the namespace root, with a trailing slash, under `origin`. A request that came
   * through a language root (`/fr/api/...`) has the content language's segment in it; any other
   * keeps it in `linkLanguage` (docs/v1-differences.md §2).
   */
  root: string
  /**
   * The content language that API links carry as `translation_language` (not `en`, and not given by
   * a path segment), else null: see `apiLink`.
   */
  linkLanguage: LocaleCode | null
  /** Public site address, for records' `url` fields (no trailing slash). */
  siteUrl: string
  now: Date
  pathParams: Record<string, string>
  /** The file an upload route was sent (`Operation.upload`). */
  upload?: Uint8Array
  /**
   * The record a by-id or by-slug route names, as its path parameter's check found it (any status,
   * past access: `lookup.ts` `addressParam`), so that the handler does not look it up again.
   */
  addressed?: Doc
  /**
   * The calendar's generation as this read found it (endpoints/calendarState.ts), so that its
   * change mark is read once per request; reads only.
   */
  generation?: CalendarGeneration
  /**
   * Build term counts as markers that name the term (endpoints/forms/forms.ts): set only while
   * building the kept forms, whose counts go in when they are read.
   */
  markedCounts?: boolean
  /**
   * The venues, organizers and terms an event write named, as it read them to check or find them
   * (endpoints/fields/linkedArgs.ts, endpoints/fields/termArgs.ts), so that its answer
   * (events/write.ts) reads none of them again: the write changes no venue or organizer, and
   * moves its terms' counts by what collections/hooks/termCounts.ts notes.
   */
  linkedRead?: Related
}

/**
 * What record builders know of a request: its addresses, language, caller and the options; nothing
 * of Payload.
 */
export type RecordContext = Pick<
  Context,
  'siteUrl' | 'root' | 'linkLanguage' | 'lang' | 'options' | 'user' | 'markedCounts'
>

/**
 * The path segment that keeps a language in links: `/fr`, `/es`, and none for English
 * (docs/v1-differences.md §2).
 */
export const languageSegment = (lang: LocaleCode) => (lang === 'en' ? '' : `/${lang}`)

/**
 * The absolute API link to a path under the namespace root (`events/12`, `''` for the root), with
 * this query and the content language in the form the request used it: in the root's path segment,
 * else as `translation_language` (unless the query already names one). A link keeps no trailing
 * slash (a Next.js app redirects such a path).
 */
export function apiLink(
  context: Pick<Context, 'root' | 'linkLanguage'>,
  path: string,
  query?: URLSearchParams,
): string {
  const search = new URLSearchParams(query)
  if (context.linkLanguage && !search.has('translation_language'))
    search.set('translation_language', context.linkLanguage)
  const address = path ? `${context.root}${path}` : context.root.slice(0, -1)
  return search.size ? `${address}?${search}` : address
}

/**
 * Where a request's links lead for its content language (`lang`) when it came through the language
 * root `pathLanguage` (or none): the root's language segment, or the language links carry in the
 * query (docs/v1-differences.md §2).
 */
export function linkForm(lang: LocaleCode, pathLanguage: LocaleCode | null) {
  return pathLanguage
    ? { segment: languageSegment(lang), linkLanguage: null }
    : { segment: '', linkLanguage: lang === 'en' ? null : lang }
}
