import { NAMESPACE, type Context } from '../context.js'
import { paramSchema, type ParamSpec } from '../params.js'
import {
  operationParams,
  variablePattern,
  type Method,
  type Operation,
  type Route,
} from '../operation.js'
import { isPaged, mediaTypeOf, SCHEMAS, type SchemaName } from '../schemas/index.js'
import { operationResponses, pathVariables, type StatusResponse } from './responses.js'

/**
 * The OpenAPI 3.1 document of the namespace (docs/v1-differences.md §8), made from the route table
 * (paths, methods, parameters, responses) and the schemas in `schemas/` (bodies): nothing in it is
 * written twice. Only `servers` depends on the request.
 */

type Json = Record<string, unknown>

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })
const pascal = (text: string) =>
  text.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, letter: string) => letter.toUpperCase())

/**
 * `get` `/events/by-slug/{slug}` → `getEventsBySlug` (a `by-x` segment before `{x}` is said once).
 */
function operationId(method: Method, path: string): string {
  const words = path
    // `/events/{id}.ics` → `getEventsByIdIcs`
    .replace(/\.(\w+)$/, '/$1')
    .replace(/\/by-(\w+)\/\{\1\}/g, '/{$1}')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith('{') ? `By${pascal(segment.slice(1, -1))}` : pascal(segment),
    )
  return `${method.toLowerCase()}${words.join('') || 'Index'}`
}

/**
 * A schema as it appears in the document: every part that is itself a named schema becomes a
 * `$ref` to it. Parts are recognized by content, since TypeBox copies a schema it makes optional.
 */
function withRefs(schema: unknown, named: Map<string, SchemaName>, self?: SchemaName): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, named, self))
  if (!schema || typeof schema !== 'object') return schema
  const name = named.get(JSON.stringify(schema))
  if (name && name !== self) return ref('schemas', name)
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withRefs(value, named, self)]),
  )
}

const PAGING_HEADERS = {
  'X-TEC-Total': {
    description: 'Records matching every filter.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'X-TEC-TotalPages': {
    description: 'Pages of the requested size.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
}

const ALLOW_HEADER = {
  Allow: {
    description: 'The methods the path supports.',
    required: true,
    schema: { type: 'string' },
  },
}

function errorResponse(status: number, codes: string[], headers?: Json): Json {
  return {
    description: `Error: ${codes.join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema: {
          ...ref('schemas', 'Error'),
          properties: {
            code: { enum: codes },
            data: { properties: { status: { const: status } } },
          },
        },
      },
    },
  }
}

/**
 * The headers of every answer to a read (endpoints/cache/http.ts); calendars also say when they
 * last changed.
 */
const CACHING_HEADERS = {
  ETag: {
    description:
      'Validator of the content: send it back in If-None-Match to get 304 while it is current.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Cache-Control': {
    description:
      "`public, max-age=<seconds>` (the plugin's httpMaxAge option, 60 unless set; `public, no-cache` when it is 0) when any anonymous caller gets the same (no credentials, no password, published content only); `private, no-store` otherwise.",
    required: true,
    schema: { type: 'string', pattern: '^(public, (max-age=\\d+|no-cache)|private, no-store)$' },
  },
  Vary: {
    description: 'The request headers that change the answer.',
    required: true,
    schema: { const: 'Authorization, Cookie' },
  },
  'Last-Modified': {
    description: 'When the calendar may last have changed; If-Modified-Since with it gives 304.',
    required: true,
    schema: { type: 'string' },
  },
}
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, ref('headers', name)]))
const READ_HEADERS = ['ETag', 'Cache-Control', 'Vary']

function statusResponse(
  response: StatusResponse,
  status: number,
  { read, calendar }: { read: boolean; calendar: boolean },
): Json {
  if ('errors' in response) return errorResponse(status, response.errors)
  const cachingHeaders = !read ? [] : calendar ? [...READ_HEADERS, 'Last-Modified'] : READ_HEADERS
  if ('notModified' in response) {
    return {
      description:
        'Not Modified: the copy named by If-None-Match (or If-Modified-Since) is current; no body.',
      headers: headerRefs(cachingHeaders),
    }
  }
  const schema = SCHEMAS[response.schema] as { description?: string }
  const headers = [
    ...(isPaged(response.schema) ? Object.keys(PAGING_HEADERS) : []),
    ...cachingHeaders,
  ]
  return {
    description: schema.description ?? response.schema,
    ...(headers.length ? { headers: headerRefs(headers) } : {}),
    content: { [mediaTypeOf(response.schema)]: { schema: ref('schemas', response.schema) } },
  }
}

function parameterSchema(spec: ParamSpec): Json {
  const { description: _description, ...schema } = paramSchema(spec)
  return schema
}

function queryParameter(name: string, spec: ParamSpec): Json {
  const schema = parameterSchema(spec)
  return {
    name,
    in: 'query',
    description: spec.description,
    required: Boolean(spec.required),
    schema,
    // Lists are comma-separated: `categories=jazz,music`.
    ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
  }
}

function pathParameter(name: string, spec: ParamSpec | undefined): Json {
  const schema = spec ? parameterSchema(spec) : { type: 'string' }
  return {
    name,
    in: 'path',
    description: spec?.description ?? name,
    required: true,
    schema:
      schema.type === 'string' ? { ...schema, pattern: `^${variablePattern(name)}$` } : schema,
  }
}

/** An operation's parameters other than its path variables: query parameters, or a write's body. */
const nonPathParams = (route: Route, operation: Operation) => {
  const variables = pathVariables(route.path)
  return Object.entries(operationParams(operation)).filter(([name]) => !variables.includes(name))
}

function bodySchema(params: [string, ParamSpec][]): Json {
  const required = params.filter(([, spec]) => spec.required).map(([name]) => name)
  return {
    type: 'object',
    properties: Object.fromEntries(params.map(([name, spec]) => [name, paramSchema(spec)])),
    ...(required.length ? { required } : {}),
  }
}

const AUTHENTICATED = [{ bearerToken: [] }, { jwtToken: [] }, { apiKey: [] }]

function describeOperation(
  route: Route,
  method: Method,
  operation: Operation,
  bodyName: string | undefined,
  tag?: string,
): Json {
  const others = nonPathParams(route, operation)
  // Streamed bodies (calendars, CSV) also say when the calendar last changed.
  const calendar = Object.values(operation.responses).some(
    (spec) => typeof spec === 'string' && mediaTypeOf(spec) !== 'application/json',
  )
  // A write takes its arguments in the body; the language may also come in the query string.
  const query = bodyName ? others.filter(([name]) => name === 'translation_language') : others
  const body = bodyName ? ref('schemas', bodyName) : undefined
  return {
    operationId: operationId(method, route.path),
    summary: operation.summary,
    tags: [tag ?? (route.path.split('/')[1] || 'index')],
    parameters: [
      ...pathVariables(route.path).map((name) => pathParameter(name, operation.params[name])),
      ...query.map(([name, spec]) => queryParameter(name, spec)),
    ],
    ...(operation.upload
      ? {
          requestBody: {
            required: true,
            description: operation.upload.description,
            content: {
              [operation.upload.mediaType]: { schema: { type: 'string', format: 'binary' } },
            },
          },
        }
      : {}),
    ...(body
      ? {
          requestBody: {
            required: others.some(([, spec]) => spec.required),
            content: {
              'application/json': { schema: body },
              'application/x-www-form-urlencoded': { schema: body },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(
      operationResponses(route, method, operation).map(([status, response]) => [
        String(status),
        statusResponse(response, status, { read: method === 'GET', calendar }),
      ]),
    ),
    ...(operation.authorize ? { security: AUTHENTICATED } : {}),
  }
}

/**
 * The paths of the document, and the body schemas of its writes (named after the first method using
 * each).
 */
function describePaths(routes: Route[], tag?: string) {
  const paths: Record<string, Json> = {}
  const bodies: Record<string, Json> = {}
  for (const route of routes) {
    const item: Json = {}
    // POST, PUT and PATCH share one operation, and so one body schema.
    const bodyNames = new Map<Operation, string>()
    for (const [method, operation] of Object.entries(route.operations) as [Method, Operation][]) {
      let bodyName = bodyNames.get(operation)
      if (operation.body && !bodyName) {
        bodyName = `${pascal(operationId(method, route.path))}Body`
        bodyNames.set(operation, bodyName)
        bodies[bodyName] = bodySchema(nonPathParams(route, operation))
      }
      item[method.toLowerCase()] = describeOperation(route, method, operation, bodyName, tag)
    }
    paths[route.path || '/'] = item
  }
  return { paths, bodies }
}

function describeSchemas(): Record<string, unknown> {
  const named = new Map(
    Object.entries(SCHEMAS).map(([name, schema]) => [JSON.stringify(schema), name as SchemaName]),
  )
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [
      name,
      withRefs(schema, named, name as SchemaName),
    ]),
  )
}

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
export type OtherRoot = { routes: Route[]; namespace: string; tag: string; prefix?: string }

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
    const described = describePaths(documented(other).routes, other.tag)
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
