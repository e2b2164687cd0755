import crypto from 'node:crypto'
import { DateTime } from 'luxon'
import { relatedId } from '../../collections/relations.js'
import { languageSegment, type RecordContext } from '../context.js'
import type { Doc } from '../data.js'

export type { Doc }

/** `YYYY-MM-DD HH:MM:SS` of an instant in a zone; '' for none. */
export function wallClockIn(instant: string | Date | null | undefined, zone: string): string {
  if (!instant) return ''
  const millis = new Date(instant).getTime()
  // The zone's offset at that instant, then plain UTC arithmetic: luxon's token formatter costs
  // more than the rest of an event record together.
  const offset = zone === 'UTC' ? 0 : DateTime.fromMillis(millis, { zone }).offset
  if (!Number.isFinite(millis) || !Number.isFinite(offset)) return ''
  const wall = new Date(millis + offset * 60_000)
  return Number.isNaN(wall.getTime()) ? '' : wall.toISOString().slice(0, 19).replace('T', ' ')
}

/**
 * `example.com?id=42`: the site's host and path, without the scheme (docs/v1-reference.md §4.1).
 */
export function globalId(context: RecordContext, id: number) {
  const value = `${siteKey(context.siteUrl)}?id=${id}`
  return { global_id: value, global_id_lineage: [value] }
}

const siteKey = (siteUrl: string) => siteUrl.replace(/^[a-z]+:\/\//i, '')

/** The id of the record a `global_id` names when it names one of the site at `siteUrl`. */
export function ownRecordId(siteUrl: string, value: string): number | null {
  const prefix = `${siteKey(siteUrl)}?id=`
  if (!value.startsWith(prefix)) return null
  const id = value.slice(prefix.length)
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null
}

/** The public page of a record, in the request's language segment when it is not English. */
export const permalink = (context: RecordContext, base: string, slug: string): string =>
  `${context.siteUrl}${languageSegment(context.lang)}/${base}/${slug}/`

/** The author's id as a string, as the anchor gives it ("0" when none). */
export const authorId = (doc: Doc) => String(relatedId(doc.author) ?? 0)

/** The id of a relationship's value, populated or not; null when there is none. */
export const idOf = (value: unknown): number | null => {
  const id = relatedId(value)
  return typeof id === 'number' ? id : null
}

/**
 * Whether a record is unlocked: it has no password, or the given one equals the stored one
 * (compared in constant time; `stored` is loaded only when a password was given).
 */
export function unlocked(doc: Doc, stored: string | undefined, password: unknown): boolean {
  if (!doc.hasPassword) return true
  if (!stored) return false
  if (typeof password !== 'string') return false
  const a = Buffer.from(stored)
  const b = Buffer.from(password)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}
