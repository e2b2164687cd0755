import type { PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { relatedId } from '../relations.js'
import { type ChangedRecord, entryOf, type NewEntry, VISIBILITY_FIELDS } from './logEntries.js'

/** The dates of a series as they are stored: id → what a change of them would show. */
type SeriesSnapshot = Map<number, { doc: ChangedRecord; signature: string }>

const SERIES_FIELDS = {
  ...VISIBILITY_FIELDS,
  startDate: true,
  endDate: true,
  occurrence: true,
  copiedFrom: true,
  detached: true,
  series: true,
  // Dates rewritten from their series (collections/series/generate.ts) get a new one: their
  // content.
  updatedAt: true,
} as const

/** The dates of series `id` now, in the transaction of `req`. */
export async function snapshotSeries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  id: number | string,
): Promise<SeriesSnapshot> {
  const { docs } = await req.payload.db.find({
    collection: options.slugs.events,
    where: { series: { equals: id } },
    pagination: false,
    // Read by occurrence, as generateOccurrences reads them (collections/series/generate.ts);
    // their entries come in the order of their start.
    sort: 'occurrence',
    limit: 0,
    select: SERIES_FIELDS,
    req,
  })
  const start = (doc: ChangedRecord) => String((doc as { startDate?: string }).startDate)
  const byStart = (docs as ChangedRecord[]).sort(
    (a, b) => start(a).localeCompare(start(b)) || Number(a.id) - Number(b.id),
  )
  return new Map(byStart.map((doc) => [Number(doc.id), { doc, signature: JSON.stringify(doc) }]))
}

/** Entries for the dates a series gained, changed or lost between two snapshots. */
export function seriesEntries(before: SeriesSnapshot, after: SeriesSnapshot): NewEntry[] {
  const now = new Date()
  const entries: NewEntry[] = []
  for (const [id, { doc, signature }] of after) {
    const old = before.get(id)
    if (old?.signature !== signature)
      entries.push(entryOf('events', 'series', id, old?.doc, doc, now))
  }
  for (const [id, { doc }] of before)
    if (!after.has(id)) entries.push(entryOf('events', 'delete', id, doc, undefined, now))
  return entries
}

const SNAPSHOT_KEY = (id: unknown) => `calendarChangeLogSeries:${String(id)}`

/** The series whose dates a write of this event may change: its own, or the one it is a date of. */
const seriesOfEvent = (doc: ChangedRecord | undefined): unknown =>
  doc?.isSeries ? doc.id : doc?.series ? relatedId(doc.series) : undefined

/**
 * Before an event's update or delete (first of its hooks): the dates of the series it belongs to
 * or is, so that the change log can name those that the write adds, changes or removes.
 */
export async function rememberSeries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  doc: ChangedRecord | undefined,
): Promise<void> {
  const series = seriesOfEvent(doc)
  if (series === undefined || series === null) return
  req.context[SNAPSHOT_KEY(series)] = await snapshotSeries(req, options, series as number)
}

/** After an event's write: entries for the dates of its series that changed. */
export async function seriesChanges(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  docs: (ChangedRecord | undefined)[],
): Promise<NewEntry[]> {
  const entries: NewEntry[] = []
  const seen = new Set<string>()
  for (const doc of docs) {
    const series = seriesOfEvent(doc)
    if (series === undefined || series === null || seen.has(String(series))) continue
    seen.add(String(series))
    const before = (req.context[SNAPSHOT_KEY(series)] as SeriesSnapshot | undefined) ?? new Map()
    delete req.context[SNAPSHOT_KEY(series)]
    entries.push(...seriesEntries(before, await snapshotSeries(req, options, series as number)))
  }
  return entries
}
