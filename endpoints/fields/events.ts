import { DateTime } from 'luxon'
import Type from 'typebox'
import { costValues, formatCost, inferCurrency, rawCosts } from '../../src/lib/cost.js'
import { dateDetails, parseDate, WALL_CLOCK_FORMAT } from '../../src/lib/dates.js'
import { isValidZone, zoneAbbreviation } from '../../src/lib/time.js'
import type { Context } from '../context.js'
import { resolveTerms } from '../events/links.js'
import { resolveOrganizers, resolveVenue } from '../linked/args.js'
import { checkIdsExist } from '../lookup.js'
import { MAX_LIST_ITEMS, type ParamSpec } from '../params.js'
import { dateParam, urlParam } from '../postArgs.js'
import { idOf, permalink, wallClockIn, type Doc } from '../records/common.js'
import { organizerRecord, venueRecord } from '../records/linked.js'
import { termCount, type Related } from '../records/load.js'
import { embeddedTerm, sortByName } from '../records/terms.js'
import { displayTitle, renderContent } from '../records/text.js'
import {
  CostDetails,
  DateDetails,
  EmbeddedTerm,
  emptyList,
  lockableFlag,
  url,
  wallClock,
} from '../schemas/parts.js'
import type { Taxonomy } from '../taxonomies.js'
import { Organizer } from './organizers.js'
import * as post from './post.js'
import { recordSchema, writtenWith, type FieldTable, type WireField, type Write } from './table.js'
import {
  recurrenceParam,
  RecurrenceRecord,
  recurrenceRecord,
  SeriesLink,
  seriesLink,
  writeRecurrence,
} from './recurrence.js'
import { Venue } from './venues.js'

/**
 * What an event record is built from: the document, the records it links to, and its dates and cost
 * worked out once.
 */
export type EventView = post.PostView & {
  related: Related
  local: { start: string; end: string }
  utc: { start: string; end: string }
  cost: { cost: string; cost_details: Record<string, unknown> }
  withJsonLd?: boolean
}

/**
 * The cost as shown: the stored symbol, else the site's when the event has a cost, else none
 * (reference §4.8, v1-decisions §9).
 */
function costOf(doc: Doc, context: EventView['context']): EventView['cost'] {
  const raw: string[] = Array.isArray(doc.cost) ? doc.cost : []
  const stored = { symbol: doc.currencySymbol ?? '', position: doc.currencyPosition ?? '' }
  const display = stored.symbol
    ? stored
    : raw.length && context.options.currencySymbol
      ? { symbol: context.options.currencySymbol, position: context.options.currencyPosition }
      : inferCurrency([])
  return {
    cost: formatCost(raw, {
      symbol: display.symbol,
      position: (display.position || 'prefix') as 'prefix' | 'postfix',
    }),
    cost_details: {
      currency_symbol: stored.symbol,
      currency_code: doc.currencyCode ?? '',
      currency_position: stored.position,
      values: costValues(raw),
    },
  }
}

/** Prepares what the event table's keys show. */
export function eventView(
  doc: Doc,
  context: EventView['context'],
  related: Related,
  withJsonLd?: boolean,
): EventView {
  const zone = doc.timezone || 'UTC'
  return {
    doc,
    context,
    images: related.images,
    related,
    local: {
      start: doc.startDateLocal || wallClockIn(doc.startDate, zone),
      end: doc.endDateLocal || wallClockIn(doc.endDate, zone),
    },
    utc: { start: wallClockIn(doc.startDate, 'UTC'), end: wallClockIn(doc.endDate, 'UTC') },
    cost: costOf(doc, context),
    withJsonLd,
  }
}

/**
 * Start and end as UTC instants: each given value read in the event's zone, the missing one taken
 * from the stored event; an end before the start becomes the start. A new zone alone keeps the
 * stored wall-clock times.
 */
const eventDates: Write = (args, context, stored) => {
  const zone = args.timezone || stored?.timezone || context.options.siteTimezone
  const zoneChanged = stored && args.timezone !== undefined && zone !== stored.timezone
  if (args.start_date === undefined && args.end_date === undefined && !zoneChanged)
    return args.timezone !== undefined ? { timezone: zone } : {}
  const fromStored = (local: string | undefined, instant: string) =>
    zoneChanged && local
      ? DateTime.fromFormat(local, WALL_CLOCK_FORMAT, { zone })
      : DateTime.fromISO(instant, { zone })
  const start =
    args.start_date !== undefined
      ? parseDate(args.start_date, zone, context.now)!
      : fromStored(stored?.startDateLocal, stored!.startDate)
  let end =
    args.end_date !== undefined
      ? parseDate(args.end_date, zone, context.now)!
      : fromStored(stored?.endDateLocal, stored!.endDate)
  if (end < start) end = start
  return { startDate: start.toUTC().toISO()!, endDate: end.toUTC().toISO()!, timezone: zone }
}

const flag = (
  field: string,
  description: string,
  shown: (value: unknown) => boolean,
  schema: string,
) =>
  ({
    schema: lockableFlag(schema),
    show: ({ doc }) => shown(doc[field]),
    locked: null,
    field,
    param: { kind: 'boolean', description },
  }) satisfies WireField<EventView>
const isTrue = (value: unknown) => value === true
const notFalse = (value: unknown) => value !== false

const wall = (description: string, pick: (view: EventView) => string) =>
  ({ schema: wallClock(description), show: pick }) satisfies WireField<EventView>
const details = (pick: (view: EventView) => string) =>
  ({ schema: DateDetails, show: (view) => dateDetails(pick(view)) }) satisfies WireField<EventView>

const terms = (taxonomy: Taxonomy, description: string, param: string) =>
  ({
    schema: Type.Array(EmbeddedTerm, { description }),
    show: ({ doc, related, context }) =>
      sortByName(
        ((doc[taxonomy] ?? []) as unknown[])
          .map((value) => related[taxonomy].get(idOf(value) ?? -1))
          .filter((term): term is Doc => Boolean(term))
          .map((term) => embeddedTerm(term, taxonomy, termCount(context, term), context)),
      ),
    locked: [],
    field: taxonomy,
    param: { kind: 'any', description: param },
    write: async (args, context) =>
      args[taxonomy] !== undefined
        ? { [taxonomy]: await resolveTerms(context, taxonomy, args[taxonomy]) }
        : undefined,
  }) satisfies WireField<EventView>

/** A text in the request's language, searched, shown through `render`. */
const text = (field: string, schema: string, param: string, render: (value: unknown) => string) =>
  ({
    schema: Type.String({ description: schema }),
    show: ({ doc }) => render(doc[field]),
    field,
    localized: true,
    search: true,
    param: { kind: 'text', description: param },
  }) satisfies WireField<EventView>

/** Embedded venues and organizers are judged without the request's password (reference §3.4). */
const linkedOptions = (view: EventView) => ({
  images: view.related.images,
  withJsonLd: view.withJsonLd,
})

const costParam: ParamSpec = {
  kind: 'any',
  description: `Cost: a string or a list of at most ${MAX_LIST_ITEMS} strings ("10", "€6.50 - €8.50", "Free").`,
  check: (v: unknown) =>
    (rawCosts(v)?.length ?? Infinity) <= MAX_LIST_ITEMS
      ? undefined
      : `cost must be a string or a list of at most ${MAX_LIST_ITEMS} strings.`,
}

/** Events (reference §4.1, §5): every key of the record, with its argument and stored field. */
export const EVENT_FIELDS = {
  id: post.id,
  global_id: post.global_id,
  global_id_lineage: post.global_id_lineage,
  ...post.postHead('event'),
  rest_url: {
    schema: url('`{root}events/{id}`'),
    show: ({ doc, context }) => `${context.root}events/${doc.id}`,
  },
  title: {
    ...text(
      'title',
      'Title for display (`&` as `&#038;`, `<` and `>` escaped)',
      'Title, in the request’s language.',
      displayTitle,
    ),
    param: { kind: 'text', description: 'Title, in the request’s language.', required: true },
  },
  // The HTML kept beside the rich text at write time (collections/richText): read as stored,
  // written as given.
  description: {
    ...text(
      'descriptionHtml',
      'HTML; "" when empty or password-protected',
      'Description (HTML), in the request’s language.',
      renderContent,
    ),
    locked: '',
  },
  excerpt: {
    ...text('excerptHtml', 'HTML', 'Excerpt, in the request’s language.', renderContent),
    locked: '',
  },
  slug: {
    ...post.slug,
    param: {
      kind: 'text',
      description: 'Slug; made from the title when not given, and kept unique.',
    },
  },
  image: post.image,
  all_day: flag(
    'allDay',
    'All-day event: from 00:00:00 of the first day to 23:59:59 of the last.',
    isTrue,
    'All-day event',
  ),
  start_date: {
    ...wall('Start, in the event’s time zone', (view) => view.local.start),
    field: 'startDate',
    param: { ...dateParam('Start, in the event’s time zone (or the site zone).'), required: true },
    write: eventDates,
  },
  start_date_details: details((view) => view.local.start),
  end_date: {
    ...wall('End, in the event’s time zone', (view) => view.local.end),
    field: 'endDate',
    param: { ...dateParam('End, in the event’s time zone (or the site zone).'), required: true },
    write: writtenWith('start_date'),
  },
  end_date_details: details((view) => view.local.end),
  utc_start_date: wall('Start, UTC', (view) => view.utc.start),
  utc_start_date_details: details((view) => view.utc.start),
  utc_end_date: wall('End, UTC', (view) => view.utc.end),
  utc_end_date_details: details((view) => view.utc.end),
  timezone: {
    schema: Type.String({ description: 'IANA zone or UTC±N; "" when never set' }),
    show: ({ doc }) => doc.timezone ?? '',
    field: 'timezone',
    param: {
      kind: 'string',
      description:
        'Time zone of the event: an IANA name (Europe/Paris) or UTC±N; empty for the site zone.',
      check: (zone: string) =>
        zone === '' || isValidZone(zone) ? undefined : `timezone: ${zone} is not a time zone.`,
    },
    write: writtenWith('start_date'),
  },
  timezone_abbr: {
    schema: Type.String({ description: 'Abbreviation of the zone at the start (EST, CET, UTC+2)' }),
    show: ({ doc }) =>
      doc.timezone ? zoneAbbreviation(doc.timezone, new Date(doc.startDate)) : '',
  },
  cost: {
    schema: Type.String({
      description: 'Formatted cost: one value, or the lowest and highest ("Free – $30")',
    }),
    show: (view) => view.cost.cost,
    locked: '',
    field: 'cost',
    param: costParam,
    // The collection infers the currency from the cost as written.
    write: (args) => (args.cost !== undefined ? { cost: rawCosts(args.cost) } : undefined),
  },
  cost_details: {
    schema: CostDetails,
    show: (view) => view.cost.cost_details,
    locked: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  },
  website: {
    schema: Type.String({
      description:
        'Website of the event; its public page when none was ever given; "" when cleared',
    }),
    show: ({ doc, context }) =>
      doc.website === null || doc.website === undefined
        ? permalink(context, 'event', doc.slug)
        : doc.website,
    locked: '',
    field: 'website',
    param: urlParam('Website of the event.'),
  },
  show_map: flag('showMap', 'Show a map (default true).', notFalse, 'Show a map'),
  show_map_link: flag(
    'showMapLink',
    'Show a map link (default true).',
    notFalse,
    'Show a map link',
  ),
  hide_from_listings: flag(
    'hideFromListings',
    'Hide from the archive.',
    isTrue,
    'Hidden from the archive',
  ),
  sticky: flag('sticky', 'Pin in the calendar.', isTrue, 'Pinned in the calendar'),
  featured: flag('featured', 'Feature on the site.', isTrue, 'Featured'),
  categories: terms(
    'categories',
    'Categories, by name',
    'Categories: ids, slugs or names (a list or comma list); missing names are created.',
  ),
  tags: terms(
    'tags',
    'Tags, by name',
    'Tags: ids, slugs or names (a list or comma list); missing names are created.',
  ),
  venue: {
    schema: Type.Union([Venue, emptyList('No venue')], {
      description: 'The venue, or [] when none',
    }),
    show: (view) => {
      const id = idOf(view.doc.venue)
      const venue = id !== null ? view.related.venues.get(id) : undefined
      return venue ? venueRecord(venue, view.context, linkedOptions(view)) : []
    },
    locked: [],
    field: 'venue',
    param: {
      kind: 'any',
      description:
        'A venue id, { id }, or a venue object (created, or an identical one reused); empty to unlink.',
    },
    write: async (args, context) =>
      args.venue !== undefined ? { venue: await resolveVenue(context, args.venue) } : undefined,
  },
  organizer: {
    schema: Type.Array(Organizer, { description: 'Organizers, in their order' }),
    show: (view) =>
      ((view.doc.organizers ?? []) as unknown[])
        .map((value) => view.related.organizers.get(idOf(value) ?? -1))
        .filter((organizer): organizer is Doc => Boolean(organizer))
        .map((organizer) => organizerRecord(organizer, view.context, linkedOptions(view))),
    locked: [],
    field: 'organizers',
    param: {
      kind: 'any',
      description: 'Organizer ids, { id }s or organizer objects, in order; empty to unlink all.',
    },
    write: async (args, context) =>
      args.organizer !== undefined
        ? { organizers: await resolveOrganizers(context, args.organizer) }
        : undefined,
  },
  custom_fields: { schema: emptyList('Additional fields: always [].'), show: () => [], locked: [] },
  ticketed: flag('ticketed', 'The event has tickets.', isTrue, 'The event has tickets'),
  post_parent: {
    schema: Type.Integer({ minimum: 0, description: 'Id of the parent event; 0 for none' }),
    show: ({ doc }) => idOf(doc.parent) ?? 0,
    field: 'parent',
    param: {
      kind: 'integer',
      description: 'Id of the parent event.',
      check: (id: number, context: Context) =>
        checkIdsExist(context, 'events', [id], 'post_parent', 'event'),
    },
  },
  // Ours (endpoints/fields/recurrence.ts): only a recurring series and its dates have these keys.
  recurrence: {
    schema: RecurrenceRecord,
    show: ({ doc, context }) => recurrenceRecord(doc, context),
    field: 'recurrence',
    param: recurrenceParam,
    write: writeRecurrence,
  },
  series: { schema: SeriesLink, show: ({ doc, context }) => seriesLink(doc, context) },
} satisfies FieldTable<EventView>

export const Event = recordSchema(
  'An event (reference §4.1) as archives and writes give it. A password-protected event in an archive shows its content as "", false, null or [].',
  EVENT_FIELDS,
)
