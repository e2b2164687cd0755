import { DateTime } from 'luxon'
import { ICalEventClass, ICalEventStatus, type ICalEventData } from 'ical-generator'
import type { Doc } from '../parts/common.js'
import { addressLine, placeOf } from '../parts/place.js'
import { htmlText as plain } from '../parts/text.js'
import type { EventRecord } from '../schemas/records.js'
import { zoneBlock } from './zones.js'

/**
 * `YYYY-MM-DD` of a wall-clock `YYYY-MM-DD HH:MM:SS`, as a Date at UTC midnight (how ical-generator
 * takes a DATE).
 */
const dayOf = (wallClock: string, addDays = 0) => {
  const day = new Date(`${wallClock.slice(0, 10)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + addDays)
  return day
}

/** An instant in a zone (UTC when there is none), as ical-generator takes a zoned time. */
const inZone = (instant: string, tzid: string | undefined) =>
  DateTime.fromJSDate(new Date(instant), { zone: tzid ?? 'UTC' })

/**
 * RFC 5545 STATUS: a canceled event (or one in the trash) is cancelled; a postponed one or a draft
 * tentative; the others (published, future, private; scheduled, rescheduled, moved online)
 * confirmed.
 */
function statusOf(record: EventRecord): ICalEventStatus {
  if (record.status === 'trash' || record.event_status === 'canceled')
    return ICalEventStatus.CANCELLED
  if (record.event_status === 'postponed') return ICalEventStatus.TENTATIVE
  if (record.status === 'draft' || record.status === 'pending') return ICalEventStatus.TENTATIVE
  return ICalEventStatus.CONFIRMED
}

/** Attended online, only or also (an event moved online is, whatever its stored mode). */
const attendsOnline = (record: EventRecord) =>
  record.attendance_mode !== 'offline' || record.event_status === 'moved_online'

/** Attended online only: an online event, or one moved online that does not say "both". */
const onlineOnly = (record: EventRecord) =>
  record.attendance_mode === 'online' ||
  (record.event_status === 'moved_online' && record.attendance_mode !== 'mixed')

/**
 * DESCRIPTION: the reason for the status first (what a subscriber must read before anything
 * else), the description, then the online address when people attend online.
 */
function descriptionOf(record: EventRecord): string | null {
  const parts = [
    record.event_status !== 'scheduled' ? record.event_status_reason.trim() : '',
    plain(record.description),
    record.online_url && attendsOnline(record) ? record.online_url : '',
  ].filter(Boolean)
  return parts.length ? parts.join('\n\n') : null
}

/**
 * The venue as LOCATION (name, then its address on one line) with its coordinates as GEO; for an
 * event attended online only, its online address (which calendar apps show as a link).
 */
function locationOf(record: EventRecord): ICalEventData['location'] {
  if (onlineOnly(record) && record.online_url) return { title: record.online_url }
  const venue = Array.isArray(record.venue) ? undefined : record.venue
  if (!venue) return null
  const place = placeOf(venue)
  const title = plain(place.name)
  const address = addressLine(place)
  const geo = place.geo && { lat: place.geo.latitude, lon: place.geo.longitude }
  if (!title && !address) return null
  return {
    title: title || address,
    ...(title && address ? { address } : {}),
    ...(geo ? { geo } : {}),
  }
}

/**
 * The first organizer that has an e-mail address (ORGANIZER is a calendar address: one, with a
 * mailto).
 */
function organizerOf(record: EventRecord): ICalEventData['organizer'] {
  const organizer = record.organizer.find((candidate) => candidate.email)
  return organizer
    ? { name: plain(organizer.organizer) || organizer.email, email: organizer.email }
    : null
}

/**
 * One event as a VEVENT, from its stored document (what the record does not carry: the sequence,
 * the instants, the title as written) and its v1 record (what the caller may see of it: a locked
 * event's record has no description, venue, organizers, terms or image).
 *
 * UID is the event's id on this site, so it holds through edits and renames; DTSTAMP is the last
 * change, so that the same data gives the same bytes (and the same ETag).
 */
/** A wall clock `YYYY-MM-DD HH:MM:SS` as an iCalendar DATE-TIME (`YYYYMMDDTHHMMSS`) or DATE. */
const icalWall = (wall: string, dateOnly: boolean) =>
  dateOnly ? wall.slice(0, 10).replace(/-/g, '') : wall.replace(/[-:]/g, '').replace(' ', 'T')

/**
 * A series' RRULE, RDATE and EXDATE lines (RFC 5545 §3.8.5), its dates in its zone (`TZID`), or as
 * days for an all-day series. Each rule gets a line of its own (RFC 5545 advises one RRULE; a
 * series of ours rarely has more, and parsers read several).
 */
export function recurrenceLines(doc: Doc, tzid: string | undefined): string {
  const recurrence = doc.recurrence ?? {}
  const dateOnly = doc.allDay === true
  const dates = (name: string, list: unknown) => {
    const walls = (Array.isArray(list) ? list : []).filter(
      (item): item is string => typeof item === 'string',
    )
    if (!walls.length) return []
    const values = walls.map((wall) => icalWall(wall, dateOnly))
    if (dateOnly) return [`${name};VALUE=DATE:${values.join(',')}`]
    if (tzid) return [`${name};TZID=${tzid}:${values.join(',')}`]
    return [`${name}:${values.map((value) => `${value}Z`).join(',')}`]
  }
  const rules = (Array.isArray(recurrence.rules) ? recurrence.rules : []).map(
    (rule: string) => `RRULE:${rule}`,
  )
  return [
    ...rules,
    ...dates('RDATE', recurrence.rdates),
    ...dates('EXDATE', recurrence.exdates),
  ].join('\n')
}

/**
 * How a VEVENT stands in a series: the series itself (with its rules), or one of its dates changed
 * on its own.
 */
export type SeriesPart = { master: true } | { seriesId: number | string; occurrence: string }

const uidOf = (id: number | string, host: string) => `event-${id}@${host}`

/**
 * The record's title (`&`, `<` and `>` escaped for display) as plain text, its entities decoded as
 * The Events Calendar's SUMMARY has them: the record is what the caller may read, in its language
 * (a VEVENT of a kept form needs no Payload read of its own, forms/keptBatches.ts).
 */
const titleText = (title: string) => (title.includes('&') ? plain(title) : title)

export function veventData(
  doc: Doc,
  record: EventRecord,
  host: string,
  part?: SeriesPart,
): ICalEventData {
  const zone = zoneBlock(doc.timezone)
  const modified = new Date(doc.updatedAt ?? doc.createdAt)
  const times: Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> = record.all_day
    ? // A DATE end is exclusive: the day after the last day.
      { start: dayOf(record.start_date), end: dayOf(record.end_date, 1), allDay: true }
    : // In the event's zone as luxon times: ical-generator writes a plain Date's UTC digits
      // even under a TZID.
      {
        start: inZone(doc.startDate, zone?.tzid),
        end: inZone(doc.endDate, zone?.tzid),
        timezone: zone?.tzid ?? null,
      }
  const image = record.image ? record.image.url : null
  const series: Partial<ICalEventData> =
    part && 'master' in part
      ? { repeating: recurrenceLines(doc, zone?.tzid) }
      : part
        ? // A changed date keeps its series' UID and names the date it replaces.
          {
            id: uidOf(part.seriesId, host),
            recurrenceId: record.all_day
              ? dayOf(part.occurrence)
              : DateTime.fromFormat(part.occurrence, 'yyyy-MM-dd HH:mm:ss', {
                  zone: zone?.tzid ?? 'UTC',
                }),
          }
        : {}
  return {
    id: uidOf(doc.id, host),
    sequence: Number.isInteger(doc.sequence) ? doc.sequence : 0,
    stamp: modified,
    lastModified: modified,
    created: new Date(doc.createdAt),
    ...times,
    summary: titleText(record.title),
    description: descriptionOf(record),
    location: locationOf(record),
    organizer: organizerOf(record),
    categories: record.categories
      .map((category) => ({ name: plain(category.name) }))
      .filter((category) => category.name),
    // Where to attend, for an event attended online (the URL apps open); else its page.
    url: record.online_url && attendsOnline(record) ? record.online_url : record.url,
    attachments: image ? [image] : [],
    status: statusOf(record),
    class: record.status === 'private' ? ICalEventClass.PRIVATE : ICalEventClass.PUBLIC,
    ...series,
  }
}
