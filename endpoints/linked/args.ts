import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { recordsNamed, sameText } from '../lookup.js'
import { MAX_LIST_ITEMS, type Params } from '../params.js'
import { postData, postParams, urlParam } from '../postArgs.js'
import { validateArgs } from '../validate.js'

/** Venues and organizers: their create arguments, their fields, and inline use in event writes. */

const text = (description: string) => ({ kind: 'string' as const, description })
const flag = (description: string) => ({ kind: 'boolean' as const, description })

export const venueParams: Params = {
  venue: { kind: 'text', description: 'Name of the venue.', required: true },
  description: text('Description.'),
  address: text('Street address.'),
  city: text('City.'),
  country: text('Country.'),
  province: text('Province.'),
  state: text('State.'),
  zip: text('Postal code.'),
  phone: text('Phone number.'),
  stateprovince: text('State or province; made from state or province when not given.'),
  website: urlParam('Website of the venue.'),
  show_map: flag('Show a map (default true).'),
  show_map_link: flag('Show a map link (default true).'),
  geo_lat: { kind: 'number', description: 'Latitude (with geo_lng).', check: (v: number) => (v < -90 || v > 90 ? 'geo_lat must be between -90 and 90.' : undefined) },
  geo_lng: { kind: 'number', description: 'Longitude (with geo_lat).', check: (v: number) => (v < -180 || v > 180 ? 'geo_lng must be between -180 and 180.' : undefined) },
  ...postParams,
}

export const organizerParams: Params = {
  organizer: { kind: 'text', description: 'Name of the organizer.', required: true },
  description: text('Description.'),
  phone: text('Phone number.'),
  website: urlParam('Website of the organizer.'),
  email: text('E-mail address.'),
  ...postParams,
}

const US = new Set(['', 'us', 'usa', 'united states', 'united states of america'])

/** The venue fields of the arguments that were sent. On create, `stateprovince` is derived when absent (reference §6.3). */
export function venueData(args: Record<string, any>, context: Context, creating: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = postData(args, context)
  const copy: Record<string, string> = { venue: 'name', description: 'description', address: 'address', city: 'city', country: 'country', province: 'province', state: 'state', zip: 'zip', phone: 'phone', stateprovince: 'stateprovince', website: 'website', show_map: 'showMap', show_map_link: 'showMapLink', geo_lat: 'geoLat', geo_lng: 'geoLng' }
  for (const [arg, field] of Object.entries(copy)) if (args[arg] !== undefined) data[field] = args[arg]
  if (creating && args.stateprovince === undefined) {
    data.stateprovince = US.has(String(args.country ?? '').trim().toLowerCase()) ? (args.state ?? args.province ?? '') : (args.province ?? '')
  }
  return data
}

export function organizerData(args: Record<string, any>, context: Context): Record<string, unknown> {
  const data: Record<string, unknown> = postData(args, context)
  const copy: Record<string, string> = { organizer: 'name', description: 'description', phone: 'phone', website: 'website', email: 'email' }
  for (const [arg, field] of Object.entries(copy)) if (args[arg] !== undefined) data[field] = args[arg]
  return data
}

/** Both coordinates or neither (v1-decisions §3). */
export function checkCoordinates(args: Record<string, any>) {
  if ((args.geo_lat === undefined) !== (args.geo_lng === undefined)) {
    const missing = args.geo_lat === undefined ? 'geo_lat' : 'geo_lng'
    return { [missing]: 'geo_lat and geo_lng go together.' }
  }
}

export type LinkedKind = 'venue' | 'organizer'

const KIND = {
  venue: { collection: (c: Context) => c.options.slugs.venues, params: venueParams, toData: (args: Record<string, any>, c: Context) => venueData(args, c, true) },
  organizer: { collection: (c: Context) => c.options.slugs.organizers, params: organizerParams, toData: (args: Record<string, any>, c: Context) => organizerData(args, c) },
}

/**
 * An existing, non-trashed record with the same name and, when a description is given, the same
 * description (case-insensitive): creating it again returns that one (reference §6.3).
 */
export async function findDuplicate(context: Context, kind: LinkedKind, name: string, description?: string) {
  const named = await recordsNamed(context, KIND[kind].collection(context), name)
  return named.find((doc) => description === undefined || sameText(doc.description, description))
}

/** Creates a venue or organizer from validated arguments, or returns the duplicate it would be. */
export async function createOrReuse(context: Context, kind: LinkedKind, args: Record<string, any>): Promise<{ id: number; created: boolean }> {
  const duplicate = await findDuplicate(context, kind, args[kind], args.description)
  if (duplicate) return { id: duplicate.id, created: false }
  const status = args.status ?? (can.publish(context.user) ? 'publish' : 'draft')
  const doc = await context.payload.create({
    collection: KIND[kind].collection(context) as 'venues',
    data: { ...KIND[kind].toData(args, context), status } as never,
    locale: context.lang,
    req: context.req,
    overrideAccess: false,
    depth: 0,
  })
  return { id: doc.id as number, created: true }
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || value === 0 || value === '0' || (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmptyValue))

const couldNotCreate = (kind: LinkedKind, reasons: Record<string, string>) =>
  new ApiError(400, `could-not-create-${kind}`, `Could not create the ${kind}.`, { params: reasons })

/** One item of an event's `venue` or `organizer` argument: an id, `{ id }` or an object to create. */
async function resolveOne(context: Context, kind: LinkedKind, item: unknown): Promise<number> {
  const collection = KIND[kind].collection(context)
  const asId = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : null)
  const id = asId(item) ?? (item && typeof item === 'object' && 'id' in item ? asId((item as { id: unknown }).id) : null)
  if (id !== null) {
    const { totalDocs } = await context.payload.count({ collection: collection as 'venues', where: { id: { equals: id } }, overrideAccess: true, req: context.req })
    if (!totalDocs) throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${kind}`, { params: { [kind]: `No ${kind} with id ${id}.` } })
    return id
  }
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    throw new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${kind}`, { params: { [kind]: `Give a ${kind} id or a ${kind} object.` } })
  }
  if (kind === 'venue') {
    const coordinates = checkCoordinates(item as Record<string, unknown>)
    if (coordinates) throw couldNotCreate(kind, coordinates)
  }
  const args = await validateArgs(KIND[kind].params, item as Record<string, unknown>, context, (reasons) => couldNotCreate(kind, reasons))
  return (await createOrReuse(context, kind, args)).id
}

/** The venue an event's `venue` argument names: null for an empty value, else one id (created when needed). */
export async function resolveVenue(context: Context, value: unknown): Promise<number | null> {
  if (isEmptyValue(value)) return null
  const items = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value]
  if (items.length !== 1) {
    throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): venue', { params: { venue: 'An event has one venue: give one id or one venue object.' } })
  }
  return resolveOne(context, 'venue', items[0])
}

/** The organizers an event's `organizer` argument names, in order: ids, `{ id }`s, objects, or a comma list. */
export async function resolveOrganizers(context: Context, value: unknown): Promise<number[]> {
  if (isEmptyValue(value)) return []
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : [value]
  if (items.length > MAX_LIST_ITEMS) {
    throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): organizer', { params: { organizer: `At most ${MAX_LIST_ITEMS} organizers.` } })
  }
  const ids: number[] = []
  for (const item of items) {
    const id = await resolveOne(context, 'organizer', item)
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}
