import {
  APIError,
  ValidationError,
  type Endpoint,
  type Payload,
  type PayloadHandler,
  type PayloadRequest,
} from 'payload'
import { isLocaleCode, LOCALE_CODES, type LocaleCode } from '../core/locales.js'
import { languageRootOf, type LanguageRoot } from '../core/languageRoots.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { linkForm, NAMESPACE, type Context } from './context.js'
import { originSettings, publicOrigin } from './origin.js'
import {
  ApiError,
  databaseUnavailable,
  internalError,
  invalidCredentials,
  invalidParams,
  methodNotAllowed,
  noRoute,
} from './errors.js'
import { calendarStore } from '../core/database/index.js'
import { parseParams, readBody, readBytes, type Input } from './input.js'
import type { ArgsOf, ParamSpec, Params } from './params.js'
import type { SchemaName } from './schemas/index.js'
import { validateArgs } from './validate.js'
import { CHECKS_PASSWORDS } from '../collections/hooks/protectContent.js'
import { dataLayer } from './data.js'
import { cacheControl, VARY, type Validator } from './cache/http.js'
import { calendarGeneration } from './cache/calendarState.js'
import { answerRead } from './cache/reads.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type Reply = {
  status: number
  body: unknown
  /**
   * `body` already as JSON text, exactly as `JSON.stringify` writes it (an archive joined from kept
   * record forms, endpoints/records/forms.ts); `body` is then not read.
   */
  text?: string
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
 * table. The router validates exactly those parameters before it calls the handler, which the
 * compiler cannot follow through the table: hence the cast.
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
  return new Response(head ? null : (reply.text ?? JSON.stringify(reply.body)), {
    status: reply.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-language': lang,
      ...reply.headers,
    },
  })
}

/** A Payload error thrown by the Local API, in the namespace's error shape. */
function fromPayloadError(error: unknown, payload: Payload): ApiError {
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
  if (calendarStore(payload).isUnavailable(error)) return databaseUnavailable()
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

/** Where a stage's errors are declared: the route, method and operation a request matched. */
export type Matched = { route: Route; method: Method; operation: Operation }

/**
 * The stages every request goes through, in order, with the errors each may answer, by status and
 * code. `/doc` lists an operation's errors from here (documentation/responses.ts), so the catalogue
 * cannot drift from `dispatch`.
 */
export const STAGES: readonly {
  name: string
  errors: (matched: Matched) => [number, string][]
}[] = [
  {
    // The path and method against the route table; an undecodable path variable is no route.
    name: 'match',
    errors: ({ route }) => (route.path.includes('{') ? [[404, 'rest_no_route']] : []),
  },
  {
    name: 'credentials',
    errors: () => [
      [401, 'rest_invalid_credentials'],
      [503, 'rest_database_unavailable'],
    ],
  },
  {
    // Query, body and path variables as one input, and the content language.
    name: 'input',
    errors: ({ method }) => [
      ...(method === 'GET'
        ? []
        : ([
            [413, 'rest_request_too_large'],
            [415, 'rest_unsupported_media_type'],
            [400, 'rest_invalid_json'],
          ] as [number, string][])),
      [400, 'rest_invalid_param'],
    ],
  },
  {
    name: 'authorize',
    errors: ({ operation }) =>
      operation.authorize
        ? [
            [401, 'rest_forbidden'],
            [403, 'rest_forbidden'],
          ]
        : [],
  },
  {
    name: 'validate',
    errors: ({ route, operation }) => [
      ...(Object.entries(operationParams(operation)).some(
        ([name, spec]) => spec.required && !route.path.includes(`{${name}}`),
      )
        ? ([[400, 'rest_missing_callback_param']] as [number, string][])
        : []),
      [400, 'rest_invalid_param'],
    ],
  },
  // The handler's own answers are its operation's `responses`; anything else is the last resort.
  {
    name: 'handle',
    errors: () => [
      [500, 'rest_internal_error'],
      [503, 'rest_database_unavailable'],
    ],
  },
]

type Request = {
  req: PayloadRequest
  url: URL
  /** The path under the namespace (`/events/12`). */
  path: string
  head: boolean
  method: Method
  pathLanguage: LocaleCode | null
}

/** Stage `match`: the route and operation of the request, and its path variables. */
function match(compiled: CompiledRoute[], request: Request) {
  const found = compiled.map((c) => ({ c, m: c.regex.exec(request.path) })).find(({ m }) => m)
  if (!found) throw noRoute()
  const operation = found.c.route.operations[request.method]
  if (!operation) {
    const allowed = Object.keys(found.c.route.operations)
    throw methodNotAllowed(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed)
  }
  return { operation, pathParams: decodePathParams(found.c.variables, found.m!) }
}

/**
 * Stage `credentials`: credentials that were sent must have authenticated. Payload treats a user it
 * could not load as no user, so when they did not, one question to the database tells an
 * unreachable database (503, worth retrying) from credentials that are wrong (401).
 */
async function checkCredentials(req: PayloadRequest): Promise<void> {
  if (req.user || !sentCredentials(req)) return
  try {
    await req.payload.db.count({ collection: req.payload.config.admin.user, req: {} })
  } catch (error) {
    if (calendarStore(req.payload).isUnavailable(error)) throw databaseUnavailable()
  }
  throw invalidCredentials()
}

/** Stage `input`: query, body and path variables as one input, and the content language. */
async function readInput(
  request: Request,
  operation: Operation,
  pathParams: Record<string, string>,
) {
  const query = parseParams(request.url.searchParams)
  // An upload's body is its file (`Operation.upload`): its parameters are all in the query.
  const upload = operation.upload
    ? await readBytes(request.req, operation.upload.maxBytes)
    : undefined
  const body =
    request.method === 'GET' || upload ? Object.create(null) : await readBody(request.req)
  const input: Input = { ...query, ...body, ...pathParams }
  const requested = input.translation_language
  if (requested !== undefined && !isLocaleCode(requested))
    throw invalidParams({ translation_language: 'translation_language must be one of en, fr, es.' })
  const lang: LocaleCode = requested ?? request.pathLanguage ?? 'en'
  return { input, lang, upload }
}

/**
 * Answers one request to the namespace through its stages: match → credentials → input →
 * authorize → validate → handle (reads through the caching layer, endpoints/cache/reads.ts), and
 * any error in the contract's shape.
 */
/**
 * The language root a request came through (`/fr/api/…`), and its URL as the API root has it
 * (core/languageRoots.ts).
 */
export const requestAddress = (req: PayloadRequest): LanguageRoot =>
  languageRootOf(new URL(req.url ?? '', 'http://localhost'), req.payload.config.routes.api)

/**
 * Where a request's links lead: its public origin (endpoints/origin.ts), Payload's API root under
 * it in the form the content language `lang` takes (a language root's segment, no trailing
 * slash), and the language links carry in their query instead (`linkForm`).
 */
export function linkBase(
  req: PayloadRequest,
  url: URL,
  options: ResolvedCalendarOptions,
  lang: LocaleCode,
  pathLanguage: LocaleCode | null,
): { origin: string; apiRoot: string; linkLanguage: LocaleCode | null } {
  const origin = publicOrigin(url, req.headers, originSettings(req.payload.config, options))
  const { segment, linkLanguage } = linkForm(lang, pathLanguage)
  return { origin, apiRoot: `${origin}${segment}${req.payload.config.routes.api}`, linkLanguage }
}

async function dispatch(
  req: PayloadRequest,
  settings: NamespaceSettings & { compiled: CompiledRoute[] },
): Promise<Response> {
  const { compiled, options } = settings
  const { url, language } = requestAddress(req)
  const prefix = `${req.payload.config.routes.api}/${settings.namespace ?? NAMESPACE}`
  const head = req.method === 'HEAD'
  const request: Request = {
    req,
    url,
    path: url.pathname.slice(prefix.length) || '/',
    head,
    method: (head ? 'GET' : req.method) as Method,
    pathLanguage: language,
  }
  let lang: LocaleCode = request.pathLanguage ?? 'en'
  try {
    const { operation, pathParams } = match(compiled, request)
    await checkCredentials(req)
    const { input, upload, ...chosen } = await readInput(request, operation, pathParams)
    lang = chosen.lang
    const { origin, apiRoot, linkLanguage } = linkBase(
      req,
      url,
      options,
      lang,
      request.pathLanguage,
    )
    const now = new Date()
    const generation =
      request.method === 'GET' ? await calendarGeneration(req.payload, options, now) : undefined
    // The namespace locks password-protected records itself, with the password the request gives.
    req.context = { ...req.context, [CHECKS_PASSWORDS]: true }
    const context: Context = {
      req,
      payload: req.payload,
      user: req.user,
      lang,
      pathLanguage: request.pathLanguage,
      options,
      data: dataLayer(req.payload, req, lang, options),
      origin,
      apiRoot,
      root: `${apiRoot}/${settings.namespace ?? NAMESPACE}/`,
      linkLanguage,
      siteUrl: options.siteUrl || origin,
      now,
      pathParams,
      ...(upload ? { upload } : {}),
      ...(generation ? { generation } : {}),
    }
    const handle = async () => {
      if (operation.authorize) await operation.authorize(context)
      const args = await validateArgs(operationParams(operation), input, context)
      return operation.handle(context, args)
    }
    if (!generation) return json(await handle(), lang, head)
    const read = { req, options, url, origin, lang, head, generation }
    const passwordGiven = input.password !== undefined
    return await answerRead({ ...read, pathLanguage: request.pathLanguage, passwordGiven }, handle)
  } catch (error) {
    return errorResponse(req, url, error, lang, head)
  }
}

/** Any error in the contract's shape; a read's error is never kept by a cache. */
function errorResponse(
  req: PayloadRequest,
  url: URL,
  error: unknown,
  lang: LocaleCode,
  head: boolean,
): Response {
  const apiError = fromPayloadError(error, req.payload)
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

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const

/** Where an endpoint says which namespace it answers (read by `features/react/data.ts`). */
export const NAMESPACE_MARK = 'calendarNamespace'

/**
 * The namespace as Payload root endpoints: one catch-all per method under `/cal/events/v1`, so
 * that the route table alone decides what exists, and unknown paths and methods get the
 * namespace's own 404 and 405 answers. Each is marked with its namespace (`custom`), so that
 * server code can hand one a request of its own without HTTP.
 */
export function namespaceEndpoints(settings: NamespaceSettings): Endpoint[] {
  const compiled = settings.routes.map(compile)
  const handler: PayloadHandler = (req) => dispatch(req, { ...settings, compiled })
  const namespace = settings.namespace ?? NAMESPACE
  return METHODS.map((method) => ({
    path: `/${namespace}/:path*`,
    method,
    handler,
    custom: { [NAMESPACE_MARK]: namespace },
  }))
}
