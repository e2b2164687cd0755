import { STAGES } from '../routing/stages.js'
import type { Method, Operation, ResponseSpec, Route } from '../routing/operation.js'
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
 * The errors the router's stages give around the handler (`STAGES` in routing/stages.ts), in their
 * order. A code that two stages give (`rest_invalid_param`: the content language while the input
 * is read, any parameter at validation) is listed where the last of them gives it.
 */
function pipelineErrors(route: Route, method: Method, operation: Operation): [number, string][] {
  const all = STAGES.flatMap((stage) => stage.errors({ route, method, operation }))
  const key = ([status, code]: [number, string]) => `${status} ${code}`
  return all.filter((error, i) => !all.slice(i + 1).some((later) => key(later) === key(error)))
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
