import {
  operationParams,
  type Method,
  type Operation,
  type ResponseSpec,
  type Route,
} from '../router.js'
import type { SchemaName } from '../schemas/index.js'

/**
 * The responses of one status: a success body, the error codes that status may carry, or 304 to a
 * conditional read.
 */
export type StatusResponse = { schema: SchemaName } | { errors: string[] } | { notModified: true }

/** The variables of a route path, in order: `/events/{id}` → `['id']`. */
export const pathVariables = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])

/**
 * The errors the router's own stages give before or around the handler (`dispatch` in router.ts),
 * in its order: an undecodable path variable, credentials, the body, permission, parameters, and
 * the last resort.
 */
function pipelineErrors(route: Route, method: Method, operation: Operation): [number, string][] {
  const variables = pathVariables(route.path)
  const errors: [number, string][] = []
  if (variables.length) errors.push([404, 'rest_no_route'])
  errors.push([401, 'rest_invalid_credentials'])
  if (method !== 'GET')
    errors.push(
      [413, 'rest_request_too_large'],
      [415, 'rest_unsupported_media_type'],
      [400, 'rest_invalid_json'],
    )
  if (operation.authorize) errors.push([401, 'rest_forbidden'], [403, 'rest_forbidden'])
  const required = Object.entries(operationParams(operation)).some(
    ([name, spec]) => spec.required && !variables.includes(name),
  )
  if (required) errors.push([400, 'rest_missing_callback_param'])
  errors.push([400, 'rest_invalid_param'], [500, 'rest_internal_error'])
  return errors
}

/**
 * Every response of an operation, by status in ascending order: the handler's own and the router's.
 */
export function operationResponses(
  route: Route,
  method: Method,
  operation: Operation,
): [number, StatusResponse][] {
  const byStatus = new Map<number, StatusResponse>()
  const addErrors = (status: number, codes: readonly string[]) => {
    const known = byStatus.get(status)
    if (known && !('errors' in known))
      throw new Error(`${method} ${route.path}: status ${status} is both a success and an error`)
    byStatus.set(status, { errors: [...new Set([...(known?.errors ?? []), ...codes])] })
  }
  for (const [status, spec] of Object.entries(operation.responses) as [string, ResponseSpec][]) {
    if (typeof spec === 'string') byStatus.set(Number(status), { schema: spec })
    else addErrors(Number(status), spec.errors)
  }
  for (const [status, code] of pipelineErrors(route, method, operation)) addErrors(status, [code])
  // Every read has validators: a request that names the current one gets 304
  // (endpoints/cache/http.ts).
  if (method === 'GET') byStatus.set(304, { notModified: true })
  return [...byStatus].sort(([a], [b]) => a - b)
}
