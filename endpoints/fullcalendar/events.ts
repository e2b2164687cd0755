import { DateTime } from 'luxon'
import type { LocaleCode } from '../../core/locales.js'
import type { Doc } from '../parts/common.js'
import { htmlText } from '../parts/text.js'
import type { EventRecord } from '../schemas/records.js'
import type { FullCalendarEventRecord } from '../schemas/fullcalendar.js'
import { timeIn, type AskedZone } from './zone.js'

/**
 * Category colours: categories have no colour of their own yet, so each takes one of these by
 * its id, always the same. Each gives white text a contrast of at least 4.5:1 (WCAG AA), as
 * FullCalendar writes event titles in white on the event's colour.
 */
export const CATEGORY_COLOURS = [
  '#1f5fa8',
  '#a3333d',
  '#2e7d32',
  '#6a3d9a',
  '#9a4d00',
  '#00695c',
  '#5d4037',
  '#ad1457',
  '#37474f',
  '#283593',
] as const

export const categoryColour = (id: number) => CATEGORY_COLOURS[id % CATEGORY_COLOURS.length]

/** A class name part made of a slug: lower-case letters, digits and dashes. */
const classPart = (slug: string) =>
  slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** `YYYY-MM-DD` of a wall-clock `YYYY-MM-DD HH:MM:SS`, moved by some days. */
const dayOf = (wallClock: string, addDays = 0) =>
  DateTime.fromISO(wallClock.slice(0, 10), { zone: 'UTC' }).plus({ days: addDays }).toISODate()!

type Linked = { id: number; url: string } & Record<string, unknown>

const named = (linked: Linked, nameKey: 'venue' | 'organizer') => ({
  id: linked.id,
  name: htmlText(linked[nameKey]),
  url: linked.url,
})

/**
 * An event as FullCalendar reads it, made from its v1 record (what the caller may see of it) and
 * its stored instants. An all-day event keeps its days, whatever the asked zone (its end exclusive,
 * as FullCalendar counts); other events are at their instants in the asked zone.
 */
export function fullCalendarEvent(
  record: EventRecord,
  doc: Doc,
  asked: AskedZone,
  lang: LocaleCode,
): FullCalendarEventRecord {
  const allDay = doc.allDay === true
  const categories = record.categories.map((term) => ({
    id: term.id,
    name: htmlText(term.name),
    slug: term.slug,
    color: categoryColour(term.id),
  }))
  const venue = Array.isArray(record.venue) ? null : named(record.venue as Linked, 'venue')
  const colour = categories[0]?.color
  return {
    id: String(record.id),
    title: htmlText(record.title),
    start: allDay ? dayOf(record.start_date) : timeIn(doc.startDate, asked),
    end: allDay ? dayOf(record.end_date, 1) : timeIn(doc.endDate, asked),
    allDay,
    url: record.url,
    classNames: [
      `cal-status-${record.event_status}`,
      ...categories.map((category) => `cal-category-${classPart(category.slug)}`),
      ...(record.series ? ['cal-series'] : []),
    ],
    ...(colour ? { backgroundColor: colour, borderColor: colour } : {}),
    extendedProps: {
      slug: record.slug,
      rest_url: record.rest_url,
      timezone: record.timezone,
      venue,
      organizers: record.organizer.map((organizer) =>
        named(organizer as unknown as Linked, 'organizer'),
      ),
      categories,
      event_status: record.event_status,
      event_status_reason: record.event_status_reason,
      attendance_mode: record.attendance_mode,
      online_url: record.online_url,
      cost: htmlText(record.cost),
      series: record.series?.id ?? null,
      translation_status: record.translations[lang].status,
    },
  }
}
