import { apiLink, CALENDAR_ROOT_PATH, NAMESPACE, type Context } from '../context.js'
import { ApiError } from '../errors.js'
import { paramSchema } from '../params.js'
import {
  operation,
  operationGroups,
  operationParams,
  variablePattern,
  type Method,
  type Route,
} from '../routing/operation.js'
import type { NamespaceIndexRecord } from '../schemas/namespace.js'

type RouteEntry = NamespaceIndexRecord['routes'][string]

/**
 * `/events/{id}` → `/cal/events/v1/events/(?P<id>\d+)`: the key the anchor's index gives a route.
 */
export const routeKey = (path: string, namespace = NAMESPACE) =>
  `/${namespace}${path.replace(/\{(\w+)\}/g, (_, name: string) => `(?P<${name}>${variablePattern(name)})`)}`

/**
 * A route's methods grouped as its endpoints: methods that share an operation (POST, PUT, PATCH)
 * are one.
 */
function endpointsOf(route: Route): RouteEntry['endpoints'] {
  return operationGroups(route).map(([operation, methods]) => ({
    methods,
    args: Object.fromEntries(
      Object.entries(operationParams(operation)).map(([name, spec]) => [
        name,
        { required: Boolean(spec.required), ...paramSchema(spec) },
      ]),
    ),
  }))
}

/**
 * The namespace index (docs/v1-reference.md §11) of a route table, with links under the request's
 * namespace root (`…/cal/events/v1`) and up to the calendar's root (`…/cal`,
 * endpoints/calendarRoot.ts).
 */
export function describeNamespace(
  routes: Route[],
  context: Pick<Context, 'root' | 'linkLanguage' | 'apiRoot'>,
  namespace = NAMESPACE,
): NamespaceIndexRecord {
  const described: NamespaceIndexRecord['routes'] = {}
  for (const route of routes) {
    const entry: RouteEntry = {
      namespace,
      methods: Object.keys(route.operations) as Method[],
      endpoints: endpointsOf(route),
    }
    if (!route.path.includes('{'))
      entry._links = { self: [{ href: apiLink(context, route.path.slice(1)) }] }
    described[routeKey(route.path, namespace)] = entry
  }
  return {
    namespace,
    routes: described,
    _links: { up: [{ href: calendarRootLink(context) }] },
  }
}

/** The calendar's root (`…/api/cal`), in the request's language form as every link. */
const calendarRootLink = ({ apiRoot, linkLanguage }: Pick<Context, 'apiRoot' | 'linkLanguage'>) =>
  apiLink({ root: `${apiRoot}/`, linkLanguage }, CALENDAR_ROOT_PATH.slice(1))

/** `GET /` (the namespace itself): the index of the route table it belongs to. */
export const namespaceIndex = (routes: Route[], namespace = NAMESPACE) =>
  operation({
    summary: 'The namespace index: every route with its methods and arguments',
    params: {
      namespace: {
        kind: 'string',
        description: `The namespace to describe; only ${namespace} exists here.`,
        default: namespace,
      },
      context: {
        kind: 'string',
        description: 'Scope of the request (view, embed, edit); the index is the same in each.',
        default: 'view',
      },
    },
    responses: { 200: 'NamespaceIndex', 404: { errors: ['rest_invalid_namespace'] } },
    handle: async (context, args) => {
      if (args.namespace !== namespace)
        throw new ApiError(
          404,
          'rest_invalid_namespace',
          'The specified namespace could not be found.',
        )
      return { status: 200, body: describeNamespace(routes, context, namespace) }
    },
  })
