/**
 * The event table: each key's schema and what it shows, its argument, how a write stores it and
 * its CSV columns. What takes more than a line is apart: eventsKeys.ts (shapes several keys
 * share), eventsRead.ts (the view records are built from), eventsWrite.ts (arguments and writes),
 * eventsCsv.ts (columns).
 */
import Type from 'typebox'
import { rawCosts } from '../../core/lib/cost.js'
import { parseDate } from '../../core/lib/dates.js'
import { isValidZone, zoneAbbreviation } from '../../core/lib/time.js'
import { apiLink, type Context } from '../context.js'
import { resolveOrganizers, resolveVenue } from './linkedArgs.js'
import { checkIdsExist } from '../lookup.js'
import { dateParam, urlParam } from '../postArgs.js'
import { idOf, permalink, wallClockIn } from '../parts/common.js'
import { displayTitle, renderContent } from '../parts/text.js'
import { CostDetails, emptyList, url, wallClock } from '../parts/schemas.js'
import { Organizer } from './organizers.js'
import * as post from './post.js'
import type { Event as StoredEvent } from '../../core/documents.js'
import { recordSchema, writtenWith, type FieldTable } from './table.js'
import {
  recurrenceParam,
  RecurrenceRecord,
  recurrenceRecord,
  SeriesLink,
  seriesLink,
  writeRecurrence,
} from './recurrence.js'
import { Venue } from './venues.js'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { exportOnly, named, storedText } from './flat.js'
import { organizersShown, venueShown, type EventView } from './eventsRead.js'
import { details, flag, isTrue, notFalse, oneOf, terms, text, wall } from './eventsKeys.js'
import {
  costParam,
  eventDates,
  writeAttendance,
  writeOnlineUrl,
  writePreviousStart,
} from './eventsWrite.js'
import {
  costDetailsFlat,
  costFlat,
  dateFlat,
  linkedFlat,
  termsFlat,
  wordCell,
} from './eventsCsv.js'

export { eventView, type EventView } from './eventsRead.js'
export { EVENT_WRITE_ALIASES } from './eventsWrite.js'

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
    flat: costFlat,
  },
  cost_details: {
    schema: CostDetails,
    show: (view) => view.cost.cost_details,
    locked: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
    flat: costDetailsFlat,
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
    show: venueShown,
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
    show: organizersShown,
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
    write: writePreviousStart,
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
  // Ours (fields/translations.ts): each language's translation status and links.
  translations: post.translations<EventView>('events', 'event'),
} satisfies FieldTable<EventView, StoredEvent>

export const Event = recordSchema(
  'An event (docs/v1-reference.md §4.1) as archives and writes give it. A password-protected event in an archive shows its content as "", false, null or [].',
  EVENT_FIELDS,
)
