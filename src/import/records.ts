import { decodeHTML } from 'entities'
import { DateTime } from 'luxon'
import { inferCurrency } from '../lib/cost.js'
import { WALL_CLOCK_FORMAT } from '../lib/dates.js'
import { isValidZone } from '../lib/time.js'
import { isHttpUrl } from '../lib/urls.js'

/**
 * Pure translations of v1 records (The Events Calendar's `tribe/events/v1`, or ours) into the
 * calendar collections' data. Links to other records (venue, organizers, terms, parent, image)
 * are left to the importer, which knows the mapping of source ids to ours.
 */

export type SourceRecord = Record<string, any>

/** What the source site is: WordPress escapes titles and term names as HTML, we do not. */
export type SourceKind = 'wordpress' | 'calendar'

export const sourceKind = (root: string): SourceKind =>
  /\/wp-json\//.test(new URL(root).pathname) ? 'wordpress' : 'calendar'

const STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private'])

/** A plain text field (title, name): WordPress sends it rendered, with entities. */
export const plain = (value: unknown, kind: SourceKind): string => {
  const text = typeof value === 'string' ? value : ''
  return kind === 'wordpress' ? decodeHTML(text) : text
}

const html = (value: unknown): string => (typeof value === 'string' ? value : '')
const optional = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null
const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback

/**
 * A `YYYY-MM-DD HH:mm:ss` wall clock in `zone` as an ISO instant in UTC; null for WordPress's zero
 * date or anything else.
 */
function instantIn(wallClock: unknown, zone: string): string | null {
  if (typeof wallClock !== 'string' || wallClock.startsWith('0000')) return null
  const parsed = DateTime.fromFormat(wallClock, WALL_CLOCK_FORMAT, { zone })
  return parsed.isValid ? parsed.toUTC().toISO() : null
}

/** A UTC wall clock (`date_utc`, `utc_start_date`) as an ISO instant. */
export const utcInstant = (wallClock: unknown): string | null => instantIn(wallClock, 'UTC')

/** The source's last-modified stamp, which decides whether a mapped record changed. */
export const modifiedStamp = (record: SourceRecord): string =>
  String(
    record.modified_utc && !String(record.modified_utc).startsWith('0000')
      ? record.modified_utc
      : (record.modified ?? ''),
  )

/** Fields every post type shares: slug, status, publication date. */
function postFields(record: SourceRecord): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  if (typeof record.slug === 'string' && record.slug !== '') data.slug = record.slug
  data.status = STATUSES.has(record.status) ? record.status : 'publish'
  // An unpublished post has no publication date yet (the anchor's `date_utc` is zero).
  data.publishedAt = utcInstant(record.date_utc)
  return data
}

/** The website, unless it is the anchor's fallback to the record's own page. */
function website(record: SourceRecord): string | null {
  const value = optional(record.website)
  return value && value !== record.url && isHttpUrl(value) ? value : null
}

export class RecordError extends Error {}

/**
 * The raw cost strings and currency of an event. `cost` is formatted by the source (`"$12"`,
 * `"$10 – $25"`), while `cost_details.values` keeps what was entered (`["50.", "75.", "120"]`);
 * the values are kept, with the symbol and position the source names or, failing that, shows.
 */
export function eventCost(record: SourceRecord): {
  cost: string[]
  currencySymbol: string | null
  currencyPosition: 'prefix' | 'postfix' | null
} {
  const details =
    record.cost_details && typeof record.cost_details === 'object' ? record.cost_details : {}
  const values: string[] = Array.isArray(details.values)
    ? details.values.map((v: unknown) => String(v).trim()).filter(Boolean)
    : []
  const display = typeof record.cost === 'string' ? decodeHTML(record.cost).trim() : ''
  const numeric = values.length > 0 && values.every((v) => /^\d[\d.,]*$/.test(v))
  const cost = numeric ? values.map((v) => v.replace(/[.,]$/, '')) : display ? [display] : []
  const named = typeof details.currency_symbol === 'string' && details.currency_symbol !== ''
  const shown = inferCurrency(display ? [display] : [])
  const symbol = named ? details.currency_symbol : numeric ? shown.symbol : ''
  const position = named
    ? details.currency_position === 'postfix'
      ? 'postfix'
      : 'prefix'
    : numeric
      ? shown.position
      : ''
  return {
    cost,
    currencySymbol: symbol || null,
    currencyPosition: symbol ? ((position || 'prefix') as 'prefix' | 'postfix') : null,
  }
}

/** An event's own fields (no links). Throws RecordError when its dates cannot be read. */
export function eventData(
  record: SourceRecord,
  kind: SourceKind,
  siteZone: string,
): Record<string, unknown> {
  const zone = isValidZone(record.timezone) ? record.timezone : siteZone
  const start = utcInstant(record.utc_start_date) ?? instantIn(record.start_date, zone)
  const end = utcInstant(record.utc_end_date) ?? instantIn(record.end_date, zone)
  if (!start || !end)
    throw new RecordError(
      `event ${record.id}: unreadable dates (${record.start_date} – ${record.end_date})`,
    )
  if (end < start) throw new RecordError(`event ${record.id}: ends before it starts`)
  return {
    ...postFields(record),
    title: plain(record.title, kind),
    descriptionHtml: html(record.description),
    excerptHtml: html(record.excerpt),
    startDate: start,
    endDate: end,
    timezone: zone,
    allDay: record.all_day === true,
    ...eventCost(record),
    website: website(record),
    showMap: flag(record.show_map, true),
    showMapLink: flag(record.show_map_link, true),
    hideFromListings: record.hide_from_listings === true,
    sticky: record.sticky === true,
    featured: record.featured === true,
    ticketed: record.ticketed === true,
  }
}

const number = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN
  return Number.isFinite(n) ? n : null
}

export function venueData(record: SourceRecord, kind: SourceKind): Record<string, unknown> {
  const lat = number(record.geo_lat)
  const lng = number(record.geo_lng)
  const hasGeo = lat !== null && lng !== null && !(lat === 0 && lng === 0)
  return {
    ...postFields(record),
    name: plain(record.venue ?? record.name, kind),
    descriptionHtml: html(record.description),
    address: optional(record.address),
    city: optional(record.city),
    country: optional(record.country),
    province: optional(record.province),
    state: optional(record.state),
    stateprovince: optional(record.stateprovince),
    zip: optional(record.zip),
    phone: optional(record.phone),
    website: website(record),
    geoLat: hasGeo ? lat : null,
    geoLng: hasGeo ? lng : null,
    showMap: flag(record.show_map, true),
    showMapLink: flag(record.show_map_link, true),
  }
}

export function organizerData(record: SourceRecord, kind: SourceKind): Record<string, unknown> {
  return {
    ...postFields(record),
    name: plain(record.organizer ?? record.name, kind),
    descriptionHtml: html(record.description),
    phone: optional(record.phone),
    email: optional(record.email),
    website: website(record),
  }
}

export function termData(record: SourceRecord, kind: SourceKind): Record<string, unknown> {
  return {
    name: plain(record.name, kind),
    descriptionHtml: html(record.description),
    ...(typeof record.slug === 'string' && record.slug ? { slug: record.slug } : {}),
  }
}

/** The URL of a record's image, if it has one. */
export function imageUrlOf(record: SourceRecord): string | null {
  const image = record.image
  return image && typeof image === 'object' && typeof image.url === 'string' && isHttpUrl(image.url)
    ? image.url
    : null
}

/** Categories in an order where each parent comes before its children. */
export function parentsFirst<T extends Record<string, any>>(terms: T[]): T[] {
  const byId = new Map(terms.map((term) => [String(term.id), term]))
  const done = new Set<string>()
  const ordered: T[] = []
  const visit = (term: T, path: Set<string>) => {
    const id = String(term.id)
    if (done.has(id) || path.has(id)) return
    path.add(id)
    const parent = byId.get(String(term.parent ?? 0))
    if (parent) visit(parent, path)
    done.add(id)
    ordered.push(term)
  }
  for (const term of terms) visit(term, new Set())
  return ordered
}
