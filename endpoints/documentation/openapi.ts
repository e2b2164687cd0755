import { NAMESPACE, type Context } from '../context.js'
import type { Operation, Route } from '../routing/operation.js'
import { describeSchemas, type Json } from './openapiSchemas.js'
import { ALLOW_HEADER, CACHING_HEADERS, errorResponse, PAGING_HEADERS } from './openapiResponses.js'
import { AUTHENTICATED, describePaths } from './openapiPaths.js'

/**
 * The OpenAPI 3.1 document of the namespace (docs/v1-differences.md §8), made from the route table
 * (paths, methods, parameters, responses) and the schemas in `schemas/` (bodies): nothing in it is
 * written twice. Only `servers` depends on the request.
 */

const INFO = {
  title: `Events Calendar REST API (${NAMESPACE})`,
  version: '1.0.0',
  description: [
    `Events, venues, organizers, categories and tags of the calendar, wire-compatible with The Events Calendar's tribe/events/v1 under the namespace ${NAMESPACE}.`,
    "Every route accepts a trailing slash, and no link the API gives ends with one; HEAD is answered like GET without a body. translation_language (or, in a host that serves them, a language root such as /fr/api/...) selects the content language; links keep it in the form the request used: translation_language in their query, or the language root in their path. Links carry the public origin: the app's serverURL, else the request's Host.",
    'A path that does not exist answers 404 rest_no_route, a method the path does not support 405 with an Allow header; every error has the body {code, message, data: {status, ...}}.',
  ].join(' '),
}

/**
 * Routes served under another root than the namespace (the calendar feeds, the CSV exports),
 * described in the same document. With a `prefix` (the end of `namespace`: `/fullcalendar` of
 * `cal/fullcalendar`), their paths are given with it, from the root before it, so that they keep
 * apart from the namespace's paths of the same name (`/fullcalendar/events`, served from `cal`).
 */
export type OtherRoot = {
  routes: Route[]
  namespace: string
  tag: string
  prefix?: string
  /** Whether its reads go through the caching layer (endpoints/routing/router.ts `cached`). */
  cached?: boolean
}

/** An other root's routes as the document names them, and the root they are served from. */
const documented = (other: OtherRoot) => ({
  routes: other.routes.map((route) => ({ ...route, path: `${other.prefix ?? ''}${route.path}` })),
  namespace: other.prefix ? other.namespace.slice(0, -other.prefix.length) : other.namespace,
})

const cache = new WeakMap<Route[], Json>()

/** The document without `servers`, once per route table. */
function describeRoutes(routes: Route[], usersSlug: string, others: OtherRoot[]): Json {
  const known = cache.get(routes)
  if (known) return known
  const { paths, bodies } = describePaths(routes)
  for (const other of others) {
    const described = describePaths(documented(other).routes, other.tag, other.cached !== false)
    Object.assign(paths, described.paths)
    Object.assign(bodies, described.bodies)
  }
  const document = {
    openapi: '3.1.0',
    info: INFO,
    paths,
    components: {
      schemas: { ...describeSchemas(), ...bodies },
      responses: {
        NoRoute: errorResponse(404, ['rest_no_route']),
        MethodNotAllowed: errorResponse(405, ['rest_no_route'], ALLOW_HEADER),
      },
      headers: { ...PAGING_HEADERS, ...CACHING_HEADERS },
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Authorization: Bearer <token>, the token of POST /api/users/login.',
        },
        jwtToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Authorization: JWT <token>, the same token in Payload’s own form.',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `Authorization: ${usersSlug} API-Key <key>, a user’s API key.`,
        },
      },
    },
    // Reads need no credentials; credentials that do not authenticate are refused (401) everywhere.
    security: [{}, ...AUTHENTICATED],
  }
  cache.set(routes, document)
  return document
}

/**
 * `GET /doc`: the document of the route table it belongs to, its server being the namespace root
 * the request came through.
 */
export const openApiDocument = (routes: Route[], others: OtherRoot[] = []): Operation => ({
  summary: 'The OpenAPI 3.1 document of the namespace',
  params: {},
  responses: { 200: 'OpenApiDocument' },
  handle: async (context: Context) => {
    const { openapi, info, paths, ...rest } = describeRoutes(
      routes,
      context.options.usersSlug,
      others,
    )
    const root = (namespace: string) => `${context.apiRoot}/${namespace}`
    // The other roots' paths say where they are served (a path item's own `servers`).
    const served = Object.fromEntries(
      others.map(documented).flatMap((other) =>
        other.routes.map((route) => [
          route.path,
          {
            servers: [{ url: root(other.namespace) }],
            ...(paths as Record<string, Json>)[route.path],
          },
        ]),
      ),
    )
    return {
      status: 200,
      body: {
        openapi,
        info,
        servers: [{ url: root(NAMESPACE) }],
        paths: { ...(paths as Json), ...served },
        ...rest,
      },
    }
  },
})
