import type { JsonLdRecord } from './schemas.js'
import { placeOf } from './place.js'
import { plainText } from './text.js'

/**
 * schema.org descriptions of single records (`json_ld`, docs/v1-reference.md §4.1), for search
 * engines.
 */

const compact = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== '' && value !== undefined && value !== null && value !== false,
    ),
  )

const imageUrl = (record: Record<string, unknown>) =>
  record.image && typeof record.image === 'object'
    ? (record.image as { url: string }).url
    : undefined

export function venueJsonLd(record: Record<string, unknown>): JsonLdRecord {
  const { name, address, geo } = placeOf(record)
  return {
    '@context': 'http://schema.org',
    '@type': 'Place',
    ...compact({
      name,
      description: plainText(String(record.description ?? '')),
      image: imageUrl(record),
      url: record.url,
      address: compact({
        '@type': 'PostalAddress',
        streetAddress: address.street,
        addressLocality: address.locality,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: address.country,
      }),
      geo: geo ? { '@type': 'GeoCoordinates', ...geo } : undefined,
      telephone: record.phone,
      sameAs: record.website,
    }),
  }
}

export function organizerJsonLd(record: Record<string, unknown>): JsonLdRecord {
  return {
    '@context': 'http://schema.org',
    '@type': 'Organization',
    ...compact({
      name: record.organizer,
      description: plainText(String(record.description ?? '')),
      image: imageUrl(record),
      url: record.url,
      telephone: record.phone,
      email: record.email,
      sameAs: record.website,
    }),
  }
}

/**
 * What an event's JSON-LD reads of its v1 record (endpoints/schemas/records.ts's EventRecord,
 * which imports the field tables that import this file).
 */
type EventRecord = {
  title: string
  description: string
  url: string
  image: unknown
  venue: (Record<string, unknown> & { json_ld?: JsonLdRecord }) | unknown[]
  organizer: (Record<string, unknown> & { json_ld?: JsonLdRecord })[]
  online_url?: string
  event_status?: string
  attendance_mode?: string
  cost_details: { values: string[]; currency_code: string }
}

/** schema.org's EventStatusType for each `event_status` (collections/eventStatus.ts). */
const EVENT_STATUS_TYPES: Record<string, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  canceled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
  moved_online: 'https://schema.org/EventMovedOnline',
}
const ATTENDANCE_MODE_TYPES: Record<string, string> = {
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  mixed: 'https://schema.org/MixedEventAttendanceMode',
}

/**
 * How people attend: as stored, except that an event moved online is attended online (or both ways
 * when it says so).
 */
const attendanceOf = (record: EventRecord): string =>
  record.event_status === 'moved_online' && record.attendance_mode !== 'mixed'
    ? 'online'
    : (record.attendance_mode ?? 'offline')

/**
 * The event's location: its venue as `Place` when people come in person, its online address as
 * `VirtualLocation` when they attend online, both (a list) when both.
 */
function locationOf(record: EventRecord, attendance: string) {
  const venue = record.venue && !Array.isArray(record.venue) ? record.venue : null
  const place = venue && attendance !== 'online' ? (venue.json_ld ?? venueJsonLd(venue)) : null
  const online =
    attendance !== 'offline' && record.online_url
      ? { '@type': 'VirtualLocation', url: record.online_url }
      : null
  return place && online ? [place, online] : (place ?? online ?? undefined)
}

/**
 * An event as schema.org `Event`: its status and attendance, its venue as `Place` and its online
 * address as `VirtualLocation`, its organizers. `previousIso` is the previous start, given when
 * the event is not scheduled as planned (schema.org reads it with the status).
 */
export function eventJsonLd(
  record: EventRecord,
  startIso: string,
  endIso: string,
  { previous: previousIso, inLanguage }: { previous?: string; inLanguage?: string } = {},
): JsonLdRecord {
  const attendance = attendanceOf(record)
  const organizers = record.organizer.map(
    (organizer) => organizer.json_ld ?? organizerJsonLd(organizer),
  )
  const prices = record.cost_details.values.filter((value) => /^\d/.test(value))
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    ...compact({
      name: record.title,
      // The language the text is in: the one asked for, or the one it fell back to.
      inLanguage,
      description: plainText(String(record.description ?? '')),
      image: imageUrl(record),
      url: record.url,
      eventAttendanceMode: ATTENDANCE_MODE_TYPES[attendance] ?? ATTENDANCE_MODE_TYPES.offline,
      eventStatus:
        EVENT_STATUS_TYPES[record.event_status ?? 'scheduled'] ?? EVENT_STATUS_TYPES.scheduled,
      previousStartDate:
        previousIso && record.event_status && record.event_status !== 'scheduled'
          ? previousIso
          : undefined,
      startDate: startIso,
      endDate: endIso,
      location: locationOf(record, attendance),
      organizer: organizers.length ? organizers : undefined,
      offers: prices.length
        ? compact({
            '@type': 'Offer',
            price: prices[0],
            priceCurrency: record.cost_details.currency_code || undefined,
            url: record.url,
            category: 'primary',
            availability: 'inStock',
          })
        : undefined,
    }),
  }
}
