import type { Where } from 'payload'
import type { Context } from '../context.js'
import type { Doc } from '../parts/common.js'

const EARTH_RADIUS_KM = 6371

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

async function venues(context: Context, where: Where): Promise<Doc[]> {
  return context.data.all('venues', {
    where: { and: [{ geoLat: { exists: true } }, { geoLng: { exists: true } }, where] },
    select: { geoLat: true, geoLng: true },
    sight: 'everything',
  })
}

/** Ids of the venues that have both coordinates. */
export async function venuesWithCoordinates(context: Context): Promise<number[]> {
  return (await venues(context, {})).map((venue) => venue.id)
}

/**
 * Ids of the venues within `radiusKm` of a point: a bounding box in the query (indexed, works on
 * every adapter), then the exact distance here.
 */
export async function venuesNear(
  context: Context,
  lat: number,
  lng: number,
  radiusKm: number,
): Promise<number[]> {
  const latDelta = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI)
  const cos = Math.cos((lat * Math.PI) / 180)
  const lngDelta = cos > 1e-6 ? Math.min(180, latDelta / cos) : 180
  const box: Where = {
    and: [
      { geoLat: { greater_than_equal: lat - latDelta } },
      { geoLat: { less_than_equal: lat + latDelta } },
      ...(lngDelta >= 180 || lng - lngDelta < -180 || lng + lngDelta > 180
        ? []
        : [
            { geoLng: { greater_than_equal: lng - lngDelta } },
            { geoLng: { less_than_equal: lng + lngDelta } },
          ]),
    ],
  }
  return (await venues(context, box))
    .filter((venue) => distanceKm(lat, lng, venue.geoLat, venue.geoLng) <= radiusKm)
    .map((venue) => venue.id)
}
