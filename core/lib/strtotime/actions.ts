/**
 * What each of timelib's scanner rules does with its token (the actions of parse_date.re).
 */
import { dayOfWeek } from './calendar.js'
import type { RuleName } from './grammar.js'
import { Reader } from './reader.js'
import { relativeNumbers, relativeText, setRelative } from './relative.js'
import {
  haveDate,
  haveTime,
  haveWeekdayRelative,
  haveZone,
  ParseError,
  type Parsed,
  processYear,
  unhaveDate,
  unhaveTime,
} from './state.js'
import { parseZone } from './zones.js'

type Action = (reader: Reader, t: Parsed) => void

/** Reads the zone after a time within the same token, if anything follows it. */
function zoneAfter(reader: Reader, t: Parsed): void {
  if (!reader.atEnd) parseZone(reader, t)
}

function readTime24(reader: Reader, t: Parsed, secondsSeparators: string): void {
  t.h = reader.number(2)
  t.i = reader.number(2)
  if (secondsSeparators.includes(reader.char) && !reader.atEnd) {
    t.s = reader.number(2)
    if (reader.char === '.') t.us = reader.fraction(8)
  }
}

function yearOf(reader: Reader, max: number): number | null {
  const { value, length } = reader.numberWithLength(max)
  return processYear(value, length)
}

/** A date written year first, then two digits of month and two of day; `year` reads the year. */
const yearMonthDay =
  (year: (reader: Reader) => number | null): Action =>
  (reader, t) => {
    haveDate(t)
    t.y = year(reader)
    t.m = reader.number(2)
    t.d = reader.number(2)
  }

/** `jan 5` and `5 jan`-like rules: month word then day, and a year where the rule has one. */
function monthDayYear(reader: Reader, t: Parsed): void {
  haveDate(t)
  t.m = reader.month()
  t.d = reader.number(2)
  t.y = yearOf(reader, 4)
}

function timestamp(reader: Reader, t: Parsed, withMicroseconds: boolean): void {
  t.haveRelative = true
  unhaveDate(t)
  unhaveTime(t)
  if (!haveZone(t)) return
  const seconds = reader.signedNumber(24) ?? 0
  t.y = 1970
  t.m = 1
  t.d = 1
  t.h = t.i = t.s = t.us = 0
  t.relative.s += seconds
  if (withMicroseconds) {
    const digits = reader.text.slice(reader.text.indexOf('.') + 1)
    const negative = reader.text[1] === '-'
    t.relative.us = (negative ? -1 : 1) * Number(digits.padEnd(6, '0'))
  }
  t.zone = { kind: 'offset', seconds: 0 }
}

export const ACTIONS: Record<RuleName, Action> = {
  yesterday: (_, t) => {
    t.haveRelative = true
    unhaveTime(t)
    t.relative.d = -1
  },
  now: () => {},
  noon: (_, t) => {
    unhaveTime(t)
    haveTime(t)
    t.h = 12
  },
  midnightOrToday: (_, t) => unhaveTime(t),
  tomorrow: (_, t) => {
    t.haveRelative = true
    unhaveTime(t)
    t.relative.d = 1
  },
  timestamp: (reader, t) => timestamp(reader, t, false),
  timestampMs: (reader, t) => timestamp(reader, t, true),
  firstOrLastDayOf: (reader, t) => {
    t.haveRelative = true
    t.relative.dayOfMonth = /^l/i.test(reader.text) ? 'last' : 'first'
  },
  backOrFrontOf: (reader, t) => {
    unhaveTime(t)
    haveTime(t)
    const back = reader.char === 'b' // timelib's test, in lower case only
    const hour = reader.number(2) ?? 0
    t.h = back ? hour : hour - 1
    t.i = back ? 15 : 45
    if (!reader.atEnd) {
      reader.skip(' \t')
      t.h += reader.meridian(t.h)
    }
  },
  weekdayOf: (reader, t) => {
    t.haveRelative = true
    const { amount, behavior } = reader.relativeText()
    reader.skip(' \t')
    t.relative.special = amount > 0 ? 'weekdayOfMonth' : 'lastWeekdayOfMonth'
    setRelative(reader, amount, amount > 0 ? 1 : behavior, t)
  },
  time12: (reader, t) => {
    haveTime(t)
    t.h = reader.number(2) ?? 0
    if (reader.char === ':' || reader.char === '.') {
      t.i = reader.number(2)
      if (reader.char === ':' || reader.char === '.') t.s = reader.number(2)
    }
    t.h += reader.meridian(t.h)
  },
  mssqltime: (reader, t) => {
    haveTime(t)
    t.h = reader.number(2) ?? 0
    t.i = reader.number(2)
    if (reader.char === ':' || reader.char === '.') {
      t.s = reader.number(2)
      if (reader.char === ':' || reader.char === '.') t.us = reader.fraction(8)
    }
    reader.skip(' \t')
    t.h += reader.meridian(t.h)
  },
  time24: (reader, t) => {
    haveTime(t)
    readTime24(reader, t, ':.')
    zoneAfter(reader, t)
  },
  gnunocolon: (reader, t) => {
    if (t.haveTime === 0) {
      t.h = reader.number(2)
      t.i = reader.number(2)
      t.s = 0
    } else if (t.haveTime === 1) {
      t.y = reader.number(4)
    } else {
      throw new ParseError('Double time specification')
    }
    t.haveTime++
  },
  iso8601nocolon: (reader, t) => {
    haveTime(t)
    t.h = reader.number(2)
    t.i = reader.number(2)
    t.s = reader.number(2)
    zoneAfter(reader, t)
  },
  american: (reader, t) => {
    haveDate(t)
    t.m = reader.number(2)
    t.d = reader.number(2)
    if (reader.char === '/') t.y = yearOf(reader, 4)
  },
  isoDate: yearMonthDay((reader) => reader.signedNumber(4)),
  iso8601date2: yearMonthDay((reader) => processYear(reader.numberWithLength(4).value, 2)),
  iso8601datex: yearMonthDay((reader) => reader.signedNumber(19)),
  gnudateshorter: (reader, t) => {
    haveDate(t)
    t.y = yearOf(reader, 4)
    t.m = reader.number(2)
    t.d = 1
  },
  gnudateshort: yearMonthDay((reader) => {
    const { value, length } = reader.numberWithLength(4)
    return processYear(value, length)
  }),
  datefull: (reader, t) => {
    haveDate(t)
    t.d = reader.number(2)
    reader.skipDaySuffix()
    t.m = reader.month()
    t.y = yearOf(reader, 4)
  },
  pointeddate4: (reader, t) => {
    haveDate(t)
    t.d = reader.number(2)
    t.m = reader.number(2)
    t.y = reader.number(4)
  },
  pointeddate2: (reader, t) => {
    haveDate(t)
    t.d = reader.number(2)
    t.m = reader.number(2)
    t.y = yearOf(reader, 2)
  },
  datenoday: (reader, t) => {
    haveDate(t)
    t.m = reader.month()
    t.y = yearOf(reader, 4)
    t.d = 1
  },
  datenodayrev: (reader, t) => {
    haveDate(t)
    t.y = yearOf(reader, 4)
    t.m = reader.month()
    t.d = 1
  },
  datetextual: monthDayYear,
  datenoyearrev: (reader, t) => {
    haveDate(t)
    t.d = reader.number(2)
    reader.skipDaySuffix()
    t.m = reader.month()
  },
  datenocolon: yearMonthDay((reader) => reader.number(4)),
  dateAndTime: (reader, t) => {
    haveTime(t)
    haveDate(t)
    t.y = reader.number(4)
    t.m = reader.number(2)
    t.d = reader.number(2)
    t.h = reader.number(2)
    t.i = reader.number(2)
    t.s = reader.number(2)
    if (reader.char === '.') {
      t.us = reader.fraction(9)
      zoneAfter(reader, t)
    }
  },
  pgydotd: (reader, t) => {
    haveDate(t)
    t.dayOfYear = true
    const { value, length } = reader.numberWithLength(4)
    t.d = reader.number(3)
    t.m = 1
    t.y = processYear(value, length)
  },
  isoweekday: (reader, t) => isoWeek(reader, t, true),
  isoweek: (reader, t) => isoWeek(reader, t, false),
  pgtextshort: monthDayYear,
  pgtextreverse: (reader, t) => {
    haveDate(t)
    const { value, length } = reader.numberWithLength(4)
    t.m = reader.month()
    t.d = reader.number(2)
    t.y = processYear(value, length)
  },
  clf: (reader, t) => {
    haveTime(t)
    haveDate(t)
    t.d = reader.number(2)
    t.m = reader.month()
    t.y = reader.number(4)
    t.h = reader.number(2)
    t.i = reader.number(2)
    t.s = reader.number(2)
    parseZone(reader, t)
  },
  year4: (reader, t) => {
    t.y = reader.number(4)
  },
  ago: (_, t) => {
    const r = t.relative
    for (const unit of ['y', 'm', 'd', 'h', 'i', 's'] as const) r[unit] = -r[unit]
    r.weekday = -r.weekday
    if (r.weekday === 0) r.weekday = -7
    if (r.special === 'weekday') r.specialAmount = -r.specialAmount
  },
  daytext: (reader, t) => {
    haveWeekdayRelative(t)
    unhaveTime(t)
    t.relative.weekday = reader.unit()?.[1] ?? 0
    if (t.relative.weekdayBehavior !== 2) t.relative.weekdayBehavior = 1
  },
  relativetextweek: (reader, t) => relativeText(reader, t, true),
  relativetext: (reader, t) => relativeText(reader, t, false),
  monthtext: (reader, t) => {
    haveDate(t)
    t.m = reader.month()
  },
  zone: (reader, t) => {
    if (haveZone(t)) parseZone(reader, t)
  },
  dateshortwithtime12: (reader, t) => {
    haveDate(t)
    t.m = reader.month()
    t.d = reader.number(2)
    haveTime(t)
    t.h = reader.number(2) ?? 0
    t.i = reader.number(2)
    if (reader.char === ':' || reader.char === '.') {
      t.s = reader.number(2)
      if (reader.char === '.') t.us = reader.fraction(8)
    }
    t.h += reader.meridian(t.h)
  },
  dateshortwithtime24: (reader, t) => {
    haveDate(t)
    t.m = reader.month()
    t.d = reader.number(2)
    haveTime(t)
    readTime24(reader, t, ':')
    zoneAfter(reader, t)
  },
  relative: relativeNumbers,
  separator: () => {},
  end: () => {},
}

/** `2027-W05-3`: day 1 of the year plus the days to that ISO week's day. */
function isoWeek(reader: Reader, t: Parsed, withDay: boolean): void {
  haveDate(t)
  t.haveRelative = true
  const year = reader.number(4) ?? 0
  const week = reader.number(2) ?? 0
  const day = withDay ? (reader.number(1) ?? 0) : 1
  t.y = year
  t.m = 1
  t.d = 1
  t.relative.d = dayNumberFromWeek(year, week, day)
}

/** `timelib_daynr_from_weeknr`: days from January 1st to an ISO week's day. */
function dayNumberFromWeek(year: number, week: number, day: number): number {
  const jan1 = dayOfWeek(year, 1, 1)
  return -(jan1 > 4 ? jan1 - 7 : jan1) + (week - 1) * 7 + day
}
