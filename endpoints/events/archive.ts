import type { Where } from 'payload'
import { eventsByStatusWhere, translationStatusParam } from '../fields/translations.js'
import type { Context } from '../context.js'
import { ApiError, invalidParams } from '../errors.js'
import { checkIdsExist, findTermsOnce, searchWords } from '../lookup.js'
import { wordsCheck, type ArgsOf, type Params } from '../params.js'
import { operation } from '../routing/operation.js'
import type { Reply } from '../reply.js'
import { MAX_PER_PAGE, pageLinks, pageSize, totalHeaders, totalPagesOf } from '../paging.js'
import { effectiveStatuses, statusCheck, statusWhere } from '../status.js'
import { eventRecord, eventRecords } from '../records/event.js'
import { formsApply, formsLookup, formsOf, joinedList } from '../forms/forms.js'
import { loadRelated } from '../forms/load.js'
import { dateWindow, DATE_FILTERS, isDateInput, type DateFilter } from './dateWindow.js'
import { venuesNear, venuesWithCoordinates } from './geo.js'
import { countOnce } from './totals.js'
import { matchesNothing, relatedIdsIn } from '../idConditions.js'
import { facetParams, facetsOf, type FacetName } from './facets.js'
import { EVENT_FIELDS } from '../fields/events.js'
import { modifiedSinceCheck, modifiedSinceWhere } from '../changes/log.js'
import { searchFieldsOf } from '../fields/table.js'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'

/**
 * Events whose `field` is one of `values`; events stored before the field existed count as its
 * default.
 */
function oneOfWhere(field: string, values: (string | number)[], fallback: string): Where {
  const words = values.map(String)
  return words.includes(fallback)
    ? { or: [{ [field]: { in: words } }, { [field]: { exists: false } }] }
    : { [field]: { in: words } }
}

const EARTH_RADIUS_DEFAULT_KM = 50

const dateParam = (description: string) => ({
  kind: 'date' as const,
  description,
  check: (value: unknown, context: Context) =>
    isDateInput(value, context.now) ? undefined : `Invalid date: ${String(value)}.`,
})

const termsCheck =
  (taxonomy: 'categories' | 'tags') => async (values: (string | number)[], context: Context) => {
    const { missing } = await findTermsOnce(context, taxonomy, values)
    return missing.length ? `${taxonomy}: no such term: ${missing.join(', ')}.` : undefined
  }

export const archiveParams = {
  page: { kind: 'integer', description: 'Page of the archive.', default: 1 },
  per_page: {
    kind: 'integer',
    description: `Events per page (at most ${MAX_PER_PAGE}; default: the plugin's perPage option, 10 unless set).`,
  },
  start_date: dateParam(
    'Events that start on or after this date (a date, a timestamp or words such as "tomorrow").',
  ),
  end_date: dateParam('Events that end on or before this date.'),
  starts_before: dateParam('Events that start before this date.'),
  starts_after: dateParam('Events that start after this date.'),
  ends_before: dateParam('Events that end before this date.'),
  ends_after: dateParam('Events that end after this date.'),
  strict_dates: {
    kind: 'truthy',
    description: 'true: dates are exact times; false: whole days.',
    default: 'false',
  },
  search: {
    kind: 'text',
    description: 'Events whose title, excerpt or description contains every word.',
  },
  categories: {
    kind: 'list',
    description: 'Events in any of these categories (ids or slugs).',
    check: termsCheck('categories'),
  },
  tags: {
    kind: 'list',
    description: 'Events with any of these tags (ids or slugs).',
    check: termsCheck('tags'),
  },
  venue: {
    kind: 'idList',
    description: 'Events at any of these venues.',
    check: (ids: number[], context: Context) =>
      checkIdsExist(context, 'venues', ids, 'venue', 'venue'),
  },
  organizer: {
    kind: 'idList',
    description: 'Events by any of these organizers.',
    check: (ids: number[], context: Context) =>
      checkIdsExist(context, 'organizers', ids, 'organizer', 'organizer'),
  },
  featured: { kind: 'boolean', description: 'Only featured (true) or only other (false) events.' },
  status: {
    kind: 'list',
    description: 'Post statuses (comma list). Without edit rights only "publish".',
    check: statusCheck('events'),
  },
  event_status: {
    kind: 'list',
    description: `Events with any of these event statuses (comma list: ${EVENT_STATUSES.join(', ')}).`,
    check: wordsCheck('event_status', EVENT_STATUSES),
  },
  attendance_mode: {
    kind: 'list',
    description: `Events attended in any of these ways (comma list: ${ATTENDANCE_MODES.join(', ')}).`,
    check: wordsCheck('attendance_mode', ATTENDANCE_MODES),
  },
  geoloc: {
    kind: 'boolean',
    description: 'Events whose venue has (true) or lacks (false) coordinates.',
  },
  geoloc_lat: {
    kind: 'number',
    description:
      'Latitude of a point; events whose venue is within geoloc_radius of it. Needs geoloc_lng.',
    check: (v: number) =>
      v < -90 || v > 90 ? 'geoloc_lat must be between -90 and 90.' : undefined,
  },
  geoloc_lng: {
    kind: 'number',
    description: 'Longitude of that point. Needs geoloc_lat.',
    check: (v: number) =>
      v < -180 || v > 180 ? 'geoloc_lng must be between -180 and 180.' : undefined,
  },
  geoloc_radius: {
    kind: 'number',
    description: `Radius around the point, in km (default ${EARTH_RADIUS_DEFAULT_KM}).`,
    check: (v: number) =>
      v <= 0 || v > 20_100 ? 'geoloc_radius must be a distance in km above 0.' : undefined,
  },
  include: { kind: 'idList', description: 'Only these events; no date window applies.' },
  post_parent: {
    kind: 'integer',
    description: 'Events whose parent is this event.',
    check: (id: number, context: Context) =>
      checkIdsExist(context, 'events', [id], 'post_parent', 'event'),
  },
  ticketed: { kind: 'boolean', description: 'Events with (true) or without (false) tickets.' },
  translation_status: translationStatusParam,
  password: { kind: 'string', description: 'Unlocks password-protected events in the list.' },
  modified_since: {
    kind: 'string',
    description:
      'Events with a change since this cursor (`next_since` of /changes) or date (site zone); 410 rest-sync-expired when the change log no longer reaches back that far.',
    check: modifiedSinceCheck,
  },
} satisfies Params

export type ArchiveArgs = ArgsOf<typeof archiveParams>

/** The events archive's own parameters: the archive's, and its facet counts (issue #41). */
const listParams = { ...archiveParams, ...facetParams } satisfies Params
type ListArgs = ArgsOf<typeof listParams>

/**
 * Every word must appear in the title, the excerpt or the description (in the request's language).
 */
const SEARCHED = searchFieldsOf(EVENT_FIELDS)
const searchWhere = (search: string): Where[] =>
  searchWords(search).map((word): Where => ({
    or: SEARCHED.map((field): Where => ({ [field]: { contains: word } })),
  }))

/** The query string of `rest_url`, rebuilt from the effective query under request-facing names. */
function restQuery(
  args: ArchiveArgs & Partial<ListArgs>,
  page: number,
  perPage: number,
  echo: Partial<Record<DateFilter, string>>,
) {
  const query = new URLSearchParams()
  const put = (name: string, value: unknown) => {
    if (value === undefined || value === null) return
    query.set(
      name,
      Array.isArray(value)
        ? value.join(',')
        : typeof value === 'boolean'
          ? value
            ? '1'
            : '0'
          : String(value),
    )
  }
  put('page', page)
  put('per_page', perPage)
  put('start_date', echo.start_date)
  put('end_date', echo.end_date)
  for (const name of ['search', 'include', 'post_parent', 'status', 'modified_since'] as const)
    put(name, args[name])
  if (args.facets?.length) {
    put('facets', args.facets)
    put('facets_limit', args.facets_limit)
  }
  for (const filter of Object.keys(DATE_FILTERS) as DateFilter[])
    if (filter !== 'start_date' && filter !== 'end_date') put(filter, echo[filter])
  for (const name of [
    'ticketed',
    'geoloc',
    'geoloc_lat',
    'geoloc_lng',
    'geoloc_radius',
    'venue',
    'organizer',
    'featured',
    'event_status',
    'attendance_mode',
    'translation_status',
  ] as const)
    put(name, args[name])
  return query
}

/**
 * The archive's filters as a query, shared with the calendar feeds (endpoints/ical): the conditions
 * (without the status one), the statuses the caller gets, and the date window.
 */
export async function archiveFilters(context: Context, args: ArchiveArgs) {
  if ((args.geoloc_lat === undefined) !== (args.geoloc_lng === undefined)) {
    const missing = args.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng'
    throw invalidParams({ [missing]: 'geoloc_lat and geoloc_lng go together.' })
  }
  const window = dateWindow(args, {
    strict: args.strict_dates === true,
    include: Boolean(args.include),
    siteZone: context.options.siteTimezone,
    now: context.now,
  })

  // A recurring series is listed through its dates, each an event of its own (collections/series).
  const where: Where[] = [
    { hideFromListings: { not_equals: true } },
    { isSeries: { not_equals: true } },
    ...window.where,
  ]
  if (args.search) where.push(...searchWhere(args.search))
  for (const taxonomy of ['categories', 'tags'] as const) {
    if (args[taxonomy])
      where.push({
        [taxonomy]: {
          in: relatedIdsIn((await findTermsOnce(context, taxonomy, args[taxonomy])).matchIds),
        },
      })
  }
  if (args.venue) where.push({ venue: { in: args.venue } })
  if (args.organizer) where.push({ organizers: { in: relatedIdsIn(args.organizer) } })
  if (args.featured !== undefined) where.push({ featured: { equals: args.featured } })
  if (args.ticketed !== undefined) where.push({ ticketed: { equals: args.ticketed } })
  if (args.event_status) where.push(oneOfWhere('eventStatus', args.event_status, 'scheduled'))
  if (args.attendance_mode)
    where.push(oneOfWhere('attendanceMode', args.attendance_mode, 'offline'))
  if (args.include) where.push({ id: { in: args.include } })
  if (args.post_parent) where.push({ parent: { equals: args.post_parent } })
  if (args.translation_status)
    where.push(...(await eventsByStatusWhere(context, args.translation_status)))
  if (args.modified_since)
    where.push(await modifiedSinceWhere(context, 'events', args.modified_since))
  if (args.geoloc !== undefined) {
    const ids = await venuesWithCoordinates(context)
    where.push({ venue: args.geoloc ? { in: ids.concat(0) } : { not_in: ids.concat(0) } })
  }
  if (args.geoloc_lat !== undefined) {
    const ids = await venuesNear(
      context,
      args.geoloc_lat,
      args.geoloc_lng!,
      args.geoloc_radius ?? EARTH_RADIUS_DEFAULT_KM,
    )
    where.push({ venue: { in: ids.concat(0) } })
  }
  const statuses = effectiveStatuses(args.status, context)
  return { where, statuses, window }
}

async function archive(context: Context, args: ListArgs): Promise<Reply> {
  const page = args.page
  const perPage = pageSize(args.per_page, context.options.perPage)
  const { where, statuses, window } = await archiveFilters(context, args)
  // The total depends on the filters, on what the caller may read, and on the language searched in.
  const totalKey = JSON.stringify({
    where,
    statuses,
    lang: context.lang,
    user: context.user ? `${context.user.collection}:${context.user.id}` : null,
  })
  // The archive's own filters, for its facets (before the status condition, which they add).
  const filters = { where: [...where], statuses }
  if (statuses) where.push(statusWhere(statuses, context.now))

  const query = { where: { and: where }, trash: statuses?.includes('trash') ?? false }
  const useForms = formsApply(context, args.password) && !query.trash
  // Without createdAt, the SQL adapters append `-createdAt`, an order no index gives: PostgreSQL
  // then sorts every match of a filter on another table (a search, a category) instead of walking
  // the window in order and stopping at the page's end (issue #27). Ids are unique, so the order
  // is the same.
  const sort = args.include
    ? ['publishedAt', 'id', 'createdAt']
    : ['startDateLocal', 'id', 'createdAt']
  // Over the whole result, each group without its own filter (endpoints/events/facets.ts).
  const faceted = args.facets?.length
    ? facetsOf(context, args, args.facets as FacetName[], args.facets_limit, (dropped) =>
        dropped
          ? archiveFilters(context, { ...args, [dropped]: undefined })
          : Promise.resolve(filters),
      )
    : undefined
  // A filter that named no event: the empty page and its total, without asking the database,
  // the query checked as any read's is (a bad one answers as it would without the filter).
  const empty = !faceted && matchesNothing(where)
  if (empty) await context.data.readable('events', query)
  const [found, total, counted] = empty
    ? [{ docs: [], forms: new Map<number, string>() }, 0, undefined]
    : await Promise.all([
        // With kept forms, the page's ids are all it needs.
        useForms
          ? context.data
              .pageIds(
                'events',
                { ...query, sort, limit: perPage, page },
                formsLookup(context, 'events', 'list'),
              )
              .then(({ ids, forms }) => ({ docs: ids.map((id) => ({ id })), forms }))
          : context.data
              .page('events', { ...query, sort, limit: perPage, page, count: false })
              .then(({ docs }) => ({ docs, forms: null })),
        // The facets' count of the archive's own result is its total.
        countOnce(
          context,
          totalKey,
          async () => (await faceted)?.total ?? context.data.count('events', query),
        ),
        faceted,
      ])
  const facets = counted?.facets
  if (found.docs.length === 0 && page > 1) {
    throw new ApiError(
      404,
      'event-archive-page-not-found',
      'The requested event archive page does not exist.',
    )
  }
  const totalPages = totalPagesOf(total, perPage)
  const { rest_url, ...around } = pageLinks(
    context,
    'events',
    restQuery(args, page, perPage, window.echo),
    page,
    totalPages,
  )
  const rest = { rest_url, ...around, total, total_pages: totalPages, ...(facets && { facets }) }
  const headers = totalHeaders(total, totalPages)
  if (useForms) {
    const ids = found.docs.map((doc) => doc.id)
    const forms = await formsOf(
      context,
      'events',
      ids,
      'list',
      (missing, marked) => eventRecords(marked, missing),
      found.forms,
    )
    return {
      status: 200,
      body: null,
      text: joinedList(context, 'events', ids, forms, rest),
      headers,
    }
  }
  const events = found.docs
  const related = await loadRelated(context, events, args.password)
  return {
    status: 200,
    body: {
      events: events.map((event) =>
        eventRecord(event, context, related, { givenPassword: args.password }),
      ),
      ...rest,
    },
    headers,
  }
}

export const listEvents = operation({
  summary: 'List events',
  params: listParams,
  responses: {
    200: 'EventArchive',
    404: { errors: ['event-archive-page-not-found'] },
    410: { errors: ['rest-sync-expired'] },
  },
  handle: archive,
})
