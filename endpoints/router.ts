import {
  APIError,
  ValidationError,
  type Endpoint,
  type PayloadHandler,
  type PayloadRequest,
} from 'payload'
import { isLocaleCode, LOCALE_CODES, type LocaleCode } from '../src/locales.js'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { languageSegment, NAMESPACE, type Context } from './context.js'
import {
  ApiError,
  internalError,
  invalidCredentials,
  invalidParams,
  methodNotAllowed,
  noRoute,
} from './errors.js'
import { parseParams, readBody, readBytes, type Input } from './input.js'
import type { ArgsOf, ParamSpec, Params } from './params.js'
import type { SchemaName } from './schemas/index.js'
import { validateArgs } from './validate.js'
import { CHECKS_PASSWORDS } from '../collections/hooks/protectContent.js'
import { dataLayer } from './data.js'
import {
  cacheControl,
  etagOfBody,
  readResponse,
  VARY,
  type ReadReply,
  type Validator,
} from './cache/http.js'
import {
  answerFromEntry,
  cacheKey,
  isCacheableQuery,
  keptWhenWhole,
  responseCacheOf,
  type CachedReply,
} from './cache/responses.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Reply = {
  status: number
  body: unknown
  headers?: Record<string, string>
  /**
   * A GET's body sent as it is instead of `body` as JSON (a calendar feed, streamed); its content
   * type goes in `headers`.
   */
  raw?: BodyInit
  /**
   * The validator of a `raw` body, known before it is sent (a JSON body's ETag is made from its
   * bytes).
   */
  validator?: Validator
}

/**
 * What an operation answers with one status: the body's schema by name, or the codes of its errors.
 */
export type ResponseSpec = SchemaName | { errors: readonly string[] }

export type Operation<P extends Params = Params> = {
  summary: string
  params: P
  /**
   * Parameters other than path variables come in a JSON or form body (writes) rather than the query
   * string.
   */
  body?: boolean
  /**
   * The body is a file (its bytes on `context.upload`, at most `maxBytes`), and every parameter
   * comes in the query string.
   */
  upload?: { mediaType: string; maxBytes: number; description: string }
  /**
   * What the handler itself answers, by status. `/doc` publishes it and the test suite holds every
   * response to it; the answers of the router's own stages (bad parameters or body, credentials,
   * permission, 405, 500) are added by `documentation/responses.ts`.
   */
  responses: Partial<Record<number, ResponseSpec>>
  /**
   * Decides who may call, before any parameter is validated (writes, docs/v1-differences.md §4);
   * throws an ApiError to refuse.
   */
  authorize?: (context: Context) => void | Promise<void>
  handle(context: Context, args: ArgsOf<P>): Promise<Reply>
}

/**
 * An operation whose handler receives its declared parameters typed (`ArgsOf`), for the route
 * table.
 */
export const operation = <P extends Params>(declared: Operation<P>): Operation =>
  declared as unknown as Operation

/**
 * A route: a path under the namespace (`/events/{id}`, `''` for the index) and what each method
 * does there.
 */
export type Route = {
  path: string
  operations: Partial<Record<Method, Operation>>
}

/** Every route accepts the content language (docs/v1-differences.md §2). */
export const LANGUAGE_PARAM: ParamSpec = {
  kind: 'string',
  description:
    'Language of the content: en, fr or es. Default: the language segment of the URL, else en.',
  enum: LOCALE_CODES,
}

const VARIABLE_PATTERNS: Record<string, string> = { id: '\\d+', slug: '[^/]+' }

/**
 * What a path variable matches (a regex source): `id` digits, `slug` and others anything but a
 * slash.
 */
export const variablePattern = (name: string) => VARIABLE_PATTERNS[name] ?? '[^/]+'

/** Every parameter of an operation: its own and the content language. */
export const operationParams = (operation: Operation): Params => ({
  ...operation.params,
  translation_language: LANGUAGE_PARAM,
})

type CompiledRoute = { route: Route; regex: RegExp; variables: string[] }

function compile(route: Route): CompiledRoute {
  const variables: string[] = []
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      variables.push(name)
      return `(${variablePattern(name)})`
    })
  return { route, regex: new RegExp(`^${source}/?$`), variables }
}

/**
 * The header through which a host says that a request came through a `/{lang}/api` root
 * (dev/server.ts sets it).
 */
export const PATH_LANGUAGE_HEADER = 'x-cal-path-language'

function decodePathParams(variables: string[], found: RegExpExecArray): Record<string, string> {
  try {
    return Object.fromEntries(variables.map((name, i) => [name, decodeURIComponent(found[i + 1])]))
  } catch {
    throw noRoute()
  }
}

/**
 * Whether the request carries credentials (which, when `req.user` is empty, did not authenticate).
 */
function sentCredentials(req: PayloadRequest): boolean {
  if (req.headers.get('authorization')) return true
  const cookies = req.headers.get('cookie') ?? ''
  return new RegExp(`(^|;\\s*)${req.payload.config.cookiePrefix}-token=`).test(cookies)
}

function json(reply: Reply, lang: LocaleCode, head: boolean): Response {
  return new Response(head ? null : JSON.stringify(reply.body), {
    status: reply.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-language': lang,
      ...reply.headers,
    },
  })
}

/** A Payload error thrown by the Local API, in the namespace's error shape. */
function fromPayloadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof ValidationError) {
    const errors = (error.data as { errors?: { path?: string; message?: string }[] }).errors ?? []
    return invalidParams(
      Object.fromEntries(
        errors.map((entry) => [entry.path ?? 'body', entry.message ?? 'Invalid value.']),
      ),
    )
  }
  if (error instanceof APIError && error.status >= 400 && error.status < 500) {
    return new ApiError(
      error.status,
      error.status === 403 ? 'rest_forbidden' : 'rest_invalid_request',
      error.message,
    )
  }
  return internalError()
}

export type NamespaceSettings = {
  routes: Route[]
  options: ResolvedCalendarOptions
  /**
   * Where the routes are mounted under the API root: the v1 namespace unless said (the feeds:
   * `cal/ical`).
   */
  namespace?: string
}

/**
 * Answers one request to the namespace: routing, input, language, permission, validation, handler,
 * errors.
 */
async function dispatch(
  req: PayloadRequest,
  settings: NamespaceSettings & { compiled: CompiledRoute[] },
): Promise<Response> {
  const { compiled, options } = settings
  const url = new URL(req.url ?? '', 'http://localhost')
  const prefix = `${req.payload.config.routes.api}/${settings.namespace ?? NAMESPACE}`
  const path = url.pathname.slice(prefix.length) || '/'
  const headerLanguage = req.headers.get(PATH_LANGUAGE_HEADER)
  const pathLanguage = isLocaleCode(headerLanguage) ? headerLanguage : null
  let lang: LocaleCode = pathLanguage ?? 'en'
  const head = req.method === 'HEAD'
  try {
    const match = compiled.map((c) => ({ c, found: c.regex.exec(path) })).find(({ found }) => found)
    if (!match) throw noRoute()
    const method = (head ? 'GET' : req.method) as Method
    const operation = match.c.route.operations[method]
    if (!operation) {
      const allowed = Object.keys(match.c.route.operations)
      throw methodNotAllowed(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed)
    }
    if (!req.user && sentCredentials(req)) throw invalidCredentials()

    const query = parseParams(url.searchParams)
    const upload = operation.upload ? await readBytes(req, operation.upload.maxBytes) : undefined
    const body = method === 'GET' || upload ? Object.create(null) : await readBody(req)
    const pathParams = decodePathParams(match.c.variables, match.found!)
    const input: Input = { ...query, ...body, ...pathParams }

    const requested = input.translation_language
    if (requested !== undefined) {
      if (!isLocaleCode(requested))
        throw invalidParams({
          translation_language: 'translation_language must be one of en, fr, es.',
        })
      lang = requested
    }
    const origin = options.siteUrl || url.origin
    // Shared caches may keep what any anonymous caller gets: no credentials, no password (issue #16
    // item 4); so does the server's response cache (item 5), while the calendar does not change.
    // Every read brings the cache up to the calendar's state (which also drops stale archive
    // totals).
    const shared = !req.user && input.password === undefined
    const cache = method === 'GET' ? responseCacheOf(req.payload, options) : null
    const generation = cache ? await cache.generation(req.payload, new Date()) : null
    const keep = shared && isCacheableQuery(url.searchParams)
    const key = cacheKey(origin, pathLanguage, url.pathname, url.searchParams)
    const read = (reply: ReadReply) =>
      readResponse(reply, req.headers, { lang, head, shared, maxAge: options.httpMaxAge })
    const cached = cache && generation && keep ? cache.get(key, generation) : undefined
    const answer = cached
      ? answerFromEntry(cached, req.headers, { head, maxAge: options.httpMaxAge })
      : null
    if (answer) return new Response(answer.body, answer)
    const store = (entry: Omit<CachedReply, 'lang'>) => {
      if (cache && generation && keep && entry.status === 200)
        cache.set(key, generation, { ...entry, lang })
    }
    // The namespace locks password-protected records itself, with the password the request gives.
    req.context = { ...req.context, [CHECKS_PASSWORDS]: true }
    const context: Context = {
      req,
      payload: req.payload,
      user: req.user,
      lang,
      pathLanguage,
      options,
      data: dataLayer(req.payload, req, lang, options),
      root: `${origin}${languageSegment(lang)}${prefix}/`,
      siteUrl: origin,
      now: new Date(),
      pathParams,
      ...(upload ? { upload } : {}),
      ...(generation ? { calendarMark: generation.mark } : {}),
    }
    if (operation.authorize) await operation.authorize(context)
    const args = await validateArgs(operationParams(operation), input, context)
    const reply = await operation.handle(context, args)
    if (method !== 'GET') return json(reply, lang, head)
    if (reply.raw !== undefined) {
      if (!reply.validator) return read(reply)
      const { etag, lastModified } = reply.validator
      const entry = {
        status: reply.status,
        headers: reply.headers ?? {},
        etag,
        lastModified: lastModified?.getTime(),
      }
      // A body made whole (one event's calendar) is kept whole; a streamed feed by its validators
      // at once, and whole once it has been sent (when it is not too large).
      if (typeof reply.raw === 'string') store({ ...entry, body: Buffer.from(reply.raw) })
      if (!(reply.raw instanceof ReadableStream)) return read(reply)
      store({ ...entry, body: null })
      const whole =
        cache && keep && !head
          ? keptWhenWhole(reply.raw as ReadableStream<Uint8Array>, cache.maxEntryBytes, (body) =>
              store({ ...entry, body }),
            )
          : reply.raw
      return read({ ...reply, raw: whole })
    }
    const text = JSON.stringify(reply.body)
    const etag = etagOfBody(text, reply.headers)
    store({ status: reply.status, body: Buffer.from(text), headers: reply.headers ?? {}, etag })
    return read({ ...reply, text, validator: { etag } })
  } catch (error) {
    const apiError = fromPayloadError(error)
    if (apiError.status >= 500)
      req.payload.logger.error({ err: error, msg: `${req.method} ${url.pathname} failed` })
    const caching: Record<string, string> =
      req.method === 'GET' || head ? { 'cache-control': cacheControl(false, 0), vary: VARY } : {}
    return json(
      {
        status: apiError.status,
        body: apiError.body(),
        headers: { ...apiError.headers, ...caching },
      },
      lang,
      head,
    )
  }
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const

/**
 * The namespace as Payload root endpoints: one catch-all per method under `/cal/events/v1`, so
 * that the route table alone decides what exists, and unknown paths and methods get the
 * namespace's own 404 and 405 answers.
 */
export function namespaceEndpoints(settings: NamespaceSettings): Endpoint[] {
  const compiled = settings.routes.map(compile)
  const handler: PayloadHandler = (req) => dispatch(req, { ...settings, compiled })
  return METHODS.map((method) => ({
    path: `/${settings.namespace ?? NAMESPACE}/:path*`,
    method,
    handler,
  }))
}
