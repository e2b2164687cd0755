import { LOCALE_CODES } from '../../core/locales.js'
import type { Context } from '../context.js'
import type { ArgsOf, ParamSpec, Params } from '../params.js'
import type { Reply } from '../reply.js'
import type { SchemaName } from '../schemas/index.js'

/** What the route table is made of: routes, their operations, and what every operation takes. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * What an operation answers with one status: the body's schema by name, or the codes of its errors.
 */
export type ResponseSpec = SchemaName | { errors: readonly string[] }

export type Operation<P extends Params = Params> = {
  summary: string
  params: P
  /**
   * Parameters other than path variables come in a JSON or form body (writes) rather than the query
   * string.
   */
  body?: boolean
  /**
   * The body is a file (its bytes on `context.upload`, at most `maxBytes`), and every parameter
   * comes in the query string.
   */
  upload?: { mediaType: string; maxBytes: number; description: string }
  /**
   * What the handler itself answers, by status. `/doc` publishes it and the test suite holds every
   * response to it; the answers of the router's own stages (bad parameters or body, credentials,
   * permission, 405, 500) are added by `documentation/responses.ts`.
   */
  responses: Partial<Record<number, ResponseSpec>>
  /**
   * Decides who may call, before any parameter is validated (writes, docs/v1-differences.md §4);
   * throws an ApiError to refuse.
   */
  authorize?: (context: Context) => void | Promise<void>
  handle(context: Context, args: ArgsOf<P>): Promise<Reply>
}

/**
 * An operation whose handler receives its declared parameters typed (`ArgsOf`), for the route
 * table. The router validates exactly those parameters before it calls the handler, which the
 * compiler cannot follow through the table: hence the cast.
 */
export const operation = <P extends Params>(declared: Operation<P>): Operation =>
  declared as unknown as Operation

/**
 * A route: a path under the namespace (`/events/{id}`, `''` for the index) and what each method
 * does there.
 */
export type Route = {
  path: string
  operations: Partial<Record<Method, Operation>>
}

/**
 * A route's operations, each with the methods that share it (POST, PUT and PATCH share one), in
 * the order its table gives them.
 */
export function operationGroups(route: Route): [Operation, Method[]][] {
  const groups = new Map<Operation, Method[]>()
  for (const [method, operation] of Object.entries(route.operations) as [Method, Operation][])
    groups.set(operation, [...(groups.get(operation) ?? []), method])
  return [...groups]
}

/** Every route accepts the content language (docs/v1-differences.md §2). */
export const LANGUAGE_PARAM: ParamSpec = {
  kind: 'string',
  description:
    'Language of the content: en, fr or es. Default: the language segment of the URL, else en.',
  enum: LOCALE_CODES,
}

const VARIABLE_PATTERNS: Record<string, string> = { id: '\\d+', slug: '[^/]+' }

/**
 * What a path variable matches (a regex source): `id` digits, `slug` and others anything but a
 * slash.
 */
export const variablePattern = (name: string) => VARIABLE_PATTERNS[name] ?? '[^/]+'

/** Every parameter of an operation: its own and the content language. */
export const operationParams = (operation: Operation): Params => ({
  ...operation.params,
  translation_language: LANGUAGE_PARAM,
})
