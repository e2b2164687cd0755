import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { GenerationFollower, type CalendarGeneration } from '../calendarState.js'
import { isAffected, type Dependencies } from './dependencies.js'
import type { RequestHeaders } from '../origin.js'
import type { Validator } from '../reply.js'
import { isNotModified, readAnswer, type PlainAnswer } from './http.js'

/**
 * The server's response cache (issue #16 item 5): the JSON answers of reads that any anonymous
 * caller gets, kept by request (address, language, query), bounded in bytes, least recently used
 * out first.
 *
 * It is never stale: entries belong to the calendar's generation they were made in
 * (endpoints/calendarState.ts), and a newer generation drops those that depend on a record
 * it changed (endpoints/cache/dependencies.ts), or all of them when it cannot tell (a time
 * boundary). Requests whose dates are words ("now", "+3 weeks") are not kept.
 */

/**
 * Says that an answer came from the response cache (`hit`); for operators and tests, the ETag is
 * the same either way.
 */
export const CACHE_HEADER = 'x-cal-cache'

/**
 * A kept answer: its status, bytes, headers (those of the reply: totals, content type), validators
 * and content language. A streamed feed is kept by its validators alone (`body` null) as soon as
 * it starts, enough to answer a revalidation with 304 without reading the calendar, and whole once
 * it has been sent, if it is not larger than an entry may be.
 */
export type CachedReply = {
  status: number
  body: Buffer | null
  headers: Record<string, string>
  etag: string
  lastModified?: number
  lang: string
  /** What the answer depends on (endpoints/cache/dependencies.ts). */
  depends: Dependencies
}

/** An entry's bookkeeping beside its body: key, headers, object. */
const ENTRY_OVERHEAD = 512

const bodyBytes = (entry: CachedReply) => entry.body?.byteLength ?? 0

export class ResponseCache {
  readonly #entries: LRUCache<string, CachedReply>
  readonly #generations = new GenerationFollower((changed) => this.#drop(changed))
  readonly #maxEntryBytes: number
  /**
   * The plugin's options, so that an answer can be made from the cache alone
   * (endpoints/cache/early.ts).
   */
  readonly options: ResolvedCalendarOptions

  constructor(options: ResolvedCalendarOptions) {
    this.options = options
    const maxBytes = options.responseCacheBytes
    this.#maxEntryBytes = Math.max(1, Math.floor(maxBytes / 8))
    this.#entries = new LRUCache<string, CachedReply>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => bodyBytes(entry) + ENTRY_OVERHEAD,
    })
  }

  /** Drops what a change can affect: the entries that depend on a changed record, or all. */
  #drop(changed: ReadonlySet<string> | null): void {
    if (changed === null || this.options.responseCacheDropsAll) return this.#entries.clear()
    const affected: string[] = []
    for (const [key, entry] of this.#entries.entries())
      if (isAffected(entry.depends, changed)) affected.push(key)
    for (const key of affected) this.#entries.delete(key)
  }

  get size(): number {
    return this.#entries.size
  }

  /** The largest body kept (an eighth of the cache). */
  get maxEntryBytes(): number {
    return this.#maxEntryBytes
  }

  /**
   * Whether an entry is kept under `key`, whatever the calendar's state (a hint: `get` decides).
   */
  has(key: string): boolean {
    return this.#entries.has(key)
  }

  /** The entry kept under `key` for this generation (a newer generation empties the cache). */
  get(key: string, generation: CalendarGeneration): CachedReply | undefined {
    return this.#generations.follow(generation) ? this.#entries.get(key) : undefined
  }

  /** Keeps an answer made in `generation`, unless the calendar moved on meanwhile. */
  set(key: string, generation: CalendarGeneration, reply: CachedReply): void {
    if (!this.#generations.isCurrent(generation) || bodyBytes(reply) > this.#maxEntryBytes) return
    this.#entries.set(key, reply)
  }
}

/**
 * A streamed body passed on as it is read, and kept whole (`keep` receives its bytes) once it has
 * ended, unless it grew beyond `maxBytes`. Nothing is read before the connection asks for it.
 */
export function keptWhenWhole(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  keep: (body: Buffer) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let chunks: Uint8Array[] | null = []
  let size = 0
  return new ReadableStream<Uint8Array>(
    {
      pull: async (controller) => {
        const { done, value } = await reader.read()
        if (done) {
          controller.close()
          if (chunks) keep(Buffer.concat(chunks))
          return
        }
        size += value.byteLength
        if (size > maxBytes) chunks = null
        chunks?.push(value)
        controller.enqueue(value)
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  )
}

/**
 * The answer a kept entry gives this request (marked `X-Cal-Cache: hit`): its bytes, or 304 when
 * the client's copy is current; null when the entry holds validators only and the client needs the
 * body (a feed is streamed again).
 */
export function answerFromEntry(
  entry: CachedReply,
  request: RequestHeaders,
  settings: { head: boolean; maxAge: number },
): PlainAnswer<Uint8Array<ArrayBuffer>> | null {
  const validator: Validator = {
    etag: entry.etag,
    ...(entry.lastModified !== undefined ? { lastModified: new Date(entry.lastModified) } : {}),
  }
  if (entry.body === null && !isNotModified(request, validator)) return null
  // Any anonymous caller gets what is kept, so it is shared (public) as it was when it was made.
  // Its bytes are sent as they are, encoded once (a 304 has none).
  const reply = {
    status: entry.status,
    body: undefined,
    raw: (entry.body ?? new Uint8Array()) as Uint8Array<ArrayBuffer>,
    headers: entry.headers,
    validator,
  }
  const answer = readAnswer(reply, request, {
    lang: entry.lang,
    head: settings.head,
    shared: true,
    maxAge: settings.maxAge,
  }) as PlainAnswer<Uint8Array<ArrayBuffer>>
  answer.headers[CACHE_HEADER] = 'hit'
  return answer
}

const byInstance = new WeakMap<Payload, ResponseCache>()

/** The response cache of one Payload instance, or none when `responseCacheBytes` is 0. */
export function responseCacheOf(
  payload: Payload,
  options: ResolvedCalendarOptions,
): ResponseCache | null {
  if (options.responseCacheBytes <= 0) return null
  let cache = byInstance.get(payload)
  if (!cache) byInstance.set(payload, (cache = new ResponseCache(options)))
  return cache
}

/**
 * The response cache of a Payload instance if a read made one already (and so may have kept
 * answers).
 */
export const existingResponseCache = (payload: Payload): ResponseCache | undefined =>
  byInstance.get(payload)

const DATE_PARAM = /(_date|_before|_after|_since)$/
/**
 * A date as digits (`2027-03-01`, `2027-03-01 10:00:00`, a timestamp), or a change log cursor
 * (`modified_since=c42`, endpoints/changes/cursor.ts): the same instant whenever it is read.
 */
const ABSOLUTE_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$|^\d{9,11}$|^c\d{1,15}$/

/** Whether an answer to this query may be kept: its dates do not depend on when it is read. */
export function isCacheableQuery(query: URLSearchParams): boolean {
  for (const [name, value] of query)
    if (DATE_PARAM.test(name) && !ABSOLUTE_DATE.test(value.trim())) return false
  return true
}

/**
 * The key of a request: where it came through (origin, language segment), its path and its query in
 * a stable order.
 */
export function cacheKey(
  origin: string,
  pathLanguage: string | null,
  path: string,
  query: URLSearchParams,
): string {
  const pairs = [...query].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  )
  return JSON.stringify([origin, pathLanguage, path, pairs])
}
