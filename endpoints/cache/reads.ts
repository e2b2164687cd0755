import type { PayloadRequest } from 'payload'
import type { LocaleCode } from '../../core/locales.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { CalendarGeneration } from '../calendarState.js'
import { dependenciesOf } from './dependencies.js'
import type { Reply } from '../reply.js'
import { etagOfBody, readResponse } from './http.js'
import {
  answerFromEntry,
  cacheKey,
  isCacheableQuery,
  keptWhenWhole,
  responseCacheOf,
  type CachedReply,
} from './responses.js'

/** A GET or HEAD as the caching layer sees it. */
export type Read = {
  req: PayloadRequest
  options: ResolvedCalendarOptions
  url: URL
  /** The request's public origin (endpoints/origin.ts), which its links carry. */
  origin: string
  pathLanguage: LocaleCode | null
  lang: LocaleCode
  head: boolean
  /** Whether the request unlocks password-protected content (`password=…`). */
  passwordGiven: boolean
  generation: CalendarGeneration
}

/**
 * The one caching layer around every read's handler: who shares an answer, under which key it is
 * kept, and when it ends.
 *
 * Shared caches and the server's response cache (endpoints/cache/responses.ts) may keep what any
 * anonymous caller gets: no credentials, no password, a 200, and a query whose dates do not depend
 * on when it is read. Kept answers end with the calendar's generation
 * (endpoints/calendarState.ts). Every answer has validators (a JSON body's ETag from its
 * bytes, a feed's from its handler) and `Cache-Control`, and is a 304 when the client's copy is
 * current (endpoints/cache/http.ts).
 */
export async function answerRead(read: Read, produce: () => Promise<Reply>): Promise<Response> {
  const { req, options, url, lang, head, generation } = read
  const shared = !req.user && !read.passwordGiven
  const cache = responseCacheOf(req.payload, options)
  const keep = cache !== null && shared && isCacheableQuery(url.searchParams)
  const key = cacheKey(read.origin, read.pathLanguage, url.pathname, url.searchParams)
  const kept = keep ? cache.get(key, generation) : undefined
  const hit = kept ? answerFromEntry(kept, req.headers, { head, maxAge: options.httpMaxAge }) : null
  if (hit) return new Response(hit.body, hit)

  const depends = dependenciesOf(url.pathname, url.searchParams)
  const store = (entry: Omit<CachedReply, 'lang' | 'depends'>) => {
    if (keep && entry.status === 200) cache.set(key, generation, { ...entry, lang, depends })
  }
  const respond = (reply: Reply) =>
    readResponse(reply, req.headers, { lang, head, shared, maxAge: options.httpMaxAge })

  const reply = await produce()
  if (reply.raw === undefined) {
    const text = reply.text ?? JSON.stringify(reply.body)
    const etag = etagOfBody(text, reply.headers)
    if (keep)
      store({ status: reply.status, body: Buffer.from(text), headers: reply.headers ?? {}, etag })
    return respond({ ...reply, text, validator: { etag } })
  }
  if (!reply.validator) return respond(reply)
  const { etag, lastModified } = reply.validator
  const entry = {
    status: reply.status,
    headers: reply.headers ?? {},
    etag,
    lastModified: lastModified?.getTime(),
  }
  // A body made whole (one event's calendar) is kept whole; a streamed feed by its validators at
  // once, and whole once it has been sent (when it is not too large).
  if (typeof reply.raw === 'string') store({ ...entry, body: Buffer.from(reply.raw) })
  if (!(reply.raw instanceof ReadableStream)) return respond(reply)
  store({ ...entry, body: null })
  const whole =
    cache && keep && !head
      ? keptWhenWhole(reply.raw as ReadableStream<Uint8Array>, cache.maxEntryBytes, (body) =>
          store({ ...entry, body }),
        )
      : reply.raw
  return respond({ ...reply, raw: whole })
}
