import { createLocalReq, type Payload, type PayloadRequest, type TypedUser } from 'payload'
import { NAMESPACE } from '../../endpoints/context.js'
import { NAMESPACE_MARK } from '../../endpoints/routing/router.js'
import type { EventRecord, SingleEventRecord } from '../../endpoints/schemas/records.js'
import type { LocaleCode } from '../../core/locales.js'

/**
 * Data for server components: the v1 namespace's reads, answered in the server's process by the
 * plugin's own endpoint (the route table's checks, the visitor's rights through Payload's access
 * control, the response cache), with no HTTP round trip.
 */

/** Who is reading and in which language. */
export type Reader = {
  payload: Payload
  /**
   * The visitor, as `payload.auth({ headers })` finds them (none: an anonymous visitor, who sees
   * published events only).
   */
  user?: TypedUser | null
  lang?: LocaleCode
  /**
   * The site's public origin (`https://example.org`), which the records' links carry: the app's
   * `serverURL` unless given, else `http://localhost`.
   */
  origin?: string
}

export type QueryValue = string | number | boolean | readonly (string | number)[]

export type EventsQuery = Record<string, QueryValue | undefined>

export type EventsPage = { events: EventRecord[]; total: number; totalPages: number }

/** A read the namespace refused (its status and error code). */
export class CalendarReadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const queryString = (query: EventsQuery) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue
    search.set(name, Array.isArray(value) ? value.join(',') : String(value))
  }
  return search
}

/** A GET of the v1 namespace, answered by the plugin's endpoint in this process. */
async function readV1(reader: Reader, path: string, query: EventsQuery) {
  const { payload } = reader
  const endpoint = (payload.config.endpoints || []).find(
    (candidate) => candidate.method === 'get' && candidate.custom?.[NAMESPACE_MARK] === NAMESPACE,
  )
  if (!endpoint) throw new Error('payload-events-calendar: the calendar plugin is not enabled.')
  const search = queryString({ ...query, translation_language: reader.lang })
  const origin = reader.origin || payload.config.serverURL || 'http://localhost'
  const url = `${origin}${payload.config.routes.api}/${NAMESPACE}${path}?${search}`
  const req = await createLocalReq(
    { user: reader.user ?? undefined, req: { url, method: 'GET', headers: new Headers() } },
    payload,
  )
  const response = await endpoint.handler(req as PayloadRequest)
  const body = await response.json()
  if (!response.ok) throw new CalendarReadError(response.status, body?.code, body?.message)
  return { body, headers: response.headers }
}

/**
 * A page of the events archive, with the archive's filters (`start_date`, `categories`,
 * `per_page`, …): what `GET /api/cal/events/v1/events` gives the visitor.
 */
export async function getEvents(reader: Reader, query: EventsQuery = {}): Promise<EventsPage> {
  const { body, headers } = await readV1(reader, '/events', query)
  return {
    events: body.events as EventRecord[],
    total: Number(headers.get('x-tec-total') ?? body.total),
    totalPages: Number(headers.get('x-tec-totalpages') ?? body.total_pages),
  }
}

/**
 * One event by slug or id as the visitor may read it (with `json_ld`), or null when there is none
 * for them (not found, not theirs to read, password-protected without its password).
 */
export async function getEvent(
  reader: Reader,
  address: { slug: string } | { id: number },
  password?: string,
): Promise<SingleEventRecord | null> {
  const path =
    'slug' in address
      ? `/events/by-slug/${encodeURIComponent(address.slug)}`
      : `/events/${address.id}`
  try {
    return (await readV1(reader, path, { password })).body as SingleEventRecord
  } catch (error) {
    if (error instanceof CalendarReadError && error.status >= 400 && error.status < 500) return null
    throw error
  }
}
