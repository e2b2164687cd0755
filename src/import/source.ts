/**
 * Reading a v1 root over HTTP: JSON pages with a timeout, network errors and 429/5xx answers
 * retried with exponential backoff, and archives walked by `next_rest_url`.
 */

export type SourceOptions = {
  /** The v1 root, ending in `/tribe/events/v1/` or `/cal/events/v1/`. */
  root: string
  /** One header sent with every request, as `Name: value` (e.g. `Authorization: Basic …`). */
  header?: string
  timeoutMs?: number
  retries?: number
  /** First backoff delay; doubled at each retry. */
  backoffMs?: number
}

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

export class Source {
  readonly root: string
  private readonly header: [string, string] | null

  constructor(private readonly options: SourceOptions) {
    this.root = normalizeRoot(options.root)
    this.header = parseHeader(options.header)
  }

  get authenticated(): boolean {
    return this.header !== null
  }

  /**
   * GET a JSON document (a path relative to the root, or a URL); retried on network errors, 429 and
   * 5xx.
   */
  async getJson(pathOrUrl: string): Promise<any> {
    const url = new URL(pathOrUrl, this.root).toString()
    const retries = this.options.retries ?? 4
    let delay = this.options.backoffMs ?? 500
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          headers: {
            accept: 'application/json',
            ...(this.header ? { [this.header[0]]: this.header[1] } : {}),
          },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
          redirect: 'follow',
        })
        const text = await response.text()
        if (response.status === 429 || response.status >= 500)
          throw new SourceError(`${url}: HTTP ${response.status}`, response.status)
        if (!response.ok)
          throw new PermanentError(
            `${url}: HTTP ${response.status} ${summary(text)}`,
            response.status,
          )
        try {
          return JSON.parse(text)
        } catch {
          throw new PermanentError(`${url}: the answer is not JSON`)
        }
      } catch (error) {
        if (error instanceof PermanentError || attempt >= retries)
          throw error instanceof SourceError
            ? error
            : new SourceError(`${url}: ${(error as Error).message}`)
        await sleep(delay)
        delay *= 2
      }
    }
  }

  /** Walks an archive (`events`, `venues`, …) by `next_rest_url`, yielding each page's body. */
  async *pages(first: string): AsyncGenerator<{ body: any; url: string }> {
    const firstUrl = new URL(first, this.root).toString()
    let next: string | null = firstUrl
    const seen = new Set<string>()
    while (next && !seen.has(next)) {
      seen.add(next)
      const body = await this.getJson(next)
      yield { body, url: next }
      next =
        typeof body?.next_rest_url === 'string' && body.next_rest_url
          ? withArguments(firstUrl, rebase(this.root, body.next_rest_url))
          : null
    }
  }
}

class PermanentError extends SourceError {}

function summary(text: string): string {
  try {
    const parsed = JSON.parse(text)
    return parsed && typeof parsed.message === 'string'
      ? `(${parsed.code ?? ''}: ${parsed.message})`
      : ''
  } catch {
    return ''
  }
}
