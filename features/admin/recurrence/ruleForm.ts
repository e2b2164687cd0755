import { DateTime } from 'luxon'
import { occurrences, type Occurrence } from '../../../core/lib/recurrence.js'

/**
 * The recurrence editor's arithmetic, free of React and of Payload: the editor's choices (a
 * frequency, an interval, weekdays, a month pattern, an end) to the RRULE text the model stores and
 * back, wall clocks of the form's dates, and the preview of the next dates. A rule the editor
 * cannot show (several rules, BYMONTH, BYSETPOS, ... as an iCalendar import may bring) is read as
 * `custom` and kept as it is.
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export type Frequency = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly'
/** The nth weekday of a month: first to fourth, or the last (-1). */
export type SetPosition = 1 | 2 | 3 | 4 | -1
export const SET_POSITIONS: SetPosition[] = [1, 2, 3, 4, -1]

export type RuleForm = {
  frequency: Frequency
  interval: number
  /** Weekly: the days it happens on. */
  weekdays: Weekday[]
  /** Monthly: on a day of the month, or on the nth weekday. */
  monthPattern: 'day' | 'weekday'
  /** 1 to 31, or -1 for the last day. */
  monthDay: number
  setPosition: SetPosition
  setWeekday: Weekday
  ends: 'never' | 'count' | 'until'
  count: number
  /** `YYYY-MM-DD`, the last day (included) in the event's zone. */
  until: string
}

export const MAX_INTERVAL = 1000
export const MAX_COUNT = 5000

const WALL_CLOCK = 'yyyy-MM-dd HH:mm:ss'
const FREQUENCIES: Record<string, Frequency> = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  YEARLY: 'yearly',
}

const wall = (local: string) => DateTime.fromFormat(local, WALL_CLOCK, { zone: 'UTC' })
const validZone = (zone: string | undefined) =>
  zone && DateTime.local().setZone(zone).isValid ? zone : 'UTC'

/** The weekday of a wall clock (`YYYY-MM-DD HH:MM:SS`). */
export const weekdayOf = (local: string): Weekday => WEEKDAYS[wall(local).weekday - 1]

/** Which of its weekday in the month a day is: the 1st to 4th, or the last (a fifth one). */
export const setPositionOf = (local: string): SetPosition => {
  const day = wall(local).day
  return day > 28 ? -1 : (Math.ceil(day / 7) as SetPosition)
}

/** The choices a new recurrence starts from: every week on the start's weekday, never ending. */
export function defaultForm(start: string): RuleForm {
  const date = wall(start)
  const valid = date.isValid
  return {
    frequency: 'none',
    interval: 1,
    weekdays: valid ? [weekdayOf(start)] : ['MO'],
    monthPattern: 'day',
    monthDay: valid ? date.day : 1,
    setPosition: valid ? setPositionOf(start) : 1,
    setWeekday: valid ? weekdayOf(start) : 'MO',
    ends: 'never',
    count: 10,
    until: valid ? date.plus({ months: 3 }).toFormat('yyyy-MM-dd') : '',
  }
}

/** An UNTIL that ends the chosen day in the zone, in UTC as RFC 5545 wants with a zoned start. */
export function untilValue(day: string, zone: string): string {
  return DateTime.fromISO(`${day}T23:59:59`, { zone: validZone(zone) })
    .toUTC()
    .toFormat("yyyyMMdd'T'HHmmss'Z'")
}

/** An UNTIL value as the day it ends, in the zone. */
export function untilDay(value: string, zone: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value)
  if (!match) return null
  const [, year, month, day, hour = '00', minute = '00', second = '00', utc] = match
  const date = DateTime.fromISO(`${year}-${month}-${day}T${hour}:${minute}:${second}`, {
    zone: utc ? 'UTC' : validZone(zone),
  })
  return date.isValid ? (utc ? date.setZone(validZone(zone)) : date).toFormat('yyyy-MM-dd') : null
}

const positiveInteger = (value: number, max: number) =>
  Number.isInteger(value) && value >= 1 && value <= max

/**
 * The RRULE text of the choices (`FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T215959Z`), or null for
 * none or an incomplete choice.
 */
export function ruleText(form: RuleForm, zone: string): string | null {
  const freq = Object.keys(FREQUENCIES).find((key) => FREQUENCIES[key] === form.frequency)
  if (!freq || !positiveInteger(form.interval, MAX_INTERVAL)) return null
  const parts = [`FREQ=${freq}`]
  if (form.interval > 1) parts.push(`INTERVAL=${form.interval}`)
  if (form.frequency === 'weekly') {
    if (form.weekdays.length === 0) return null
    parts.push(`BYDAY=${WEEKDAYS.filter((day) => form.weekdays.includes(day)).join(',')}`)
  }
  if (form.frequency === 'monthly') {
    if (form.monthPattern === 'weekday') parts.push(`BYDAY=${form.setPosition}${form.setWeekday}`)
    else if (form.monthDay === -1 || positiveInteger(form.monthDay, 31))
      parts.push(`BYMONTHDAY=${form.monthDay}`)
    else return null
  }
  if (form.ends === 'count') {
    if (!positiveInteger(form.count, MAX_COUNT)) return null
    parts.push(`COUNT=${form.count}`)
  }
  if (form.ends === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.until) || !DateTime.fromISO(form.until).isValid)
      return null
    parts.push(`UNTIL=${untilValue(form.until, zone)}`)
  }
  return parts.join(';')
}

export type ReadRules =
  | { kind: 'none'; form: RuleForm }
  | { kind: 'form'; form: RuleForm }
  | { kind: 'custom'; form: RuleForm; rules: string[] }

/**
 * The stored rules as the editor's choices, starting from the defaults of the start; `custom` when
 * they say more than the editor can (the rules are then kept as they are).
 */
export function readRules(rules: unknown, start: string, zone: string): ReadRules {
  const form = defaultForm(start)
  if (rules === null || rules === undefined || (Array.isArray(rules) && rules.length === 0))
    return { kind: 'none', form }
  const list = Array.isArray(rules)
    ? rules.filter((rule): rule is string => typeof rule === 'string')
    : []
  const custom = { kind: 'custom' as const, form, rules: list }
  if (!Array.isArray(rules) || list.length !== 1) return custom
  const parts = new Map<string, string>()
  for (const part of list[0]
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    const [key, value, ...rest] = part.split('=')
    if (!key || value === undefined || rest.length || parts.has(key.toUpperCase())) return custom
    parts.set(key.toUpperCase(), value.toUpperCase())
  }
  const frequency = FREQUENCIES[parts.get('FREQ') ?? '']
  if (!frequency) return custom
  form.frequency = frequency
  for (const [key, value] of parts) {
    if (key === 'FREQ') continue
    if (key === 'INTERVAL' && /^\d+$/.test(value) && positiveInteger(Number(value), MAX_INTERVAL))
      form.interval = Number(value)
    else if (
      key === 'COUNT' &&
      /^\d+$/.test(value) &&
      positiveInteger(Number(value), MAX_COUNT) &&
      !parts.has('UNTIL')
    ) {
      form.ends = 'count'
      form.count = Number(value)
    } else if (key === 'UNTIL' && untilDay(value, zone) && !parts.has('COUNT')) {
      form.ends = 'until'
      form.until = untilDay(value, zone)!
    } else if (
      key === 'BYDAY' &&
      frequency === 'weekly' &&
      value.split(',').every((day) => (WEEKDAYS as readonly string[]).includes(day))
    ) {
      form.weekdays = WEEKDAYS.filter((day) => value.split(',').includes(day))
    } else if (
      key === 'BYDAY' &&
      frequency === 'monthly' &&
      /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.test(value)
    ) {
      form.monthPattern = 'weekday'
      form.setPosition = Number(value.slice(0, -2)) as SetPosition
      form.setWeekday = value.slice(-2) as Weekday
    } else if (
      key === 'BYMONTHDAY' &&
      frequency === 'monthly' &&
      /^(-1|\d{1,2})$/.test(value) &&
      (value === '-1' || positiveInteger(Number(value), 31))
    ) {
      form.monthPattern = 'day'
      form.monthDay = Number(value)
    } else return custom
  }
  return { kind: 'form', form }
}

/**
 * A wall clock (`YYYY-MM-DD HH:MM:SS`) in the zone of a stored instant (the form's ISO dates); null
 * if unreadable.
 */
export function wallClockOf(instant: unknown, zone: string): string | null {
  if (typeof instant !== 'string' && !(instant instanceof Date)) return null
  const date = (
    instant instanceof Date ? DateTime.fromJSDate(instant) : DateTime.fromISO(instant)
  ).setZone(validZone(zone))
  return date.isValid ? date.toFormat(WALL_CLOCK) : null
}

/** A `datetime-local` input's value (`YYYY-MM-DDTHH:MM`) as a wall clock; null if not one. */
export function wallClockFromInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value)
  if (!match || !DateTime.fromISO(`${match[1]}T${match[2]}`).isValid) return null
  return `${match[1]} ${match[2]}:${match[3] ?? '00'}`
}

/** A stored list of wall clocks, sorted, without repeats or anything else. */
export function wallClockList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return [
    ...new Set(
      value.filter(
        (item): item is string =>
          typeof item === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(item),
      ),
    ),
  ].sort()
}

export type PreviewInput = {
  rules: string[]
  rdates: string[]
  exdates: string[]
  /** The form's start and end (ISO instants, as Payload's date fields hold them). */
  startDate: unknown
  endDate: unknown
  zone: string
}

/**
 * The next `count` dates of the series as the form describes it, from `from` (an instant: now, or
 * the start if later); empty when the form has no start yet or a rule is not valid.
 */
export function previewDates(input: PreviewInput, from: Date, count = 10): Occurrence[] {
  const zone = validZone(input.zone)
  const start = wallClockOf(input.startDate, zone)
  if (!start) return []
  const end = wallClockOf(input.endDate, zone)
  const durationMs = end ? Math.max(0, wall(end).toMillis() - wall(start).toMillis()) : 0
  const firstStart = DateTime.fromFormat(start, WALL_CLOCK, { zone }).toJSDate()
  const after = from > firstStart ? from : firstStart
  // A century ahead: the expansion stops at `count` dates per rule, excluded ones aside.
  const before = DateTime.fromJSDate(after).plus({ years: 100 }).toJSDate()
  try {
    return occurrences(
      { start, zone, durationMs, rules: input.rules, rdates: input.rdates, exdates: input.exdates },
      after,
      before,
      count + input.exdates.length,
    ).slice(0, count)
  } catch {
    return []
  }
}

/**
 * A wall clock as the admin's language writes it ("Tue, 3 Mar 2026, 19:00"), the date alone for an
 * all-day event.
 */
export function formatWallClock(local: string, language: string, allDay = false): string {
  const date = wall(local).setLocale(language)
  if (!date.isValid) return local
  const shown = allDay
    ? date.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)
    : date.toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY)
  return shown.replace(/[\u00A0\u2009\u202F]/g, ' ')
}

/** The admin language as describeRule takes it (English for any other). */
export const ruleLanguage = (language: unknown): 'en' | 'fr' | 'es' =>
  language === 'fr' || language === 'es' ? language : 'en'
