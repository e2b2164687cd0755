import { htmlText } from '../../endpoints/parts/text.js'
import type { LocaleCode } from '../../core/locales.js'

/** An event's title as plain text (records give it for HTML, `&` as `&#038;`). */
export const eventTitle = (event: { title: string }) => htmlText(event.title)

/** What the components read of an event's v1 record to say when it is. */
export type EventDates = {
  all_day: boolean | null
  start_date: string
  end_date: string
  utc_start_date: string
  utc_end_date: string
  timezone: string
}

/** An event's times: its instants, and for an all-day event its first and last days. */
export type EventTimes = {
  allDay: boolean
  start: Date
  end: Date
  /** `YYYY-MM-DD` in the event's zone. */
  firstDay: string
  lastDay: string
  zone: string
}

const utcInstant = (wallClock: string) => new Date(`${wallClock.replace(' ', 'T')}Z`)

export function eventTimes(record: EventDates): EventTimes {
  return {
    allDay: record.all_day === true,
    start: utcInstant(record.utc_start_date),
    end: utcInstant(record.utc_end_date),
    firstDay: record.start_date.slice(0, 10),
    lastDay: record.end_date.slice(0, 10),
    zone: record.timezone || 'UTC',
  }
}

/** A day `YYYY-MM-DD` as the Date of its UTC midnight, which formats as that day in UTC. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`)

const TIME: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  ...TIME,
}

/**
 * When an event is, in a language and a zone: its days for an all-day event (the same in every
 * zone), else its start and end in that zone with the zone's name ("Sunday, March 28, 2027,
 * 1:30 – 4:00 AM GMT+1"). Across a change of offset each end says its own (a range would give
 * both the offset of one).
 */
export function formatWhen(times: EventTimes, lang: LocaleCode, zone: string): string {
  if (times.allDay) {
    const days = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' })
    return times.firstDay === times.lastDay
      ? days.format(dayDate(times.firstDay))
      : days.formatRange(dayDate(times.firstDay), dayDate(times.lastDay))
  }
  const moments = new Intl.DateTimeFormat(lang, { ...DAY_AND_TIME, timeZone: zone })
  if (!(times.end > times.start)) return moments.format(times.start)
  if (sameOffset(times.start, times.end, zone)) return moments.formatRange(times.start, times.end)
  const day = (instant: Date) => instant.toLocaleDateString('en-CA', { timeZone: zone })
  const end =
    day(times.start) === day(times.end)
      ? new Intl.DateTimeFormat(lang, { ...TIME, timeZone: zone })
      : moments
  return `${moments.format(times.start)} – ${end.format(times.end)}`
}

/** A short start for lists ("Sun, Mar 28, 1:30 AM"), or the first day of an all-day event. */
export function formatStart(times: EventTimes, lang: LocaleCode, zone: string): string {
  if (times.allDay)
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      dayDate(times.firstDay),
    )
  return new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  }).format(times.start)
}

const offsetIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value

/** Whether a zone has the same offset at two instants (no change of offset between them). */
export const sameOffset = (a: Date, b: Date, zone: string) =>
  offsetIn(a, zone) === offsetIn(b, zone)

/** Whether two zones give an instant the same offset (then one time says it for both). */
export const sameTimeIn = (instant: Date, zone: string, other: string) =>
  offsetIn(instant, zone) === offsetIn(instant, other)
