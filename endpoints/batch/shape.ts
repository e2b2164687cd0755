/**
 * The body of `POST /api/cal/batch/v1`, as WordPress's `batch/v1` takes it: `validation` and
 * `requests`, each request a `method` (POST unless said), a `path` under the API root with its
 * query, a JSON `body` and `headers`. The checks and their messages are those of WordPress's schema
 * for the route (`WP_REST_Server::__construct`, checked by `rest_validate_value_from_schema`), in
 * its order: each request in turn, then their number.
 */

/** The most requests a batch may hold (WordPress's `maxItems`, its `rest_get_max_batch_size`). */
export const MAX_BATCH_REQUESTS = 25

export const VALIDATION_MODES = ['normal', 'require-all-validate'] as const

export type ValidationMode = (typeof VALIDATION_MODES)[number]

/** The methods a request may have, as written (WordPress's enum: no GET, no lower case). */
export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

export type BatchMethod = (typeof BATCH_METHODS)[number]

export type BatchItem = {
  method: BatchMethod
  path: string
  body?: Record<string, unknown>
  headers: Record<string, string | string[]>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An object, or `[]`: WordPress decodes JSON objects and lists alike into PHP arrays, and a PHP
 * client's empty map is sent as `[]`, so an empty list stands for an empty object.
 */
const isObjectLike = (value: unknown) =>
  isObject(value) || (Array.isArray(value) && value.length === 0)

/** An HTTP header's name (a token), and a value without line breaks or NUL. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const HEADER_TEXT = /^[^\r\n\0]*$/

/** WordPress's list in a message: "POST, PUT, PATCH, and DELETE" (`wp_sprintf`'s `%l`). */
const listed = (words: readonly string[]) =>
  words.length > 2
    ? `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1]}`
    : words.join(' and ')

/** Why an item's `headers` are not a map of names to strings or lists of strings, or nothing. */
function headersProblem(headers: unknown, name: string): string | undefined {
  if (!isObjectLike(headers)) return `${name} is not of type object.`
  for (const [header, value] of Object.entries(headers as object)) {
    const param = `${name}[${header}]`
    if (typeof value !== 'string' && !Array.isArray(value))
      return `${param} is not of type string,array.`
    for (const [i, each] of [value].flat().entries())
      if (typeof each !== 'string') return `${param}[${i}] is not of type string.`
    // Ours: a header that cannot be sent (WordPress keeps any name and text).
    if (!HEADER_NAME.test(header)) return `${param}: ${header} is not a header name.`
    if (![value].flat().every((each: string) => HEADER_TEXT.test(each)))
      return `${param} must not hold a line break or the NUL character.`
  }
  return undefined
}

/** Why one property of a request is not what the schema says, or nothing. */
function propertyProblem(key: string, value: unknown, param: string): string | undefined {
  switch (key) {
    case 'method':
      if (typeof value !== 'string') return `${param} is not of type string.`
      if (!(BATCH_METHODS as readonly string[]).includes(value))
        return `${param} is not one of ${listed(BATCH_METHODS)}.`
      return undefined
    case 'path':
      return typeof value === 'string' ? undefined : `${param} is not of type string.`
    case 'body':
      return isObjectLike(value) ? undefined : `${param} is not of type object.`
    case 'headers':
      return headersProblem(value, param)
    default:
      // Other properties are let through, as WordPress's schema does.
      return undefined
  }
}

/**
 * Why one request of the list is not one, or nothing: an object, with its `path`, then each of its
 * properties in the order given.
 */
function requestProblem(request: unknown, name: string): string | undefined {
  if (!isObjectLike(request)) return `${name} is not of type object.`
  const properties = request as Record<string, unknown>
  if (!Object.hasOwn(properties, 'path')) return `path is a required property of ${name}.`
  for (const [key, value] of Object.entries(properties)) {
    const problem = propertyProblem(key, value, `${name}[${key}]`)
    if (problem) return problem
  }
  return undefined
}

/** The check of `requests`: a list of requests of the shape above, then at most 25 of them. */
export function requestsProblem(requests: unknown): string | undefined {
  if (!Array.isArray(requests)) return 'requests is not of type array.'
  for (const [i, request] of requests.entries()) {
    const problem = requestProblem(request, `requests[${i}]`)
    if (problem) return problem
  }
  if (requests.length > MAX_BATCH_REQUESTS)
    return `requests must contain at most ${MAX_BATCH_REQUESTS} items.`
  return undefined
}

/**
 * The requests once checked, with their defaults (POST, no headers); an empty body (`{}` or `[]`)
 * is none, as WordPress sets a body only when it is not empty.
 */
export const batchItems = (requests: unknown): BatchItem[] =>
  (requests as Record<string, unknown>[]).map((request) => {
    const body = request.body as Record<string, unknown> | unknown[] | undefined
    const headers = request.headers as BatchItem['headers'] | [] | undefined
    return {
      method: (request.method as BatchMethod | undefined) ?? 'POST',
      path: request.path as string,
      ...(body && Object.keys(body).length ? { body: body as Record<string, unknown> } : {}),
      headers: Array.isArray(headers) ? {} : (headers ?? {}),
    }
  })
