import { createHash } from 'node:crypto'
import type { PayloadRequest } from 'payload'
import { floating, occurrences, type Occurrence, type Series } from '../../core/lib/recurrence.js'
import { wallClock } from '../../core/lib/time.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { claimIds } from '../hooks/integerIds.js'
import { takenSlugs } from '../hooks/uniqueSlug.js'
import { removeTicketsOf } from '../tickets/cascade.js'
import { eventTermIds, recountTerms, termCountsOf } from '../hooks/termCounts.js'
import { calendarStore, type SeriesCopies } from '../../core/database/index.js'
import { ALWAYS_PASSED, NOT_COPIED } from './fields.js'
import type { Event } from '../../core/documents.js'

/**
 * The dates of a series as events of their own ("occurrences"): generated from the series' rules up
 * to the horizon, in the transaction of the write that changed the series. They are written through
 * the database adapter, not the Local API: a daily series is 731 rows, and the series write has
 * already run every hook and check on what they copy. On SQL databases they are copies of the
 * series' rows made in bulk (the store's `insertCopies`, core/database/sqlSeriesCopies.ts);
 * elsewhere (MongoDB) `payload.db` writes them one by one. Ids
 * stay stable: a date keeps its row (matched by its generated start, `occurrence`) across edits of
 * the series.
 */

/** A date of a series: an event with its series and its generated start (`occurrence`). */
export type SeriesDate = Event & { series: NonNullable<Event['series']>; occurrence: string }

export const isSeriesDate = (doc: Pick<Event, 'id' | 'series' | 'occurrence'>): doc is SeriesDate =>
  Boolean(doc.series) && typeof doc.occurrence === 'string'

/** The texts of a stored list of the `recurrence` group (a json field): rules, dates. */
export const storedTexts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** The series' rules as `core/lib/recurrence.ts` reads them, from its stored document. */
export function seriesOf(doc: Event): Series {
  const zone = doc.timezone || 'UTC'
  const start = doc.startDateLocal || wallClock(doc.startDate, zone)
  const end = doc.endDateLocal || wallClock(doc.endDate, zone)
  const recurrence = doc.recurrence ?? {}
  return {
    start,
    zone,
    durationMs: Math.max(0, floating(end).getTime() - floating(start).getTime()),
    rules: storedTexts(recurrence.rules),
    rdates: storedTexts(recurrence.rdates),
    exdates: storedTexts(recurrence.exdates),
  }
}

/** A series is an event with rules or added dates. */
export const isSeriesDoc = (doc: Event | null | undefined): boolean =>
  Boolean(
    doc &&
    !doc.series &&
    (storedTexts(doc.recurrence?.rules).length > 0 ||
      storedTexts(doc.recurrence?.rdates).length > 0),
  )

/** Where the dates of a series end for now: `horizonDays` from `from`. */
export const horizonFrom = (
  from: Date,
  options: Pick<ResolvedCalendarOptions, 'recurrenceHorizonDays'>,
) => new Date(from.getTime() + options.recurrenceHorizonDays * 86_400_000)

const digest = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url')

/**
 * The slug of a date: the series' slug and the day (and time, when the series has two dates that
 * day).
 */
function slugOf(seriesSlug: string, occurrence: Occurrence, sameDay: boolean) {
  const [day, time] = occurrence.local.split(' ')
  return `${seriesSlug}-${day}${sameDay ? `-${time.slice(0, 5).replace(':', '')}` : ''}`
}

type Stored = {
  id: number | string
  occurrence: string
  detached: boolean
  copiedFrom: string | null
  startDate: string
  endDate: string
  slug: string
  deletedAt?: string | null
}

/**
 * What a date keeps to itself (NOT_COPIED), by the key of its table's column: the `recurrence`
 * group is its `recurrence_…` columns.
 */
const isDatesOwn = (column: string) => NOT_COPIED.has(column) || column.startsWith('recurrence_')

const CHUNK = 500

/**
 * Brings the dates of series `id` in line with it: creates the missing ones, rewrites those whose
 * copy or dates are out of date, passes publication and trash on to all, and deletes the dates the
 * rules no longer give (a date changed on its own and then dropped by the rules goes too; a date in
 * the trash stays there).
 * A document that is no series any more loses all its dates.
 */
export async function generateOccurrences(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  id: number | string,
  now = new Date(),
): Promise<void> {
  const { payload } = req
  const collection = options.slugs.events
  const series = (await payload.db.findOne({
    collection,
    where: { id: { equals: id } },
    locale: 'all',
    req,
  } as Parameters<typeof payload.db.findOne>[0])) as Event | null
  const stored = (
    await payload.db.find({
      collection,
      where: { series: { equals: id } },
      pagination: false,
      // By occurrence, which the (series, occurrence) index keeps: without it the collection's
      // order (the start) made SQLite walk the start dates' index past every event (the series
      // column is empty for most, so its statistics say it tells little apart).
      sort: 'occurrence',
      limit: 0,
      select: {
        occurrence: true,
        detached: true,
        copiedFrom: true,
        startDate: true,
        endDate: true,
        slug: true,
        deletedAt: true,
      },
      req,
    })
  ).docs as Stored[]
  if (!series || !isSeriesDoc(series)) {
    await removeDates(
      req,
      options,
      stored.map((row) => row.id),
    )
    return
  }

  // Two years (by default) past today, or past the series' start when it starts later.
  const horizon = horizonFrom(
    new Date(Math.max(now.getTime(), new Date(series.startDate).getTime())),
    options,
  )
  const wanted = occurrences(seriesOf(series), new Date(series.startDate), horizon)
  const content: Record<string, unknown> = Object.fromEntries(
    Object.entries(series).filter(([key]) => !NOT_COPIED.has(key)),
  )
  const copiedFrom = digest(content)
  const passed = Object.fromEntries(ALWAYS_PASSED.map((key) => [key, series[key] ?? null]))
  const byKey = new Map(stored.map((row) => [row.occurrence, row]))
  const wantedKeys = new Set(wanted.map((occurrence) => occurrence.local))
  const perDay = new Map<string, number>()
  for (const occurrence of wanted)
    perDay.set(occurrence.local.slice(0, 10), (perDay.get(occurrence.local.slice(0, 10)) ?? 0) + 1)

  const dates = (occurrence: Occurrence) => ({
    startDate: occurrence.start.toISOString(),
    endDate: occurrence.end.toISOString(),
    startDateLocal: occurrence.local,
    endDateLocal: occurrence.localEnd,
  })

  // A date the rules no longer give keeps its row for a new date on the same day (a change of the
  // series' time keeps every date's id); the rows left over are deleted below.
  const leftOver = new Map<string, Stored[]>()
  for (const row of stored) {
    if (wantedKeys.has(row.occurrence) || row.detached || row.deletedAt) continue
    const day = row.occurrence.slice(0, 10)
    leftOver.set(day, [...(leftOver.get(day) ?? []), row])
  }
  const rowOf = new Map<string, Stored>()
  const missing: Occurrence[] = []
  for (const occurrence of wanted) {
    const row = byKey.get(occurrence.local) ?? leftOver.get(occurrence.local.slice(0, 10))?.shift()
    if (row) rowOf.set(occurrence.local, row)
    else missing.push(occurrence)
  }

  const slugs = await freeSlugs(
    req,
    collection,
    missing.map((occurrence) =>
      slugOf(
        series.slug ?? String(series.id),
        occurrence,
        (perDay.get(occurrence.local.slice(0, 10)) ?? 0) > 1,
      ),
    ),
  )
  let nextId =
    options.integerIds && missing.length
      ? await claimIds(req, options.sequencesSlug, collection, missing.length)
      : null
  const created = missing.map((occurrence, index) => ({
    ...(nextId !== null ? { id: nextId++ } : {}),
    ...dates(occurrence),
    slug: slugs[index],
    series: series.id,
    occurrence: occurrence.local,
    detached: false,
    copiedFrom,
    isSeries: false,
    sequence: 0,
  }))
  const store = calendarStore(payload)
  const copies: SeriesCopies = { slug: collection, seriesId: series.id, isOwn: isDatesOwn }
  if (!(await store.insertCopies(req, copies, created))) {
    for (const data of created)
      await payload.db.create({ collection, data: { ...content, ...data }, req, returning: false })
  }

  const rewritten: (number | string)[] = []
  const moved = new Map<number | string, Record<string, unknown>>()
  for (const occurrence of wanted) {
    const row = rowOf.get(occurrence.local)
    if (!row) continue
    if (row.detached) {
      await payload.db.updateOne({ collection, id: row.id, data: passed, req, returning: false })
      continue
    }
    const hasMoved =
      row.occurrence !== occurrence.local ||
      new Date(row.startDate).getTime() !== occurrence.start.getTime() ||
      new Date(row.endDate).getTime() !== occurrence.end.getTime()
    if (row.copiedFrom === copiedFrom && !hasMoved) continue
    rewritten.push(row.id)
    if (hasMoved) moved.set(row.id, { ...dates(occurrence), occurrence: occurrence.local })
  }
  if (!(await store.rewriteCopies(req, copies, rewritten, { copiedFrom }, moved))) {
    const storedById = new Map(stored.map((row) => [row.id, row]))
    for (const id of rewritten)
      await payload.db.updateOne({
        collection,
        id,
        // The date's own dates go too: with localized fields, Payload's SQL adapters write the row
        // by an INSERT … ON CONFLICT, which needs every NOT NULL column.
        data: { ...content, ...ownDates(storedById.get(id)), ...moved.get(id), copiedFrom },
        req,
        returning: false,
      })
  }
  const kept = new Set([...rowOf.values()].map((row) => row.id))
  await removeDates(
    req,
    options,
    // A cancelled date stays in the trash, where it can be restored.
    stored.filter((row) => !kept.has(row.id) && !row.deletedAt).map((row) => row.id),
  )
  await payload.db.updateOne({
    collection,
    id: series.id,
    data: { recurrence: { ...series.recurrence, horizon: horizon.toISOString() }, isSeries: true },
    req,
    returning: false,
  })
  await recountDatesTerms(req, options, series, stored)
}

/**
 * The dates are written below the Local API, so no event hook moves their terms' counts: the
 * series' terms, and those of its dates changed on their own (which the series' status and trash
 * reach too), are counted again.
 */
async function recountDatesTerms(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  series: Event,
  stored: Stored[],
) {
  const detached = stored.filter((row) => row.detached).map((row) => row.id)
  const ownTerms = detached.length
    ? ((
        await req.payload.db.find({
          collection: options.slugs.events,
          where: { id: { in: detached } },
          select: { categories: true, tags: true },
          pagination: false,
          limit: 0,
          req,
        })
      ).docs as Record<string, unknown>[])
    : []
  for (const counted of termCountsOf(options))
    await recountTerms(
      req,
      options.slugs.events,
      counted,
      [series, ...ownTerms].flatMap((event) => eventTermIds(event, counted)),
    )
}

const ownDates = (row: Stored | undefined) =>
  row ? { startDate: row.startDate, endDate: row.endDate } : {}

/** Dates of a series deleted for good, their RSVP tickets (and so attendees) first. */
export async function removeDates(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  ids: (number | string)[],
) {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK)
    await removeTicketsOf(req, options, chunk)
    await req.payload.db.deleteMany({
      collection: options.slugs.events,
      where: { id: { in: chunk } },
      req,
    })
  }
}

/** Those of `slugs` that events of the calendar already have. */
async function takenAmong(
  req: PayloadRequest,
  collection: string,
  slugs: string[],
): Promise<Set<string>> {
  const taken = new Set<string>()
  for (let start = 0; start < slugs.length; start += CHUNK)
    for (const slug of await takenSlugs(req, collection, slugs.slice(start, start + CHUNK)))
      taken.add(slug)
  return taken
}

/**
 * The wanted slugs, each made unique against the calendar's events and the others wanted
 * (`-2`, `-3`, … as the slug hook does). A suffixed slug can be taken too, so each round asks the
 * database about the candidates of the slugs still unplaced (one round, and one more for each
 * suffix already taken).
 */
async function freeSlugs(
  req: PayloadRequest,
  collection: string,
  wanted: string[],
): Promise<string[]> {
  const chosen: string[] = new Array(wanted.length)
  const placed = new Set<string>()
  let candidates = wanted.map((slug, index) => ({ index, slug, suffix: 1 }))
  while (candidates.length) {
    const taken = await takenAmong(
      req,
      collection,
      candidates.map((candidate) => candidate.slug),
    )
    const unplaced: typeof candidates = []
    for (const candidate of candidates) {
      if (taken.has(candidate.slug) || placed.has(candidate.slug)) {
        const suffix = candidate.suffix + 1
        unplaced.push({
          index: candidate.index,
          slug: `${wanted[candidate.index]}-${suffix}`,
          suffix,
        })
      } else {
        placed.add(candidate.slug)
        chosen[candidate.index] = candidate.slug
      }
    }
    candidates = unplaced
  }
  return chosen
}
