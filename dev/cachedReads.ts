import type { IncomingHttpHeaders } from 'node:http'
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'
import { cachedRead } from '../src/index.js'
import { payloadUrlOf } from './expressBridge.js'

/**
 * Node's request headers read as the plugin reads a web request's (a repeated header joined as
 * fetch joins it).
 */
const headerReader = (headers: IncomingHttpHeaders) => ({
  get: (name: string) => {
    const value = headers[name]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  },
})

/**
 * Repeated anonymous reads of the calendar answered from the plugin's response cache before
 * Payload's request handling (endpoints/cache/early.ts); everything else goes on to Payload.
 * Mount it after the language roots (which rewrite `/fr/api/...`) and before Payload's API.
 */
export function cachedReads(payload: Payload): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    cachedRead(payload, {
      method: req.method,
      url: payloadUrlOf(req),
      headers: headerReader(req.headers),
    }).then((answer) => {
      if (!answer) return next()
      res.writeHead(answer.status, answer.headers)
      res.end(answer.body ?? undefined)
    }, next)
  }
}
