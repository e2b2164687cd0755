import { DateTime } from 'luxon'
import { costValues, formatCost, inferCurrency } from '../../src/lib/cost.js'
import { dateDetails } from '../../src/lib/dates.js'
import type { RecordContext } from '../context.js'
import { authorId, globalId, idOf, permalink, postDates, unlocked, wallClockIn, type Doc } from './common.js'
import { imageRecord } from './image.js'
import { eventJsonLd } from './jsonLd.js'
import { organizerRecord, venueRecord } from './linked.js'
import { termCount, type Related } from './load.js'
import { embeddedTerm, sortByName } from './terms.js'
import type { Taxonomy } from '../taxonomies.js'
import type { EventRecord, SingleEventRecord } from '../schemas/records.js'
import { displayTitle, renderContent } from './text.js'

export type EventRecordOptions = {
  /** The password given with the request, which unlocks protected events. */
  givenPassword?: unknown
  /** Single reads add schema.org JSON-LD, to the event and its venue and organizers. */
  withJsonLd?: boolean
}

/** Abbreviations by zone and offset: finding one builds an Intl formatter, too slow for every event of a page. */
const abbreviations = new Map<string, string>()
const MAX_ABBREVIATIONS = 2_000

/** The zone's abbreviation at an instant (`EST`, `CET`, `UTC`); an offset zone shows as written (`UTC+2`). */
export function zoneAbbreviation(zone: string, instant: Date): string {
  if (!zone) return ''
  if (/^utc[+-]/i.test(zone)) return zone
  const date = DateTime.fromJSDate(instant, { zone })
  const key = `${zone} ${date.offset}`
  let name = abbreviations.get(key)
  if (name === undefined) {
    name = abbreviationOf(date, zone)
    if (abbreviations.size >= MAX_ABBREVIATIONS) abbreviations.clear()
    abbreviations.set(key, name)
  }
  return name
}

function abbreviationOf(date: DateTime, zone: string): string {
  for (const locale of ['en-US', 'en-GB']) {
    const name = date.setLocale(locale).toFormat('ZZZZ')
    if (!/^(GMT|UTC)[+-]/.test(name)) return name === 'GMT' && zone.toUpperCase() === 'UTC' ? 'UTC' : name
  }
  return date.toFormat('ZZZZ')
}

/** `cost` and `cost_details` of an event (reference §4.8, v1-decisions §9). */
function costFields(doc: Doc, context: RecordContext) {
  const raw: string[] = Array.isArray(doc.cost) ? doc.cost : []
  const stored = { symbol: doc.currencySymbol ?? '', position: doc.currencyPosition ?? '' }
  const display = stored.symbol
    ? stored
    : raw.length && context.options.currencySymbol
      ? { symbol: context.options.currencySymbol, position: context.options.currencyPosition }
      : inferCurrency([])
  return {
    cost: formatCost(raw, { symbol: display.symbol, position: (display.position || 'prefix') as 'prefix' | 'postfix' }),
    cost_details: {
      currency_symbol: stored.symbol,
      currency_code: doc.currencyCode ?? '',
      currency_position: stored.position,
      values: costValues(raw),
    },
  }
}

function dates(doc: Doc) {
  const zone = doc.timezone || 'UTC'
  const local = { start: doc.startDateLocal || wallClockIn(doc.startDate, zone), end: doc.endDateLocal || wallClockIn(doc.endDate, zone) }
  const utc = { start: wallClockIn(doc.startDate, 'UTC'), end: wallClockIn(doc.endDate, 'UTC') }
  return {
    start_date: local.start,
    start_date_details: dateDetails(local.start),
    end_date: local.end,
    end_date_details: dateDetails(local.end),
    utc_start_date: utc.start,
    utc_start_date_details: dateDetails(utc.start),
    utc_end_date: utc.end,
    utc_end_date_details: dateDetails(utc.end),
    timezone: doc.timezone ?? '',
    timezone_abbr: doc.timezone ? zoneAbbreviation(doc.timezone, new Date(doc.startDate)) : '',
  }
}

/** The fields a locked event shows in an archive (reference §3.4). */
const LOCKED_FIELDS: Partial<EventRecord> = {
  description: '',
  excerpt: '',
  image: false,
  all_day: null,
  cost: '',
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  website: '',
  show_map: null,
  show_map_link: null,
  hide_from_listings: null,
  sticky: null,
  featured: null,
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  custom_fields: [],
  ticketed: null,
}

/** An event record (reference §4.1) with its venue, organizers and terms embedded; with `json_ld` on single reads. */
export function eventRecord(doc: Doc, context: RecordContext, related: Related, options: EventRecordOptions & { withJsonLd: true }): SingleEventRecord
export function eventRecord(doc: Doc, context: RecordContext, related: Related, options?: EventRecordOptions): EventRecord
export function eventRecord(doc: Doc, context: RecordContext, related: Related, options: EventRecordOptions = {}): EventRecord | SingleEventRecord {
  const { slugs } = context.options
  // Embedded venues and organizers are judged without the request's password (reference §3.4).
  const linkedOptions = { images: related.images, withJsonLd: options.withJsonLd }
  const venueId = idOf(doc.venue)
  const venue = venueId !== null ? related.venues.get(venueId) : undefined
  const organizers = ((doc.organizers ?? []) as unknown[])
    .map((value) => related.organizers.get(idOf(value) ?? -1))
    .filter((organizer): organizer is Doc => Boolean(organizer))
  const terms = (taxonomy: Taxonomy) =>
    sortByName(
      ((doc[taxonomy] ?? []) as unknown[])
        .map((value) => related[taxonomy].get(idOf(value) ?? -1))
        .filter((term): term is Doc => Boolean(term))
        .map((term) => embeddedTerm(term, taxonomy, termCount(context, term), context)),
    )
  const url = permalink(context, 'event', doc.slug)
  const built: EventRecord = {
    id: doc.id,
    ...globalId(context, doc.id),
    author: authorId(doc),
    status: doc.deletedAt ? 'trash' : doc.status,
    ...postDates(doc, context),
    url,
    rest_url: `${context.root}events/${doc.id}`,
    title: displayTitle(doc.title),
    description: renderContent(doc.description),
    excerpt: renderContent(doc.excerpt),
    slug: doc.slug ?? '',
    image: imageRecord(doc, related.images, context),
    all_day: doc.allDay === true,
    ...dates(doc),
    ...costFields(doc, context),
    website: doc.website === null || doc.website === undefined ? url : doc.website,
    show_map: doc.showMap !== false,
    show_map_link: doc.showMapLink !== false,
    hide_from_listings: doc.hideFromListings === true,
    sticky: doc.sticky === true,
    featured: doc.featured === true,
    categories: terms('categories'),
    tags: terms('tags'),
    venue: venue ? venueRecord(venue, context, linkedOptions) : [],
    organizer: organizers.map((organizer) => organizerRecord(organizer, context, linkedOptions)),
    custom_fields: [],
    ticketed: doc.ticketed === true,
    post_parent: idOf(doc.parent) ?? 0,
  }
  const record = unlocked(doc, related.passwords.get(`${slugs.events}:${doc.id}`), options.givenPassword) ? built : { ...built, ...LOCKED_FIELDS }
  if (!options.withJsonLd) return record
  const zone = doc.timezone || 'UTC'
  const iso = (instant: string) => DateTime.fromJSDate(new Date(instant), { zone }).toISO({ suppressMilliseconds: true }) ?? ''
  return { ...record, json_ld: eventJsonLd(record, iso(doc.startDate), iso(doc.endDate)) }
}
