import { DateTime } from 'luxon'
import * as rruleModule from 'rrule'
import type { Options as RuleOptions } from 'rrule'
import { WALL_CLOCK_FORMAT } from './dates.js'
import { packageExports } from './interop.js'

const { RRule, Frequency } = packageExports(rruleModule, 'RRule')

/**
 * Recurrence rules (RFC 5545 RRULE, RDATE, EXDATE) expanded into occurrences in an event's own
 * zone. The `rrule` library does the calendar arithmetic; it is given wall-clock times as
 * "floating" UTC dates, and each wall-clock result is placed in the zone here with luxon. That
 * keeps "every Tuesday 19:00 Europe/Paris" at 19:00 across daylight-saving changes whatever the
 * server's own zone, which `rrule`'s `tzid` option does not (its results move with the process's
 * zone; the unit tests show it).
 */

/** A series: its first start as a wall clock in its zone, its length, its rules and dates. */
export type Series = {
  /** `YYYY-MM-DD HH:MM:SS` in `zone`. */
  start: string
  zone: string
  /**
   * Wall-clock milliseconds from each start to its end (19:00 to 21:00 stays two hours of the clock
   * across a DST change).
   */
  durationMs: number
  /** RRULE values (`FREQ=WEEKLY;BYDAY=TU`), without the `RRULE:` prefix. */
  rules: string[]
  /** Added starts, wall clocks in `zone`. */
  rdates?: string[]
  /** Excluded starts, wall clocks in `zone`. */
  exdates?: string[]
}

export type Occurrence = {
  /**
   * The start as a wall clock in the series' zone, which identifies the occurrence (RECURRENCE-ID).
   */
  local: string
  /** The end as a wall clock in the series' zone. */
  localEnd: string
  start: Date
  end: Date
}

/**
 * The most occurrences one series may have up to the horizon: a daily series over 2 years is 731.
 */
export const MAX_OCCURRENCES = 5_000

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/

/**
 * A wall clock (`YYYY-MM-DD HH:MM:SS`) in a zone as luxon reads it. Read by its digits:
 * `DateTime.fromFormat` builds its parser anew at each call (about 0.3 ms), and a daily series
 * reads 1,462 wall clocks, which held the event loop about 400 ms per save. Anything else goes
 * to `fromFormat`, which refuses it as before; so do impossible dates (`fromObject` checks them).
 */
function wallIn(wall: string, zone: string): DateTime {
  const digits = WALL_CLOCK.exec(wall)
  if (!digits) return DateTime.fromFormat(wall, WALL_CLOCK_FORMAT, { zone })
  const [year, month, day, hour, minute, second] = digits.slice(1).map(Number)
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone })
}

/**
 * A wall clock as a "floating" date: its digits read as UTC, for calendar arithmetic without a
 * zone.
 */
export const floating = (wall: string): Date => wallIn(wall, 'UTC').toJSDate()
const wallOf = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ')

/**
 * A wall clock in a zone as an instant; a time skipped by a DST change moves forward by the gap.
 */
export const instantIn = (wall: string, zone: string): Date => wallIn(wall, zone).toJSDate()

/**
 * Reads one RRULE value. Returns its options, or the reason it is refused: not RFC 5545, a
 * frequency finer than daily (a calendar of events repeats by days at the finest), or a DTSTART
 * of its own (the series' start is the event's).
 */
export function parseRule(
  text: string,
): { ok: true; options: Partial<RuleOptions> } | { ok: false; reason: string } {
  const value = text.trim().replace(/^RRULE:/i, '')
  if (!/^[A-Z]+=[^;]+(;[A-Z]+=[^;]+)*$/i.test(value))
    return { ok: false, reason: `"${text}" is not an RRULE (FREQ=WEEKLY;BYDAY=TU).` }
  if (/(^|;)DTSTART=/i.test(value))
    return { ok: false, reason: 'An RRULE takes its start from the event: leave DTSTART out.' }
  let options: Partial<RuleOptions>
  try {
    options = RRule.parseString(value)
  } catch (error) {
    return { ok: false, reason: `"${text}" is not an RRULE: ${(error as Error).message}.` }
  }
  if (options.freq === undefined) return { ok: false, reason: `"${text}" has no FREQ.` }
  if (options.freq > Frequency.DAILY)
    return {
      ok: false,
      reason: 'An event repeats daily at the finest (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY).',
    }
  if (
    options.count !== undefined &&
    options.count !== null &&
    (options.count < 1 || options.count > MAX_OCCURRENCES)
  ) {
    return { ok: false, reason: `COUNT must be between 1 and ${MAX_OCCURRENCES}.` }
  }
  if (options.interval !== undefined && (options.interval < 1 || options.interval > 1000))
    return { ok: false, reason: 'INTERVAL must be between 1 and 1000.' }
  return { ok: true, options }
}

/**
 * An UNTIL given in UTC (`…Z`, as RFC 5545 wants with a zoned start) as a floating wall clock of
 * the zone.
 */
function untilIn(rule: string, options: Partial<RuleOptions>, zone: string): Date | null {
  if (!options.until) return null
  if (!/UNTIL=\d{8}(T\d{6})?Z/i.test(rule)) return options.until
  return floating(DateTime.fromJSDate(options.until, { zone }).toFormat(WALL_CLOCK_FORMAT))
}

/** The starts of a series from `from` to `to` (instants), in order, at most `limit`. */
export function occurrences(
  series: Series,
  from: Date,
  to: Date,
  limit = MAX_OCCURRENCES,
): Occurrence[] {
  const dtstart = floating(series.start)
  // Floating bounds: a day either side covers every zone's offset.
  const after = new Date(from.getTime() - 86_400_000)
  const before = new Date(to.getTime() + 86_400_000)
  const walls = new Set<string>()
  for (const text of series.rules) {
    const parsed = parseRule(text)
    if (!parsed.ok) throw new Error(parsed.reason)
    const rule = new RRule({
      ...parsed.options,
      until: untilIn(text, parsed.options, series.zone),
      dtstart,
    })
    // Dates a day past `from` (in floating time) are past it in every zone: only those count
    // towards the limit.
    let counted = 0
    const iterator = (date: Date) =>
      (date.getTime() >= from.getTime() + 86_400_000 ? ++counted : counted) <= limit
    rule.between(after, before, true, iterator).forEach((date) => walls.add(wallOf(date)))
  }
  if (series.rules.length === 0) walls.add(series.start)
  for (const extra of series.rdates ?? []) walls.add(extra)
  for (const excluded of series.exdates ?? []) walls.delete(excluded)
  return [...walls]
    .sort()
    .map((local) => {
      const localEnd = wallOf(new Date(floating(local).getTime() + series.durationMs))
      return {
        local,
        localEnd,
        start: instantIn(local, series.zone),
        end: instantIn(localEnd, series.zone),
      }
    })
    .filter((occurrence) => occurrence.start >= from && occurrence.start <= to)
    .slice(0, limit)
}

type Lang = 'en' | 'fr' | 'es'

type Unit = 'day' | 'week' | 'month' | 'year'
const UNIT: Record<number, Unit> = {
  [Frequency.DAILY]: 'day',
  [Frequency.WEEKLY]: 'week',
  [Frequency.MONTHLY]: 'month',
  [Frequency.YEARLY]: 'year',
}

/** How each language says "every (N) unit", and the words around the rest. */
const LANGUAGE: Record<
  Lang,
  {
    every: (unit: Unit, interval: number) => string
    on: string
    and: string
    until: string
    times: string
    once: string
    last: string
  }
> = {
  en: {
    every: (unit, n) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`),
    on: 'on',
    and: 'and',
    until: 'until',
    times: 'times',
    once: 'once',
    last: 'last',
  },
  fr: {
    every: (unit, n) => {
      const [article, singular, plural] = {
        day: ['Tous les', 'jours', 'jours'],
        week: ['Toutes les', 'semaines', 'semaines'],
        month: ['Tous les', 'mois', 'mois'],
        year: ['Tous les', 'ans', 'ans'],
      }[unit]
      return n === 1 ? `${article} ${singular}` : `${article} ${n} ${plural}`
    },
    on: 'le',
    and: 'et',
    until: 'jusqu’au',
    times: 'fois',
    once: 'une fois',
    last: 'dernier',
  },
  es: {
    every: (unit, n) => {
      const [singular, plural] = {
        day: ['día', 'días'],
        week: ['semana', 'semanas'],
        month: ['mes', 'meses'],
        year: ['año', 'años'],
      }[unit]
      return n === 1 ? `Cada ${singular}` : `Cada ${n} ${plural}`
    },
    on: 'el',
    and: 'y',
    until: 'hasta el',
    times: 'veces',
    once: 'una vez',
    last: 'último',
  },
}
const ORDINALS: Record<Lang, Record<number, string>> = {
  en: { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' },
  fr: { 1: 'premier', 2: 'deuxième', 3: 'troisième', 4: 'quatrième', [-1]: 'dernier' },
  es: { 1: 'primer', 2: 'segundo', 3: 'tercer', 4: 'cuarto', [-1]: 'último' },
}

const list = (items: string[], and: string) =>
  items.length < 2
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`

/** A weekday's name (0 = Monday, as rrule counts) in the language. */
const dayName = (weekday: number, lang: Lang) =>
  DateTime.fromObject({ year: 2024, month: 1, day: 1 + weekday })
    .setLocale(lang)
    .toFormat('cccc')

/**
 * A rule as a sentence in the admin's language ("Every 2 weeks on Tuesday and Thursday, until
 * 30 June 2027"), for the forms the recurrence editor makes: a frequency, an interval, weekdays,
 * a day of the month or the nth weekday, and a count or an end date.
 */
export function describeRule(text: string, lang: Lang, zone = 'UTC'): string {
  const parsed = parseRule(text)
  if (!parsed.ok) return ''
  const options = parsed.options
  const words = LANGUAGE[lang]
  const parts = [words.every(UNIT[options.freq!], options.interval ?? 1)]
  const weekdays = ([] as unknown[])
    .concat(options.byweekday ?? [])
    .map((day) =>
      typeof day === 'number'
        ? { weekday: day, n: undefined }
        : (day as { weekday: number; n?: number }),
    )
  const setPosition = ([] as number[]).concat(options.bysetpos ?? [])[0]
  const nth = weekdays.find((day) => day.n)?.n ?? setPosition
  const days = list(
    weekdays.map((day) => dayName(day.weekday, lang)),
    words.and,
  )
  if (weekdays.length)
    parts.push(
      nth
        ? `${words.on} ${lang === 'en' ? 'the ' : ''}${ORDINALS[lang][nth] ?? nth} ${days}`
        : `${words.on} ${days}`,
    )
  const monthDays = ([] as number[]).concat(options.bymonthday ?? [])
  if (monthDays.length)
    parts.push(
      `${words.on} ${lang === 'en' ? 'the ' : ''}${list(
        monthDays.map((day) => (day === -1 ? words.last : String(day))),
        words.and,
      )}`,
    )

  let sentence = parts.join(' ')
  if (options.count)
    sentence += options.count === 1 ? `, ${words.once}` : `, ${options.count} ${words.times}`
  const until = untilIn(text, options, zone)
  if (until)
    sentence += `, ${words.until} ${DateTime.fromJSDate(until, { zone: 'UTC' })
      .setLocale(lang === 'en' ? 'en-GB' : lang)
      .toLocaleString({ day: 'numeric', month: 'long', year: 'numeric' })}`
  return sentence
}

const RULE_END = /(^|;)(COUNT|UNTIL)=[^;]*/gi
const FAR_FUTURE = new Date(Date.UTC(9000, 0, 1))
const withoutEnd = (rule: string) =>
  rule
    .replace(/^RRULE:/i, '')
    .replace(RULE_END, '')
    .replace(/^;/, '')

/**
 * The rules of a series cut before `instant` (the first date they must no longer give): each
 * rule ends with an UNTIL one second before it, unless it ended earlier already. For "this and the
 * following ones", whose first part keeps the series.
 */
export function rulesEndingBefore(series: Series, instant: Date): string[] {
  const until = DateTime.fromJSDate(new Date(instant.getTime() - 1000), { zone: 'UTC' }).toFormat(
    "yyyyMMdd'T'HHmmss'Z'",
  )
  return series.rules.map((rule) => {
    const endsBefore =
      occurrences({ ...series, rules: [rule], rdates: [], exdates: [] }, instant, FAR_FUTURE, 1)
        .length === 0
    return endsBefore ? rule : `${withoutEnd(rule)};UNTIL=${until}`
  })
}

/**
 * The rules of a series from its date `fromLocal` on, for a series that starts there: a COUNT
 * counts only the dates still to come; an UNTIL stays.
 */
export function rulesContinuingFrom(series: Series, fromLocal: string): string[] {
  const from = instantIn(fromLocal, series.zone)
  return series.rules.map((rule) => {
    const parsed = parseRule(rule)
    if (!parsed.ok || !parsed.options.count) return rule
    const before = occurrences(
      { ...series, rules: [rule], rdates: [], exdates: [] },
      instantIn(series.start, series.zone),
      new Date(from.getTime() - 1),
    ).length
    return `${withoutEnd(rule)};COUNT=${Math.max(1, parsed.options.count - before)}`
  })
}
