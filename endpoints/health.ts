import type { Endpoint, Payload, PayloadHandler } from 'payload'
import { methodNotAllowed } from './errors.js'

/** Where the health check is mounted under the API root: `/api/cal/health`. */
export const HEALTH_PATH = '/cal/health'

export type HealthAnswer =
  | { status: 200; body: { status: 'ok'; database: 'up' } }
  | { status: 503; body: { status: 'error'; database: 'down' } }

/** A health answer is never kept by a cache: a balancer asks for the present. */
export const HEALTH_HEADERS = { 'cache-control': 'no-store' } as const

/**
 * Whether the database answers a trivial question (a count of the app's users, outside any
 * transaction): 200 `{status: 'ok', database: 'up'}`, else 503 `{status: 'error', database:
 * 'down'}`, whatever the error. It says nothing of the calendar's data.
 */
export async function databaseHealth(payload: Payload): Promise<HealthAnswer> {
  try {
    await payload.db.count({ collection: payload.config.admin.user, req: {} })
    return { status: 200, body: { status: 'ok', database: 'up' } }
  } catch (error) {
    payload.logger.error({ err: error, msg: 'health check: the database does not answer' })
    return { status: 503, body: { status: 'error', database: 'down' } }
  }
}

const json = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })

/**
 * `GET` and `HEAD /api/cal/health` as Payload root endpoints, for a balancer in front of any app
 * the plugin is in (a Next.js app has no health route of its own); no credentials needed. Other
 * methods get the namespace's 405 with `Allow`.
 */
export function healthEndpoints(): Endpoint[] {
  const check: PayloadHandler = async (req) => {
    const { status, body } = await databaseHealth(req.payload)
    return json(req.method === 'HEAD' ? null : body, status, HEALTH_HEADERS)
  }
  const refuse: PayloadHandler = async () => {
    const error = methodNotAllowed(['GET', 'HEAD'])
    return json(error.body(), error.status, error.headers)
  }
  return [
    ...(['get', 'head'] as const).map((method) => ({ path: HEALTH_PATH, method, handler: check })),
    ...(['post', 'put', 'patch', 'delete'] as const).map((method) => ({
      path: HEALTH_PATH,
      method,
      handler: refuse,
    })),
  ]
}
