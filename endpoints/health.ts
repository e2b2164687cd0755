import type { Endpoint, Payload } from 'payload'
import { jsonResponse, readOnlyEndpoints } from './rootEndpoints.js'
import { withoutTurns } from '../core/database/index.js'

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
 * 'down'}`, whatever the error. It says nothing of the calendar's data. Answered in the turn it
 * runs in, whatever runs beside it (`withoutTurns`).
 */
export async function databaseHealth(payload: Payload): Promise<HealthAnswer> {
  try {
    await withoutTurns(() => payload.db.count({ collection: payload.config.admin.user, req: {} }))
    return { status: 200, body: { status: 'ok', database: 'up' } }
  } catch (error) {
    payload.logger.error({ err: error, msg: 'health check: the database does not answer' })
    return { status: 503, body: { status: 'error', database: 'down' } }
  }
}

/**
 * `GET` and `HEAD /api/cal/health` as Payload root endpoints, for a balancer in front of any app
 * the plugin is in (a Next.js app has no health route of its own); no credentials needed. Other
 * methods get the namespace's 405 with `Allow`.
 */
export function healthEndpoints(): Endpoint[] {
  return readOnlyEndpoints(HEALTH_PATH, async (req) => {
    const { status, body } = await databaseHealth(req.payload)
    return jsonResponse(req.method === 'HEAD' ? null : body, status, HEALTH_HEADERS)
  })
}
