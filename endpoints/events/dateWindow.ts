import { DateTime } from 'luxon'
import type { Where } from 'payload'
import { parseDate, WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'

/**
 * The archive's date filters (docs/v1-reference.md §5.1.2). Bounds are wall-clock strings compared
 * with each event's wall-clock start or end in its own zone (`startDateLocal`, `endDateLocal`).
 */
export const DATE_FILTERS = {
  start_date: { field: 'startDateLocal', operator: 'greater_than_equal', endOfDay: false },
  end_date: { field: 'endDateLocal', operator: 'less_than_equal', endOfDay: true },
  starts_after: { field: 'startDateLocal', operator: 'greater_than', endOfDay: true },
  starts_before: { field: 'startDateLocal', operator: 'less_than', endOfDay: true },
  ends_after: { field: 'endDateLocal', operator: 'greater_than', endOfDay: true },
  ends_before: { field: 'endDateLocal', operator: 'less_than', endOfDay: true },
} as const

export type DateFilter = keyof typeof DATE_FILTERS
const RELATIVE: DateFilter[] = ['starts_after', 'starts_before', 'ends_after', 'ends_before']

/** Whether a value reads as a date (for parameter validation). */
export const isDateInput = (value: unknown, now: Date) => parseDate(value, 'UTC', now) !== null

/**
 * The bound one value gives. Inclusive mode: its calendar date (read in UTC), at 00:00:00 for
 * `start_date` and 23:59:59 for the others. Strict mode: the instant (UTC unless it carries an
 * offset) as wall-clock time in the site zone.
 */
function bound(
  filter: DateFilter,
  value: unknown,
  strict: boolean,
  siteZone: string,
  now: Date,
): string {
  const date = parseDate(value, 'UTC', now)!
  if (strict) return date.setZone(siteZone).toFormat(WALL_CLOCK_FORMAT)
  return `${date.toFormat('yyyy-MM-dd')} ${DATE_FILTERS[filter].endOfDay ? '23:59:59' : '00:00:00'}`
}

export type DateWindow = { where: Where[]; echo: Partial<Record<DateFilter, string>> }

/**
 * The date conditions of a request. Without `start_date` and `end_date` (and without any relative
 * bound or `include`), the default window runs from "yesterday at 23:59 UTC" in the site zone to
 * 24 months from now. `include` drops `start_date` and `end_date`, explicit or default.
 */
export function dateWindow(
  args: Partial<Record<DateFilter, unknown>>,
  options: { strict: boolean; include: boolean; siteZone: string; now: Date },
): DateWindow {
  const { strict, include, siteZone, now } = options
  const given: Partial<Record<DateFilter, unknown>> = { ...args }
  const hasRelative = RELATIVE.some((filter) => given[filter] !== undefined)
  if (include) {
    delete given.start_date
    delete given.end_date
  } else if (!hasRelative && given.start_date === undefined && given.end_date === undefined) {
    given.start_date = DateTime.fromJSDate(now, { zone: 'UTC' })
      .minus({ days: 1 })
      .set({ hour: 23, minute: 59, second: 0 })
      .setZone(siteZone)
      .toFormat(WALL_CLOCK_FORMAT)
    given.end_date = DateTime.fromJSDate(now, { zone: 'UTC' })
      .plus({ months: 24 })
      .toFormat('yyyy-MM-dd')
  }
  const where: Where[] = []
  const echo: DateWindow['echo'] = {}
  for (const filter of Object.keys(DATE_FILTERS) as DateFilter[]) {
    if (given[filter] === undefined) continue
    const value = bound(filter, given[filter], strict, siteZone, now)
    const { field, operator } = DATE_FILTERS[filter]
    where.push({ [field]: { [operator]: value } })
    echo[filter] = value
  }
  const endsBy = [echo.end_date, echo.ends_before].filter((value) => value !== undefined).sort()[0]
  if (endsBy !== undefined) where.push(startsBy(endsBy))
  return { where, echo }
}

/**
 * What an upper bound on the end implies for the start, which the window's index is ordered by: an
 * event starts before it ends, so one that ends by `end` starts by then too (a day later at most,
 * for an event shorter than a DST fall-back whose wall-clock end comes before its start). Without
 * it "starts after A, ends before B" walked the index from A to the calendar's last event: a
 * window with few events in it read all of them (0.8 s at 100,000 events, on the event loop).
 */
function startsBy(end: string): Where {
  const dayAfter = new Date(new Date(`${end.replace(' ', 'T')}Z`).getTime() + 86_400_000)
  const wallClock = dayAfter.toISOString().slice(0, 19).replace('T', ' ')
  return { startDateLocal: { less_than_equal: wallClock } }
}
