import { addressLine, placeOf } from '../../endpoints/parts/place.js'
import { htmlText } from '../../endpoints/parts/text.js'
import type { EventRecord, VenueRecord } from '../../endpoints/schemas/records.js'

/** The event's venue record, or none. */
export const venueOf = (event: EventRecord): VenueRecord | undefined =>
  Array.isArray(event.venue) ? undefined : (event.venue as VenueRecord)

/** A venue's name and address on one line ("Salle Pleyel, 252 Rue …, Paris"), or "". */
const placeText = (venue: VenueRecord) => {
  const place = placeOf(venue)
  return [htmlText(place.name), addressLine(place)].filter(Boolean).join(', ')
}

/** Where the event is, on one line; "" without a venue. */
export function placeLine(event: EventRecord): string {
  const venue = venueOf(event)
  return venue ? placeText(venue) : ''
}

/**
 * The venue on OpenStreetMap: at its coordinates when it has them, else a search of its name and
 * address; none without either.
 */
export function mapLink(venue: VenueRecord): string | undefined {
  const { geo } = placeOf(venue)
  if (geo)
    return `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=17/${geo.latitude}/${geo.longitude}`
  const text = placeText(venue)
  return text ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(text)}` : undefined
}
