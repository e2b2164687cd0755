import { htmlText } from './text.js'

/**
 * The keys of a venue record that say where it is: keys of the venue table (`fields/venues.ts`
 * checks that they are).
 */
export type PlaceKey =
  | 'venue'
  | 'address'
  | 'city'
  | 'state'
  | 'province'
  | 'stateprovince'
  | 'zip'
  | 'country'
  | 'geo_lat'
  | 'geo_lng'
export type VenuePlace = Partial<Record<PlaceKey, unknown>>

/**
 * Where a venue record is, as JSON-LD's `Place` and iCalendar's LOCATION and GEO both write it:
 * its name, postal address and coordinates. The region is `stateprovince`, else the state, else
 * the province. Values are as the record gives them (the caller renders them).
 */
export function placeOf(venue: VenuePlace) {
  const geo =
    typeof venue.geo_lat === 'number' && typeof venue.geo_lng === 'number'
      ? { latitude: venue.geo_lat, longitude: venue.geo_lng }
      : undefined
  return {
    name: venue.venue,
    /** In the order an address is written. */
    address: {
      street: venue.address,
      locality: venue.city,
      region: venue.stateprovince || venue.state || venue.province,
      postalCode: venue.zip,
      country: venue.country,
    },
    geo,
  }
}

/** A place's address on one line, as plain text ("252 Rue du Faubourg Saint-Honoré, Paris"). */
export const addressLine = (place: ReturnType<typeof placeOf>) =>
  Object.values(place.address)
    .map((part) => htmlText(part))
    .filter(Boolean)
    .join(', ')
