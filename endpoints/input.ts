import { ApiError, invalidJsonBody } from './errors.js'

/** The largest request body the namespace reads (docs/v1-differences.md §7). */
export const MAX_BODY_BYTES = 1024 * 1024

export type Input = Record<string, unknown>

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const invalidKey = (key: string) =>
  new ApiError(400, 'rest_invalid_param', `The key "${key}" is not allowed in a request.`, {
    params: { [key]: 'Prototype keys are not allowed.' },
  })

/**
 * Parameters of a query string or form body. `name` and `name[]` are plain values and lists; any
 * other bracket (`name[$ne]`, `name[where][x]`) is kept as an object, which no plain parameter
 * accepts, so operator objects are rejected by validation rather than reaching the database.
 */
export function parseParams(search: URLSearchParams): Input {
  const params: Input = Object.create(null)
  for (const [rawKey, value] of search) {
    const bracket = rawKey.indexOf('[')
    const name = bracket === -1 ? rawKey : rawKey.slice(0, bracket)
    const rest = bracket === -1 ? '' : rawKey.slice(bracket)
    for (const key of [name, ...(rest.match(/[^[\]]+/g) ?? [])])
      if (FORBIDDEN_KEYS.has(key)) throw invalidKey(key)
    if (!rest) params[name] = value
    else if (rest === '[]')
      params[name] = [...(Array.isArray(params[name]) ? (params[name] as unknown[]) : []), value]
    else params[name] = { [rest]: value }
  }
  return params
}

function rejectPrototypeKeys(value: unknown, depth = 0): void {
  if (depth > 32)
    throw new ApiError(400, 'rest_invalid_json', 'The JSON body is nested too deeply.')
  if (Array.isArray(value)) value.forEach((item) => rejectPrototypeKeys(item, depth + 1))
  else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw invalidKey(key)
      rejectPrototypeKeys((value as Record<string, unknown>)[key], depth + 1)
    }
  }
}

type BodySource = { headers: Headers; body?: ReadableStream<Uint8Array> | null }

/**
 * The body's bytes, at most `maxBytes` of them: a larger body (by its Content-Length, or as it
 * streams) is refused with 413 before more of it is read.
 */
export async function readBytes(request: BodySource, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  const tooLarge = () =>
    new ApiError(
      413,
      'rest_request_too_large',
      `The request body is larger than ${maxBytes} bytes.`,
    )
  if (declared > maxBytes) throw tooLarge()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

const readText = async (request: BodySource) =>
  (await readBytes(request, MAX_BODY_BYTES)).toString('utf8')

/** The body's parameters: a JSON object or a form; nothing else is accepted when a body is sent. */
export async function readBody(request: BodySource): Promise<Input> {
  const text = await readText(request)
  if (!text.trim()) return Object.create(null)
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return parseParams(new URLSearchParams(text))
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ApiError(
      415,
      'rest_unsupported_media_type',
      'Send the body as application/json or application/x-www-form-urlencoded.',
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalidJsonBody()
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, 'rest_invalid_json', 'The JSON body must be an object.')
  }
  rejectPrototypeKeys(parsed)
  return parsed as Input
}
