import { FEEDS_NAMESPACE } from '../../core/defaults.js'
import ical, { ICalCalendarMethod, ICalEvent } from 'ical-generator'
import { foldLines } from './fold.js'
import type { Where } from 'payload'
import type { Context } from '../context.js'
import { archiveFilters, archiveParams, type ArchiveArgs } from '../events/archive.js'
import {
  readableEvent,
  SINGLE_READ_ERRORS,
  singleReadParams,
  type EventAddress,
} from '../events/single.js'
import type { Params } from '../params.js'
import { eventRecord } from '../records/event.js'
import { loadRelated } from '../records/load.js'
import { noRelated, type Related } from '../records/related.js'
import type { Doc } from '../records/common.js'
import type { Operation } from '../operation.js'
import type { Reply } from '../reply.js'
import { statusWhere } from '../status.js'
import { etagOfBody } from '../cache/http.js'
import { calendarState, feedValidator, v1Context } from '../cache/feedState.js'
import { veventData, type SeriesPart } from './vevent.js'
import { seriesIdOf } from '../events/series.js'
import { zoneBlock } from './zones.js'
import { batchesInOrder, STREAM_BATCH, textStream } from '../keyset.js'
import { mapInSlices, yieldToLoop } from '../../core/lib/yieldToLoop.js'

/** Where the feeds are mounted under the API root: `/api/cal/ical/events.ics`. */
export const ICAL_NAMESPACE = FEEDS_NAMESPACE

const CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** The archive's filters, less its paging: a feed holds every event of its window. */
const feedParams: Params = Object.fromEntries(
  Object.entries(archiveParams).filter(([name]) => name !== 'page' && name !== 'per_page'),
)

const hostOf = (context: Context) => new URL(context.siteUrl).host

/** BEGIN:VCALENDAR and its properties. */
function calendarHead(context: Context, name: string): string {
  const calendar = ical({
    prodId: {
      company: hostOf(context),
      product: 'Payload Events Calendar',
      language: context.lang.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
    name,
    x: { 'X-WR-TIMEZONE': context.options.siteTimezone },
  })
  const text = calendar.toString()
  return text.slice(0, text.lastIndexOf('END:VCALENDAR'))
}

const CALENDAR_END = 'END:VCALENDAR\r\n'

/**
 * The VTIMEZONEs of the zones that `docs` use and the feed has not declared yet. A streamed feed
 * declares each zone just before the first VEVENT that uses it (RFC 5545 puts a calendar's
 * components in any order): finding every zone of a window first took one statement over all its
 * rows, which held the event loop 0.8 s at 100,000 events on SQLite (issue #47).
 */
function undeclaredZones(docs: Doc[], declared: Set<string>): string {
  let text = ''
  for (const doc of docs) {
    const block = zoneBlock(doc.timezone as string | null | undefined)
    if (!block || declared.has(block.tzid)) continue
    declared.add(block.tzid)
    text += block.vtimezone
  }
  return text
}

/**
 * VEVENTs of events with their related records (loaded here unless the caller has them), folded at
 * 75 octets.
 */
async function vevents(
  context: Context,
  docs: Doc[],
  password: unknown,
  loaded?: Related,
  parts?: Map<Doc, SeriesPart>,
): Promise<string> {
  const related = loaded ?? (await loadRelated(context, docs, password))
  const host = hostOf(context)
  // Other requests get a turn every few milliseconds: a VEVENT costs about a quarter of one.
  const vevents = await mapInSlices(docs, (doc) =>
    foldLines(
      new ICalEvent(
        veventData(
          doc,
          eventRecord(doc, context, related, { givenPassword: password }),
          host,
          parts?.get(doc),
        ),
        ical(),
      ).toString(),
    ),
  )
  return vevents.join('')
}

/**
 * The VEVENTs of a batch of dated events in which dates of recurring series stand for their series:
 * the series once per feed (`seen`), with its RRULE, RDATE and EXDATE, and each date changed on its
 * own as an exception (RECURRENCE-ID). Dates of a series the caller cannot read stay plain events.
 * One more query per batch, for the series it brings. Venues, organizers, terms and images that
 * earlier batches read (`known`) are not read again; zones that earlier batches declared
 * (`declared`) are not declared again.
 */
async function batchVevents(
  context: Context,
  docs: Doc[],
  password: unknown,
  { seen, known, declared }: { seen: Set<number>; known: Related; declared: Set<string> },
): Promise<string> {
  const wanted = [
    ...new Set(docs.map(seriesIdOf).filter((id): id is number => id !== null && !seen.has(id))),
  ]
  const masters = wanted.length
    ? await context.data.all('events', { where: { id: { in: wanted } } })
    : []
  const byId = new Map<number, Doc>(masters.map((master) => [master.id, master]))
  const out: Doc[] = []
  const parts = new Map<Doc, SeriesPart>()
  for (const doc of docs) {
    const seriesId = seriesIdOf(doc)
    const master = seriesId !== null ? byId.get(seriesId) : undefined
    if (seriesId === null || (!master && !seen.has(seriesId))) {
      out.push(doc)
      continue
    }
    if (master && !seen.has(seriesId)) {
      seen.add(seriesId)
      out.push(master)
      parts.set(master, { master: true })
    }
    if (doc.detached) {
      out.push(doc)
      parts.set(doc, { seriesId, occurrence: doc.occurrence })
    }
  }
  if (!out.length) return ''
  const related = await loadRelated(context, out, password, known)
  return undeclaredZones(out, declared) + (await vevents(context, out, password, related, parts))
}

function calendarHeaders(filename: string): Record<string, string> {
  return {
    'content-type': CONTENT_TYPE,
    'content-disposition': `attachment; filename="${filename}"`,
  }
}

/**
 * The feed, streamed: the head, then the events in batches in the archive's order (start, then
 * id), each batch (with the zones it declares first) read after the last one was taken by the
 * connection, then the end. A client whose feed is cut sees no END:VCALENDAR, which calendar apps
 * refuse.
 */
function feedStream(
  context: Context,
  query: { where: Where[]; trash: boolean },
  password: unknown,
): ReadableStream<Uint8Array> {
  // Series, zones, and venues, organizers, terms and images that earlier batches wrote or read.
  const written = { seen: new Set<number>(), declared: new Set<string>(), known: noRelated() }
  const batches = batchesInOrder(context, 'events', { ...query, column: 'startDateLocal' })
  async function* parts() {
    for await (const events of batches) yield await batchVevents(context, events, password, written)
  }
  return textStream(context, {
    head: calendarHead(context, `${hostOf(context)} events`),
    parts: parts(),
    end: CALENDAR_END,
    failure: 'calendar feed failed while streaming',
  })
}

/**
 * The events of the archive's query (same filters, meanings, errors and default window) as one
 * calendar.
 */
async function feed(given: Context, args: ArchiveArgs): Promise<Reply> {
  const context = v1Context(given)
  const { where, statuses } = await archiveFilters(context, args)
  // What the caller asked for, before the status condition (which holds the current instant).
  const query = JSON.stringify({ where, statuses, args })
  if (statuses) where.push(statusWhere(statuses, context.now))
  const trash = statuses?.includes('trash') ?? false
  const validator = await feedValidator(context, query)
  return {
    status: 200,
    body: null,
    raw: feedStream(context, { where, trash }, args.password),
    headers: calendarHeaders('events.ics'),
    validator,
  }
}

export const eventsFeed: Operation = {
  summary: 'The events as an iCalendar feed',
  params: feedParams,
  responses: { 200: 'Calendar' },
  handle: feed,
}

/**
 * The dates of a series changed on their own, in the collection's order, read a batch at a time
 * (their ids first, in one light query) with a turn of the event loop between batches: a series
 * may have hundreds.
 */
async function changedDates(context: Context, seriesId: number): Promise<Doc[]> {
  const where: Where = {
    and: [{ series: { equals: seriesId } }, { detached: { equals: true } }],
  }
  const ids = (await context.data.all('events', { where, select: { id: true } })).map(
    (date) => date.id,
  )
  const dates: Doc[] = []
  for (let from = 0; from < ids.length; from += STREAM_BATCH) {
    await yieldToLoop()
    const batch = ids.slice(from, from + STREAM_BATCH)
    const docs = await context.data.all('events', { where: { id: { in: batch } } })
    const byId = new Map<number, Doc>(docs.map((date) => [date.id, date]))
    for (const id of batch) {
      const date = byId.get(id)
      if (date) dates.push(date)
    }
  }
  return dates
}

/**
 * One event as a calendar, after the checks of a v1 single read (403 for a protected event without
 * its password).
 */
export function eventCalendar(address: EventAddress): Operation {
  return {
    summary: `One event by ${address} as iCalendar`,
    params: singleReadParams(address),
    responses: { 200: 'Calendar', ...SINGLE_READ_ERRORS },
    handle: async (given, args) => {
      const context = v1Context(given)
      const { doc, related } = await readableEvent(context, address, args)
      // A series comes with its rules and the dates changed on their own.
      const changed = doc.isSeries ? await changedDates(context, doc.id) : []
      const parts = new Map<Doc, SeriesPart>([
        [doc, { master: true }],
        ...changed.map((date): [Doc, SeriesPart] => [
          date,
          { seriesId: doc.id, occurrence: date.occurrence as string },
        ]),
      ])
      const events = doc.isSeries
        ? (await vevents(context, [doc], args.password, related, parts)) +
          (changed.length ? await vevents(context, changed, args.password, undefined, parts) : '')
        : await vevents(context, [doc], args.password, related)
      const body =
        calendarHead(context, String(doc.title ?? '').trim()) +
        undeclaredZones([doc], new Set()) +
        events +
        CALENDAR_END
      const { lastModified } = await calendarState(context)
      const headers = calendarHeaders(`${doc.slug || `event-${doc.id}`}.ics`)
      return {
        status: 200,
        body: null,
        raw: body,
        headers,
        validator: { etag: etagOfBody(body, headers), lastModified },
      }
    },
  }
}
