import type { PayloadRequest } from 'payload'
import { isLocaleCode, type LocaleCode } from '../../core/locales.js'
import { calendarStore } from '../../core/database/index.js'
import {
  databaseUnavailable,
  invalidCredentials,
  invalidParams,
  methodNotAllowed,
  noRoute,
} from '../errors.js'
import { parseParams, readBody, readBytes, type Input } from '../input.js'
import {
  operationParams,
  variablePattern,
  type Method,
  type Operation,
  type Route,
} from './operation.js'

/** The stages of a request to a namespace (`dispatch` in router.ts), and each one's errors. */

/** Where a stage's errors are declared: the route, method and operation a request matched. */
export type Matched = { route: Route; method: Method; operation: Operation }

/**
 * The stages every request goes through, in order, with the errors each may answer, by status and
 * code. `/doc` lists an operation's errors from here (documentation/responses.ts), so the catalogue
 * cannot drift from `dispatch`.
 */
export const STAGES: readonly {
  name: string
  errors: (matched: Matched) => [number, string][]
}[] = [
  {
    // The path and method against the route table; an undecodable path variable is no route.
    name: 'match',
    errors: ({ route }) => (route.path.includes('{') ? [[404, 'rest_no_route']] : []),
  },
  {
    name: 'credentials',
    errors: () => [
      [401, 'rest_invalid_credentials'],
      [503, 'rest_database_unavailable'],
    ],
  },
  {
    // Query, body and path variables as one input, and the content language.
    name: 'input',
    errors: ({ method }) => [
      ...(method === 'GET'
        ? []
        : ([
            [413, 'rest_request_too_large'],
            [415, 'rest_unsupported_media_type'],
            [400, 'rest_invalid_json'],
          ] as [number, string][])),
      [400, 'rest_invalid_param'],
    ],
  },
  {
    name: 'authorize',
    errors: ({ operation }) =>
      operation.authorize
        ? [
            [401, 'rest_forbidden'],
            [403, 'rest_forbidden'],
          ]
        : [],
  },
  {
    name: 'validate',
    errors: ({ route, operation }) => [
      ...(Object.entries(operationParams(operation)).some(
        ([name, spec]) => spec.required && !route.path.includes(`{${name}}`),
      )
        ? ([[400, 'rest_missing_callback_param']] as [number, string][])
        : []),
      [400, 'rest_invalid_param'],
    ],
  },
  // The handler's own answers are its operation's `responses`; anything else is the last resort.
  {
    name: 'handle',
    errors: () => [
      [500, 'rest_internal_error'],
      [503, 'rest_database_unavailable'],
    ],
  },
]

/** A request to a namespace, as its stages read it. */
export type NamespaceRequest = {
  req: PayloadRequest
  url: URL
  /** The path under the namespace (`/events/12`). */
  path: string
  head: boolean
  method: Method
  pathLanguage: LocaleCode | null
}

/** A route with its path as a regex and the names of its variables, in order. */
export type CompiledRoute = { route: Route; regex: RegExp; variables: string[] }

export function compile(route: Route): CompiledRoute {
  const variables: string[] = []
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      variables.push(name)
      return `(${variablePattern(name)})`
    })
  return { route, regex: new RegExp(`^${source}/?$`), variables }
}

function decodePathParams(variables: string[], found: RegExpExecArray): Record<string, string> {
  try {
    return Object.fromEntries(variables.map((name, i) => [name, decodeURIComponent(found[i + 1])]))
  } catch {
    throw noRoute()
  }
}

/**
 * Whether the request carries credentials (which, when `req.user` is empty, did not authenticate).
 */
function sentCredentials(req: PayloadRequest): boolean {
  if (req.headers.get('authorization')) return true
  const cookies = req.headers.get('cookie') ?? ''
  return new RegExp(`(^|;\\s*)${req.payload.config.cookiePrefix}-token=`).test(cookies)
}

/** Stage `match`: the route and operation of the request, and its path variables. */
export function match(compiled: CompiledRoute[], request: NamespaceRequest) {
  const found = compiled.map((c) => ({ c, m: c.regex.exec(request.path) })).find(({ m }) => m)
  if (!found) throw noRoute()
  const operation = found.c.route.operations[request.method]
  if (!operation) {
    const allowed = Object.keys(found.c.route.operations)
    throw methodNotAllowed(allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed)
  }
  return { operation, pathParams: decodePathParams(found.c.variables, found.m!) }
}

/**
 * Stage `credentials`: credentials that were sent must have authenticated. Payload treats a user it
 * could not load as no user, so when they did not, one question to the database tells an
 * unreachable database (503, worth retrying) from credentials that are wrong (401).
 */
export async function checkCredentials(req: PayloadRequest): Promise<void> {
  if (req.user || !sentCredentials(req)) return
  try {
    await req.payload.db.count({ collection: req.payload.config.admin.user, req: {} })
  } catch (error) {
    if (calendarStore(req.payload).isUnavailable(error)) throw databaseUnavailable()
  }
  throw invalidCredentials()
}

/** Stage `input`: query, body and path variables as one input, and the content language. */
export async function readInput(
  request: NamespaceRequest,
  operation: Operation,
  pathParams: Record<string, string>,
) {
  const query = parseParams(request.url.searchParams)
  // An upload's body is its file (`Operation.upload`): its parameters are all in the query.
  const upload = operation.upload
    ? await readBytes(request.req, operation.upload.maxBytes)
    : undefined
  const body =
    request.method === 'GET' || upload ? Object.create(null) : await readBody(request.req)
  const input: Input = { ...query, ...body, ...pathParams }
  const requested = input.translation_language
  if (requested !== undefined && !isLocaleCode(requested))
    throw invalidParams({ translation_language: 'translation_language must be one of en, fr, es.' })
  const lang: LocaleCode = requested ?? request.pathLanguage ?? 'en'
  return { input, lang, upload }
}
