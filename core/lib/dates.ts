import * as chrono from 'chrono-node'
import { DateTime } from 'luxon'

/**
 * Expressions that move from now and keep the time of day, as PHP's strtotime does (`+5 weeks`,
 * `next week`).
 */
const KEEPS_TIME =
  /^(now|[+-]?\s*\d+\s*[a-z]+(\s+[+-]?\s*\d+\s*[a-z]+)*( ago)?|in\s+\d+\s*[a-z]+|next\s+(week|month|year|fortnight)|last\s+(week|month|year|fortnight))$/i

export const WALL_CLOCK_FORMAT = 'yyyy-MM-dd HH:mm:ss'

/**
 * Reads a date the way the anchor's `strtotime` does: a Unix timestamp (number or digits), an ISO
 * or `YYYY-MM-DD HH:MM:SS` date, or English natural language (`tomorrow`, `+5 weeks`, `next
 * wednesday 4pm`). Wall-clock values are taken in `zone`; a value with its own offset is that
 * instant. A day without a time means its midnight, except for moves from now, which keep the time.
 * Returns null for anything else (`before my birthday`), including text around a date, and for a
 * year outside 1–9999.
 */
export function parseDate(input: unknown, zone: string, now: Date = new Date()): DateTime | null {
  const date = parsedDate(input, zone, now)
  return date && date.year >= 1 && date.year <= 9999 ? date : null
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
  // The common `YYYY-MM-DD[ HH:MM[:SS]]` needs no natural-language parser (which costs
  // milliseconds).
  const plain = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (plain) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = plain
      .slice(1)
      .map((part) => (part === undefined ? undefined : Number(part)))
    const date = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone })
    return date.isValid ? date : null
  }

  const reference = DateTime.fromJSDate(now, { zone })
  // chrono works in one fixed offset: give it the wall clock of `zone` as if it were UTC.
  const referenceWall = new Date(
    Date.UTC(
      reference.year,
      reference.month - 1,
      reference.day,
      reference.hour,
      reference.minute,
      reference.second,
    ),
  )
  const results = chrono.parse(text, { instant: referenceWall, timezone: 0 })
  if (results.length !== 1 || results[0].index !== 0 || results[0].text.length !== text.length)
    return null
  const { start } = results[0]
  if (start.isCertain('timezoneOffset')) {
    const instant = DateTime.fromJSDate(start.date(), { zone })
    return instant.isValid ? instant : null
  }
  const wall = start.date()
  let result = DateTime.fromObject(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    { zone },
  )
  if (!start.isCertain('hour') && !KEEPS_TIME.test(text)) result = result.startOf('day')
  return result.isValid ? result : null
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
