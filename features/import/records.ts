import { decodeHTML } from 'entities'
import { DateTime } from 'luxon'
import { inferCurrency } from '../../core/lib/cost.js'
import { WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import { isValidZone } from '../../core/lib/time.js'
import { isHttpUrl } from '../../core/lib/urls.js'
import { MAX_BASE_LENGTH, toSlug } from '../../collections/hooks/uniqueSlug.js'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { EVENT_FIELDS } from '../../endpoints/fields/events.js'
import { ORGANIZER_FIELDS } from '../../endpoints/fields/organizers.js'
import type { AnyFieldTable } from '../../endpoints/fields/table.js'
import { CATEGORY_FIELDS, TAG_FIELDS } from '../../endpoints/fields/terms.js'
import { VENUE_FIELDS } from '../../endpoints/fields/venues.js'
import type { SourceJson } from './http.js'

/**
 * Pure translations of v1 records (The Events Calendar's `tribe/events/v1`, or ours) into the
 * calendar collections' data, through the field tables (endpoints/fields/): a source record's keys
 * are our records' keys, so each value is read under its wire key and stored in the field the
 * table names for that key, as a v1 write stores it. Plain keys (texts and flags a write copies
 * as given) are read from the table alone; the importer reads the others itself: names and titles
 * (stand-ins for empty ones), dates (UTC instants first), costs, websites, coordinates, e-mail
 * addresses and statuses, each put right and noted when odd. Links to other records (venue,
 * organizers, terms, parent, image) are left to the importer, which knows the mapping of source
 * ids to ours.
 */

/** A record of the source's v1, as its JSON gave it. */
export type SourceRecord = SourceJson

/**
 * What a record's translation puts right, as it goes: each note says what came in another shape
 * than the source had it (the importer counts the record as adjusted and lists the notes), and the
 * longest text a field takes (Payload's `defaultMaxTextLength`).
 */
export type RecordContext = { notes: string[]; maxLength: number }

export const newContext = (maxLength = 40_000): RecordContext => ({ notes: [], maxLength })

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}

// eslint-disable-next-line no-control-regex -- the very characters to drop
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/**
 * A text value in whatever shape PHP sent it: a string; a number (a zip, a phone); a list of
 * strings (joined); `[]`, `false`, `null` or an object for nothing. Control characters (NUL, which
 * PostgreSQL cannot store, among them) are dropped, and a text longer than a field takes is cut.
 */
export function textOf(value: unknown, field: string, context: RecordContext): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    text = value.join(', ')
  else {
    if (value !== undefined && value !== null && value !== false && !isEmptyList(value))
      context.notes.push(`${field} was ${shown(value)}: left empty`)
    return ''
  }
  if (text.search(CONTROL) !== -1) {
    context.notes.push(`${field} had control characters: dropped`)
    text = text.replace(CONTROL, '')
  }
  if (text.length > context.maxLength) {
    context.notes.push(`${field} had ${text.length} characters: cut at ${context.maxLength}`)
    text = text.slice(0, context.maxLength)
  }
  return text
}

const isEmptyList = (value: unknown): boolean =>
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0)

/**
 * A list as PHP may send it: an array, an object with numeric keys (an array with holes), one
 * object alone, or `false`/`null`/`""` for none.
 */
export function listOf(value: unknown): SourceRecord[] {
  if (Array.isArray(value)) return value.filter((item) => item && typeof item === 'object')
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
      return Object.values(value as Record<string, unknown>).filter(
        (item): item is SourceRecord => Boolean(item) && typeof item === 'object',
      )
    return 'id' in value ? [value as SourceRecord] : []
  }
  return []
}

/** A linked record (an event's venue): an object with an id, or an id alone. */
export function linkOf(value: unknown): SourceRecord | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))
    return Number(value) > 0 ? { id: Number(value) } : null
  const [first] = listOf(value)
  return first && first.id !== undefined && first.id !== null && String(first.id) !== '0'
    ? first
    : null
}

/**
 * Linked records (an event's organizers, terms) in whatever shape: a list (or PHP's object with
 * numeric keys) of objects or ids, one object, or one id.
 */
export function linksOf(value: unknown): SourceRecord[] {
  const numbered =
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((key) => /^\d+$/.test(key))
  const items = Array.isArray(value)
    ? value
    : numbered
      ? Object.values(value as Record<string, unknown>)
      : [value]
  return items.map(linkOf).filter((link): link is SourceRecord => link !== null)
}

/** What the source site is: WordPress escapes titles and term names as HTML, we do not. */
export type SourceKind = 'wordpress' | 'calendar'

export const sourceKind = (root: string): SourceKind =>
  /\/wp-json\//.test(new URL(root).pathname) ? 'wordpress' : 'calendar'

const STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private'])

/** A plain text field (title, name): WordPress sends it rendered, with entities. */
export const plain = (
  value: unknown,
  kind: SourceKind,
  field = 'text',
  context: RecordContext = newContext(),
): string => {
  const text = textOf(value, field, context)
  return kind === 'wordpress' ? decodeHTML(text) : text
}

/**
 * A name or title that must not be empty: an empty one (`[]`, `""`, blanks) gets a stand-in that
 * says so, made from the slug (or the id).
 */
function named(
  value: unknown,
  kind: SourceKind,
  field: string,
  record: SourceRecord,
  context: RecordContext,
): string {
  const text = plain(value, kind, field, context)
  if (text.trim() !== '') return text
  const slug = slugOf(record)
  const standIn = `(no ${field}) ${slug || `#${record.id}`}`
  context.notes.push(`${field} was ${shown(value)}: named "${standIn}"`)
  return standIn
}

/** The slug as WordPress stores a non-ASCII one (percent-encoded), read back as text. */
function slugOf(record: SourceRecord): string {
  if (typeof record.slug !== 'string' || record.slug === '') return ''
  try {
    return decodeURIComponent(record.slug)
  } catch {
    return record.slug
  }
}

const optional = (value: unknown, field: string, context: RecordContext): string | null => {
  const text = textOf(value, field, context).trim()
  return text !== '' ? text : null
}

/** A description: HTML as sent, '' for none (its argument is a plain string on venues). */
const htmlOf = (record: SourceRecord, context: RecordContext): string =>
  textOf(record.description, 'description', context)

/** A boolean as PHP may send it: `true`, `1`, `"1"`, `"yes"`, `"on"`, and their opposites. */
const flag = (value: unknown, fallback: boolean): boolean => {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase()
    if (['1', 'true', 'yes', 'on'].includes(word)) return true
    if (['0', 'false', 'no', 'off', ''].includes(word)) return false
  }
  return fallback
}

/**
 * A `YYYY-MM-DD HH:mm:ss` wall clock (or an ISO 8601 date-time) in `zone` as an ISO instant in
 * UTC; null for WordPress's zero date or anything else.
 */
function instantIn(wallClock: unknown, zone: string): string | null {
  if (typeof wallClock !== 'string' || /^0000-00-00/.test(wallClock.trim())) return null
  let parsed = DateTime.fromFormat(wallClock.trim(), WALL_CLOCK_FORMAT, { zone })
  if (!parsed.isValid) parsed = DateTime.fromISO(wallClock.trim(), { zone })
  return parsed.isValid && parsed.year > 1000 ? parsed.toUTC().toISO() : null
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

/** Values by wire key, to be stored in the fields the resource's table names for them. */
type ByKey = Record<string, unknown>

/**
 * A post's slug: the source's, kept, since a published record's slug is its address. WordPress
 * gives a draft or pending post none; such a record gets one of its title and source id
 * (`an-event-1234`, `venue-1234` without a title), the same on every run, so that it cannot take
 * the slug of a published record imported after it (`an-event`, which the collection would
 * otherwise have made from the title first, leaving `an-event-2` to the published one). Undefined
 * for a record without a usable id (it fails anyway).
 */
function postSlug(record: SourceRecord, title: string, type: string): string | undefined {
  const given = slugOf(record)
  if (given) return given
  const id = String(record.id ?? '')
  if (!/^\w+$/.test(id)) return undefined
  const base = toSlug(title)
    .slice(0, MAX_BASE_LENGTH - id.length - 1)
    .replace(/-+$/, '')
  return `${base || type}-${id}`
}

/**
 * Keys every post type shares: slug (`postSlug`, from the title as the source has it), status,
 * publication date.
 */
function postKeys(
  record: SourceRecord,
  context: RecordContext,
  title: { value: unknown; kind: SourceKind; type: string },
): ByKey {
  const keys: ByKey = {
    slug: postSlug(record, plain(title.value, title.kind, 'title', newContext()), title.type),
  }
  if (STATUSES.has(record.status)) keys.status = record.status
  else {
    // Something we have no such status for (`inherit`, a plugin's own): not shown to the public.
    keys.status = 'draft'
    context.notes.push(`status was ${shown(record.status)}: imported as a draft`)
  }
  // An unpublished post has no publication date yet (the anchor's `date_utc` is zero).
  keys.date_utc = utcInstant(record.date_utc)
  return keys
}

/**
 * The plain keys of a table that the importer does not read itself (`own`): those a v1 write
 * copies into their field as given (no `write` of their own) and that hold a text or a flag. A text
 * is read as PHP may send it (`textOf`; empty for nothing, or null for an optional one, as the
 * argument kinds `text` and `string` differ); a flag as PHP may send it, and when the source has
 * none, as our record shows a document that never stored it (the collection's default).
 */
function plainKeys(
  table: AnyFieldTable,
  record: SourceRecord,
  context: RecordContext,
  own: ByKey,
): ByKey {
  const keys: ByKey = {}
  for (const [key, entry] of Object.entries(table)) {
    if (key in own || !entry.param || !entry.field || entry.write) continue
    if (entry.param.kind === 'boolean') keys[key] = flag(record[key], storedFlagDefault(entry))
    else if (entry.param.kind === 'text') keys[key] = textOf(record[key], key, context)
    else if (entry.param.kind === 'string') keys[key] = optional(record[key], key, context)
  }
  return keys
}

/**
 * What a flag's record shows for a document that never stored it (the collection's default): a
 * flag's `show` reads the document alone, so an empty one is view enough.
 */
const storedFlagDefault = (entry: AnyFieldTable[string]): boolean =>
  (entry.show as (view: { doc: object }, built: object) => unknown)({ doc: {} }, {}) === true

/** Each resource's field table. */
const TABLES = {
  events: EVENT_FIELDS,
  venues: VENUE_FIELDS,
  organizers: ORGANIZER_FIELDS,
  categories: CATEGORY_FIELDS,
  tags: TAG_FIELDS,
} satisfies Record<string, AnyFieldTable>

/**
 * The collection data of values by wire key: each in the field its table names (an undefined one
 * is left out).
 */
export const storedFields = (resource: keyof typeof TABLES, keys: ByKey) =>
  storedOf(TABLES[resource], keys)

function storedOf(table: AnyFieldTable, keys: ByKey): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(keys)) {
    if (value === undefined) continue
    const field = table[key]?.field
    // A key of ours without a stored field is a mistake in this file, not in the source.
    if (!field) throw new Error(`${key} is stored in no field`)
    data[field] = value
  }
  return data
}

/** The own keys first (their notes come first), then the plain keys, all stored. */
function translated(
  table: AnyFieldTable,
  record: SourceRecord,
  context: RecordContext,
  own: ByKey,
): Record<string, unknown> {
  return storedOf(table, { ...own, ...plainKeys(table, record, context, own) })
}

/**
 * The website, unless it is the anchor's fallback to the record's own page; one without its
 * scheme (`www.example.org`) gets `http://`.
 */
function website(record: SourceRecord, context: RecordContext): string | null {
  const value = optional(record.website, 'website', context)
  if (!value || value === record.url) return null
  if (isHttpUrl(value)) return value
  if (/^[\w-]+(\.[\w-]+)+(?:[/:?#]\S*)?$/.test(value) && isHttpUrl(`http://${value}`)) {
    context.notes.push(`website ${shown(value)} had no scheme: http:// added`)
    return `http://${value}`
  }
  context.notes.push(`website ${shown(value)} is not an http(s) address: left out`)
  return null
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
    record.cost_details &&
    typeof record.cost_details === 'object' &&
    !Array.isArray(record.cost_details)
      ? record.cost_details
      : {}
  const values: string[] = (Array.isArray(details.values) ? details.values : [])
    .filter((v: unknown) => typeof v === 'string' || typeof v === 'number')
    .map((v: string | number) => String(v).trim())
    .filter(Boolean)
  const display =
    typeof record.cost === 'string' || typeof record.cost === 'number'
      ? decodeHTML(String(record.cost)).trim()
      : ''
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

/** schema.org's names of statuses and attendance modes (a record's `json_ld`), as ours. */
const SCHEMA_ORG_STATUS: Record<string, string> = {
  EventScheduled: 'scheduled',
  EventCancelled: 'canceled',
  EventPostponed: 'postponed',
  EventRescheduled: 'rescheduled',
  EventMovedOnline: 'moved_online',
}
const SCHEMA_ORG_ATTENDANCE: Record<string, string> = {
  OfflineEventAttendanceMode: 'offline',
  OnlineEventAttendanceMode: 'online',
  MixedEventAttendanceMode: 'mixed',
}
const schemaOrgName = (value: unknown) =>
  typeof value === 'string' ? value.replace(/^https?:\/\/schema\.org\//, '') : ''

/**
 * An event's status and attendance, from what the source shows: this calendar's v1 keys
 * (`event_status`, …), The Events Calendar Pro's virtual events (`is_virtual`, `virtual_url`), or a
 * record's schema.org `json_ld`. The Events Calendar's free plugin shows its status in none of its
 * archive's keys: a field the source does not show is left out, so that what an editor set here
 * stays (and the previous start is kept by the collection when the start moves).
 */
function eventStatusKeys(record: SourceRecord, zone: string, context: RecordContext): ByKey {
  const jsonLd = record.json_ld && typeof record.json_ld === 'object' ? record.json_ld : {}
  // Every key is given (undefined when the source does not show it), so that none is read as a
  // plain key: undefined is left out of the data.
  const keys: ByKey = {
    event_status: undefined,
    event_status_reason: undefined,
    previous_start_date: undefined,
    attendance_mode: undefined,
    online_url: undefined,
  }
  const status = EVENT_STATUSES.includes(record.event_status)
    ? record.event_status
    : SCHEMA_ORG_STATUS[schemaOrgName(jsonLd.eventStatus)]
  if (status) keys.event_status = status
  else if (record.event_status !== undefined)
    context.notes.push(`event status ${shown(record.event_status)} unknown: left out`)
  if (record.event_status_reason !== undefined)
    keys.event_status_reason = textOf(record.event_status_reason, 'event_status_reason', context)
  if (record.previous_start_date !== undefined)
    keys.previous_start_date = instantIn(record.previous_start_date, zone)
  const hasVenue = Boolean(record.venue) && !Array.isArray(record.venue)
  const mode = ATTENDANCE_MODES.includes(record.attendance_mode)
    ? record.attendance_mode
    : record.is_virtual !== undefined && record.is_virtual !== null
      ? flag(record.is_virtual, false)
        ? hasVenue
          ? 'mixed'
          : 'online'
        : 'offline'
      : SCHEMA_ORG_ATTENDANCE[schemaOrgName(jsonLd.eventAttendanceMode)]
  if (mode) keys.attendance_mode = mode
  const url = record.online_url ?? record.virtual_url
  if (url !== undefined && url !== null) {
    if (url === '' || (typeof url === 'string' && isHttpUrl(url))) keys.online_url = url
    else context.notes.push(`online address ${shown(url)} is not an http(s) address: left out`)
  }
  return keys
}

/**
 * An event's own fields (no links). An event with one readable date gets it for both; one that
 * ends before it starts ends when it starts. Throws RecordError when no date can be read: there is
 * nowhere to put it.
 */
export function eventData(
  record: SourceRecord,
  kind: SourceKind,
  siteZone: string,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  let zone = siteZone
  if (isValidZone(record.timezone)) zone = record.timezone
  else if (record.timezone !== undefined && record.timezone !== '' && record.timezone !== null)
    context.notes.push(`timezone ${shown(record.timezone)} is not a zone: ${siteZone} used`)
  let start = utcInstant(record.utc_start_date) ?? instantIn(record.start_date, zone)
  let end = utcInstant(record.utc_end_date) ?? instantIn(record.end_date, zone)
  if (!start && !end)
    throw new RecordError(
      `event ${record.id}: unreadable dates (${shown(record.start_date)} – ${shown(record.end_date)})`,
    )
  if (!start) {
    context.notes.push(`start ${shown(record.start_date)} unreadable: the end used`)
    start = end
  } else if (!end) {
    context.notes.push(`end ${shown(record.end_date)} unreadable: the start used`)
    end = start
  } else if (end < start) {
    context.notes.push(`ended before it started (${record.end_date}): the end put at the start`)
    end = start
  }
  // What The Events Calendar lists of a password-protected event to a reader without the password
  // (`all_day` is a boolean on any other).
  if (record.all_day === null)
    context.notes.push(
      'password-protected at the source, listed without its content: description, cost, venue, organizers and terms came empty, all_day, featured and the other flags (null) as their defaults',
    )
  const { cost, currencySymbol, currencyPosition } = eventCost(record)
  const own: ByKey = {
    ...postKeys(record, context, { value: record.title, kind, type: 'event' }),
    title: named(record.title, kind, 'title', record, context),
    start_date: start,
    end_date: end,
    timezone: zone,
    cost,
    website: website(record, context),
    ...eventStatusKeys(record, zone, context),
  }
  // The currency has no key of its own: v1 gives it inside `cost_details`.
  return { ...translated(EVENT_FIELDS, record, context, own), currencySymbol, currencyPosition }
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

export function venueData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  const lat = number(record.geo_lat)
  const lng = number(record.geo_lng)
  let hasGeo = lat !== null && lng !== null && !(lat === 0 && lng === 0)
  if (hasGeo && (Math.abs(lat!) > 90 || Math.abs(lng!) > 180)) {
    context.notes.push(`coordinates ${lat}, ${lng} are off the globe: left out`)
    hasGeo = false
  }
  const name = 'venue' in record ? record.venue : record.name
  const own: ByKey = {
    ...postKeys(record, context, { value: name, kind, type: 'venue' }),
    venue: named(name, kind, 'name', record, context),
    description: htmlOf(record, context),
    // As the source has it (a v1 create would make one from the state or province).
    stateprovince: optional(record.stateprovince, 'stateprovince', context),
    website: website(record, context),
    geo_lat: hasGeo ? lat : null,
    geo_lng: hasGeo ? lng : null,
  }
  return translated(VENUE_FIELDS, record, context, own)
}

// What Payload's email field takes (payload/shared `email`), roughly: something@something.tld.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function organizerData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  let email = optional(record.email, 'email', context)
  if (email && !EMAIL.test(email)) {
    context.notes.push(`email ${shown(email)} is not an address: left out`)
    email = null
  }
  const name = 'organizer' in record ? record.organizer : record.name
  const own: ByKey = {
    ...postKeys(record, context, { value: name, kind, type: 'organizer' }),
    organizer: named(name, kind, 'name', record, context),
    description: htmlOf(record, context),
    email,
    website: website(record, context),
  }
  return translated(ORGANIZER_FIELDS, record, context, own)
}

export function termData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  const own: ByKey = {
    name: named(record.name, kind, 'name', record, context),
    slug: slugOf(record) || undefined,
  }
  // A category's parent is a link: the importer's.
  return translated(TAG_FIELDS, record, context, own)
}

/**
 * The URL of a record's image, if it has one: `image.url`, else its largest size's, else a URL
 * given alone; `false` when it has none.
 */
export function imageUrlOf(record: SourceRecord): string | null {
  const image = record.image
  const candidates: unknown[] =
    typeof image === 'string'
      ? [image]
      : image && typeof image === 'object'
        ? [
            image.url,
            image.sizes?.full?.url,
            ...Object.values(
              (image.sizes && typeof image.sizes === 'object' ? image.sizes : {}) as Record<
                string,
                { url?: unknown } | null
              >,
            ).map((size) => size?.url),
          ]
        : []
  const url = candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && isHttpUrl(candidate),
  )
  return url ?? null
}

/** Categories in an order where each parent comes before its children. */
export function parentsFirst<T extends { id?: unknown; parent?: unknown }>(terms: T[]): T[] {
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
