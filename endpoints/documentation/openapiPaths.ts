import { paramSchema, type ParamSpec } from '../params.js'
import {
  operationGroups,
  operationParams,
  variablePattern,
  type Method,
  type Operation,
  type Route,
} from '../routing/operation.js'
import { mediaTypeOf } from '../schemas/index.js'
import { operationResponses, pathVariables } from './responses.js'
import { ref, type Json } from './openapiSchemas.js'
import { statusResponse } from './openapiResponses.js'

/**
 * The OpenAPI document's paths, from the route table: each operation with its id, parameters,
 * body and responses.
 */

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

export const AUTHENTICATED = [{ bearerToken: [] }, { jwtToken: [] }, { apiKey: [] }]

function describeOperation(
  route: Route,
  method: Method,
  operation: Operation,
  bodyName: string | undefined,
  tag?: string,
  cached = true,
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
        statusResponse(response, status, { read: method === 'GET' && cached, calendar }),
      ]),
    ),
    ...(operation.authorize ? { security: AUTHENTICATED } : {}),
  }
}

/**
 * The paths of the document, and the body schemas of its writes (named after the first method using
 * each).
 */
/** The paths of a route table; `cached`: its reads carry the caching layer's validators. */
export function describePaths(routes: Route[], tag?: string, cached = true) {
  const paths: Record<string, Json> = {}
  const bodies: Record<string, Json> = {}
  for (const route of routes) {
    const item: Json = {}
    // POST, PUT and PATCH share one operation, and so one body schema.
    for (const [operation, methods] of operationGroups(route)) {
      const bodyName = operation.body
        ? `${pascal(operationId(methods[0], route.path))}Body`
        : undefined
      if (bodyName) bodies[bodyName] = bodySchema(nonPathParams(route, operation))
      for (const method of methods)
        item[method.toLowerCase()] = describeOperation(
          route,
          method,
          operation,
          bodyName,
          tag,
          cached,
        )
    }
    paths[route.path || '/'] = item
  }
  return { paths, bodies }
}
