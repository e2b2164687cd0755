import { escapeUTF8 } from 'entities'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import { WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import { isValidZone } from '../../core/lib/time.js'
import { MAX_ICS_LENGTH } from './collections.js'

export type IcalEvent = {
  sourceId: string
  title: string
  description: string
  location: string
  categories: string[]
  website: string | null
  start: string
  end: string
  timezone: string
  allDay: boolean
  status: 'publish' | 'private'
  /** CANCELLED is canceled; any other STATUS (or none) scheduled. */
  eventStatus: 'scheduled' | 'canceled'
  /** A LOCATION that is only an http(s) address: attended online there, no venue. */
  onlineUrl: string | null
  rrule: string | null
  /** A recurring series: its rules, and added and excluded dates as wall clocks in `timezone`. */
  recurrence: { rules: string[]; rdates: string[]; exdates: string[] } | null
  /**
   * A changed date of a series: the series' UID and the date's original start, a wall clock in the
   * series' zone.
   */
  occurrenceOf: { uid: string; at: Time; tzid: string | null } | null
}

export class IcalError extends Error {}

type Time = InstanceType<typeof ICAL.Time>

/**
 * The instant of a DATE-TIME: UTC, in its TZID when that is an IANA zone, by its VTIMEZONE, or
 * floating in the site zone.
 */
function instantOf(
  time: Time,
  tzid: string | null,
  siteZone: string,
): { iso: string; zone: string } {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  }
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone)
    return {
      iso: DateTime.fromObject(wall, { zone: 'UTC' }).toISO()!,
      zone: tzid && isValidZone(tzid) ? tzid : siteZone,
    }
  if (tzid && isValidZone(tzid))
    return { iso: DateTime.fromObject(wall, { zone: tzid }).toUTC().toISO()!, zone: tzid }
  if (tzid && time.zone && time.zone !== ICAL.Timezone.localTimezone)
    return { iso: new Date(time.toUnixTime() * 1000).toISOString(), zone: siteZone }
  return { iso: DateTime.fromObject(wall, { zone: siteZone }).toUTC().toISO()!, zone: siteZone }
}

/** A DATE or DATE-TIME as a wall clock (`YYYY-MM-DD HH:MM:SS`) in `zone`, the event's. */
export function wallIn(time: Time, tzid: string | null, zone: string, siteZone: string): string {
  if (time.isDate)
    return DateTime.fromObject(
      { year: time.year, month: time.month, day: time.day },
      { zone },
    ).toFormat(WALL_CLOCK_FORMAT)
  return DateTime.fromISO(instantOf(time, tzid, siteZone).iso, { zone }).toFormat(WALL_CLOCK_FORMAT)
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)

/** The events of an iCalendar text. Throws IcalError when it is not one. */
export function parseIcal(
  source: string,
  siteZone: string,
): { events: IcalEvent[]; failures: { sourceId: string; message: string }[] } {
  if (source.length > MAX_ICS_LENGTH)
    throw new IcalError(`the calendar is larger than ${MAX_ICS_LENGTH} characters`)
  let root: InstanceType<typeof ICAL.Component>
  try {
    root = new ICAL.Component(ICAL.parse(source))
  } catch (error) {
    throw new IcalError(`not an iCalendar file: ${(error as Error).message}`)
  }
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone)
    } catch {
      // an unusable VTIMEZONE: its times are read as floating
    }
  }
  const events: IcalEvent[] = []
  const failures: { sourceId: string; message: string }[] = []
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = text(vevent.getFirstPropertyValue('uid'))
    try {
      if (!uid) throw new IcalError('a VEVENT without a UID')
      const dtstart = vevent.getFirstProperty('dtstart')
      const start = dtstart?.getFirstValue() as Time | null
      if (!dtstart || !start || typeof start !== 'object' || !('isDate' in start))
        throw new IcalError(`${uid}: no readable DTSTART`)
      const tzid = (dtstart.getParameter('tzid') as string | undefined) ?? null
      const dtend = vevent.getFirstProperty('dtend')
      let end = (dtend?.getFirstValue() as Time | null) ?? null
      const duration = vevent.getFirstPropertyValue('duration') as InstanceType<
        typeof ICAL.Duration
      > | null
      if (!end && duration) {
        end = start.clone()
        end.addDuration(duration)
      }
      const allDay = start.isDate
      const categories = vevent
        .getAllProperties('categories')
        .flatMap((p) => p.getValues().map((v) => text(v).trim()))
        .filter(Boolean)
      const url = text(vevent.getFirstPropertyValue('url'))
      const location = text(vevent.getFirstPropertyValue('location')).trim()
      const onlineUrl = /^https?:\/\/\S+$/.test(location) ? location : null
      const base = {
        title: text(vevent.getFirstPropertyValue('summary')) || uid,
        // Plain text in iCalendar, HTML in the calendar.
        description: escapeUTF8(text(vevent.getFirstPropertyValue('description'))),
        location: onlineUrl ? '' : location,
        onlineUrl,
        eventStatus: (text(vevent.getFirstPropertyValue('status')).trim().toUpperCase() ===
        'CANCELLED'
          ? 'canceled'
          : 'scheduled') as IcalEvent['eventStatus'],
        categories,
        website: /^https?:\/\//.test(url) ? url : null,
        status: (text(vevent.getFirstPropertyValue('class')).toUpperCase() === 'PRIVATE'
          ? 'private'
          : 'publish') as IcalEvent['status'],
      }
      const dates = (from: Time, to: Time | null) => {
        if (allDay) {
          const zone = tzid && isValidZone(tzid) ? tzid : siteZone
          const first = DateTime.fromObject(
            { year: from.year, month: from.month, day: from.day },
            { zone },
          )
          // DTEND of an all-day event is the day after its last.
          const last = to
            ? DateTime.fromObject({ year: to.year, month: to.month, day: to.day }, { zone }).minus({
                days: 1,
              })
            : first
          const lastDay = last < first ? first : last
          return {
            start: first.toUTC().toISO()!,
            end: lastDay.endOf('day').set({ millisecond: 0 }).toUTC().toISO()!,
            timezone: zone,
          }
        }
        const s = instantOf(from, tzid, siteZone)
        const e = to
          ? instantOf(to, (dtend?.getParameter('tzid') as string | undefined) ?? tzid, siteZone)
          : s
        if (e.iso < s.iso) throw new IcalError(`${uid}: ends before it starts`)
        return { start: s.iso, end: e.iso, timezone: s.zone }
      }
      const recurrenceId = vevent.getFirstPropertyValue('recurrence-id') as Time | null
      const rules = vevent
        .getAllProperties('rrule')
        .map((property) => String(property.getFirstValue()))
      const eventZone = dates(start, end).timezone
      const walls = (name: 'rdate' | 'exdate') =>
        vevent.getAllProperties(name).flatMap((property) =>
          property
            .getValues()
            .filter(
              (value): value is Time =>
                Boolean(value) && typeof value === 'object' && 'isDate' in (value as object),
            )
            .map((time) =>
              wallIn(
                time,
                (property.getParameter('tzid') as string | undefined) ?? tzid,
                eventZone,
                siteZone,
              ),
            ),
        )
      const rdates = walls('rdate')
      const recurrence =
        !recurrenceId && (rules.length || rdates.length)
          ? { rules, rdates, exdates: walls('exdate') }
          : null
      const id = recurrenceId ? `${uid}@${recurrenceId.toString()}` : uid
      events.push({
        sourceId: id,
        ...base,
        ...dates(start, end),
        allDay,
        rrule: rules[0] ?? null,
        recurrence,
        occurrenceOf: recurrenceId
          ? {
              uid,
              at: recurrenceId,
              tzid:
                (vevent.getFirstProperty('recurrence-id')!.getParameter('tzid') as
                  string | undefined) ?? tzid,
            }
          : null,
      })
    } catch (error) {
      failures.push({ sourceId: uid, message: (error as Error).message })
    }
  }
  return { events, failures }
}
