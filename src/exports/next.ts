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
import type { SanitizedConfig } from 'payload'
import type { NextConfig } from 'next'
import { LOCALE_CODES } from '../../core/locales.js'
import { LANGUAGE_ROOT_PARAM, languageRootOf } from '../../core/languageRoots.js'

type RouteHandler = (request: Request) => Promise<Response>

export type CalendarRoutes = Record<
  'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
  RouteHandler
>

export function calendarRoutes(config: Promise<SanitizedConfig> | SanitizedConfig): CalendarRoutes {
  // Loaded on the first request: `next.config.mjs` imports this module for `withCalendar`, and
  // Next.js's config must not load Payload.
  const modules = async () => {
    const [{ getPayload, handleEndpoints }, { cachedRead }] = await Promise.all([
      import('payload'),
      import('../../endpoints/cache/early.js'),
    ])
    return { getPayload, handleEndpoints, cachedRead }
  }
  const rest = async (request: Request) => {
    const { handleEndpoints } = await modules()
    const sanitized = await config
    // Through a language root (`/fr/api/cal/…`), Payload is told the path without its segment.
    const { url, language } = languageRootOf(request.url, sanitized.routes.api)
    return handleEndpoints({ config, request, ...(language ? { path: url.pathname } : {}) })
  }
  const GET: RouteHandler = async (request) => {
    const { getPayload, cachedRead } = await modules()
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

/**
 * The app's Next.js config with the calendar's language roots: `/fr/api/…`, `/es/api/…` and
 * `/en/api/…` answer as `/api/…` does, in that language (core/languageRoots.ts). In
 * `next.config.mjs`:
 *
 *   export default withCalendar(withPayload(nextConfig))
 *
 * The rewrite comes before the app's own (`beforeFiles`, before any page), which are kept.
 * `apiRoute` is Payload's `routes.api` when the app moved it.
 */
export function withCalendar<C extends NextConfig | ((...args: never[]) => unknown)>(
  config: C,
  { apiRoute: api = '/api' }: { apiRoute?: string } = {},
): C {
  if (typeof config === 'function')
    return (async (...args: never[]) =>
      withCalendar((await config(...args)) as NextConfig, { apiRoute: api })) as unknown as C
  const nextConfig = config as NextConfig
  const languageRoot = {
    source: `/:cal_lang(${LOCALE_CODES.join('|')})${api}/:cal_path*`,
    destination: `${api}/:cal_path*?${LANGUAGE_ROOT_PARAM}=:cal_lang`,
  }
  return {
    ...nextConfig,
    async rewrites() {
      const theirs = (await nextConfig.rewrites?.()) ?? []
      const rules = Array.isArray(theirs) ? { afterFiles: theirs } : theirs
      return {
        beforeFiles: [languageRoot, ...(rules.beforeFiles ?? [])],
        afterFiles: rules.afterFiles ?? [],
        fallback: rules.fallback ?? [],
      }
    },
  } as C
}
