/**
 * The body of `POST /api/cal/batch/v1`, as WordPress's `batch/v1` takes it: `validation` and
 * `requests`, each request a `method` (POST unless said), a `path` under the API root with its
 * query, a JSON `body` and `headers`.
 */

/** The most requests a batch may hold (WordPress's `maxItems`). */
export const MAX_BATCH_REQUESTS = 25

export const VALIDATION_MODES = ['normal', 'require-all-validate'] as const

export type ValidationMode = (typeof VALIDATION_MODES)[number]

export type BatchItem = {
  method: string
  path: string
  body?: Record<string, unknown>
  headers: Record<string, string | string[]>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An HTTP header's name (a token), and a value without line breaks or NUL. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const HEADER_TEXT = /^[^\r\n\0]*$/

const isHeaderValue = (value: unknown) =>
  [value].flat().every((item) => typeof item === 'string' && HEADER_TEXT.test(item))

const isHeaders = (headers: unknown) =>
  isObject(headers) &&
  Object.entries(headers).every(([name, value]) => HEADER_NAME.test(name) && isHeaderValue(value))

/** Why one request of the list is not one, or nothing. */
function requestProblem(request: unknown, name: string): string | undefined {
  if (!isObject(request)) return `${name} is not of type object.`
  const { method, path, body, headers } = request
  if (path === undefined) return `${name}[path] is a required property of ${name}.`
  if (typeof path !== 'string') return `${name}[path] is not of type string.`
  if (method !== undefined && typeof method !== 'string')
    return `${name}[method] is not of type string.`
  if (body !== undefined && !isObject(body)) return `${name}[body] is not of type object.`
  if (headers !== undefined && !isHeaders(headers))
    return `${name}[headers] must map header names to strings or lists of strings.`
  return undefined
}

/** The check of `requests`: a list of at most 25 requests, each of the shape above. */
export function requestsProblem(requests: unknown): string | undefined {
  if (!Array.isArray(requests)) return 'requests is not of type array.'
  if (requests.length > MAX_BATCH_REQUESTS)
    return `requests must contain at most ${MAX_BATCH_REQUESTS} items.`
  for (const [i, request] of requests.entries()) {
    const problem = requestProblem(request, `requests[${i}]`)
    if (problem) return problem
  }
  return undefined
}

/** The requests once checked, with their defaults (POST, no headers). */
export const batchItems = (requests: unknown): BatchItem[] =>
  (requests as Record<string, unknown>[]).map((request) => ({
    method: typeof request.method === 'string' ? request.method.toUpperCase() : 'POST',
    path: request.path as string,
    ...(request.body !== undefined ? { body: request.body as Record<string, unknown> } : {}),
    headers: (request.headers as BatchItem['headers'] | undefined) ?? {},
  }))
