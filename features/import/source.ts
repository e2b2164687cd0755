import type { IncomingHttpHeaders } from 'node:http'
import type { Got } from 'got'
import { failureOf, httpClient, HttpFailure, type HttpLimits, type SourceJson } from './http.js'

/**
 * Reading a v1 root over HTTP (http.ts: timeouts and retries) and walking its archives page by
 * page, as The Events Calendar really answers (docs/import.md):
 *
 * - the next page is the body's `next_rest_url`, else a `Link: <…>; rel="next"` header, else the
 *   page number plus one while it is below `total_pages` (or `X-TEC-TotalPages`);
 * - a `next_rest_url` may carry a parameter that its own route then refuses (the venues and
 *   organizers routes echo `status=any` and answer it with `400 rest_invalid_param`, naming it in
 *   `data.params`): the page is asked again without it, and so is every later page;
 * - a page that still fails is reported and the walk goes on with the next page number, when the
 *   number of pages is known;
 * - a page past the last (`404 …-archive-page-not-found` for posts, an empty list for terms) ends
 *   the walk.
 */

export type SourceOptions = {
  /** The v1 root, ending in `/tribe/events/v1/` or `/cal/events/v1/`. */
  root: string
  /** One header sent with every request, as `Name: value` (e.g. `Authorization: Basic …`). */
  header?: string
  limits: HttpLimits
  /** Told about what the source made us do (a parameter read without, text before its JSON). */
  onNotice?: (notice: string) => void
}

export class SourceError extends Error {}

/** The root as given, with one trailing slash; refuses anything but an http(s) v1 root. */
export function normalizeRoot(from: string): string {
  let url: URL
  try {
    url = new URL(from)
  } catch {
    throw new SourceError(`${from} is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SourceError(`${from} is not an http(s) URL`)
  url.hash = ''
  url.search = ''
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  if (!/\/(tribe|cal)\/events\/v1\/$/.test(url.pathname))
    throw new SourceError(`${from} is not a v1 root (…/tribe/events/v1/ or …/cal/events/v1/)`)
  return url.toString()
}

/** Parses `Name: value`; the name must be a valid HTTP header name. */
export function parseHeader(header: string | undefined): [string, string] | null {
  if (!header) return null
  const at = header.indexOf(':')
  const name = at > 0 ? header.slice(0, at).trim() : ''
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new SourceError('the header must read "Name: value"')
  const value = header.slice(at + 1).trim()
  if (/[\r\n]/.test(value)) throw new SourceError('the header value may not contain line breaks')
  return [name, value]
}

/**
 * The path after the namespace of an address the source gave (`next_rest_url`), rebased on the root
 * we were given: a site behind a proxy often names itself by an inner address.
 */
export function rebase(root: string, address: string): string {
  const match = /\/(?:tribe|cal)\/events\/v1\/(.*)$/.exec(
    new URL(address, root).pathname + new URL(address, root).search,
  )
  return match ? new URL(match[1], root).toString() : new URL(address, root).toString()
}

/**
 * The next page's address with the first request's arguments it lacks: a server may leave
 * `per_page` or `hide_empty` out of its `next_rest_url`, and its second page would then be a page
 * of another list.
 */
export function withArguments(first: string, next: string): string {
  const url = new URL(next)
  for (const [name, value] of new URL(first).searchParams)
    if (!url.searchParams.has(name)) url.searchParams.set(name, value)
  return url.toString()
}

export type PageOutcome =
  | {
      kind: 'page'
      url: string
      page: number
      body: SourceJson
      total: number | null
      totalPages: number | null
    }
  | { kind: 'failed'; url: string; page: number; failure: HttpFailure }

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isInteger(n) && n >= 0 ? n : null
}

export const pageOf = (url: string): number => {
  const page = Number(new URL(url).searchParams.get('page') ?? 1)
  return Number.isInteger(page) && page > 0 ? page : 1
}

const withPage = (url: string, page: number): string => {
  const next = new URL(url)
  next.searchParams.set('page', String(page))
  return next.toString()
}

const without = (url: string, names: Set<string>): string => {
  if (names.size === 0) return url
  const stripped = new URL(url)
  for (const name of names) stripped.searchParams.delete(name)
  return stripped.toString()
}

/** The parameters a `400 rest_invalid_param` names (`data.params`, an object or a list). */
export function refusedParameters(failure: HttpFailure): string[] {
  if (failure.status !== 400 || failure.body?.code !== 'rest_invalid_param') return []
  const params = failure.body?.data?.params
  if (Array.isArray(params)) return params.filter((name) => typeof name === 'string')
  return params && typeof params === 'object' ? Object.keys(params) : []
}

/** A page past the last of a posts archive: `404 event-archive-page-not-found` and the like. */
const pastTheEnd = (failure: HttpFailure): boolean =>
  failure.status === 404 &&
  typeof failure.body?.code === 'string' &&
  /archive-page-not-found$/.test(failure.body.code)

/** The `rel="next"` address of a `Link` header. */
export function linkNext(header: string | string[] | undefined): string | null {
  for (const value of Array.isArray(header) ? header : header ? [header] : []) {
    for (const part of value.split(/,(?=\s*<)/)) {
      const match = /^\s*<([^>]*)>(.*)$/.exec(part)
      if (match && /;\s*rel="?(?:[^"]*\s)?next(?:\s[^"]*)?"?/i.test(match[2])) return match[1]
    }
  }
  return null
}

/**
 * JSON, read past a byte-order mark, or past text a site printed before it (PHP notices, with
 * `WP_DEBUG_DISPLAY` on); undefined when there is none.
 */
export function readJson(text: string): { value: SourceJson; skipped: number } | undefined {
  const trimmed = text.replace(/^\uFEFF/, '')
  try {
    return { value: JSON.parse(trimmed), skipped: 0 }
  } catch {
    const start = trimmed.search(/[{[]\s*"/)
    if (start <= 0) return undefined
    try {
      return { value: JSON.parse(trimmed.slice(start)), skipped: start }
    } catch {
      return undefined
    }
  }
}

/**
 * A page whose answer broke (not JSON, cut short, a server error after the retries) may be broken
 * by one of its records (a PHP error in the middle of its output): its records are then asked one
 * by one. A page that timed out or was refused is not: asking again would only wait again.
 */
const brokenBySomeRecord = (failure: HttpFailure): boolean =>
  failure.status !== undefined && (failure.status === 200 || failure.status >= 500)

/** After this many single records failing in a row, the page is given up as a whole. */
const GIVE_UP_AFTER = 3

export class Source {
  readonly root: string
  private readonly header: [string, string] | null
  private readonly client: Got

  constructor(private readonly options: SourceOptions) {
    this.root = normalizeRoot(options.root)
    this.header = parseHeader(options.header)
    this.client = httpClient(
      options.limits,
      this.header ? { [this.header[0]]: this.header[1] } : {},
    )
  }

  get authenticated(): boolean {
    return this.header !== null
  }

  /** GET a JSON document (a path relative to the root, or a URL), with its headers. */
  async getJson(pathOrUrl: string): Promise<{ body: SourceJson; headers: IncomingHttpHeaders }> {
    const url = new URL(pathOrUrl, this.root).toString()
    let response
    try {
      response = await this.client.get(url, {
        headers: { accept: 'application/json' },
        responseType: 'text',
      })
    } catch (error) {
      throw failureOf(url, error)
    }
    const json = readJson(response.body)
    if (!json)
      throw new HttpFailure(
        url,
        `the answer is not JSON (${response.body.length} characters: ${JSON.stringify(response.body.slice(0, 80))}…)`,
        response.statusCode,
      )
    if (json.skipped > 0)
      this.options.onNotice?.(
        `${url}: ${json.skipped} characters before the JSON (PHP notices?) were skipped`,
      )
    return { body: json.value, headers: response.headers }
  }

  /**
   * The records of a broken page, asked one by one (`per_page=1`): each that comes is a page of
   * one, each that fails a failure of its own. When the first GIVE_UP_AFTER all fail, the page as
   * a whole is the failure (whatever broke it breaks them all).
   */
  private async *recordByRecord(
    url: string,
    page: number,
    failure: HttpFailure,
  ): AsyncGenerator<PageOutcome> {
    const perPage = Number(new URL(url).searchParams.get('per_page'))
    if (!Number.isInteger(perPage) || perPage <= 1) {
      yield { kind: 'failed', url, page, failure }
      return
    }
    const failed: PageOutcome[] = []
    let read = 0
    for (let k = (page - 1) * perPage + 1; k <= page * perPage; k++) {
      const single = new URL(url)
      single.searchParams.set('per_page', '1')
      single.searchParams.set('page', String(k))
      try {
        const { body, headers } = await this.getJson(single.toString())
        read++
        yield {
          kind: 'page',
          url: single.toString(),
          page,
          body,
          total: numberOf(body?.total) ?? numberOf(headers['x-tec-total']),
          totalPages: null,
        }
      } catch (error) {
        const alone = failureOf(single.toString(), error)
        // Past the last record: the page was the last, and shorter.
        if (pastTheEnd(alone)) break
        failed.push({ kind: 'failed', url: single.toString(), page, failure: alone })
        if (read === 0 && failed.length >= GIVE_UP_AFTER) {
          yield { kind: 'failed', url, page, failure }
          return
        }
      }
    }
    this.options.onNotice?.(
      `${url}: ${failure.message}; its records were asked one by one (${read} came, ${failed.length} failed)`,
    )
    yield* failed
  }

  /**
   * Walks an archive page by page (see the top of this file); `list` is its records' key
   * (`events`, `venues`, …): a page after the first with none ends the walk.
   */
  async *pages(first: string, list: string): AsyncGenerator<PageOutcome> {
    const firstUrl = new URL(first, this.root).toString()
    const refused = new Set<string>()
    const asked = new Set<string>()
    let next: string | null = firstUrl
    let totalPages: number | null = null
    const ahead = new ReadAhead((url) => this.getJson(url))
    while (next) {
      const url = without(next, refused)
      if (asked.has(url)) return
      asked.add(url)
      const page = pageOf(url)
      let answer
      try {
        answer = await ahead.take(url)
      } catch (error) {
        const failure = failureOf(url, error)
        const droppable = refusedParameters(failure).filter(
          (name) => name !== 'page' && new URL(url).searchParams.has(name),
        )
        if (droppable.length > 0) {
          for (const name of droppable) refused.add(name)
          this.options.onNotice?.(
            `${new URL(url).pathname.split('/').filter(Boolean).pop()}: the source refused ${droppable.map((name) => `${name}=${new URL(url).searchParams.get(name)}`).join(', ')} (${failure.message}); read without it`,
          )
          continue
        }
        if (page > 1 && pastTheEnd(failure)) return
        if (brokenBySomeRecord(failure)) yield* this.recordByRecord(url, page, failure)
        else yield { kind: 'failed', url, page, failure }
        next = totalPages !== null && page < totalPages ? withPage(url, page + 1) : null
        continue
      }
      const { body, headers } = answer
      const total = numberOf(body?.total) ?? numberOf(headers['x-tec-total'])
      totalPages =
        numberOf(body?.total_pages) ?? numberOf(headers['x-tec-totalpages']) ?? totalPages
      yield { kind: 'page', url, page, body, total, totalPages }
      const records = body?.[list]
      const empty = !records || (typeof records === 'object' && Object.keys(records).length === 0)
      if (page > 1 && empty) return
      const given =
        typeof body?.next_rest_url === 'string' && body.next_rest_url
          ? body.next_rest_url
          : linkNext(headers.link)
      next = given
        ? withArguments(firstUrl, rebase(this.root, given))
        : totalPages !== null && page < totalPages
          ? withPage(url, page + 1)
          : null
      if (next && totalPages !== null) {
        const following = without(next, refused)
        const from = pageOf(following)
        if (from === page + 1)
          for (let ask = from; ask < from + READ_AHEAD && ask <= totalPages; ask++)
            ahead.ask(withPage(following, ask))
      }
    }
  }
}

/**
 * Pages an archive walk reads before it gets to them. The next page's address is known only from
 * the page before (its `next_rest_url`), but when the pages go by number and their count is known,
 * the next few are asked at once: a walk with little to write (a second run) waits for one page's
 * answer at a time otherwise. An address the walk then takes in another form (its parameters in
 * another order) is the same page; one it never takes was asked for nothing, at most READ_AHEAD.
 */
const READ_AHEAD = 4

type Answer = { body: SourceJson; headers: IncomingHttpHeaders }

class ReadAhead {
  private readonly asked = new Map<string, Promise<Answer>>()

  constructor(private readonly get: (url: string) => Promise<Answer>) {}

  ask(url: string) {
    const key = sameAddress(url)
    if (this.asked.has(key)) return
    const answer = this.get(url)
    // Never taken (the walk ended, or went another way): its failure is nobody's.
    answer.catch(() => undefined)
    this.asked.set(key, answer)
  }

  take(url: string): Promise<Answer> {
    const key = sameAddress(url)
    const answer = this.asked.get(key)
    this.asked.delete(key)
    return answer ?? this.get(url)
  }
}

/** An address with its parameters in one order: the same page, however it was written. */
function sameAddress(url: string): string {
  const address = new URL(url)
  address.searchParams.sort()
  return address.toString()
}
