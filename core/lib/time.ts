import { DateTime, Info } from 'luxon'

/**
 * A zone the calendar accepts: an IANA name (`Europe/Paris`), `UTC`, or a fixed offset (`UTC+2`,
 * `UTC-5:30`).
 */
export function isValidZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone.trim()) return false
  return (
    Info.normalizeZone(zone)?.isValid === true &&
    zone.toLowerCase() !== 'local' &&
    zone.toLowerCase() !== 'system'
  )
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
  return DateTime.fromJSDate(new Date(instant), { zone })
    .endOf('day')
    .set({ millisecond: 0 })
    .toJSDate()
}

/**
 * Abbreviations by zone and offset: finding one builds an Intl formatter, too slow for every event
 * of a page.
 */
const abbreviations = new Map<string, string>()
const MAX_ABBREVIATIONS = 2_000

/**
 * The zone's abbreviation at an instant (`EST`, `CET`, `UTC`); an offset zone shows as written
 * (`UTC+2`).
 */
export function zoneAbbreviation(zone: string, instant: Date): string {
  if (!zone) return ''
  if (/^utc[+-]/i.test(zone)) return zone
  const date = DateTime.fromJSDate(instant, { zone })
  const key = `${zone} ${date.offset}`
  let name = abbreviations.get(key)
  if (name === undefined) {
    name = abbreviationOf(date, zone)
    if (abbreviations.size >= MAX_ABBREVIATIONS) abbreviations.clear()
    abbreviations.set(key, name)
  }
  return name
}

function abbreviationOf(date: DateTime, zone: string): string {
  for (const locale of ['en-US', 'en-GB']) {
    const name = date.setLocale(locale).toFormat('ZZZZ')
    if (!/^(GMT|UTC)[+-]/.test(name))
      return name === 'GMT' && zone.toUpperCase() === 'UTC' ? 'UTC' : name
  }
  return date.toFormat('ZZZZ')
}
