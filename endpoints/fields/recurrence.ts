import Type from 'typebox'
import { MAX_RULES, MAX_SERIES_DATES } from '../../collections/series/fields.js'
import { parseDate, wallClockOf } from '../../core/lib/dates.js'
import { describeRule, parseRule } from '../../core/lib/recurrence.js'
import { apiLink, type Context } from '../context.js'
import type { LooseArgs, ParamSpec } from '../params.js'
import { idOf, type Doc } from '../parts/common.js'
import { url, wallClock } from '../parts/schemas.js'
import type { Write } from './table.js'

/**
 * Recurrence on the wire (an addition of ours; `tribe/events/v1` has none): a series answers
 * `recurrence`, each of its dates answers `series`; events that are neither keep exactly the
 * anchor's keys. Writes take `recurrence` as an RRULE text, a list of them, or an object with
 * `rules`, `rdates` and `exdates`.
 */

export type RecurrenceInput = { rules: string[]; rdates: string[]; exdates: string[] }

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

const asList = (value: unknown): unknown[] | null =>
  value === undefined || value === null || value === ''
    ? []
    : Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? [value]
        : null

/**
 * The argument as rules and dates, or the reason it is refused. Dates are wall clocks in the
 * event's zone (`YYYY-MM-DD HH:MM:SS`), a day alone (at the series' start time), or an instant with
 * its offset (taken to the zone).
 */
export function readRecurrence(
  value: unknown,
  zone: string,
  startTime: string,
): { ok: true; value: RecurrenceInput } | { ok: false; reason: string } {
  const object =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  if (object && Object.keys(object).some((key) => !['rules', 'rdates', 'exdates'].includes(key))) {
    return { ok: false, reason: 'recurrence takes rules, rdates and exdates.' }
  }
  const rules = asList(object ? object.rules : value)
  if (!rules || rules.length > MAX_RULES || !rules.every((rule) => typeof rule === 'string')) {
    return {
      ok: false,
      reason: `recurrence must be an RRULE text, a list of at most ${MAX_RULES}, or { rules, rdates, exdates }.`,
    }
  }
  for (const rule of rules as string[]) {
    const parsed = parseRule(rule)
    if (!parsed.ok) return { ok: false, reason: `recurrence: ${parsed.reason}` }
  }
  const dates = (name: 'rdates' | 'exdates'): string[] | string => {
    const list = asList(object?.[name])
    if (!list || list.length > MAX_SERIES_DATES)
      return `recurrence.${name} must be a list of at most ${MAX_SERIES_DATES} dates.`
    const walls: string[] = []
    for (const item of list) {
      const text =
        typeof item === 'string' && DAY_ONLY.test(item.trim())
          ? `${item.trim()} ${startTime}`
          : item
      const date = typeof text === 'string' ? parseDate(text, zone) : null
      if (!date) return `recurrence.${name}: ${String(item)} is not a date.`
      walls.push(wallClockOf(date.setZone(zone)))
    }
    return [...new Set(walls)].sort()
  }
  const rdates = dates('rdates')
  if (typeof rdates === 'string') return { ok: false, reason: rdates }
  const exdates = dates('exdates')
  if (typeof exdates === 'string') return { ok: false, reason: exdates }
  return {
    ok: true,
    value: {
      rules: (rules as string[]).map((rule) => rule.trim().replace(/^RRULE:/i, '')),
      rdates,
      exdates,
    },
  }
}

/**
 * The zone and start time a write's recurrence dates are read in: the arguments', else the stored
 * event's.
 */
function seriesClock(args: LooseArgs, context: Context, stored: Doc | null) {
  const zone = args.timezone || stored?.timezone || context.options.siteTimezone
  const start = args.start_date !== undefined ? parseDate(args.start_date, zone, context.now) : null
  const startTime = start
    ? start.toFormat('HH:mm:ss')
    : String(stored?.startDateLocal ?? '').slice(11) || '00:00:00'
  return { zone, startTime }
}

export const recurrenceParam: ParamSpec = {
  kind: 'any',
  description:
    'Makes the event a recurring series: an RRULE (`FREQ=WEEKLY;BYDAY=TU`), a list of them, or `{ rules, rdates, exdates }` with added and excluded dates in the event’s zone; empty to stop repeating. Each date becomes an event of its own.',
  check: (value: unknown, context: Context) => {
    const read = readRecurrence(value, context.options.siteTimezone, '00:00:00')
    return read.ok ? undefined : read.reason
  },
}

export const writeRecurrence: Write = (args, context, stored) => {
  if (args.recurrence === undefined) return undefined
  const { zone, startTime } = seriesClock(args, context, stored)
  const read = readRecurrence(args.recurrence, zone, startTime)
  if (!read.ok) return undefined // the parameter's check has refused it already
  const { rules, rdates, exdates } = read.value
  return {
    recurrence: {
      rules: rules.length ? rules : null,
      rdates: rdates.length ? rdates : null,
      exdates: exdates.length ? exdates : null,
    },
  }
}

export const RecurrenceRecord = Type.Optional(
  Type.Object(
    {
      rules: Type.Array(Type.String(), { description: 'RRULE texts (RFC 5545), without `RRULE:`' }),
      rdates: Type.Array(wallClock('An added date'), {
        description: 'Added dates (RDATE), in the event’s zone',
      }),
      exdates: Type.Array(wallClock('An excluded date'), {
        description: 'Excluded (cancelled) dates (EXDATE), in the event’s zone',
      }),
      text: Type.String({
        description: 'The rules said in the content language ("Every week on Tuesday")',
      }),
    },
    {
      additionalProperties: false,
      description:
        'Only on a recurring series: its rules and dates. Its dates are listed as events of their own.',
    },
  ),
)

export const SeriesLink = Type.Optional(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1, description: 'Id of the series' }),
      rest_url: url('`{root}events/{id}` of the series'),
      occurrence: wallClock(
        'The start this date was generated for (RECURRENCE-ID), in the event’s zone',
      ),
      detached: Type.Boolean({
        description: 'Changed on its own: edits of the series no longer change it',
      }),
    },
    { additionalProperties: false, description: 'Only on a date of a recurring series.' },
  ),
)

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

export function recurrenceRecord(doc: Doc, context: Pick<Context, 'lang'>) {
  if (!doc.isSeries) return undefined
  const rules = list(doc.recurrence?.rules)
  const lang = (['en', 'fr', 'es'].includes(context.lang) ? context.lang : 'en') as
    'en' | 'fr' | 'es'
  return {
    rules,
    rdates: list(doc.recurrence?.rdates),
    exdates: list(doc.recurrence?.exdates),
    text: rules
      .map((rule) => describeRule(rule, lang, doc.timezone || 'UTC'))
      .filter(Boolean)
      .join('; '),
  }
}

export function seriesLink(doc: Doc, context: Pick<Context, 'root' | 'linkLanguage'>) {
  const id = idOf(doc.series)
  if (id === null) return undefined
  return {
    id,
    rest_url: apiLink(context, `events/${id}`),
    occurrence: doc.occurrence ?? '',
    detached: doc.detached === true,
  }
}
