import {
  APIError,
  ValidationError,
  type Endpoint,
  type Payload,
  type PayloadHandler,
  type PayloadRequest,
} from 'payload'
import type { LocaleCode } from '../../core/locales.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { NAMESPACE, type Context } from '../context.js'
import { ApiError, databaseUnavailable, internalError, invalidParams } from '../errors.js'
import { calendarStore } from '../../core/database/index.js'
import { validateArgs } from '../validate.js'
import { CHECKS_PASSWORDS } from '../../collections/hooks/protectContent.js'
import { dataLayer } from '../data.js'
import { cacheControl, VARY } from '../cache/http.js'
import { calendarGeneration } from '../calendarState.js'
import { answerRead } from '../cache/reads.js'
import { linkBase, requestAddress } from '../address.js'
import { operationParams, type Method, type Route } from './operation.js'
import type { Reply } from '../reply.js'
import {
  checkCredentials,
  compile,
  match,
  readInput,
  type CompiledRoute,
  type NamespaceRequest,
} from './stages.js'

/** An answer past the caching layer: JSON, or a body sent as it is (`raw`, with its own type). */
function json(reply: Reply, lang: LocaleCode, head: boolean): Response {
  return new Response(head ? null : (reply.raw ?? reply.text ?? JSON.stringify(reply.body)), {
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
  /**
   * Whether its reads go through the caching layer (the response cache and HTTP validators of the
   * calendar's change mark): not for routes whose answers change with no calendar write (the
   * tickets' places left, endpoints/tickets/).
   * @default true
   */
  cached?: boolean
}

/**
 * Set on a request's `context`, the request goes through every stage but `handle` and answers 200
 * with a null body when it passed them (a batch's items are checked so first, endpoints/batch/).
 */
export const CHECK_ONLY = 'calendarCheckOnly'

const PASSED_CHECKS: Reply = { status: 200, body: null }

/**
 * Answers one request to the namespace through its stages: match → credentials → input →
 * authorize → validate → handle (reads through the caching layer, endpoints/cache/reads.ts), and
 * any error in the contract's shape.
 */
async function dispatch(
  req: PayloadRequest,
  settings: NamespaceSettings & { compiled: CompiledRoute[] },
): Promise<Response> {
  const { compiled, options } = settings
  const { url, language } = requestAddress(req)
  const prefix = `${req.payload.config.routes.api}/${settings.namespace ?? NAMESPACE}`
  const head = req.method === 'HEAD'
  const request: NamespaceRequest = {
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
      request.method === 'GET' && settings.cached !== false
        ? await calendarGeneration(req.payload, options, now)
        : undefined
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
      if (req.context[CHECK_ONLY]) return PASSED_CHECKS
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
