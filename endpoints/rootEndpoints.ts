import type { Endpoint, PayloadHandler } from 'payload'
import { methodNotAllowed } from './errors.js'

/** A JSON answer; `null` for a HEAD's empty body. */
export const jsonResponse = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })

/**
 * Payload root endpoints that read only: `GET` and `HEAD` of `path` answered by `read`, the other
 * methods the namespace's 405 with `Allow`. For the routes under `/api/cal` that no route table
 * holds (the calendar's root, its health check).
 */
export function readOnlyEndpoints(path: string, read: PayloadHandler): Endpoint[] {
  const refuse: PayloadHandler = async () => {
    const error = methodNotAllowed(['GET', 'HEAD'])
    return jsonResponse(error.body(), error.status, error.headers)
  }
  return [
    ...(['get', 'head'] as const).map((method) => ({ path, method, handler: read })),
    ...(['post', 'put', 'patch', 'delete'] as const).map((method) => ({
      path,
      method,
      handler: refuse,
    })),
  ]
}
