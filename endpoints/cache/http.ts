import crypto from 'node:crypto'
import type { RequestHeaders } from '../origin.js'
import type { Reply, Validator } from '../reply.js'

/**
 * HTTP caching of reads (issue #16 item 4): validators (ETag, Last-Modified), conditional requests
 * (If-None-Match, If-Modified-Since → 304) and who may keep a copy (Cache-Control, Vary).
 */

/** A strong entity tag of the exact bytes of a response (and the headers that carry data). */
export function etagOfBody(body: string, headers: Record<string, string> = {}): string {
  const tag = bodyTag()
  tag.add(body)
  return tag.etag(headers)
}

/**
 * `etagOfBody` of a body made in parts, each hashed as it comes (a large answer built a batch at a
 * time, whose hash in one piece would hold the event loop).
 */
export function bodyTag() {
  const hash = crypto.createHash('sha1')
  return {
    add: (part: string) => void hash.update(part),
    etag: (headers: Record<string, string> = {}) =>
      `"${hash.update('\n').update(JSON.stringify(headers)).digest('base64url')}"`,
  }
}

/**
 * A weak entity tag of what a response is made from (a streamed feed's tag is known before its
 * bytes).
 */
export function etagOfSource(source: unknown): string {
  return `W/"${crypto.createHash('sha1').update(JSON.stringify(source)).digest('base64url')}"`
}

/** Credentials change what a read holds: shared caches must key on them. */
export const VARY = 'Authorization, Cookie'

/**
 * `public` only for what any anonymous caller would get (published content, no password given);
 * everything else may be kept by nobody.
 */
export function cacheControl(shared: boolean, maxAge: number): string {
  if (!shared) return 'private, no-store'
  return maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache'
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/**
 * Whether the client's copy is current (RFC 9110 §13.1): If-None-Match by weak comparison, or when
 * that header is absent, If-Modified-Since against Last-Modified (whole seconds).
 */
export function isNotModified(headers: RequestHeaders, validator: Validator): boolean {
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) {
    if (ifNoneMatch.trim() === '*') return true
    const ours = opaque(validator.etag)
    return ifNoneMatch.split(',').some((tag) => opaque(tag) === ours)
  }
  const ifModifiedSince = headers.get('if-modified-since')
  if (ifModifiedSince === null || !validator.lastModified) return false
  const since = Date.parse(ifModifiedSince)
  if (Number.isNaN(since)) return false
  return Math.floor(validator.lastModified.getTime() / 1000) * 1000 <= since
}

/** The validator headers of a response. */
export function validatorHeaders(validator: Validator): Record<string, string> {
  return {
    etag: validator.etag,
    ...(validator.lastModified ? { 'last-modified': validator.lastModified.toUTCString() } : {}),
  }
}

export type ReadSettings = { lang: string; head: boolean; shared: boolean; maxAge: number }

/**
 * An answer as status, headers and body, before it becomes a web Response or is written to Node's
 * response.
 */
export type PlainAnswer<Body = string> = {
  status: number
  headers: Record<string, string>
  body: Body | null
}

/**
 * The answer to a GET or HEAD: the reply with its validators and caching headers, or 304 with
 * those headers and no body when the client's copy is current. A JSON body's ETag is that of its
 * bytes; a streamed body comes with the validator its handler made, and is not started for a 304.
 */
export function readAnswer(
  reply: Reply,
  request: RequestHeaders,
  settings: ReadSettings,
): PlainAnswer<BodyInit> {
  const text = reply.raw === undefined ? (reply.text ?? JSON.stringify(reply.body)) : undefined
  const ok = reply.status === 200
  const validator = ok
    ? (reply.validator ??
      (text !== undefined ? { etag: etagOfBody(text, reply.headers) } : undefined))
    : undefined
  const caching = {
    'cache-control': cacheControl(ok && settings.shared, settings.maxAge),
    vary: VARY,
    ...(validator ? validatorHeaders(validator) : {}),
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-language': settings.lang,
    ...reply.headers,
    ...caching,
  }
  if (validator && isNotModified(request, validator)) {
    // A 304 carries the headers a 200 would (RFC 9110 §15.4.5) but none that describe a body.
    const { 'content-type': _type, 'content-disposition': _disposition, ...kept } = headers
    return { status: 304, headers: kept, body: null }
  }
  if (settings.head) return { status: reply.status, headers, body: null }
  return { status: reply.status, headers, body: text ?? reply.raw ?? null }
}

/** `readAnswer` as a web Response; a streamed body that is not sent (304, HEAD) is cancelled. */
export function readResponse(
  reply: Reply,
  request: RequestHeaders,
  settings: ReadSettings,
): Response {
  const answer = readAnswer(reply, request, settings)
  if (answer.body === null && reply.raw instanceof ReadableStream) void reply.raw.cancel()
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
