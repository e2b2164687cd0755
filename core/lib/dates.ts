import { DateTime } from 'luxon'
import { daysInMonth } from './strtotime/calendar.js'
import { instantOfWallClock, strtotime } from './strtotime/index.js'

export const WALL_CLOCK_FORMAT = 'yyyy-MM-dd HH:mm:ss'

/**
 * Reads a date the way the anchor's `strtotime` does (core/lib/strtotime/): a Unix timestamp
 * (number or digits), an ISO or `YYYY-MM-DD HH:MM:SS` date, or PHP's relative formats (`tomorrow`,
 * `+5 weeks`, `next wednesday 4pm`, `first monday of next month`), from `now` in `zone`. Wall-clock
 * values are taken in `zone`; a value with its own offset is that instant. Returns null for what
 * PHP refuses (`before my birthday`), for a date that does not exist (`2030-02-30`, which PHP rolls
 * over) and for a year outside 1–9999.
 */
export function parseDate(input: unknown, zone: string, now: Date = new Date()): DateTime | null {
  const date = parsedDate(input, zone, now)
  return date && date.isValid && date.year >= 1 && date.year <= 9999 ? date : null
}

/**
 * `parseDate` without its range: years outside 1–9999 have no `YYYY-MM-DD` form, and PostgreSQL
 * refuses years before 4713 BC (a Unix time of -999999999999 is the year 29719 BC).
 */
function parsedDate(input: unknown, zone: string, now: Date): DateTime | null {
  if (typeof input === 'number')
    return Number.isFinite(input) ? DateTime.fromSeconds(input, { zone }) : null
  if (typeof input !== 'string') return null
  const text = input.trim()
  if (!text || text.length > 100) return null
  if (/^-?\d{1,12}(\.\d+)?$/.test(text)) return DateTime.fromSeconds(Number(text), { zone })
  // The common `YYYY-MM-DD[ HH:MM[:SS]]` needs no scanner.
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (plain) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = plain
      .slice(1)
      .map((part) => (part === undefined ? 0 : Number(part)))
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
    if (hour > 23 || minute > 59 || second > 59) return null
    const seconds = instantOfWallClock(
      { y: year, m: month, d: day, h: hour, i: minute, s: second },
      zone,
    )
    return seconds === null ? null : DateTime.fromSeconds(seconds, { zone })
  }
  const seconds = strtotime(text, zone, now.getTime() / 1000)
  return seconds === null ? null : DateTime.fromSeconds(seconds, { zone })
}

/** `YYYY-MM-DD HH:MM:SS` of a date in its own zone. */
export const wallClockOf = (date: DateTime) => date.toFormat(WALL_CLOCK_FORMAT)

/**
 * `{ year, month, day, hour, minutes, seconds }` of a `YYYY-MM-DD HH:MM:SS` string, all strings
 * (docs/v1-reference.md §4.7).
 */
export function dateDetails(wallClock: string) {
  const [, year, month, day, hour, minutes, seconds] =
    /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wallClock) ?? []
  return { year, month, day, hour, minutes, seconds }
}
