import got, { HTTPError, RequestError, TimeoutError, type Got, type OptionsInit } from 'got'

/**
 * The importer's HTTP client: [got](https://github.com/sindresorhus/got), pinned, for its
 * per-attempt timeouts (a connect timeout, and a whole-request timeout that runs until the last
 * byte of the body, so a body that stalls or trickles forever ends too) and its retries (network
 * errors, timeouts, 408/429/5xx, with exponential backoff and the server's `Retry-After`). Every
 * request the importer makes (pages, images, iCalendar files) goes through one of these.
 */

export type HttpLimits = {
  /** Whole request, per attempt: from the request to the body's last byte. */
  timeoutMs: number
  /** Until the socket is connected. */
  connectTimeoutMs: number
  /** Attempts after the first. */
  retries: number
  /** First backoff delay, doubled at each retry (with up to 10% noise). */
  backoffMs: number
  /** The longest `Retry-After` waited for; past it the request fails at once. */
  maxRetryAfterMs: number
}

/**
 * JSON another site answered (a v1 record or page, a WordPress error). Loose on purpose: it is
 * whatever the site sent, and every read of it checks what it found (`typeof`, `Array.isArray`,
 * the importer's own readers of text, dates and numbers) before using it; `unknown` would put a
 * cast before each of those many reads instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- another site's JSON, see above
export type SourceJson = Record<string, any>

/**
 * A failed request as the importer reports it: where, what came back (status, the source's own
 * error code and message), and why.
 */
export class HttpFailure extends Error {
  constructor(
    readonly url: string,
    message: string,
    readonly status?: number,
    /** The answer's JSON body, when it had one (a WordPress error: `{code, message, data}`). */
    readonly body?: SourceJson,
  ) {
    super(message)
  }
}

const RETRIED_STATUSES = [408, 425, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]
// got's defaults, and a connection closed in the middle of a body.
const RETRIED_ERRORS = [
  'ETIMEDOUT',
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
]

export function httpClient(limits: HttpLimits, headers: Record<string, string> = {}): Got {
  return got.extend({
    headers: { 'user-agent': 'payload-events-calendar importer', ...headers },
    timeout: { connect: limits.connectTimeoutMs, request: limits.timeoutMs },
    retry: {
      limit: limits.retries,
      methods: ['GET'],
      statusCodes: RETRIED_STATUSES,
      errorCodes: RETRIED_ERRORS,
      maxRetryAfter: limits.maxRetryAfterMs,
      // got's own delay is 1 s × 2^n; ours starts at `backoffMs`. A `Retry-After` (computed by got,
      // already bounded by maxRetryAfter) wins.
      calculateDelay: ({ attemptCount, computedValue, error }) => {
        if (computedValue === 0) return 0
        if (error.response?.headers['retry-after']) return computedValue
        const delay = limits.backoffMs * 2 ** (attemptCount - 1)
        return delay + Math.random() * delay * 0.1
      },
    },
    followRedirect: true,
    maxRedirects: 5,
    cache: false,
    throwHttpErrors: true,
  } satisfies OptionsInit)
}

/** A got error as an HttpFailure naming the URL and what happened. */
export function failureOf(url: string, error: unknown): HttpFailure {
  if (error instanceof HttpFailure) return error
  if (error instanceof HTTPError) {
    const text = String(error.response.body ?? '')
    let body: SourceJson | undefined
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const status = error.response.statusCode
    const said =
      body && typeof body.message === 'string'
        ? ` (${body.code ? `${body.code}: ` : ''}${body.message.slice(0, 300)})`
        : ''
    return new HttpFailure(url, `HTTP ${status}${said}`, status, body)
  }
  if (error instanceof TimeoutError) {
    const what =
      error.event === 'connect'
        ? 'could not connect'
        : error.event === 'request'
          ? 'no complete answer'
          : `timed out (${error.event})`
    return new HttpFailure(url, `${what} within ${timeoutOf(error)}`)
  }
  if (error instanceof RequestError)
    return new HttpFailure(
      url,
      `${error.code ? `${error.code}: ` : ''}${error.message}`,
      error.response?.statusCode,
    )
  return new HttpFailure(url, (error as Error)?.message ?? String(error))
}

function timeoutOf(error: TimeoutError): string {
  const limit = (error.options.timeout as Record<string, number | undefined>)[error.event]
  return limit !== undefined ? `${limit} ms` : 'its time limit'
}
