import { DateTime } from 'luxon'
import Type from 'typebox'
import { costValues, formatCost, inferCurrency, rawCosts } from '../../core/lib/cost.js'
import { dateDetails, parseDate, WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import { isValidZone, zoneAbbreviation } from '../../core/lib/time.js'
import { apiLink, type Context } from '../context.js'
import { resolveTerms } from '../events/links.js'
import { resolveOrganizers, resolveVenue } from '../linked/args.js'
import { checkIdsExist } from '../lookup.js'
import { MAX_LIST_ITEMS, type LooseArgs, type ParamSpec } from '../params.js'
import { dateParam, urlParam } from '../postArgs.js'
import { idOf, permalink, wallClockIn, type Doc } from '../records/common.js'
import { organizerRecord, venueRecord } from '../records/linked.js'
import { shownTermCount } from '../records/load.js'
import type { Related } from '../records/related.js'
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
import type { Event as StoredEvent } from '../../core/documents.js'
import {
  recordSchema,
  writtenWith,
  type FieldTable,
  type StoredKey,
  type WireField,
  type Write,
} from './table.js'
import {
  recurrenceParam,
  RecurrenceRecord,
  recurrenceRecord,
  SeriesLink,
  seriesLink,
  writeRecurrence,
} from './recurrence.js'
import { Venue } from './venues.js'
import {
  ATTENDANCE_MODES,
  EVENT_STATUSES,
  type AttendanceMode,
} from '../../collections/eventStatus.js'
import { spreadsheetDateTime } from '../../core/lib/spreadsheetDates.js'
import {
  CellError,
  cellOf,
  exportOnly,
  listOf,
  named,
  storedText,
  type Cells,
  type Flat,
  type FlatWrite,
} from './flat.js'

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
 * (docs/v1-reference.md §4.8, docs/v1-differences.md §9).
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
  field: StoredKey<StoredEvent>,
  description: string,
  shown: (value: unknown) => boolean,
  schema: string,
  flat?: Flat<EventView>,
) =>
  ({
    schema: lockableFlag(schema),
    show: ({ doc }) => shown(doc[field]),
    locked: null,
    field,
    param: { kind: 'boolean', description },
    flat,
  }) satisfies WireField<EventView, StoredEvent>
const isTrue = (value: unknown) => value === true
const notFalse = (value: unknown) => value !== false

const wall = (description: string, pick: (view: EventView) => string) =>
  ({ schema: wallClock(description), show: pick }) satisfies WireField<EventView, StoredEvent>
const details = (pick: (view: EventView) => string) =>
  ({ schema: DateDetails, show: (view) => dateDetails(pick(view)) }) satisfies WireField<
    EventView,
    StoredEvent
  >

/**
 * A term list as the names the terms are stored with, in the record's order; on import, names
 * (or slugs) that the write finds or creates, as v1 does.
 */
const termsFlat = (taxonomy: Taxonomy, ...aliases: string[]): Flat<EventView> => ({
  columns: [
    {
      name: taxonomy,
      aliases,
      cell: (record, view) =>
        (record[taxonomy] as { id: number; name: string }[]).map(
          (term) => view.related[taxonomy].get(term.id)?.name ?? term.name,
        ),
    },
  ],
  read: (cells, write) => {
    if (cells[taxonomy] !== undefined) write.args[taxonomy] = listOf(cells[taxonomy])
  },
})

const terms = (taxonomy: Taxonomy, description: string, param: string, flat: Flat<EventView>) =>
  ({
    schema: Type.Array(EmbeddedTerm, { description }),
    show: ({ doc, related, context }) =>
      sortByName(
        ((doc[taxonomy] ?? []) as unknown[])
          .map((value) => related[taxonomy].get(idOf(value) ?? -1))
          .filter((term) => term !== undefined)
          .map((term) =>
            embeddedTerm(term, taxonomy, shownTermCount(context, taxonomy, term), context),
          ),
      ),
    locked: [],
    field: taxonomy,
    param: { kind: 'any', description: param },
    write: async (args, context) =>
      args[taxonomy] !== undefined
        ? { [taxonomy]: await resolveTerms(context, taxonomy, args[taxonomy]) }
        : undefined,
    flat,
  }) satisfies WireField<EventView, StoredEvent>

/** A text in the request's language, searched, shown through `render`. */
const text = (
  field: StoredKey<StoredEvent>,
  schema: string,
  param: string,
  render: (value: unknown) => string,
) =>
  ({
    schema: Type.String({ description: schema }),
    show: ({ doc }) => render(doc[field]),
    field,
    search: true,
    param: { kind: 'text', description: param },
  }) satisfies WireField<EventView, StoredEvent>

/**
 * A start or end as one wall clock in the event's zone; on import also a date and a time in two
 * columns, in the forms spreadsheets write (The Events Calendar's "Event Start Date" and "Event
 * Start Time"). A row without an end ends when it starts, as there.
 */
const dateFlat = (key: 'start_date' | 'end_date', dateAlias: string): Flat<EventView> => {
  const time = key === 'start_date' ? 'start_time' : 'end_time'
  return {
    columns: [
      { name: key, aliases: [dateAlias], cell: (record) => cellOf(record[key]) },
      { name: time, aliases: [dateAlias.replace('Date', 'Time')] },
    ],
    read: (cells: Cells, write: FlatWrite) => {
      if (cells[key] !== undefined) {
        write.args[key] = spreadsheetDateTime(cells[key], cells[time])
        return
      }
      if (key === 'end_date' && cells.start_date !== undefined)
        write.args.end_date = spreadsheetDateTime(
          cells.start_date,
          cells.end_time ?? cells.start_time,
        )
      else if (cells[time] !== undefined)
        throw new CellError(time, `a time without a date (${key}).`)
    },
  }
}

/** `prefix` or `postfix` as spreadsheets may say it. */
function currencyPosition(text: string): 'prefix' | 'postfix' {
  const word = text.trim().toLowerCase()
  if (['prefix', 'before', 'left'].includes(word)) return 'prefix'
  if (['postfix', 'suffix', 'after', 'right'].includes(word)) return 'postfix'
  throw new CellError('cost_details.currency_position', `"${text}" is not prefix or postfix.`)
}

/**
 * A linked venue or organizer as its name, and its `global_id`: on import, the record an earlier
 * import of that id wrote, else one of that name (created when there is none).
 */
const linkedFlat = (key: 'venue' | 'organizer', ...aliases: string[]): Flat<EventView> => {
  /** The linked records an event record shows: its venue (`[]` when none), its organizers. */
  const records = (record: Record<string, unknown>) =>
    (key === 'venue' ? (Array.isArray(record.venue) ? [] : [record.venue]) : record.organizer) as {
      id: number
      global_id: string
      [name: string]: unknown
    }[]
  const stored = (view: EventView) =>
    key === 'venue' ? view.related.venues : view.related.organizers
  const sourceIds = `${key}.global_id`
  return {
    columns: [
      {
        name: key,
        aliases,
        cell: (record, view) =>
          records(record).map((linked) => stored(view).get(linked.id)?.name ?? String(linked[key])),
      },
      {
        name: sourceIds,
        cell: (record) => records(record).map((linked) => linked.global_id),
      },
    ],
    read: (cells, write) => {
      const names =
        cells[key] === undefined ? [] : key === 'venue' ? [cells.venue.trim()] : listOf(cells[key])
      const ids = cells[sourceIds] === undefined ? [] : listOf(cells[sourceIds])
      const refs = Array.from({ length: Math.max(names.length, ids.length) }, (_, i) => ({
        ...(names[i] ? { name: names[i] } : {}),
        ...(ids[i] ? { sourceId: ids[i] } : {}),
      }))
      if (key === 'venue') {
        if (refs.length > 1) throw new CellError(sourceIds, 'an event has one venue.')
        if (refs[0]) write.links.venue = refs[0]
      } else if (refs.length) write.links.organizers = refs
    },
  }
}

/**
 * Embedded venues and organizers are judged without the request's password
 * (docs/v1-reference.md §3.4).
 */
const linkedOptions = (view: EventView) => ({
  images: view.related.images,
  withJsonLd: view.withJsonLd,
})

/** One of a few words, as schema and argument. */
const oneOf = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  )

/** The zone an event's wall clocks are read and written in. */
const eventZone = (context: Context, args: LooseArgs, stored: Doc | null): string =>
  args.timezone || stored?.timezone || context.options.siteTimezone

const hasVenue = (venue: unknown) =>
  venue !== undefined &&
  venue !== null &&
  venue !== '' &&
  venue !== 0 &&
  venue !== '0' &&
  !(Array.isArray(venue) && venue.length === 0)

/**
 * The attendance as written: `attendance_mode`, else The Events Calendar Pro's `is_virtual` (true:
 * online, or online and in person when the event has a venue; false: in person).
 */
const writeAttendance: Write = (args, _context, stored) => {
  if (args.attendance_mode !== undefined) return { attendanceMode: args.attendance_mode }
  if (args.is_virtual === undefined) return undefined
  if (!args.is_virtual) return { attendanceMode: 'offline' satisfies AttendanceMode }
  const venue = args.venue !== undefined ? args.venue : stored?.venue
  return { attendanceMode: (hasVenue(venue) ? 'mixed' : 'online') satisfies AttendanceMode }
}

/** The online address as written: `online_url`, else The Events Calendar Pro's `virtual_url`. */
const writeOnlineUrl: Write = (args) => {
  const url = args.online_url !== undefined ? args.online_url : args.virtual_url
  return url !== undefined ? { onlineUrl: url } : undefined
}

/**
 * Arguments of The Events Calendar Pro's virtual events that event writes accept as well:
 * `attendance_mode` and `online_url` win when both are given.
 */
export const EVENT_WRITE_ALIASES = {
  is_virtual: {
    kind: 'boolean',
    description:
      'The Events Calendar Pro’s name: true sets attendance_mode to online (mixed when the event has a venue), false to offline. attendance_mode wins.',
  },
  virtual_url: urlParam('The Events Calendar Pro’s name for online_url (which wins).'),
} satisfies Record<string, ParamSpec>

/**
 * A cell of one of a few words, as spreadsheets write them: `Moved online` is `moved_online` (a
 * blank cell is no argument, cells.ts).
 */
const wordCell = (key: string, ...aliases: string[]): Flat<EventView> => ({
  columns: [{ name: key, aliases, cell: (record) => cellOf(record[key]) }],
  read: (cells, write) => {
    const text = cells[key]
    if (text !== undefined) write.args[key] = text.trim().toLowerCase().replace(/\s+/g, '_')
  },
})

const costParam: ParamSpec = {
  kind: 'any',
  description: `Cost: a string or a list of at most ${MAX_LIST_ITEMS} strings ("10", "€6.50 - €8.50", "Free").`,
  check: (v: unknown) =>
    (rawCosts(v)?.length ?? Infinity) <= MAX_LIST_ITEMS
      ? undefined
      : `cost must be a string or a list of at most ${MAX_LIST_ITEMS} strings.`,
}

/**
 * Events (docs/v1-reference.md §4.1, §5): every key of the record, with its argument and stored
 * field.
 */
export const EVENT_FIELDS = {
  id: post.id,
  global_id: post.global_id,
  global_id_lineage: post.global_id_lineage,
  ...post.postHead('event'),
  rest_url: {
    schema: url('`{root}events/{id}`'),
    show: ({ doc, context }) => apiLink(context, `events/${doc.id}`),
  },
  title: {
    ...text(
      'title',
      'Title for display (`&` as `&#038;`, `<` and `>` escaped)',
      'Title, in the request’s language.',
      displayTitle,
    ),
    param: { kind: 'text', description: 'Title, in the request’s language.', required: true },
    flat: storedText('title', 'title', ['Event Name']),
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
    flat: storedText('description', 'descriptionHtml', ['Event Description'], ''),
  },
  excerpt: {
    ...text('excerptHtml', 'HTML', 'Excerpt, in the request’s language.', renderContent),
    locked: '',
    flat: storedText('excerpt', 'excerptHtml', ['Event Excerpt'], ''),
  },
  slug: {
    ...post.slug,
    param: {
      kind: 'text',
      description: 'Slug; made from the title when not given, and kept unique.',
    },
  },
  image: { ...post.image, flat: post.imageFlat('Event Featured Image') },
  all_day: flag(
    'allDay',
    'All-day event: from 00:00:00 of the first day to 23:59:59 of the last.',
    isTrue,
    'All-day event',
    named('all_day', 'All Day Event', 'Event All Day'),
  ),
  start_date: {
    ...wall('Start, in the event’s time zone', (view) => view.local.start),
    field: 'startDate',
    param: { ...dateParam('Start, in the event’s time zone (or the site zone).'), required: true },
    write: eventDates,
    flat: dateFlat('start_date', 'Event Start Date'),
  },
  start_date_details: details((view) => view.local.start),
  end_date: {
    ...wall('End, in the event’s time zone', (view) => view.local.end),
    field: 'endDate',
    param: { ...dateParam('End, in the event’s time zone (or the site zone).'), required: true },
    write: writtenWith('start_date'),
    flat: dateFlat('end_date', 'Event End Date'),
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
    flat: named('timezone', 'Timezone', 'Event Time Zone', 'Event Timezone'),
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
    // The costs as written (the record shows them formatted), one per line.
    flat: {
      columns: [
        {
          name: 'cost',
          aliases: ['Event Cost'],
          list: 'lines',
          cell: (_record, view, locked) => (locked ? [] : (rawCosts(view.doc.cost) ?? [])),
        },
      ],
      read: (cells, write) => {
        if (cells.cost !== undefined) write.args.cost = listOf(cells.cost, 'lines')
      },
    },
  },
  cost_details: {
    schema: CostDetails,
    show: (view) => view.cost.cost_details,
    locked: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    // The currency as stored; on import it is stored as given (v1 infers it from the cost).
    flat: {
      columns: (['currency_symbol', 'currency_position', 'currency_code'] as const).map((part) => ({
        name: `cost_details.${part}`,
        aliases:
          part === 'currency_code'
            ? []
            : [part === 'currency_symbol' ? 'Event Currency Symbol' : 'Event Currency Position'],
        cell: (record) => cellOf((record.cost_details as Record<string, unknown>)[part]),
      })),
      read: (cells, write) => {
        const symbol = cells['cost_details.currency_symbol']
        const position = cells['cost_details.currency_position']
        const code = cells['cost_details.currency_code']
        if (symbol !== undefined) write.stored.currencySymbol = symbol.trim()
        if (position !== undefined) write.stored.currencyPosition = currencyPosition(position)
        if (code !== undefined) write.stored.currencyCode = code.trim()
      },
    },
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
    // As stored: none is blank (the record shows the event's page then).
    flat: storedText('website', 'website', ['Event Website'], ''),
  },
  show_map: flag(
    'showMap',
    'Show a map (default true).',
    notFalse,
    'Show a map',
    named('show_map', 'Event Show Map'),
  ),
  show_map_link: flag(
    'showMapLink',
    'Show a map link (default true).',
    notFalse,
    'Show a map link',
    named('show_map_link', 'Event Show Map Link'),
  ),
  hide_from_listings: flag(
    'hideFromListings',
    'Hide from the archive.',
    isTrue,
    'Hidden from the archive',
    named('hide_from_listings', 'Hide from Event Listings', 'Hide Event From Event Listings'),
  ),
  sticky: flag(
    'sticky',
    'Pin in the calendar.',
    isTrue,
    'Pinned in the calendar',
    named('sticky', 'Sticky in Month View', 'Event Sticky in Month View'),
  ),
  featured: flag(
    'featured',
    'Feature on the site.',
    isTrue,
    'Featured',
    named('featured', 'Feature Event', 'Event Featured'),
  ),
  categories: terms(
    'categories',
    'Categories, by name',
    'Categories: ids, slugs or names (a list or comma list); missing names are created.',
    termsFlat('categories', 'Event Category', 'Event Categories'),
  ),
  tags: terms(
    'tags',
    'Tags, by name',
    'Tags: ids, slugs or names (a list or comma list); missing names are created.',
    termsFlat('tags', 'Event Tags'),
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
    flat: linkedFlat('venue', 'Event Venue Name'),
  },
  organizer: {
    schema: Type.Array(Organizer, { description: 'Organizers, in their order' }),
    show: (view) =>
      ((view.doc.organizers ?? []) as unknown[])
        .map((value) => view.related.organizers.get(idOf(value) ?? -1))
        .filter((organizer) => organizer !== undefined)
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
    flat: linkedFlat('organizer', 'Event Organizer Name', 'Event Organizer Name(s) or ID(s)'),
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
    flat: exportOnly('post_parent'),
  },
  // Ours (collections/eventStatus.ts): whether the event takes place, and how people attend it.
  event_status: {
    schema: oneOf(EVENT_STATUSES, 'Whether the event takes place as planned'),
    show: ({ doc }) => doc.eventStatus ?? 'scheduled',
    field: 'eventStatus',
    param: {
      kind: 'string',
      enum: EVENT_STATUSES,
      description:
        'Event status: scheduled, canceled, postponed, rescheduled or moved_online (The Events Calendar’s status values are the same).',
    },
    flat: wordCell('event_status', 'Event Status', '_tribe_events_status'),
  },
  event_status_reason: {
    schema: Type.String({ description: 'Why the status is what it is, as written; "" when none' }),
    show: ({ doc }) => doc.eventStatusReason ?? '',
    field: 'eventStatusReason',
    param: { kind: 'string', description: 'Reason for the status, in the request’s language.' },
    flat: named('event_status_reason', 'Event Status Reason', '_tribe_events_status_reason'),
  },
  previous_start_date: {
    schema: Type.Union(
      [wallClock('Start before the event moved, in the event’s time zone'), Type.Literal('')],
      {
        description: 'Start before the event moved, in the event’s time zone; "" when none',
      },
    ),
    show: ({ doc, context }) =>
      wallClockIn(doc.previousStartDate, doc.timezone || context.options.siteTimezone),
    field: 'previousStartDate',
    param: {
      kind: 'string',
      description:
        'Start before the event moved, in the event’s time zone (or the site zone); empty to clear. Kept by itself when the start of a published event moves, unless it goes back to scheduled from another status in that write.',
      check: (value: string, context: Context) =>
        value === '' || parseDate(value, 'UTC', context.now)
          ? undefined
          : `Invalid date: ${value}.`,
    },
    write: (args, context, stored) =>
      args.previous_start_date === undefined
        ? undefined
        : {
            previousStartDate:
              args.previous_start_date === ''
                ? null
                : parseDate(
                    args.previous_start_date,
                    eventZone(context, args, stored),
                    context.now,
                  )!
                    .toUTC()
                    .toISO(),
          },
  },
  attendance_mode: {
    schema: oneOf(ATTENDANCE_MODES, 'How people attend: in person, online, or both'),
    show: ({ doc }) => doc.attendanceMode ?? 'offline',
    field: 'attendanceMode',
    param: {
      kind: 'string',
      enum: ATTENDANCE_MODES,
      description: 'Attendance: offline (in person), online, or mixed (both).',
    },
    write: writeAttendance,
    flat: wordCell('attendance_mode', 'Event Attendance Mode'),
  },
  online_url: {
    schema: Type.String({ description: 'Where to attend online; "" when none' }),
    show: ({ doc }) => doc.onlineUrl ?? '',
    locked: '',
    field: 'onlineUrl',
    param: urlParam('Where to attend online (http or https); empty for none.'),
    write: writeOnlineUrl,
    flat: storedText(
      'online_url',
      'onlineUrl',
      ['Event Online URL', 'Virtual URL', '_tribe_events_virtual_url'],
      '',
    ),
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
  // Ours (endpoints/translations.ts): each language's translation status and links.
  translations: post.translations<EventView>('events', 'event'),
} satisfies FieldTable<EventView, StoredEvent>

export const Event = recordSchema(
  'An event (docs/v1-reference.md §4.1) as archives and writes give it. A password-protected event in an archive shows its content as "", false, null or [].',
  EVENT_FIELDS,
)
