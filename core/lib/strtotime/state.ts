/**
 * What the scanner has read so far: timelib's `timelib_time` as `timelib_strtotime` fills it.
 * Fields it has not seen are null (timelib's TIMELIB_UNSET) until `fillHoles` takes them from now.
 */

import type { Fields } from './calendar.js'

/** `first day of` / `last day of`. */
export type DayOfMonth = 'first' | 'last' | null
/** `+3 weekdays`; `first monday of`; `last friday of`. */
export type Special = 'weekday' | 'weekdayOfMonth' | 'lastWeekdayOfMonth' | null

export type Zone =
  | { kind: 'offset'; seconds: number }
  | { kind: 'abbreviation'; seconds: number }
  | { kind: 'identifier'; name: string }

/** A relative move: years to microseconds (calendar.ts's `Fields`), then the rest. */
export interface Relative extends Fields {
  /** 0 (Sunday) to 6, or negated by `ago`. */
  weekday: number
  /** 0: strictly after today (`next monday`); 1: today counts (`monday`); 2: in this week. */
  weekdayBehavior: number
  haveWeekday: boolean
  special: Special
  specialAmount: number
  dayOfMonth: DayOfMonth
}

export interface Parsed {
  y: number | null
  m: number | null
  d: number | null
  h: number | null
  i: number | null
  s: number | null
  us: number | null
  /** A count: `gnunocolon` (`1630`) reads a year when a time was already given. */
  haveTime: number
  haveDate: boolean
  /** `2027.032`: the day counts from January 1st, past the month's end. */
  dayOfYear: boolean
  haveZone: number
  haveRelative: boolean
  zone: Zone | null
  relative: Relative
}

export function emptyParsed(): Parsed {
  return {
    y: null,
    m: null,
    d: null,
    h: null,
    i: null,
    s: null,
    us: null,
    haveTime: 0,
    haveDate: false,
    dayOfYear: false,
    haveZone: 0,
    haveRelative: false,
    zone: null,
    relative: {
      y: 0,
      m: 0,
      d: 0,
      h: 0,
      i: 0,
      s: 0,
      us: 0,
      weekday: 0,
      weekdayBehavior: 0,
      haveWeekday: false,
      special: null,
      specialAmount: 0,
      dayOfMonth: null,
    },
  }
}

/** Raised by an action for timelib's errors (which make strtotime return false). */
export class ParseError extends Error {}

/** TIMELIB_HAVE_TIME: a second time is an error; the time starts at 00:00:00. */
export function haveTime(t: Parsed): void {
  if (t.haveTime) throw new ParseError('Double time specification')
  t.haveTime = 1
  t.h = t.i = t.s = t.us = 0
}

/** TIMELIB_UNHAVE_TIME: `today`, `tomorrow`, weekdays: the time goes back to 00:00:00. */
export function unhaveTime(t: Parsed): void {
  t.haveTime = 0
  t.h = t.i = t.s = t.us = 0
}

export function haveDate(t: Parsed): void {
  if (t.haveDate) throw new ParseError('Double date specification')
  t.haveDate = true
}

export function unhaveDate(t: Parsed): void {
  t.haveDate = false
  t.y = t.m = t.d = 0
}

/**
 * TIMELIB_HAVE_TZ: a second zone is only a warning and is skipped (false), a third an error.
 */
export function haveZone(t: Parsed): boolean {
  if (t.haveZone) {
    t.haveZone++
    if (t.haveZone > 2) throw new ParseError('Double timezone specification')
    return false
  }
  t.haveZone++
  return true
}

export function haveWeekdayRelative(t: Parsed): void {
  t.haveRelative = true
  t.relative.haveWeekday = true
}

/** TIMELIB_PROCESS_YEAR: two-digit years are 1970–2069. */
export function processYear(year: number | null, length: number): number | null {
  if (year === null || length >= 4 || year >= 100) return year
  return year < 70 ? year + 2000 : year + 1900
}
