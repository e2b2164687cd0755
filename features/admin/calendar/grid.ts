import { DateTime } from 'luxon'

/**
 * The calendar view's arithmetic, free of React and of Payload: which days a month or a week shows,
 * the window of wall-clock times to load for them, and where each event goes. Days are
 * `YYYY-MM-DD`; event times are the wall-clock times in the event's own zone that the eventDates
 * hook keeps (`startDateLocal`, `endDateLocal`: `YYYY-MM-DD HH:MM:SS`), so an event sits on the
 * days it has where it happens, whatever the editor's own zone.
 */

export type CalendarMode = 'month' | 'week'

export type CalendarEvent = {
  id: number | string
  title: string
  status: string
  /** Whether it takes place as planned (collections/eventStatus.ts); scheduled when not given. */
  eventStatus?: string
  allDay: boolean
  /** `YYYY-MM-DD HH:MM:SS` in the event's zone */
  start: string
  end: string
  timezone?: string
  /** One date of a recurring series (shown with a repeat mark). */
  repeats?: boolean
}

/** An all-day or multi-day event's bar across one week: columns 0 (Monday) to 6, and its lane. */
export type WeekSpan = {
  event: CalendarEvent
  firstColumn: number
  lastColumn: number
  lane: number
  /** It began before this week, or goes on after it. */
  continuesBefore: boolean
  continuesAfter: boolean
}

export type WeekLayout = {
  days: string[]
  spans: WeekSpan[]
  lanes: number
  /** Events within one day with a time, by day, in order of start. */
  timed: Record<string, CalendarEvent[]>
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

const parseDay = (day: string) => DateTime.fromISO(day, { zone: 'utc' })
const formatDay = (date: DateTime) => date.toFormat('yyyy-MM-dd')

export const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && parseDay(value).isValid

/** The day of a local time. */
export const dayOf = (localTime: string) => localTime.slice(0, 10)

export const addDays = (day: string, days: number) => formatDay(parseDay(day).plus({ days }))

/** Monday of the day's week (ISO weeks). */
export const mondayOf = (day: string) => formatDay(parseDay(day).startOf('week'))

/**
 * The days shown: for a month, whole weeks from the Monday on or before its first day to the Sunday
 * on or after its last (four to six weeks); for a week, its seven days.
 */
export function visibleDays(anchor: string, mode: CalendarMode): string[] {
  const date = parseDay(anchor)
  const first = mode === 'week' ? date.startOf('week') : date.startOf('month').startOf('week')
  const last = mode === 'week' ? date.endOf('week') : date.endOf('month').endOf('week')
  const days: string[] = []
  for (let day = first; day <= last; day = day.plus({ days: 1 })) days.push(formatDay(day))
  return days
}

/**
 * The wall-clock window the shown days cover: events starting before `before` and ending at or
 * after `from`.
 */
export function windowOf(days: string[]): { from: string; before: string } {
  return { from: `${days[0]} 00:00:00`, before: `${addDays(days[days.length - 1], 1)} 00:00:00` }
}

/** The anchor one page on (`step` 1) or back (-1): a month, or a week. */
export function shiftAnchor(anchor: string, mode: CalendarMode, step: number): string {
  const date = parseDay(anchor)
  return formatDay(
    mode === 'week' ? date.plus({ weeks: step }) : date.startOf('month').plus({ months: step }),
  )
}

/** The last day an event occupies: one ending at midnight does not spill into that day. */
export function lastDayOf(event: CalendarEvent): string {
  const first = dayOf(event.start)
  const last = dayOf(event.end)
  if (last > first && event.end.slice(11) === '00:00:00') return addDays(last, -1)
  return last < first ? first : last
}

/**
 * All-day events and events over more than one day are bars on top; the others are listed in their
 * day.
 */
export const spansDays = (event: CalendarEvent) =>
  event.allDay || lastDayOf(event) !== dayOf(event.start)

const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : String(a.id).localeCompare(String(b.id))

/** Splits the days in weeks of seven. */
export function weeksOf(days: string[]): string[][] {
  const weeks: string[][] = []
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7))
  return weeks
}

/**
 * One week's layout: bars for spanning events, each in the first lane free over its columns
 * (longer bars first among those starting together, so that they stay on top), and the other events
 * listed by day.
 */
export function layoutWeek(days: string[], events: CalendarEvent[]): WeekLayout {
  const first = days[0]
  const last = days[days.length - 1]
  const timed: Record<string, CalendarEvent[]> = Object.fromEntries(days.map((day) => [day, []]))
  const bars: Omit<WeekSpan, 'lane'>[] = []
  for (const event of [...events].sort(byStart)) {
    const startDay = dayOf(event.start)
    const endDay = lastDayOf(event)
    if (endDay < first || startDay > last) continue
    if (!spansDays(event)) {
      timed[startDay]?.push(event)
      continue
    }
    const from = startDay < first ? first : startDay
    const to = endDay > last ? last : endDay
    bars.push({
      event,
      firstColumn: days.indexOf(from),
      lastColumn: days.indexOf(to),
      continuesBefore: startDay < first,
      continuesAfter: endDay > last,
    })
  }
  bars.sort(
    (a, b) =>
      a.firstColumn - b.firstColumn || b.lastColumn - a.lastColumn || byStart(a.event, b.event),
  )
  const laneEnds: number[] = []
  const spans = bars.map((bar) => {
    let lane = laneEnds.findIndex((end) => end < bar.firstColumn)
    if (lane === -1) lane = laneEnds.length
    laneEnds[lane] = bar.lastColumn
    return { ...bar, lane }
  })
  return { days, spans, lanes: laneEnds.length, timed }
}

export type CalendarFilters = { category?: string; venue?: string; organizer?: string }

/** Fields the calendar reads of each event. */
export const CALENDAR_FIELDS = [
  'title',
  'status',
  'eventStatus',
  'publishedAt',
  'allDay',
  'startDateLocal',
  'endDateLocal',
  'timezone',
  'series',
] as const

/**
 * The query of Payload's REST for the events of a window: bounded by the wall-clock dates that the
 * v1 archive filters on too (indexed, `startDateLocal` then `endDateLocal`), in order of start,
 * only the fields shown, no relationships. Payload applies the caller's access as in the list view.
 * A recurring series is a template: its dates are events of their own and are shown, the series
 * not.
 */
export function calendarQuery(
  window: { from: string; before: string },
  filters: CalendarFilters,
  limit: number,
  locale?: string,
): URLSearchParams {
  const query = new URLSearchParams()
  const conditions: Array<[string, string, string]> = [
    ['startDateLocal', 'less_than', window.before],
    ['endDateLocal', 'greater_than_equal', window.from],
    ['isSeries', 'not_equals', 'true'],
  ]
  if (filters.category) conditions.push(['categories', 'in', filters.category])
  if (filters.venue) conditions.push(['venue', 'equals', filters.venue])
  if (filters.organizer) conditions.push(['organizers', 'in', filters.organizer])
  conditions.forEach(([field, operator, value], index) =>
    query.set(`where[and][${index}][${field}][${operator}]`, value),
  )
  query.set('sort', 'startDateLocal')
  query.set('limit', String(limit))
  query.set('depth', '0')
  for (const field of CALENDAR_FIELDS) query.set(`select[${field}]`, 'true')
  if (locale) query.set('locale', locale)
  return query
}

/** An event as the REST API gives it, as the calendar uses it; null when it has no local times. */
export function toCalendarEvent(doc: Record<string, unknown>): CalendarEvent | null {
  const start = doc.startDateLocal
  const end = doc.endDateLocal
  if (
    typeof start !== 'string' ||
    typeof end !== 'string' ||
    !isDay(dayOf(start)) ||
    !isDay(dayOf(end))
  )
    return null
  return {
    id: doc.id as number | string,
    title: typeof doc.title === 'string' && doc.title ? doc.title : `#${String(doc.id)}`,
    status: typeof doc.status === 'string' ? doc.status : 'draft',
    eventStatus: typeof doc.eventStatus === 'string' ? doc.eventStatus : 'scheduled',
    allDay: doc.allDay === true,
    start,
    end,
    timezone: typeof doc.timezone === 'string' ? doc.timezone : undefined,
    repeats: doc.series !== null && doc.series !== undefined,
  }
}
