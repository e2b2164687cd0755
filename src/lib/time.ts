import { DateTime, Info } from 'luxon'

/** A zone the calendar accepts: an IANA name (`Europe/Paris`), `UTC`, or a fixed offset (`UTC+2`, `UTC-5:30`). */
export function isValidZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone.trim()) return false
  return Info.normalizeZone(zone)?.isValid === true && zone.toLowerCase() !== 'local' && zone.toLowerCase() !== 'system'
}

/** `YYYY-MM-DD HH:MM:SS` wall-clock time of an instant in a zone. */
export function wallClock(instant: Date | string, zone: string): string {
  return DateTime.fromJSDate(new Date(instant), { zone }).toFormat('yyyy-MM-dd HH:mm:ss')
}

/** The first second of the instant's day in the zone. */
export function startOfDay(instant: Date | string, zone: string): Date {
  return DateTime.fromJSDate(new Date(instant), { zone }).startOf('day').toJSDate()
}

/** The last whole second (23:59:59) of the instant's day in the zone. */
export function endOfDay(instant: Date | string, zone: string): Date {
  return DateTime.fromJSDate(new Date(instant), { zone }).endOf('day').set({ millisecond: 0 }).toJSDate()
}
