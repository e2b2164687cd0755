import { calendarGeneration } from '../calendarState.js'
import { headersWithCors, type Payload } from 'payload'
import { FEEDS_NAMESPACE, FULLCALENDAR_NAMESPACE } from '../../core/defaults.js'
import { NAMESPACE } from '../context.js'
import { originSettings, publicOrigin, type RequestHeaders } from '../origin.js'
import { languageRootOf } from '../../core/languageRoots.js'
import type { PlainAnswer } from './http.js'
import { answerFromEntry, cacheKey, existingResponseCache } from './responses.js'

/**
 * Answers from the response cache before Payload's request handling (issue #16): a server that puts
 * `cachedRead` in front of Payload (the host's express app does, dev/cachedReads.ts) answers
 * repeated anonymous reads and their revalidations for the cost of a lookup and one read of the
 * calendar's change mark, instead of building a Payload request, authenticating and matching
 * endpoints first. Anything it cannot answer goes on to Payload as before, which answers it the
 * same way; without it (a plugin in a Next.js app) every read takes that normal path.
 *
 * It answers only what a kept entry holds: an entry is kept only for an anonymous caller's read
 * whose answer any anonymous caller gets (no credentials, no password, a 200, a query whose dates
 * do not depend on when it is read), under a key of the request's public origin
 * (endpoints/origin.ts, from the same URL and headers as on Payload's path), language segment, path
 * and query. So a request is answered here only when it carries no credentials at all and the app
 * authenticates by Payload's own means alone (its JWT, by header or cookie, and API keys); the
 * change mark is read as on the normal path (a write from any process is seen at once) and time
 * boundaries end entries as there.
 */

/** Marks an answer made here, beside `X-Cal-Cache: hit` (for operators and tests). */
export const EARLY_HEADER = 'x-cal-early'

export type EarlyRequest = {
  method: string
  /** The absolute URL as Payload would see it (the same origin, path and query). */
  url: string | URL
  headers: RequestHeaders
}

/**
 * Whether a request would reach Payload anonymous: no credentials, and no way of authenticating but
 * Payload's own.
 */
function isAnonymous(payload: Payload, headers: RequestHeaders): boolean {
  if (headers.get('authorization') !== null) return false
  if (headers.get('cookie')?.includes(`${payload.config.cookiePrefix}-token`)) return false
  return onlyOwnAuthentication(payload)
}

const ownAuthentication = new WeakMap<Payload, boolean>()

/**
 * Whether Payload authenticates only by its JWT (header or cookie) and API keys (the Authorization
 * header): a custom strategy may read any header, and auto-login signs every request in.
 */
function onlyOwnAuthentication(payload: Payload): boolean {
  let own = ownAuthentication.get(payload)
  if (own === undefined) {
    const { collections, admin } = payload.config
    const custom = collections.some((collection) => (collection.auth?.strategies?.length ?? 0) > 0)
    const autoLogin = typeof admin.autoLogin === 'object' && !admin.autoLogin.prefillOnly
    own = !custom && !autoLogin
    ownAuthentication.set(payload, own)
  }
  return own
}

/**
 * The answer to a GET or HEAD from the response cache, or null when the request must go on to
 * Payload (not anonymous, nothing kept for it, the calendar moved on, a feed's body is asked for).
 */
export async function cachedRead(
  payload: Payload,
  request: EarlyRequest,
): Promise<PlainAnswer<Uint8Array<ArrayBuffer>> | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const cache = existingResponseCache(payload)
  if (!cache || !isAnonymous(payload, request.headers)) return null
  const api = payload.config.routes.api
  const { url, language } = languageRootOf(request.url, api)
  if (
    ![NAMESPACE, FEEDS_NAMESPACE, FULLCALENDAR_NAMESPACE].some((namespace) =>
      url.pathname.startsWith(`${api}/${namespace}`),
    )
  )
    return null
  const key = cacheKey(
    publicOrigin(url, request.headers, originSettings(payload.config, cache.options)),
    language,
    url.pathname,
    url.searchParams,
  )
  if (!cache.has(key)) return null
  const generation = await calendarGeneration(payload, cache.options, new Date())
  const entry = cache.get(key, generation)
  const answer = entry
    ? answerFromEntry(entry, request.headers, {
        head: request.method === 'HEAD',
        maxAge: cache.options.httpMaxAge,
      })
    : null
  if (!answer) return null
  answer.headers[EARLY_HEADER] = '1'
  return payload.config.cors ? withCors(payload, request.headers, answer) : answer
}

/** Payload's CORS headers, as its request handling adds them to every answer. */
function withCors(
  payload: Payload,
  headers: RequestHeaders,
  answer: PlainAnswer<Uint8Array<ArrayBuffer>>,
): PlainAnswer<Uint8Array<ArrayBuffer>> {
  const req = { payload, headers } as Parameters<typeof headersWithCors>[0]['req']
  const corsHeaders = headersWithCors({ headers: new Headers(answer.headers), req })
  return { ...answer, headers: Object.fromEntries(corsHeaders) }
}
