import { isLocaleCode, LOCALE_CODES, type LocaleCode } from './locales.js'

/**
 * Language roots: `/fr/api/…` serves `/api/…` in French (docs/v1-differences.md §2). An app sends
 * such a request on to Payload's API root, rewritten, with this query marker saying which root it
 * came through: Next.js by the rewrite `withCalendar` adds (`payload-events-calendar/next`), the
 * host by the same rewrite (dev/server.ts). Next.js hands the route handler the URL as the client
 * sent it (`next start`: the `/fr` segment still in the path, the marker gone), other platforms the
 * rewritten one (OpenNext: the marker there): the plugin reads either (`languageRootOf`).
 */
export const LANGUAGE_ROOT_PARAM = 'cal_root'

const LANGUAGES = LOCALE_CODES.join('|')

/** `/fr/api/x?q` → `/api/x?q&cal_root=fr`; null for any other path. */
export function rewriteLanguageRoot(pathAndQuery: string, apiRoute: string): string | null {
  const match = new RegExp(`^/(${LANGUAGES})(${escaped(apiRoute)}(?:[/?].*)?)$`, 'is').exec(
    pathAndQuery,
  )
  if (!match) return null
  const [, language, rest] = match
  const [pathname, query = ''] = rest.split(/\?(.*)/s, 2)
  const params = new URLSearchParams(query)
  params.set(LANGUAGE_ROOT_PARAM, language.toLowerCase())
  return `${pathname}?${params}`
}

export type LanguageRoot = {
  /** The root's language, or null for a request to the API root itself. */
  language: LocaleCode | null
  /** The request's URL as Payload's own API root has it: no `/fr` segment, no marker. */
  url: URL
}

/**
 * The language root a request came through, by its URL: a `/{lang}` segment just before the API
 * route (case aside, as Next.js matches), else the marker. A marker that names no language is
 * dropped and means none. Anyone may send the marker to `/api/…` itself: the answer is the one
 * `/fr/api/…` gets, which every cache keys by this language.
 */
export function languageRootOf(given: URL | string, apiRoute: string): LanguageRoot {
  const url = new URL(given)
  const marker = url.searchParams.get(LANGUAGE_ROOT_PARAM)
  // Only when it is there: a delete writes the whole query again, in its own encoding.
  if (marker !== null) url.searchParams.delete(LANGUAGE_ROOT_PARAM)
  const segment = new RegExp(`^/(${LANGUAGES})(?=${escaped(apiRoute)}(?:/|$))`, 'i').exec(
    url.pathname,
  )
  if (segment) {
    url.pathname = url.pathname.slice(segment[0].length)
    return { language: segment[1].toLowerCase() as LocaleCode, url }
  }
  const language = marker?.toLowerCase()
  return { language: isLocaleCode(language) ? language : null, url }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
