import type { JsonLdRecord } from '../schemas/parts.js'
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

/** An event as schema.org `Event`, with its venue as `Place` and its organizers. */
export function eventJsonLd(
  record: Record<string, any>,
  startIso: string,
  endIso: string,
): JsonLdRecord {
  const venue = record.venue && !Array.isArray(record.venue) ? record.venue : null
  const organizers = (record.organizer as Record<string, any>[]).map(
    (organizer) => organizer.json_ld ?? organizerJsonLd(organizer),
  )
  const prices = (record.cost_details?.values as string[]).filter((value) => /^\d/.test(value))
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    ...compact({
      name: record.title,
      description: plainText(String(record.description ?? '')),
      image: imageUrl(record),
      url: record.url,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      startDate: startIso,
      endDate: endIso,
      location: venue ? (venue.json_ld ?? venueJsonLd(venue)) : undefined,
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
