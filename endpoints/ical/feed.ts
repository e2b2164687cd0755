import { FEEDS_NAMESPACE } from '../../core/defaults.js'
import ical, { ICalCalendarMethod } from 'ical-generator'
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
import { eventRecord, eventRecords } from '../records/event.js'
import { addressed, formsApply, formsOf } from '../forms/forms.js'
import { keptBatches } from '../forms/keptBatches.js'
import type { EventRecord } from '../schemas/records.js'
import { loadRelated } from '../forms/load.js'
import { noRelated, type Related } from '../related.js'
import type { Doc } from '../parts/common.js'
import type { Operation } from '../routing/operation.js'
import type { Reply } from '../reply.js'
import { statusWhere } from '../status.js'
import { etagOfBody } from '../cache/http.js'
import { calendarState, feedValidator, v1Context } from '../cache/feedState.js'
import type { SeriesPart } from '../records/vevent.js'
import { KEPT_HOST, veventForms, veventText } from '../records/veventForms.js'
import { seriesIdOf } from '../events/series.js'
import { zoneBlock } from '../records/zones.js'
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
 * The VTIMEZONE of the zone `doc` uses when the calendar has not declared it yet. A streamed feed
 * declares each zone just before the first VEVENT that uses it (RFC 5545 puts a calendar's
 * components in any order), so that the text is the same however it is read in batches: finding
 * every zone of a window first took one statement over all its rows, which held the event loop
 * 0.8 s at 100,000 events on SQLite (issue #47).
 */
function undeclaredZone(doc: Doc, declared: Set<string>): string {
  const block = zoneBlock(doc.timezone as string | null | undefined)
  if (!block || declared.has(block.tzid)) return ''
  declared.add(block.tzid)
  return block.vtimezone
}

/**
 * VEVENTs of events, folded at 75 octets, each after the VTIMEZONE of its zone when `declared`
 * does not hold it yet: an event's kept VEVENT (`kept`, its host in), else one built from its
 * record (as the caller may read it).
 */
async function vevents(
  context: Context,
  docs: Doc[],
  records: Map<number, EventRecord>,
  declared: Set<string>,
  parts?: Map<Doc, SeriesPart>,
  kept?: Map<number, string>,
): Promise<string> {
  const host = hostOf(context)
  // Other requests get a turn every few milliseconds: a VEVENT built costs about a quarter of one.
  const vevents = await mapInSlices(docs, (doc) => {
    const part = parts?.get(doc)
    const text = part ? undefined : kept?.get(doc.id)
    return (
      undeclaredZone(doc, declared) +
      foldLines(
        text !== undefined
          ? text.replaceAll(KEPT_HOST, host)
          : veventText(doc, records.get(doc.id)!, host, part),
      )
    )
  })
  return vevents.join('')
}

/** The records of events as the caller may read them, from their related records. */
const recordsOf = (
  context: Context,
  docs: Doc[],
  related: Related,
  password: unknown,
): Map<number, EventRecord> =>
  new Map(
    docs.map((doc) => [doc.id, eventRecord(doc, context, related, { givenPassword: password })]),
  )

/**
 * Where a feed's events come from: the series of its dates (`masters`, by id, those the caller
 * may read) and the records of the events it writes.
 */
type FeedSource = {
  masters: (ids: number[]) => Promise<Doc[]>
  records: (docs: Doc[]) => Promise<Map<number, EventRecord>>
  /** The kept VEVENTs of events that stand alone, by id (keptVevents). */
  kept?: Map<number, string>
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
  source: FeedSource,
  { seen, declared }: { seen: Set<number>; declared: Set<string> },
): Promise<string> {
  const wanted = [
    ...new Set(docs.map(seriesIdOf).filter((id): id is number => id !== null && !seen.has(id))),
  ]
  const masters = wanted.length ? await source.masters(wanted) : []
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
  const records = await source.records(
    out.filter((doc) => parts.has(doc) || !source.kept?.has(doc.id)),
  )
  return vevents(context, out, records, declared, parts, source.kept)
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
  // Series and zones that earlier batches wrote.
  const written = { seen: new Set<number>(), declared: new Set<string>() }
  const batches =
    formsApply(context, password) && !query.trash
      ? keptVevents(context, query.where, written)
      : builtVevents(context, query, password, written)
  return textStream(context, {
    head: calendarHead(context, `${hostOf(context)} events`),
    parts: batches,
    end: CALENDAR_END,
    failure: 'calendar feed failed while streaming',
  })
}

type Written = { seen: Set<number>; declared: Set<string> }

/**
 * The VEVENTs of a batch of the feed at a time, from the events' stored documents; venues,
 * organizers, terms and images that earlier batches read are not read again. For callers who see
 * more than anyone does (editors, a password).
 */
async function* builtVevents(
  context: Context,
  query: { where: Where[]; trash: boolean },
  password: unknown,
  written: Written,
): AsyncGenerator<string> {
  const known = noRelated()
  const source: FeedSource = {
    masters: (ids) => context.data.all('events', { where: { id: { in: ids } } }),
    records: async (docs) =>
      recordsOf(context, docs, await loadRelated(context, docs, password, known), password),
  }
  for await (const docs of batchesInOrder(context, 'events', {
    ...query,
    column: 'startDateLocal',
  }))
    yield await batchVevents(context, docs, source, written)
}

/**
 * The stored columns a VEVENT reads beside its record (vevent.ts), and the feed's series: none is
 * localized, so the adapter reads them (`keptBatches`).
 */
const VEVENT_COLUMNS = {
  timezone: true,
  allDay: true,
  startDate: true,
  endDate: true,
  recurrence: true,
  sequence: true,
  series: true,
  isSeries: true,
  detached: true,
  occurrence: true,
  createdAt: true,
  updatedAt: true,
} as const

/**
 * The VEVENTs of a batch of the feed at a time as anyone sees them: each event's kept VEVENT form
 * (`vevent`, forms/forms.ts) and its VEVENT_COLUMNS (`keptBatches`), so that a year of 33,000
 * events is joined, not built; forms that are missing are built and kept. Series and their
 * changed dates are built from their kept archive forms (their v1 records).
 */
async function* keptVevents(
  context: Context,
  where: Where[],
  written: Written,
): AsyncGenerator<string> {
  const batches = keptBatches<string | null>(context, {
    where,
    column: 'startDateLocal',
    variant: 'vevent',
    select: VEVENT_COLUMNS,
    build: veventForms,
  })
  const build = (missing: number[], marked: Context) => eventRecords(marked, missing)
  for await (const { docs, forms } of batches) {
    const kept = new Map<number, string>()
    for (const [id, text] of forms) if (text !== null) kept.set(id, text)
    const source: FeedSource = {
      masters: (ids) =>
        context.data.all('events', { where: { id: { in: ids } }, select: VEVENT_COLUMNS }),
      records: async (out) => {
        const records = new Map<number, EventRecord>()
        if (!out.length) return records
        const texts = await formsOf(
          context,
          'events',
          out.map((doc) => doc.id),
          'list',
          build,
        )
        for (const [id, text] of texts) records.set(id, JSON.parse(addressed(text, context)))
        return records
      },
      kept,
    }
    yield await batchVevents(context, docs, source, written)
  }
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
      const records = recordsOf(context, [doc], related, args.password)
      const changedRecords = changed.length
        ? recordsOf(
            context,
            changed,
            await loadRelated(context, changed, args.password),
            args.password,
          )
        : new Map<number, EventRecord>()
      const declared = new Set<string>()
      const events =
        (await vevents(context, [doc], records, declared, doc.isSeries ? parts : undefined)) +
        (changed.length ? await vevents(context, changed, changedRecords, declared, parts) : '')
      const body = calendarHead(context, String(doc.title ?? '').trim()) + events + CALENDAR_END
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
