import type { PayloadRequest } from 'payload'
import {
  instantIn,
  rulesContinuingFrom,
  rulesEndingBefore,
  type Series,
} from '../../core/lib/recurrence.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { writeChanges } from '../hooks/calendarCommit.js'
import { seriesEntries, snapshotSeries } from '../hooks/seriesEntries.js'
import { relatedId } from '../relations.js'
import { ALWAYS_PASSED, NOT_COPIED } from './fields.js'
import { generateOccurrences, seriesOf, type SeriesDate } from './generate.js'
import type { Event } from '../../core/documents.js'

/**
 * The edits of a date of a series that reach beyond it, as editors know them from calendar apps:
 * "this and the following ones" (the series splits in two at this date) and "all" (the series
 * changes). "This one" alone is a plain update of the date (it becomes `detached`).
 * Both run with the caller's `req` (its transaction and user) and Payload's access control.
 */

type Data = Record<string, unknown>

const DEFER = 'calendarSeriesDeferred'

/** Whether a write asked its series' dates to wait (the split writes them itself). */
export const isDeferred = (req: PayloadRequest) => req.context?.[DEFER] === true

async function seriesOfDate(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  date: SeriesDate,
): Promise<Event> {
  const series = await req.payload.findByID({
    collection: options.slugs.events as 'events',
    id: relatedId(date.series) as number | string,
    req,
    overrideAccess: false,
    trash: true,
    depth: 0,
  })
  return series as Event
}

/**
 * The series' recurrence ends before this date: its rules stop there, and it keeps the dates
 * added or excluded before it.
 */
async function endRulesBefore(
  req: PayloadRequest,
  collection: 'events',
  id: number | string,
  rules: Series,
  date: SeriesDate,
): Promise<void> {
  const before = (list: string[] | undefined) =>
    (list ?? []).filter((wall) => wall < date.occurrence)
  await req.payload.update({
    collection,
    id,
    req,
    overrideAccess: false,
    data: {
      recurrence: {
        rules: rulesEndingBefore(rules, instantIn(date.occurrence, rules.zone)),
        rdates: before(rules.rdates),
        exdates: before(rules.exdates),
      },
    },
  })
}

/**
 * Where the date's generated start falls, and the series' length: the defaults of a changed date.
 */
function datesOf(series: Event, date: SeriesDate, data: Data) {
  const rules = seriesOf(series)
  const start = data.startDate
    ? new Date(String(data.startDate))
    : instantIn(date.occurrence, rules.zone)
  const length = new Date(series.endDate).getTime() - new Date(series.startDate).getTime()
  const end = data.endDate ? new Date(String(data.endDate)) : new Date(start.getTime() + length)
  return { start, end }
}

/**
 * "This and the following ones": the series ends before this date, and a new series (a copy of
 * it in every language, with `data` applied) starts at it; the dates from this one on move to the
 * new series and keep their ids. Returns the new series' id.
 */
export async function splitSeriesAt(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  date: SeriesDate,
  data: Data,
): Promise<number | string> {
  const collection = options.slugs.events as 'events'
  const series = await seriesOfDate(req, options, date)
  const rules = seriesOf(series)
  const { start, end } = datesOf(series, date, data)
  const from = (list: string[] | undefined) =>
    (list ?? []).filter((wall) => wall >= date.occurrence)
  // The dates that move to the new series are changed through the adapter, which logs nothing:
  // the change log gets them from the two series' dates before and after.
  const before = await snapshotSeries(req, options, series.id)

  req.context = { ...req.context, [DEFER]: true }
  let second: Event
  try {
    second = (await req.payload.duplicate({
      collection,
      id: series.id,
      req,
      overrideAccess: false,
      data: {
        ...data,
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        recurrence: {
          rules: rulesContinuingFrom(rules, date.occurrence),
          rdates: from(rules.rdates),
          exdates: from(rules.exdates),
        },
      },
    })) as Event
  } finally {
    delete req.context[DEFER]
  }
  await req.payload.db.updateMany({
    collection,
    where: {
      and: [
        { series: { equals: series.id } },
        { occurrence: { greater_than_equal: date.occurrence } },
      ],
    },
    data: { series: second.id, detached: false },
    req,
    returning: false,
  })
  await generateOccurrences(req, options, second.id)
  await endRulesBefore(req, collection, series.id, rules, date)
  const after = new Map([
    ...(await snapshotSeries(req, options, series.id)),
    ...(await snapshotSeries(req, options, second.id)),
  ])
  await writeChanges(req, options, seriesEntries(before, after))
  return second.id
}

/**
 * "All": `data` changes the series, and a new start or end given for this date moves every date
 * by as much (a date at 19:00 moved to 20:00 moves them all to 20:00). The date follows the series
 * again if it was changed on its own.
 */
export async function changeWholeSeries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  date: SeriesDate,
  data: Data,
): Promise<void> {
  const collection = options.slugs.events as 'events'
  const series = await seriesOfDate(req, options, date)
  const change: Data = { ...data }
  if (data.startDate || data.endDate) {
    const original = datesOf(series, date, {})
    const { start, end } = datesOf(series, date, data)
    const shift = start.getTime() - original.start.getTime()
    const seriesStart = new Date(new Date(series.startDate).getTime() + shift)
    change.startDate = seriesStart.toISOString()
    change.endDate = new Date(
      seriesStart.getTime() + (end.getTime() - start.getTime()),
    ).toISOString()
  }
  delete change.recurrence
  await req.payload.db.updateOne({
    collection,
    id: date.id,
    data: { detached: false, copiedFrom: null },
    req,
    returning: false,
  })
  await req.payload.update({
    collection,
    id: series.id,
    req,
    overrideAccess: false,
    data: change,
  })
}

/**
 * Deleting "this and the following ones": the series ends before this date, whose following dates
 * go.
 */
export async function endSeriesBefore(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  date: SeriesDate,
): Promise<void> {
  const series = await seriesOfDate(req, options, date)
  await endRulesBefore(req, options.slugs.events as 'events', series.id, seriesOf(series), date)
}

/** What is not the date's own content: bookkeeping, and what always follows the series. */
const NOT_CONTENT = new Set<string>([...NOT_COPIED, ...ALWAYS_PASSED, 'applyTo'])
const plain = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(plain)
    : value && typeof value === 'object' && 'id' in value
      ? relatedId(value)
      : value

/**
 * The content and dates an admin save changed on a date (in the request's language), as data for
 * its series.
 */
export function changedContent(before: Event, after: Event): Data {
  const stored: Data = { ...before }
  const changes: Data = {}
  for (const [key, value] of Object.entries(after)) {
    if (NOT_CONTENT.has(key) && key !== 'startDate' && key !== 'endDate') continue
    if (JSON.stringify(plain(value)) !== JSON.stringify(plain(stored[key])))
      changes[key] = plain(value)
  }
  return changes
}
