import { createHash } from 'node:crypto'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import { MAX_ICS_LENGTH, RESOURCES } from './collections.js'
import { failureOf, httpClient } from './http.js'
import { IcalError, parseIcal, wallIn, type IcalEvent } from './icalEvents.js'
import {
  addFailure,
  eachItem,
  newProgress,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'
import { MappedWriter } from './writer.js'

/**
 * iCalendar import (RFC 5545, read by ical.js): each VEVENT becomes an event, idempotent by its UID
 * (one mapping namespace for every file and address, so the same UID is the same event wherever it
 * comes from). LOCATION becomes a venue, reused when the text is identical; CATEGORIES become
 * categories (an existing one of that name is reused). A recurring event (RRULE, RDATE, EXDATE)
 * becomes a recurring series, its dates generated as ours are; a changed occurrence (a VEVENT with
 * the series' UID and a RECURRENCE-ID) changes that date of the series on its own. `--prune` does
 * not apply: UIDs are shared by every file. The text is read into events in `icalEvents.ts`.
 */

export const ICAL_SOURCE = 'icalendar'

/**
 * A changed date of an imported series (RECURRENCE-ID) is the date the series generated for that
 * start: its mapping points there, so that saving it changes that date on its own. Without the
 * series (or that date), it is an event of its own.
 */
async function adoptGeneratedDate(
  payload: Payload,
  writer: MappedWriter,
  event: IcalEvent,
  options: ResolvedCalendarOptions,
) {
  const series = writer.get('events', event.occurrenceOf!.uid)
  if (!series) return
  const master = await payload.db.findOne<{ id: number; timezone?: string }>({
    collection: options.slugs.events,
    where: { id: { equals: series.targetId } },
  })
  if (!master) return
  const { at: time, tzid } = event.occurrenceOf!
  const at = wallIn(time, tzid, master.timezone || options.siteTimezone, options.siteTimezone)
  const date = await payload.db.findOne<{ id: number }>({
    collection: options.slugs.events,
    where: { and: [{ series: { equals: master.id } }, { occurrence: { equals: at } }] },
  })
  if (date)
    await writer.inTransaction((req) =>
      writer.writeMapping(req, 'events', event.sourceId, Number(date.id), null),
    )
}

const stamp = (value: unknown) =>
  'content:' + createHash('sha1').update(JSON.stringify(value)).digest('hex')

/** Imports an iCalendar text (or the file at an address), with the same progress as a v1 import. */
export async function runIcalImport(
  payload: Payload,
  settings: { ics?: string; url?: string; dryRun?: boolean; timeoutMs?: number },
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  const progress: ImportProgress = newProgress(RESOURCES, 'events')
  const writer = new MappedWriter(payload, options, ICAL_SOURCE, DEFAULT_LOCALE, false, hooks.user)
  await writer.load()
  const source =
    settings.ics ??
    (await download(settings.url!, {
      ...options.import,
      timeoutMs: settings.timeoutMs ?? options.import.timeoutMs,
    }))
  const { events, failures } = parseIcal(source, options.siteTimezone)
  progress.resources.events.total = events.length + failures.length
  progress.resources.events.read = events.length + failures.length
  for (const failure of failures) addFailure(progress, { resource: 'events', ...failure })
  hooks.onProgress?.(progress)

  /** Our id of a venue or category named by the calendar, made once. */
  const linked = async (
    resource: 'venues' | 'categories',
    name: string,
  ): Promise<number | null> => {
    const sourceId = `${resource === 'venues' ? 'location' : 'category'}:${createHash('sha1').update(name.toLowerCase()).digest('hex')}`
    const mapped = writer.get(resource, sourceId)
    if (mapped && (await writer.exists(resource, mapped.targetId))) return mapped.targetId
    const counts = progress.resources[resource]
    counts.read++
    if (settings.dryRun) {
      counts.created++
      return null
    }
    const collection = writer.collectionOf(resource) as 'venues'
    const { docs } = await payload.find({
      collection,
      where: { name: { equals: name } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      trash: true,
    })
    if (docs[0]) {
      await writer.inTransaction((req) =>
        writer.writeMapping(req, resource, sourceId, Number(docs[0].id), null),
      )
      counts.unchanged++
      return Number(docs[0].id)
    }
    await writer.save(
      resource,
      sourceId,
      '',
      resource === 'venues' ? { name, status: 'publish' } : { name },
    )
    counts.created++
    return writer.get(resource, sourceId)!.targetId
  }

  const counts = progress.resources.events
  // A series before the dates of it that were changed: those change its generated dates.
  events.sort((a, b) => Number(a.occurrenceOf !== null) - Number(b.occurrenceOf !== null))
  const writeEvent = async (event: IcalEvent) => {
    const modified = stamp(event)
    const mapping = writer.get('events', event.sourceId)
    if (
      mapping &&
      mapping.modified === modified &&
      (await writer.exists('events', mapping.targetId))
    ) {
      counts.unchanged++
      return
    }
    if (settings.dryRun) {
      counts[mapping ? 'updated' : 'created']++
      return
    }
    const venue = event.location ? await linked('venues', event.location) : null
    const categories = (
      await Promise.all([...new Set(event.categories)].map((name) => linked('categories', name)))
    ).filter((id): id is number => id !== null)
    const data = {
      title: event.title,
      descriptionHtml: event.description,
      startDate: event.start,
      endDate: event.end,
      timezone: event.timezone,
      allDay: event.allDay,
      website: event.website,
      status: event.status,
      eventStatus: event.eventStatus,
      // An address as LOCATION is attended online; a place in person; none says nothing.
      ...(event.onlineUrl
        ? { attendanceMode: 'online', onlineUrl: event.onlineUrl }
        : event.location
          ? { attendanceMode: 'offline' }
          : {}),
      venue,
      categories,
      ...(event.recurrence ? { recurrence: event.recurrence } : {}),
      ...(hooks.user?.id !== undefined ? { author: hooks.user.id } : {}),
    }
    if (event.occurrenceOf && !mapping) await adoptGeneratedDate(payload, writer, event, options)
    counts[
      await writer.save('events', event.sourceId, modified, data, { recurrence: event.rrule })
    ]++
  }
  return eachItem(events, { progress, hooks }, writeEvent, (event, error) => ({
    resource: 'events',
    sourceId: event.sourceId,
    message: (error as Error).message,
  }))
}

/** The file at an address, through the importer's client (http.ts: timeouts, retries). */
async function download(url: string, limits: ResolvedCalendarOptions['import']): Promise<string> {
  const client = httpClient(limits)
  let body: string
  try {
    const request = client.get(url, {
      headers: { accept: 'text/calendar, */*' },
      responseType: 'text',
    })
    request.on('downloadProgress', ({ transferred, total }) => {
      if (Math.max(transferred, total ?? 0) > MAX_ICS_LENGTH) request.cancel()
    })
    body = (await request).body
  } catch (error) {
    if ((error as Error).name === 'CancelError')
      throw new IcalError(`${url}: larger than ${MAX_ICS_LENGTH} bytes`)
    throw new IcalError(`${url}: ${failureOf(url, error).message}`)
  }
  if (body.length > MAX_ICS_LENGTH)
    throw new IcalError(`${url}: larger than ${MAX_ICS_LENGTH} characters`)
  return body
}
