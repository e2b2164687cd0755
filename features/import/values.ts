import { decodeHTML } from 'entities'
import { DateTime } from 'luxon'
import { WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import { isHttpUrl } from '../../core/lib/urls.js'
import type { SourceJson } from './http.js'

/** A record of the source's v1, as its JSON gave it. */
export type SourceRecord = SourceJson

/**
 * What a record's translation puts right, as it goes: each note says what came in another shape
 * than the source had it (the importer counts the record as adjusted and lists the notes), and the
 * longest text a field takes (Payload's `defaultMaxTextLength`).
 */
export type RecordContext = { notes: string[]; maxLength: number }

export const newContext = (maxLength = 40_000): RecordContext => ({ notes: [], maxLength })

export const shown = (value: unknown): string => {
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

/** What the source site is: WordPress escapes titles and term names as HTML, we do not. */
export type SourceKind = 'wordpress' | 'calendar'

export const sourceKind = (root: string): SourceKind =>
  /\/wp-json\//.test(new URL(root).pathname) ? 'wordpress' : 'calendar'

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
export function named(
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
export function slugOf(record: SourceRecord): string {
  if (typeof record.slug !== 'string' || record.slug === '') return ''
  try {
    return decodeURIComponent(record.slug)
  } catch {
    return record.slug
  }
}

export const optional = (value: unknown, field: string, context: RecordContext): string | null => {
  const text = textOf(value, field, context).trim()
  return text !== '' ? text : null
}

/** A description: HTML as sent, '' for none (its argument is a plain string on venues). */
export const htmlOf = (record: SourceRecord, context: RecordContext): string =>
  textOf(record.description, 'description', context)

/** A boolean as PHP may send it: `true`, `1`, `"1"`, `"yes"`, `"on"`, and their opposites. */
export const flag = (value: unknown, fallback: boolean): boolean => {
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
export function instantIn(wallClock: unknown, zone: string): string | null {
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
/**
 * The website, unless it is the anchor's fallback to the record's own page; one without its
 * scheme (`www.example.org`) gets `http://`.
 */
export function website(record: SourceRecord, context: RecordContext): string | null {
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
