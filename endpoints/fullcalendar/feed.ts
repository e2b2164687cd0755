import type { Where } from 'payload'
import { WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import type { Context } from '../context.js'
import { invalidParams } from '../errors.js'
import { archiveFilters, archiveParams, type ArchiveArgs } from '../events/archive.js'
import { v1Context } from '../cache/feedState.js'
import type { Params } from '../params.js'
import { eventRecord, eventRecords } from '../records/event.js'
import { formsApply } from '../forms/forms.js'
import { keptBatches } from '../forms/keptBatches.js'
import type { EventRecord } from '../schemas/records.js'
import type { FullCalendarEventRecord } from '../schemas/fullcalendar.js'
import { loadRelated } from '../forms/load.js'
import { noRelated } from '../related.js'
import { batchesInOrder } from '../keyset.js'
import { mapInSlices, yieldToLoop } from '../../core/lib/yieldToLoop.js'
import { operation } from '../routing/operation.js'
import { bodyTag } from '../cache/http.js'
import { statusWhere } from '../status.js'
import { fullCalendarEvent } from './events.js'
import { askedZone, rangeBound, type AskedZone } from './zone.js'

/** The largest answer sent as one chunk (with its length) rather than a chunk per batch. */
const ONE_CHUNK_BYTES = 1 << 20

/** The longest range one request may ask for: a year view and its edges. */
export const MAX_RANGE_DAYS = 400

const FILTERS = [
  'categories',
  'tags',
  'venue',
  'organizer',
  'search',
  'featured',
  'status',
  'event_status',
  'attendance_mode',
] as const

const boundParam = (description: string) => ({
  kind: 'string' as const,
  required: true as const,
  description: `${description}: ISO 8601 (a date, or a date and time); with an offset it is an instant, without one a time in the asked zone.`,
})

const feedParams = {
  start: boundParam('Start of the range (inclusive)'),
  end: boundParam('End of the range (exclusive)'),
  timeZone: {
    kind: 'string' as const,
    description:
      "The zone FullCalendar shows: absent or 'local' for the site's zone (times with their offset), 'UTC' (times in UTC), or an IANA zone such as Europe/Paris (times in it, without offset).",
  },
  ...Object.fromEntries(FILTERS.map((name) => [name, archiveParams[name]])),
} satisfies Params

type FeedArgs = {
  start: string
  end: string
  timeZone?: string
} & Partial<Pick<ArchiveArgs, (typeof FILTERS)[number]>>

/** The archive's arguments: the feed's filters given, the others (paging, dates, places) absent. */
function archiveArgs(args: FeedArgs): ArchiveArgs {
  const absent = Object.fromEntries(Object.keys(archiveParams).map((name) => [name, undefined]))
  const given = Object.fromEntries(FILTERS.map((name) => [name, args[name]]))
  return { ...absent, ...given, page: 1, strict_dates: false } as ArchiveArgs
}

/** The asked range as instants, or the reasons it is not one. */
function askedRange(args: FeedArgs, asked: AskedZone) {
  const start = rangeBound(args.start, asked)
  const end = rangeBound(args.end, asked)
  const reasons: Record<string, string> = {}
  if (!start) reasons.start = `start: not an ISO 8601 date: ${args.start}.`
  if (!end) reasons.end = `end: not an ISO 8601 date: ${args.end}.`
  if (start && end && end <= start) reasons.end = 'end must be after start.'
  if (start && end && end.diff(start, 'days').days > MAX_RANGE_DAYS)
    reasons.end = `The range may span at most ${MAX_RANGE_DAYS} days.`
  if (Object.keys(reasons).length) throw invalidParams(reasons)
  return { start: start!, end: end! }
}

/**
 * Events that overlap the range: timed ones by their instants, all-day ones by their days (their
 * wall-clock dates in their zone against the range's in the asked zone, as FullCalendar places them
 * on days). An event of no length counts at its start.
 *
 * Both kinds start before the range ends, an all-day one by its wall clock in its own zone, which
 * is at most a day and a half of offsets from the asked zone's: the bound on `startDate` in front
 * says so to the index the batches walk (endpoints/keyset.ts), which otherwise read every event
 * after the range, to the calendar's last (180-340 ms in one statement at 100,000 events).
 */
function overlapWhere(range: ReturnType<typeof askedRange>): Where {
  const from = range.start.toUTC().toISO()
  const to = range.end.toUTC().toISO()
  const startsBy = range.end.toUTC().plus({ days: 2 }).toISO()
  return {
    and: [
      { startDate: { less_than: startsBy } },
      {
        or: [
          {
            and: [
              { allDay: { equals: true } },
              { startDateLocal: { less_than: range.end.toFormat(WALL_CLOCK_FORMAT) } },
              { endDateLocal: { greater_than: range.start.toFormat(WALL_CLOCK_FORMAT) } },
            ],
          },
          {
            and: [
              { allDay: { not_equals: true } },
              { startDate: { less_than: to } },
              { or: [{ endDate: { greater_than: from } }, { startDate: { equals: from } }] },
            ],
          },
        ],
      },
    ],
  }
}

/**
 * The feed's events read from their stored documents a batch at a time, in order of their start
 * (`batchesInOrder`); venues, organizers, terms and images read by earlier batches are not read
 * again. For callers who see more than anyone does.
 */
async function* builtFeedEvents(
  context: Context,
  query: { where: Where[]; trash: boolean },
  asked: AskedZone,
): AsyncGenerator<FullCalendarEventRecord[]> {
  const known = noRelated()
  for await (const docs of batchesInOrder(context, 'events', { ...query, column: 'startDate' })) {
    const related = await loadRelated(context, docs, undefined, known)
    await yieldToLoop()
    yield await mapInSlices(docs, (doc) =>
      fullCalendarEvent(eventRecord(doc, context, related), doc, asked, context.lang),
    )
  }
}

/**
 * The feed's events as anyone sees them, made of their kept archive forms (the v1 records,
 * forms/forms.ts) and the three stored columns a FullCalendar event reads beside its record
 * (`keptBatches`); records whose form is missing are built and kept.
 */
async function* keptFeedEvents(
  context: Context,
  where: Where[],
  asked: AskedZone,
): AsyncGenerator<FullCalendarEventRecord[]> {
  const batches = keptBatches<EventRecord>(context, {
    where,
    column: 'startDate',
    variant: 'list',
    select: { endDate: true, allDay: true },
    build: (missing, marked) => eventRecords(marked, missing),
  })
  for await (const { docs, forms } of batches)
    yield await mapInSlices(docs, (doc) =>
      fullCalendarEvent(forms.get(doc.id)!, doc, asked, context.lang),
    )
}

/**
 * `GET /api/cal/fullcalendar/events`: the events of a range as FullCalendar's events JSON feed
 * reads them. The archive's filters, rights and statuses (endpoints/events/archive.ts) with the
 * range instead of its date window; dates of recurring series as events of their own. The router's
 * read layer gives it the ETag, 304s, Cache-Control and the response cache of every read.
 */
export const fullCalendarFeed = operation({
  summary: 'The events of a range as a FullCalendar events JSON feed',
  params: feedParams,
  responses: { 200: 'FullCalendarEvents' },
  handle: async (given: Context, args: FeedArgs) => {
    const asked = askedZone(args.timeZone, given.options.siteTimezone)
    if (!asked) throw invalidParams({ timeZone: `timeZone: unknown zone ${args.timeZone}.` })
    const range = askedRange(args, asked)
    const context = v1Context(given)
    const { where, statuses, window } = await archiveFilters(context, archiveArgs(args))
    // The range stands for the archive's date window, whose bounds are wall clocks in each
    // event's zone.
    const conditions = where.filter((condition) => !window.where.includes(condition))
    if (statuses) conditions.push(statusWhere(statuses, context.now))
    const overlapping = [...conditions, overlapWhere(range)]
    const trash = statuses?.includes('trash') ?? false
    // Read and built a batch at a time, the loop given a turn between batches: a year's range of
    // a large calendar holds tens of thousands of events, whose reading and records would hold
    // every other request (issue #47). The JSON text is the batches' own, joined as
    // `JSON.stringify` of the whole list writes it.
    const encoder = new TextEncoder()
    const chunks: Uint8Array[] = []
    const tag = bodyTag()
    const add = (text: string) => {
      tag.add(text)
      chunks.push(encoder.encode(text))
    }
    add('[')
    const query = { where: overlapping, trash }
    const batches =
      formsApply(context, undefined) && !trash
        ? keptFeedEvents(context, query.where, asked)
        : builtFeedEvents(context, query, asked)
    for await (const events of batches) {
      const part = JSON.stringify(events).slice(1, -1)
      add(chunks.length > 1 ? `,${part}` : part)
    }
    add(']')
    // The bytes and the tag the reads' layer would make of `body` as JSON (an ETag of its bytes),
    // sent as the batches' own chunks: one text of tens of megabytes, joined and encoded at once,
    // would hold the loop again. An answer of a few batches (a month's view) is one chunk, which
    // goes out with its length.
    const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)
    if (size <= ONE_CHUNK_BYTES) chunks.splice(0, chunks.length, Buffer.concat(chunks))
    let sent = 0
    return {
      status: 200,
      body: null,
      raw: new ReadableStream<Uint8Array>(
        {
          pull: (controller) => {
            if (sent < chunks.length) controller.enqueue(chunks[sent++])
            else controller.close()
          },
        },
        { highWaterMark: 0 },
      ),
      validator: { etag: tag.etag() },
    }
  },
})
