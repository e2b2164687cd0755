import { createLocalReq, type PayloadHandler, type PayloadRequest } from 'payload'
import { LANGUAGE_ROOT_PARAM } from '../../core/languageRoots.js'
import { requestAddress } from '../address.js'
import { NAMESPACE } from '../context.js'
import { ApiError, internalError, noRoute } from '../errors.js'
import type { Method } from '../routing/operation.js'
import { CHECK_ONLY, NAMESPACE_MARK } from '../routing/router.js'
import { calendarRoutes } from '../v1/routes.js'
import { compile, type CompiledRoute } from '../routing/stages.js'
import { headersAsWordPressNames } from './headerNames.js'
import type { BatchItem } from './shape.js'

/**
 * One request of a batch, answered by the v1 namespace's own endpoint in this process (as
 * features/react/data.ts reads it): the route table's stages, rights and hooks, exactly as the
 * single request gets them, with the batch's credentials.
 */

export const batchNotAllowed = () =>
  new ApiError(
    400,
    'rest_batch_not_allowed',
    'The requested route does not support batch requests.',
  )

/** A path that is no URL's (WordPress's answer when `wp_parse_url` fails). */
const pathNotParsed = () => new ApiError(400, 'parse_path_failed', 'Could not parse the path.')

/** An item's answer, as WordPress envelopes it. */
export type ItemAnswer = { body: unknown; status: number; headers: Record<string, string> }

export const errorAnswer = (error: ApiError): ItemAnswer => ({
  body: error.body(),
  status: error.status,
  headers: headersAsWordPressNames(Object.entries(error.headers)),
})

/** Where an item goes, once it is known to be a v1 write. */
export type Target = { url: URL; method: Method }

let v1Table: CompiledRoute[] | undefined
/** The v1 route table, for which route takes which write (its operations are not run here). */
const v1Routes = () => (v1Table ??= calendarRoutes().map(compile))

/**
 * Whether a v1 path (under the namespace) may be sent on: a path of no route, or a route without
 * that method, goes on to answer its single request's 404 or 405 `rest_no_route`; a route with
 * that method may be batched unless its body is an upload.
 */
function batchable(path: string, method: Method): boolean {
  const found = v1Routes().find(({ regex }) => regex.test(path))
  return !found?.route.operations[method]?.upload
}

/**
 * A `.` or `..` segment (also percent-encoded, or between backslashes, which a URL reads as
 * slashes): no route's pattern holds one, so WordPress, which matches the path as written, finds
 * no route, where a URL would resolve it to another path.
 */
const DOT_SEGMENT = /(^|[/\\])(\.|%2e){1,2}([/\\]|$)/i

/**
 * The item's URL (its path under the API root, the batch's origin and language root), or the
 * item's error: 404 `rest_no_route` for a path that no route can match (no leading slash, a dot
 * segment), as WordPress answers it; 400 `rest_batch_not_allowed` for a path outside the v1
 * namespace (another calendar root, a batch in a batch, Payload's own REST) or a v1 upload.
 */
export function targetOf(batchReq: PayloadRequest, item: BatchItem): Target | ApiError {
  const { url: batchUrl, language } = requestAddress(batchReq)
  const api = batchReq.payload.config.routes.api
  const prefix = `${api}/${NAMESPACE}`
  const [pathOnly] = item.path.split(/[?#]/, 1)
  if (!pathOnly.startsWith('/') || DOT_SEGMENT.test(pathOnly)) return noRoute()
  let url: URL
  try {
    url = new URL(`${api}${item.path}`, batchUrl.origin)
  } catch {
    return pathNotParsed()
  }
  const inV1 = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)
  if (url.origin !== batchUrl.origin || !inV1) return batchNotAllowed()
  if (!batchable(url.pathname.slice(prefix.length) || '/', item.method)) return batchNotAllowed()
  if (language) url.searchParams.set(LANGUAGE_ROOT_PARAM, language)
  return { url, method: item.method }
}

/** Headers an item may not set: the batch's credentials and address hold for every item. */
const BATCH_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
  'content-type',
  'content-length',
  'transfer-encoding',
])

function itemHeaders(batchReq: PayloadRequest, item: BatchItem): Headers {
  const headers = new Headers(batchReq.headers)
  for (const [name, value] of Object.entries(item.headers)) {
    if (BATCH_HEADERS.has(name.toLowerCase())) continue
    headers.delete(name)
    for (const each of [value].flat()) headers.append(name, each)
  }
  headers.delete('content-length')
  headers.delete('content-type')
  if (item.body) headers.set('content-type', 'application/json')
  return headers
}

function v1Handler(batchReq: PayloadRequest, method: Method): PayloadHandler {
  const endpoint = (batchReq.payload.config.endpoints || []).find(
    (candidate) =>
      candidate.method === method.toLowerCase() && candidate.custom?.[NAMESPACE_MARK] === NAMESPACE,
  )
  if (!endpoint) throw internalError()
  return endpoint.handler
}

/**
 * The item as a request of its own: the batch's user, language, locale and headers (the item's
 * added), its body as JSON, in the transaction given (`transactionID`), or, with `checkOnly`,
 * through every stage but the handler (routing/router.ts `CHECK_ONLY`).
 */
export async function itemRequest(
  batchReq: PayloadRequest,
  item: BatchItem,
  target: Target,
  run: {
    checkOnly: boolean
    transactionID?: PayloadRequest['transactionID']
    /** What the item's request context starts with (the run's, endpoints/batch/run.ts). */
    context?: Record<string, unknown>
  },
): Promise<PayloadRequest> {
  const { i18n, locale, fallbackLocale, payloadAPI, payload, user } = batchReq
  const body = item.body ? new Blob([JSON.stringify(item.body)]).stream() : null
  const req = {
    url: target.url.href,
    method: target.method,
    headers: itemHeaders(batchReq, item),
    body,
    i18n,
    locale,
    fallbackLocale,
    payloadAPI,
    ...(run.transactionID !== undefined ? { transactionID: run.transactionID } : {}),
  } as Partial<PayloadRequest>
  return createLocalReq(
    {
      req,
      user: user ?? undefined,
      context: run.checkOnly ? { [CHECK_ONLY]: true } : { ...run.context },
    },
    payload,
  )
}

/** Sends the item to the v1 endpoint and envelopes its answer. */
export async function answerItem(
  batchReq: PayloadRequest,
  req: PayloadRequest,
): Promise<ItemAnswer> {
  const response = await v1Handler(batchReq, req.method as Method)(req)
  const text = await response.text()
  const headers = headersAsWordPressNames(
    [...response.headers].filter(([name]) => name !== 'content-type'),
  )
  return { body: text ? (JSON.parse(text) as unknown) : null, status: response.status, headers }
}
