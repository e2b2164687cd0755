import type { Payload, PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import type { LocaleCode } from '../src/locales.js'
import type { Data, Doc } from './data.js'
import type { CalendarGeneration } from './cache/calendarState.js'

export const NAMESPACE = 'cal/events/v1'

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
   * Absolute URL of the namespace root, with a trailing slash and, when the content language is not
   * `en`, its segment (`/fr/api/...`), however it was chosen: links keep the language
   * (docs/v1-differences.md §2).
   */
  root: string
  /** Public site address (no trailing slash). */
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
   * The calendar's generation as this read found it (endpoints/cache/calendarState.ts), so that its
   * change mark is read once per request; reads only.
   */
  generation?: CalendarGeneration
  /**
   * Build term counts as markers that name the term (endpoints/records/forms.ts): set only while
   * building the kept forms, whose counts go in when they are read.
   */
  markedCounts?: boolean
}

/**
 * What record builders know of a request: its addresses, language, caller and the options; nothing
 * of Payload.
 */
export type RecordContext = Pick<
  Context,
  'siteUrl' | 'root' | 'lang' | 'options' | 'user' | 'markedCounts'
>

/**
 * The path segment that keeps a language in links: `/fr`, `/es`, and none for English
 * (docs/v1-differences.md §2).
 */
export const languageSegment = (lang: LocaleCode) => (lang === 'en' ? '' : `/${lang}`)
