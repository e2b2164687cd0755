import { DateTime } from 'luxon'

/**
 * An event's time as its readers see it: in the event's zone, with that zone named; an all-day
 * event's as its date alone. `instant` is the stored UTC date; `zone` an IANA name or an offset
 * such as `UTC+2` (luxon reads both). Empty when either is unreadable.
 */
export function zonedTime(
  instant: unknown,
  zone: unknown,
  allDay: boolean,
  language: string,
): string {
  if (typeof instant !== 'string' && !(instant instanceof Date)) return ''
  const zoneName = typeof zone === 'string' && zone ? zone : 'UTC'
  const time = (instant instanceof Date ? DateTime.fromJSDate(instant) : DateTime.fromISO(instant))
    .setZone(zoneName)
    .setLocale(language)
  if (!time.isValid) return ''
  const shown = allDay
    ? time.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)
    : `${time.toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY)} ${zoneName}`
  return plainSpaces(shown)
}

/**
 * Node's ICU and the browser's put different spaces in dates (U+202F before "PM", thin spaces
 * around range dashes): plain spaces make the server's render and the browser's the same text.
 */
export const plainSpaces = (text: string) => text.replace(/[\u00A0\u2009\u202F]/g, ' ')
