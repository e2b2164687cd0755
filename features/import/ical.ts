import { createHash } from 'node:crypto'
import { escapeUTF8 } from 'entities'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { WALL_CLOCK_FORMAT } from '../../core/lib/dates.js'
import { isValidZone } from '../../core/lib/time.js'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import { MAX_ICS_LENGTH, RESOURCES } from './collections.js'
import { failureOf, httpClient } from './http.js'
import {
  addFailure,
  ImportCancelled,
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
 * not apply: UIDs are shared by every file.
 */

export const ICAL_SOURCE = 'icalendar'

export type IcalEvent = {
  sourceId: string
  title: string
  description: string
  location: string
  categories: string[]
  website: string | null
  start: string
  end: string
  timezone: string
  allDay: boolean
  status: 'publish' | 'private'
  /** CANCELLED is canceled; any other STATUS (or none) scheduled. */
  eventStatus: 'scheduled' | 'canceled'
  /** A LOCATION that is only an http(s) address: attended online there, no venue. */
  onlineUrl: string | null
  rrule: string | null
  /** A recurring series: its rules, and added and excluded dates as wall clocks in `timezone`. */
  recurrence: { rules: string[]; rdates: string[]; exdates: string[] } | null
  /**
   * A changed date of a series: the series' UID and the date's original start, a wall clock in the
   * series' zone.
   */
  occurrenceOf: { uid: string; at: Time; tzid: string | null } | null
}

export class IcalError extends Error {}

type Time = InstanceType<typeof ICAL.Time>

/**
 * The instant of a DATE-TIME: UTC, in its TZID when that is an IANA zone, by its VTIMEZONE, or
 * floating in the site zone.
 */
function instantOf(
  time: Time,
  tzid: string | null,
  siteZone: string,
): { iso: string; zone: string } {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  }
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone)
    return {
      iso: DateTime.fromObject(wall, { zone: 'UTC' }).toISO()!,
      zone: tzid && isValidZone(tzid) ? tzid : siteZone,
    }
  if (tzid && isValidZone(tzid))
    return { iso: DateTime.fromObject(wall, { zone: tzid }).toUTC().toISO()!, zone: tzid }
  if (tzid && time.zone && time.zone !== ICAL.Timezone.localTimezone)
    return { iso: new Date(time.toUnixTime() * 1000).toISOString(), zone: siteZone }
  return { iso: DateTime.fromObject(wall, { zone: siteZone }).toUTC().toISO()!, zone: siteZone }
}

/** A DATE or DATE-TIME as a wall clock (`YYYY-MM-DD HH:MM:SS`) in `zone`, the event's. */
function wallIn(time: Time, tzid: string | null, zone: string, siteZone: string): string {
  if (time.isDate)
    return DateTime.fromObject(
      { year: time.year, month: time.month, day: time.day },
      { zone },
    ).toFormat(WALL_CLOCK_FORMAT)
  return DateTime.fromISO(instantOf(time, tzid, siteZone).iso, { zone }).toFormat(WALL_CLOCK_FORMAT)
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)

/** The events of an iCalendar text. Throws IcalError when it is not one. */
export function parseIcal(
  source: string,
  siteZone: string,
): { events: IcalEvent[]; failures: { sourceId: string; message: string }[] } {
  if (source.length > MAX_ICS_LENGTH)
    throw new IcalError(`the calendar is larger than ${MAX_ICS_LENGTH} characters`)
  let root: InstanceType<typeof ICAL.Component>
  try {
    root = new ICAL.Component(ICAL.parse(source))
  } catch (error) {
    throw new IcalError(`not an iCalendar file: ${(error as Error).message}`)
  }
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone)
    } catch {
      // an unusable VTIMEZONE: its times are read as floating
    }
  }
  const events: IcalEvent[] = []
  const failures: { sourceId: string; message: string }[] = []
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const uid = text(vevent.getFirstPropertyValue('uid'))
    try {
      if (!uid) throw new IcalError('a VEVENT without a UID')
      const dtstart = vevent.getFirstProperty('dtstart')
      const start = dtstart?.getFirstValue() as Time | null
      if (!dtstart || !start || typeof start !== 'object' || !('isDate' in start))
        throw new IcalError(`${uid}: no readable DTSTART`)
      const tzid = (dtstart.getParameter('tzid') as string | undefined) ?? null
      const dtend = vevent.getFirstProperty('dtend')
      let end = (dtend?.getFirstValue() as Time | null) ?? null
      const duration = vevent.getFirstPropertyValue('duration') as InstanceType<
        typeof ICAL.Duration
      > | null
      if (!end && duration) {
        end = start.clone()
        end.addDuration(duration)
      }
      const allDay = start.isDate
      const categories = vevent
        .getAllProperties('categories')
        .flatMap((p) => p.getValues().map((v) => text(v).trim()))
        .filter(Boolean)
      const url = text(vevent.getFirstPropertyValue('url'))
      const location = text(vevent.getFirstPropertyValue('location')).trim()
      const onlineUrl = /^https?:\/\/\S+$/.test(location) ? location : null
      const base = {
        title: text(vevent.getFirstPropertyValue('summary')) || uid,
        // Plain text in iCalendar, HTML in the calendar.
        description: escapeUTF8(text(vevent.getFirstPropertyValue('description'))),
        location: onlineUrl ? '' : location,
        onlineUrl,
        eventStatus: (text(vevent.getFirstPropertyValue('status')).trim().toUpperCase() ===
        'CANCELLED'
          ? 'canceled'
          : 'scheduled') as IcalEvent['eventStatus'],
        categories,
        website: /^https?:\/\//.test(url) ? url : null,
        status: (text(vevent.getFirstPropertyValue('class')).toUpperCase() === 'PRIVATE'
          ? 'private'
          : 'publish') as IcalEvent['status'],
      }
      const dates = (from: Time, to: Time | null) => {
        if (allDay) {
          const zone = tzid && isValidZone(tzid) ? tzid : siteZone
          const first = DateTime.fromObject(
            { year: from.year, month: from.month, day: from.day },
            { zone },
          )
          // DTEND of an all-day event is the day after its last.
          const last = to
            ? DateTime.fromObject({ year: to.year, month: to.month, day: to.day }, { zone }).minus({
                days: 1,
              })
            : first
          const lastDay = last < first ? first : last
          return {
            start: first.toUTC().toISO()!,
            end: lastDay.endOf('day').set({ millisecond: 0 }).toUTC().toISO()!,
            timezone: zone,
          }
        }
        const s = instantOf(from, tzid, siteZone)
        const e = to
          ? instantOf(to, (dtend?.getParameter('tzid') as string | undefined) ?? tzid, siteZone)
          : s
        if (e.iso < s.iso) throw new IcalError(`${uid}: ends before it starts`)
        return { start: s.iso, end: e.iso, timezone: s.zone }
      }
      const recurrenceId = vevent.getFirstPropertyValue('recurrence-id') as Time | null
      const rules = vevent
        .getAllProperties('rrule')
        .map((property) => String(property.getFirstValue()))
      const eventZone = dates(start, end).timezone
      const walls = (name: 'rdate' | 'exdate') =>
        vevent.getAllProperties(name).flatMap((property) =>
          property
            .getValues()
            .filter(
              (value): value is Time =>
                Boolean(value) && typeof value === 'object' && 'isDate' in (value as object),
            )
            .map((time) =>
              wallIn(
                time,
                (property.getParameter('tzid') as string | undefined) ?? tzid,
                eventZone,
                siteZone,
              ),
            ),
        )
      const rdates = walls('rdate')
      const recurrence =
        !recurrenceId && (rules.length || rdates.length)
          ? { rules, rdates, exdates: walls('exdate') }
          : null
      const id = recurrenceId ? `${uid}@${recurrenceId.toString()}` : uid
      events.push({
        sourceId: id,
        ...base,
        ...dates(start, end),
        allDay,
        rrule: rules[0] ?? null,
        recurrence,
        occurrenceOf: recurrenceId
          ? {
              uid,
              at: recurrenceId,
              tzid:
                (vevent.getFirstProperty('recurrence-id')!.getParameter('tzid') as
                  string | undefined) ?? tzid,
            }
          : null,
      })
    } catch (error) {
      failures.push({ sourceId: uid, message: (error as Error).message })
    }
  }
  return { events, failures }
}

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
  const emit = () => hooks.onProgress?.(progress)
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
  emit()

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

  const seen = new Set<string>()
  const counts = progress.resources.events
  // A series before the dates of it that were changed: those change its generated dates.
  events.sort((a, b) => Number(a.occurrenceOf !== null) - Number(b.occurrenceOf !== null))
  for (const event of events) {
    if (await hooks.cancelled?.()) throw new ImportCancelled('cancelled')
    seen.add(event.sourceId)
    try {
      const modified = stamp(event)
      const mapping = writer.get('events', event.sourceId)
      if (
        mapping &&
        mapping.modified === modified &&
        (await writer.exists('events', mapping.targetId))
      ) {
        counts.unchanged++
        continue
      }
      if (settings.dryRun) {
        counts[mapping ? 'updated' : 'created']++
        continue
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
    } catch (error) {
      addFailure(progress, {
        resource: 'events',
        sourceId: event.sourceId,
        message: (error as Error).message,
      })
    }
    emit()
  }
  progress.phase = 'done'
  emit()
  return progress
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
