import { once } from 'node:events'
import { Readable } from 'node:stream'
import type {
  NextFunction,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { handleEndpoints, type SanitizedConfig } from 'payload'
import { V1_NAMESPACE, v1InvalidJsonBody, validHost } from '../src/index.js'

/** The address and port the request's connection came in on (`127.0.0.1:3000`, `[::1]:3000`). */
function boundHost(req: ExpressRequest): string {
  const { localAddress = 'localhost', localPort } = req.socket
  const address = localAddress.includes(':') ? `[${localAddress}]` : localAddress
  return localPort ? `${address}:${localPort}` : address
}

/**
 * The URL Payload sees for an express request (its origin, path and query): its Host when that is
 * a host, else the address the server bound (as a Next.js route handler's URL carries), so that a
 * hostile Host reaches neither a URL nor the links made from it (endpoints/origin.ts).
 */
export const payloadUrlOf = (req: ExpressRequest): URL =>
  new URL(req.url, `${req.protocol}://${validHost(req.get('host')) ?? boundHost(req)}`)

/** An express request as a web Request, its body streamed as it arrives (never parsed here). */
export function toWebRequest(req: ExpressRequest): Request {
  const url = payloadUrlOf(req)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
    else headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node needs this to send a streamed body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** Writes a web Response to express, keeping every Set-Cookie header. */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status)
  // A response sent before the request body was read (413, early errors): the connection cannot be
  // reused.
  if (!res.req.complete) res.setHeader('connection', 'close')
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  await writeBody(res, response.body.getReader())
}

/**
 * Writes a web body to the response chunk by chunk, waiting when the socket is full, without the
 * stream adapters of `Readable.fromWeb` (about 90 µs of CPU a request, a quarter of the cheapest
 * answer's cost). One chunk is read ahead, so that a body of one chunk, what an answer made from
 * text is, goes out whole with its length.
 */
async function writeBody(
  res: ExpressResponse,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<void> {
  const closed = new Promise<'closed'>((resolve) =>
    res.closed ? resolve('closed') : res.once('close', () => resolve('closed')),
  )
  try {
    let chunk = await reader.read()
    for (;;) {
      if (res.destroyed) break
      if (chunk.done) {
        res.end()
        return
      }
      const next = await reader.read()
      if (next.done) {
        res.end(chunk.value)
        return
      }
      if (!res.write(chunk.value)) {
        const waited = await Promise.race([once(res, 'drain'), closed])
        if (waited === 'closed') break
      }
      chunk = next
    }
  } catch (error) {
    res.destroy(error as Error)
    throw error
  }
  // The client went away: stop reading what nobody receives.
  await reader.cancel().catch(() => undefined)
}

/**
 * Payload's own answer to a body (or parameter) that is not JSON, or the v1 namespace's error under
 * its path.
 */
const invalidJson = (path: string, apiRoute: string, parameter?: string) =>
  path.startsWith(`${apiRoute}/${V1_NAMESPACE}/`)
    ? v1InvalidJsonBody().body()
    : {
        errors: [
          { message: parameter ? `Invalid JSON in the ${parameter} parameter.` : 'Invalid JSON' },
        ],
      }

/**
 * A POST that asks Payload to treat it as a GET and sends its query as JSON: Payload parses that
 * body itself, before its own error handling, so a body that is not JSON escaped as a SyntaxError.
 */
const isJsonMethodOverride = (req: ExpressRequest) =>
  req.method === 'POST' &&
  (req.get('x-payload-http-method-override') === 'GET' ||
    req.get('x-http-method-override') === 'GET') &&
  req.get('content-type') === 'application/json'

/**
 * A `where` or `data` query parameter given whole (`?where={...}`) is JSON that Payload's
 * collection routes parse before any hook and answer with 500 when it does not parse; the name of
 * the first one that does not.
 */
function unparsableJsonParameter(req: ExpressRequest): string | undefined {
  const query = req.url.split('?').slice(1).join('?')
  if (!query) return undefined
  const params = new URLSearchParams(query)
  for (const name of ['where', 'data']) {
    const values = params.getAll(name)
    // Payload parses it only when it is given once (twice, it is a list, which it leaves alone).
    if (values.length !== 1 || values[0] === '') continue
    try {
      JSON.parse(values[0])
    } catch {
      return name
    }
  }
  return undefined
}

/**
 * Whether the path is a collection's or a global's route, which read `where` and `data` as JSON.
 */
function parsesJsonParameters(path: string, apiRoute: string, config: SanitizedConfig): boolean {
  const [first] = path.slice(apiRoute.length + 1).split('/')
  return first === 'globals' || config.collections.some((collection) => collection.slug === first)
}

/**
 * Serves Payload's REST API (and every endpoint of the config) under `apiRoute`. Mount it before
 * any body parser.
 */
export function payloadApi(
  config: Promise<SanitizedConfig> | SanitizedConfig,
  apiRoute: string,
): RequestHandler {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.path !== apiRoute && !req.path.startsWith(`${apiRoute}/`)) return next()
    const parameter = parsesJsonParameters(req.path, apiRoute, await config)
      ? unparsableJsonParameter(req)
      : undefined
    if (parameter) {
      res.status(400).json(invalidJson(req.path, apiRoute, parameter))
      return
    }
    try {
      await sendWebResponse(res, await handleEndpoints({ config, request: toWebRequest(req) }))
    } catch (error) {
      // The client's mistake, not the server's: 400 as for any other body that is not JSON. (By
      // name: the error may come from another realm than this module's SyntaxError.)
      if (
        (error as Error | undefined)?.name === 'SyntaxError' &&
        isJsonMethodOverride(req) &&
        !res.headersSent
      ) {
        res.status(400).json(invalidJson(req.path, apiRoute))
        return
      }
      next(error)
    }
  }
}
