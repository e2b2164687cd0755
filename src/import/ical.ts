import { createHash } from 'node:crypto'
import { escapeUTF8 } from 'entities'
import ICAL from 'ical.js'
import { DateTime } from 'luxon'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../options.js'
import { isValidZone } from '../lib/time.js'
import { DEFAULT_LOCALE } from '../locales.js'
import { MAX_ICS_LENGTH } from './collections.js'
import { ImportCancelled, type ImportHooks, type ImportProgress } from './run.js'
import { MappedWriter } from './writer.js'

/**
 * iCalendar import (RFC 5545, read by ical.js): each VEVENT becomes an event, idempotent by its UID
 * (one mapping namespace for every file and address, so the same UID is the same event wherever it
 * comes from). LOCATION becomes a venue, reused when the text is identical; CATEGORIES become
 * categories (an existing one of that name is reused). A recurring event's RRULE is kept in its
 * mapping for later; its listed instances (RDATE, and overridden occurrences with RECURRENCE-ID)
 * are imported as events of their own. `--prune` does not apply: UIDs are shared by every file.
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
  rrule: string | null
}

export class IcalError extends Error {}

type Time = InstanceType<typeof ICAL.Time>

/** The instant of a DATE-TIME: UTC, in its TZID when that is an IANA zone, by its VTIMEZONE, or floating in the site zone. */
function instantOf(time: Time, tzid: string | null, siteZone: string): { iso: string; zone: string } {
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second }
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone) return { iso: DateTime.fromObject(wall, { zone: 'UTC' }).toISO()!, zone: tzid && isValidZone(tzid) ? tzid : siteZone }
  if (tzid && isValidZone(tzid)) return { iso: DateTime.fromObject(wall, { zone: tzid }).toUTC().toISO()!, zone: tzid }
  if (tzid && time.zone && time.zone !== ICAL.Timezone.localTimezone) return { iso: new Date(time.toUnixTime() * 1000).toISOString(), zone: siteZone }
  return { iso: DateTime.fromObject(wall, { zone: siteZone }).toUTC().toISO()!, zone: siteZone }
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value))

/** The events of an iCalendar text. Throws IcalError when it is not one. */
export function parseIcal(source: string, siteZone: string): { events: IcalEvent[]; failures: { sourceId: string; message: string }[] } {
  if (source.length > MAX_ICS_LENGTH) throw new IcalError(`the calendar is larger than ${MAX_ICS_LENGTH} characters`)
  let root: InstanceType<typeof ICAL.Component>
  try {
    root = new ICAL.Component(ICAL.parse(source) as any[])
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
      if (!dtstart || !start || typeof start !== 'object' || !('isDate' in start)) throw new IcalError(`${uid}: no readable DTSTART`)
      const tzid = (dtstart.getParameter('tzid') as string | undefined) ?? null
      const dtend = vevent.getFirstProperty('dtend')
      let end = (dtend?.getFirstValue() as Time | null) ?? null
      const duration = vevent.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null
      if (!end && duration) {
        end = start.clone()
        end.addDuration(duration)
      }
      const allDay = start.isDate
      const categories = vevent.getAllProperties('categories').flatMap((p) => p.getValues().map((v) => text(v).trim())).filter(Boolean)
      const url = text(vevent.getFirstPropertyValue('url'))
      const base = {
        title: text(vevent.getFirstPropertyValue('summary')) || uid,
        // Plain text in iCalendar, HTML in the calendar.
        description: escapeUTF8(text(vevent.getFirstPropertyValue('description'))),
        location: text(vevent.getFirstPropertyValue('location')).trim(),
        categories,
        website: /^https?:\/\//.test(url) ? url : null,
        status: (text(vevent.getFirstPropertyValue('class')).toUpperCase() === 'PRIVATE' ? 'private' : 'publish') as IcalEvent['status'],
      }
      const dates = (from: Time, to: Time | null) => {
        if (allDay) {
          const zone = tzid && isValidZone(tzid) ? tzid : siteZone
          const first = DateTime.fromObject({ year: from.year, month: from.month, day: from.day }, { zone })
          // DTEND of an all-day event is the day after its last.
          const last = to ? DateTime.fromObject({ year: to.year, month: to.month, day: to.day }, { zone }).minus({ days: 1 }) : first
          const lastDay = last < first ? first : last
          return { start: first.toUTC().toISO()!, end: lastDay.endOf('day').set({ millisecond: 0 }).toUTC().toISO()!, timezone: zone }
        }
        const s = instantOf(from, tzid, siteZone)
        const e = to ? instantOf(to, (dtend?.getParameter('tzid') as string | undefined) ?? tzid, siteZone) : s
        if (e.iso < s.iso) throw new IcalError(`${uid}: ends before it starts`)
        return { start: s.iso, end: e.iso, timezone: s.zone }
      }
      const recurrenceId = vevent.getFirstPropertyValue('recurrence-id') as Time | null
      const rrule = vevent.getFirstPropertyValue('rrule')
      const id = recurrenceId ? `${uid}@${recurrenceId.toString()}` : uid
      events.push({ sourceId: id, ...base, ...dates(start, end), allDay, rrule: rrule ? rrule.toString() : null })
      // Listed instances (RDATE) of a recurring event, each an event of its own.
      const length = end ? end.subtractDate(start) : null
      for (const rdate of vevent.getAllProperties('rdate').flatMap((p) => p.getValues())) {
        if (!rdate || typeof rdate !== 'object' || !('isDate' in rdate)) continue
        const at = rdate as Time
        let until: Time | null = null
        if (length) {
          until = at.clone()
          until.addDuration(length)
        }
        events.push({ sourceId: `${uid}@${at.toString()}`, ...base, ...dates(at, until), allDay, rrule: null })
      }
    } catch (error) {
      failures.push({ sourceId: uid, message: (error as Error).message })
    }
  }
  return { events, failures }
}

const stamp = (value: unknown) => 'content:' + createHash('sha1').update(JSON.stringify(value)).digest('hex')

/** Imports an iCalendar text (or the file at an address), with the same progress as a v1 import. */
export async function runIcalImport(
  payload: Payload,
  settings: { ics?: string; url?: string; dryRun?: boolean; timeoutMs?: number },
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  const empty = () => ({ total: null, read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, pruned: 0 })
  const progress: ImportProgress = {
    phase: 'events',
    resources: { venues: empty(), organizers: empty(), categories: empty(), tags: empty(), events: empty() },
    images: { downloaded: 0, fallbacks: 0 },
    failures: [],
  }
  const emit = () => hooks.onProgress?.(progress)
  const writer = new MappedWriter(payload, options, ICAL_SOURCE, DEFAULT_LOCALE, false, hooks.user)
  await writer.load()
  const source = settings.ics ?? (await download(settings.url!, settings.timeoutMs ?? options.import.timeoutMs))
  const { events, failures } = parseIcal(source, options.siteTimezone)
  progress.resources.events.total = events.length + failures.length
  progress.resources.events.read = events.length + failures.length
  for (const failure of failures) {
    progress.resources.events.failed++
    progress.failures.push({ resource: 'events', ...failure })
  }
  emit()

  /** Our id of a venue or category named by the calendar, made once. */
  const linked = async (resource: 'venues' | 'categories', name: string): Promise<number | null> => {
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
    const { docs } = await payload.find({ collection, where: { name: { equals: name } }, limit: 1, depth: 0, overrideAccess: true, trash: true })
    if (docs[0]) {
      await writer.inTransaction((req) => writer.writeMapping(req, resource, sourceId, Number(docs[0].id), null))
      counts.unchanged++
      return Number(docs[0].id)
    }
    await writer.save(resource, sourceId, '', resource === 'venues' ? { name, status: 'publish' } : { name })
    counts.created++
    return writer.get(resource, sourceId)!.targetId
  }

  const seen = new Set<string>()
  const counts = progress.resources.events
  for (const event of events) {
    if (await hooks.cancelled?.()) throw new ImportCancelled('cancelled')
    seen.add(event.sourceId)
    try {
      const modified = stamp(event)
      const mapping = writer.get('events', event.sourceId)
      if (mapping && mapping.modified === modified && (await writer.exists('events', mapping.targetId))) {
        counts.unchanged++
        continue
      }
      if (settings.dryRun) {
        counts[mapping ? 'updated' : 'created']++
        continue
      }
      const venue = event.location ? await linked('venues', event.location) : null
      const categories = (await Promise.all([...new Set(event.categories)].map((name) => linked('categories', name)))).filter((id): id is number => id !== null)
      const data = {
        title: event.title,
        descriptionHtml: event.description,
        startDate: event.start,
        endDate: event.end,
        timezone: event.timezone,
        allDay: event.allDay,
        website: event.website,
        status: event.status,
        venue,
        categories,
        ...(hooks.user?.id !== undefined ? { author: hooks.user.id } : {}),
      }
      counts[await writer.save('events', event.sourceId, modified, data, { recurrence: event.rrule })]++
    } catch (error) {
      counts.failed++
      progress.failures.push({ resource: 'events', sourceId: event.sourceId, message: (error as Error).message.slice(0, 500) })
    }
    emit()
  }
  progress.phase = 'done'
  emit()
  return progress
}

async function download(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'text/calendar, */*' } })
  if (!response.ok) throw new IcalError(`${url}: HTTP ${response.status}`)
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_ICS_LENGTH) throw new IcalError(`${url}: larger than ${MAX_ICS_LENGTH} bytes`)
  const body = await response.text()
  if (body.length > MAX_ICS_LENGTH) throw new IcalError(`${url}: larger than ${MAX_ICS_LENGTH} characters`)
  return body
}
