import { decodeHTML } from 'entities'
import { inferCurrency } from '../../core/lib/cost.js'
import { isValidZone } from '../../core/lib/time.js'
import { isHttpUrl } from '../../core/lib/urls.js'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { EVENT_FIELDS } from '../../endpoints/fields/events.js'
import {
  flag,
  instantIn,
  named,
  newContext,
  RecordError,
  shown,
  textOf,
  utcInstant,
  website,
  type RecordContext,
  type SourceKind,
  type SourceRecord,
} from './values.js'
import { postKeys, translated, type ByKey } from './storedFields.js'

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
