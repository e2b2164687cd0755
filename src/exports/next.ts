/**
 * Route handlers for the calendar's paths in a Next.js app (`payload-events-calendar/next`): the
 * response cache's hits answered before Payload's request handling, as a server in front of
 * Payload does with `cachedRead` (endpoints/cache/early.ts), everything else handed to Payload's
 * REST API (`handleEndpoints`, what Payload's own `api/[...slug]` route runs). In the app's
 * `src/app/(payload)/api/cal/[...path]/route.ts`, beside Payload's REST route:
 *
 *   import config from '@payload-config'
 *   import { calendarRoutes } from 'payload-events-calendar/next'
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = calendarRoutes(config)
 *
 * A hit then skips Payload's request (its authentication, locale and endpoint search): in
 * Payload's blank template app, a sixth to a third less server CPU per hit (docs/benchmark.md).
 * Without the file the same requests reach the same answers through Payload's route.
 */
import { getPayload, handleEndpoints, type SanitizedConfig } from 'payload'
import { cachedRead } from '../../endpoints/cache/early.js'

type RouteHandler = (request: Request) => Promise<Response>

export type CalendarRoutes = Record<
  'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
  RouteHandler
>

export function calendarRoutes(config: Promise<SanitizedConfig> | SanitizedConfig): CalendarRoutes {
  const rest: RouteHandler = (request) => handleEndpoints({ config, request })
  const GET: RouteHandler = async (request) => {
    const answer = await cachedRead(await getPayload({ config }), {
      method: request.method,
      url: request.url,
      headers: request.headers,
    })
    if (!answer) return rest(request)
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
  return { GET, POST: rest, PUT: rest, PATCH: rest, DELETE: rest, OPTIONS: rest }
}
