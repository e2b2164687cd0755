import type { Endpoint } from 'payload'
import {
  BATCH_NAMESPACE,
  CSV_NAMESPACE,
  FEEDS_NAMESPACE,
  FULLCALENDAR_NAMESPACE,
  TRANSLATIONS_NAMESPACE,
} from '../core/defaults.js'
import { isLocaleCode } from '../core/locales.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { apiLink, CALENDAR_ROOT_PATH, NAMESPACE } from './context.js'
import { jsonResponse, readOnlyEndpoints } from './rootEndpoints.js'
import { linkBase, requestAddress } from './address.js'

/** A route the root lists: its methods and, for a route that takes no parameter, its address. */
type RootRoute = { namespace: string; methods: string[]; _links: { self: [{ href: string }] } }

export type CalendarRootRecord = {
  name: string
  description: string
  url: string
  namespaces: string[]
  routes: Record<string, RootRoute>
  _links: { help: [{ href: string }] }
}

/**
 * What `GET /api/cal` answers: the calendar's REST root, as WordPress's `/wp-json/` is the anchor's
 * (the v1 index's `_links.up` points here, since Payload serves nothing at its API root in a
 * Next.js app): the namespaces it serves, and the routes a client starts from. `link` makes the
 * address of a path under the API root, in the request's origin and language form.
 */
export function describeCalendarRoot(
  origin: string,
  link: (path: string) => string,
): CalendarRootRecord {
  const route = (namespace: string, path: string, methods: string[]): [string, RootRoute] => [
    path,
    { namespace, methods, _links: { self: [{ href: link(path) }] } },
  ]
  return {
    name: 'cal',
    description: 'The events calendar (payload-events-calendar)',
    url: origin,
    namespaces: [
      NAMESPACE,
      FEEDS_NAMESPACE,
      CSV_NAMESPACE,
      FULLCALENDAR_NAMESPACE,
      TRANSLATIONS_NAMESPACE,
      BATCH_NAMESPACE,
    ],
    routes: Object.fromEntries([
      route('cal', CALENDAR_ROOT_PATH, ['GET']),
      route(NAMESPACE, `/${NAMESPACE}`, ['GET']),
      route(NAMESPACE, `/${NAMESPACE}/doc`, ['GET']),
    ]),
    _links: { help: [{ href: link(`/${NAMESPACE}/doc`) }] },
  }
}

/**
 * `GET` and `HEAD /api/cal` as Payload root endpoints; other methods get the namespace's 405. The
 * language is the namespace's: a language root's, else `translation_language` when it names one,
 * else English; links carry it in the same form (docs/v1-differences.md §2).
 */
export function calendarRootEndpoints(options: ResolvedCalendarOptions): Endpoint[] {
  return readOnlyEndpoints(CALENDAR_ROOT_PATH, async (req) => {
    const { url, language: pathLanguage } = requestAddress(req)
    const asked = url.searchParams.get('translation_language')
    const lang = pathLanguage ?? (isLocaleCode(asked) ? asked : 'en')
    const { origin, apiRoot, linkLanguage } = linkBase(req, url, options, lang, pathLanguage)
    const body = describeCalendarRoot(origin, (path) =>
      apiLink({ root: `${apiRoot}/`, linkLanguage }, path.slice(1)),
    )
    return jsonResponse(req.method === 'HEAD' ? null : body, 200, { 'content-language': lang })
  })
}
