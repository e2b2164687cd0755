import { DateTime } from 'luxon'
import { can } from '../../collections/access.js'
import { rawCosts } from '../../src/lib/cost.js'
import { parseDate, WALL_CLOCK_FORMAT } from '../../src/lib/dates.js'
import { isValidZone } from '../../src/lib/time.js'
import type { Context } from '../context.js'
import { invalidParams } from '../errors.js'
import { checkIdsExist, findTerms } from '../lookup.js'
import { resolveOrganizers, resolveVenue } from '../linked/args.js'
import { MAX_LIST_ITEMS, type Params } from '../params.js'
import { requireRightOnExisting, requireUser } from '../permissions.js'
import { dateParam, postData, postParams, urlParam } from '../postArgs.js'
import type { Operation } from '../router.js'
import { eventRecord } from '../records/event.js'
import { loadRelated } from '../records/load.js'
import type { Doc } from '../records/common.js'
import { inTransaction } from '../transaction.js'
import { addressedEvent, eventIdParam, eventSlugParam, unusedPasswordParam, type EventAddress } from './single.js'

const flag = (description: string) => ({ kind: 'boolean' as const, description })

/** Arguments of an event write (reference §5.3, v1-decisions §3); on update none is required. */
function eventParams(creating: boolean): Params {
  return {
    title: { kind: 'text', description: 'Title, in the request’s language.', required: creating },
    start_date: { ...dateParam('Start, in the event’s time zone (or the site zone).'), required: creating },
    end_date: { ...dateParam('End, in the event’s time zone (or the site zone).'), required: creating },
    description: { kind: 'text', description: 'Description (HTML), in the request’s language.' },
    excerpt: { kind: 'text', description: 'Excerpt, in the request’s language.' },
    slug: { kind: 'text', description: 'Slug; made from the title when not given, and kept unique.' },
    timezone: {
      kind: 'string',
      description: 'Time zone of the event: an IANA name (Europe/Paris) or UTC±N; empty for the site zone.',
      check: (zone: string) => (zone === '' || isValidZone(zone) ? undefined : `timezone: ${zone} is not a time zone.`),
    },
    all_day: flag('All-day event: from 00:00:00 of the first day to 23:59:59 of the last.'),
    cost: {
      kind: 'any',
      description: `Cost: a string or a list of at most ${MAX_LIST_ITEMS} strings ("10", "€6.50 - €8.50", "Free").`,
      check: (v: unknown) => ((rawCosts(v)?.length ?? Infinity) <= MAX_LIST_ITEMS ? undefined : `cost must be a string or a list of at most ${MAX_LIST_ITEMS} strings.`),
    },
    website: urlParam('Website of the event.'),
    show_map: flag('Show a map (default true).'),
    show_map_link: flag('Show a map link (default true).'),
    hide_from_listings: flag('Hide from the archive.'),
    sticky: flag('Pin in the calendar.'),
    featured: flag('Feature on the site.'),
    ticketed: flag('The event has tickets.'),
    post_parent: {
      kind: 'integer',
      description: 'Id of the parent event.',
      check: (id: number, context: Context) => checkIdsExist(context, context.options.slugs.events, [id], 'post_parent', 'event'),
    },
    categories: { kind: 'any', description: 'Categories: ids, slugs or names (a list or comma list); missing names are created.' },
    tags: { kind: 'any', description: 'Tags: ids, slugs or names (a list or comma list); missing names are created.' },
    venue: { kind: 'any', description: 'A venue id, { id }, or a venue object (created, or an identical one reused); empty to unlink.' },
    organizer: { kind: 'any', description: 'Organizer ids, { id }s or organizer objects, in order; empty to unlink all.' },
    ...postParams,
  }
}

/** Term ids for an event's `categories` or `tags`: existing ids, slugs or names; missing names created in the request's language. */
async function resolveTerms(context: Context, taxonomy: 'categories' | 'tags', value: unknown): Promise<number[]> {
  if (value === '' || value === null || value === 0) return []
  const items = Array.isArray(value) ? value : typeof value === 'string' || typeof value === 'number' ? String(value).split(',') : null
  if (!items || !items.every((item) => typeof item === 'string' || typeof item === 'number') || items.length > MAX_LIST_ITEMS) {
    throw invalidParams({ [taxonomy]: `${taxonomy} must be a list of at most ${MAX_LIST_ITEMS} ids, slugs or names.` })
  }
  const values = [...new Set(items.map((item) => String(item).trim()).filter(Boolean))]
  const collection = context.options.slugs[taxonomy]
  const { terms } = await findTerms(context, collection, values)
  const ids: number[] = []
  for (const value of values) {
    const found = terms.find((term) => String(term.id) === value || term.slug === value || term.name === value)
    if (found) ids.push(found.id)
    else if (!/^\d+$/.test(value)) {
      // Assigning terms needs only the right to edit the event, as in the anchor; the term is created for it.
      const created = await context.payload.create({ collection: collection as 'event-tags', data: { name: value }, locale: context.lang, req: context.req, overrideAccess: true })
      ids.push(created.id as number)
    }
  }
  return [...new Set(ids)]
}

type Dates = { startDate: string; endDate: string; timezone: string }

/**
 * Start and end as UTC instants: each given value read in the event's zone, the missing one taken
 * from the stored event; an end before the start becomes the start. A new zone alone keeps the
 * stored wall-clock times.
 */
function eventDates(args: Record<string, any>, stored: Doc | null, context: Context): Partial<Dates> {
  const zone = args.timezone || stored?.timezone || context.options.siteTimezone
  const zoneChanged = stored && args.timezone !== undefined && zone !== stored.timezone
  if (args.start_date === undefined && args.end_date === undefined && !zoneChanged) return args.timezone !== undefined ? { timezone: zone } : {}
  const fromStored = (local: string | undefined, instant: string) =>
    zoneChanged && local ? DateTime.fromFormat(local, WALL_CLOCK_FORMAT, { zone }) : DateTime.fromISO(instant, { zone })
  const start = args.start_date !== undefined ? parseDate(args.start_date, zone, context.now)! : fromStored(stored?.startDateLocal, stored!.startDate)
  let end = args.end_date !== undefined ? parseDate(args.end_date, zone, context.now)! : fromStored(stored?.endDateLocal, stored!.endDate)
  if (end < start) end = start
  return { startDate: start.toUTC().toISO()!, endDate: end.toUTC().toISO()!, timezone: zone }
}

/** The collection data of an event write: only what was sent (an update keeps everything else). */
async function eventData(context: Context, args: Record<string, any>, stored: Doc | null): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { ...postData(args, context), ...eventDates(args, stored, context) }
  const copy: Record<string, string> = {
    title: 'title', description: 'description', excerpt: 'excerpt', slug: 'slug', all_day: 'allDay', website: 'website',
    show_map: 'showMap', show_map_link: 'showMapLink', hide_from_listings: 'hideFromListings', sticky: 'sticky',
    featured: 'featured', ticketed: 'ticketed', post_parent: 'parent',
  }
  for (const [arg, field] of Object.entries(copy)) if (args[arg] !== undefined) data[field] = args[arg]
  // The collection infers the currency from the cost as written.
  if (args.cost !== undefined) data.cost = rawCosts(args.cost)
  if (args.categories !== undefined) data.categories = await resolveTerms(context, 'categories', args.categories)
  if (args.tags !== undefined) data.tags = await resolveTerms(context, 'tags', args.tags)
  if (args.venue !== undefined) data.venue = await resolveVenue(context, args.venue)
  if (args.organizer !== undefined) data.organizers = await resolveOrganizers(context, args.organizer)
  return data
}

/** An inline venue or organizer that cannot be created (`linked.ts`). */
const LINKED_ERRORS = ['could-not-create-venue', 'could-not-create-organizer']

async function respond(context: Context, id: number, status: number) {
  const { docs } = await context.payload.find({
    collection: context.options.slugs.events as 'events',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    trash: true,
    locale: context.lang,
    req: context.req,
    overrideAccess: false,
  })
  const doc = docs[0] as Doc
  return { status, body: eventRecord(doc, context, await loadRelated(context, [doc])) }
}

/** `POST /events` (reference §5.3): 201 with the new event. */
export const createEvent: Operation = {
  summary: 'Create an event',
  params: eventParams(true),
  body: true,
  responses: { 201: 'Event', 400: { errors: LINKED_ERRORS } },
  authorize: (context) => requireUser(context, can.editPosts(context.user)),
  handle: (context, args) =>
    inTransaction(context, async () => {
      const data = await eventData(context, args, null)
      data.status ??= can.publish(context.user) ? 'publish' : 'draft'
      const doc = await context.payload.create({
        collection: context.options.slugs.events as 'events',
        data: data as never,
        locale: context.lang,
        req: context.req,
        overrideAccess: false,
        depth: 0,
      })
      return respond(context, doc.id as number, 201)
    }),
}

/** `POST|PUT|PATCH /events/{id}` and by slug: a partial update (v1-decisions §6). */
export function updateEvent(address: EventAddress): Operation {
  return {
    summary: `Update an event by ${address}`,
    params: { ...(address === 'id' ? { id: eventIdParam, password: unusedPasswordParam } : { slug: eventSlugParam }), ...eventParams(false) },
    body: true,
    responses: { 200: 'Event', 400: { errors: LINKED_ERRORS }, 404: { errors: ['rest-event-not-found'] } },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      // An existing id is judged on the record itself; an unknown one goes on to its 404.
      if (address === 'id') await requireRightOnExisting(context, context.options.slugs.events, 'update', Number(context.pathParams.id))
    },
    handle: (context, args) =>
      inTransaction(context, async () => {
        const stored = await addressedEvent(context, address, args)
        await requireRightOnExisting(context, context.options.slugs.events, 'update', stored.id)
        const data = await eventData(context, args, stored)
        await context.payload.update({
          collection: context.options.slugs.events as 'events',
          id: stored.id,
          data: data as never,
          locale: context.lang,
          req: context.req,
          overrideAccess: false,
          trash: true,
          depth: 0,
        })
        return respond(context, stored.id, 200)
      }),
  }
}
