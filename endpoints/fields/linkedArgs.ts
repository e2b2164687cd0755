import { can } from '../../collections/access.js'
import { noteExisting } from '../../collections/relations.js'
import type { Context } from '../context.js'
import { noRelated, readInBatch } from '../related.js'
import type { Doc } from '../parts/common.js'
import { ApiError } from '../errors.js'
import { dataOf } from './table.js'
import { recordsNamed, sameText } from '../lookup.js'
import { MAX_LIST_ITEMS, type LooseArgs } from '../params.js'
import { validateArgs } from '../validate.js'
import { ORGANIZERS, VENUES, type LinkedType } from './linkedKinds.js'

/** Venues and organizers written from arguments: on their own routes and inline in event writes. */

/** Both coordinates or neither (docs/v1-differences.md §3). */
export function checkCoordinates(args: { geo_lat?: unknown; geo_lng?: unknown }) {
  if ((args.geo_lat === undefined) !== (args.geo_lng === undefined)) {
    const missing = args.geo_lat === undefined ? 'geo_lat' : 'geo_lng'
    return { [missing]: 'geo_lat and geo_lng go together.' }
  }
}

/**
 * An existing, non-trashed record with the same name and, when a description is given, the same
 * description (case-insensitive): creating it again returns that one (docs/v1-reference.md §6.3).
 */
async function findDuplicate(
  context: Context,
  type: LinkedType,
  name: string,
  description?: string,
) {
  const named = await recordsNamed(context, type.plural, name)
  const field = type.fields.description.field!
  return named.find((doc) => description === undefined || sameText(doc[field], description))
}

/** Creates a venue or organizer from validated arguments, or returns the duplicate it would be. */
export async function createOrReuse(
  context: Context,
  type: LinkedType,
  args: LooseArgs,
): Promise<{ id: number; created: Doc | null }> {
  const duplicate = await findDuplicate(context, type, args[type.kind], args.description)
  if (duplicate) return { id: duplicate.id, created: null }
  const status = args.status ?? (can.publish(context.user) ? 'publish' : 'draft')
  const doc = await context.data.create(type.plural, {
    ...(await dataOf(type.fields, args, context, null)),
    status,
  })
  return { id: doc.id, created: doc }
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  value === '0' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value as object).every(isEmptyValue))

const couldNotCreate = (type: LinkedType, reasons: Record<string, string>) =>
  new ApiError(400, `could-not-create-${type.kind}`, `Could not create the ${type.kind}.`, {
    params: reasons,
  })

const invalid = (type: LinkedType, reason: string) =>
  new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${type.kind}`, {
    params: { [type.kind]: reason },
  })

/** An id given as a number, a string of digits or `{ id }`; null for anything else. */
function givenId(item: unknown): number | null {
  const asId = (value: unknown) =>
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : null
  return (
    asId(item) ??
    (item && typeof item === 'object' && 'id' in item ? asId((item as { id: unknown }).id) : null)
  )
}

/**
 * Reads the venues or organizers given by id, in one query, past access and the trash left out as
 * the response's `loadRelated` reads them, and keeps them on the context for it; an id that names
 * none is a 400. In a batch, those an earlier item read are not read again (`LINKS_READ_IN_BATCH`).
 */
async function readGivenIds(context: Context, type: LinkedType, items: unknown[]) {
  const wanted = [...new Set(items.map(givenId).filter((id): id is number => id !== null))]
  if (!wanted.length) return
  const read = (context.linkedRead ??= noRelated())[type.plural as 'venues' | 'organizers'] as Map<
    number,
    Doc
  >
  const inBatch = readInBatch(context, type.plural)
  for (const id of wanted) {
    const earlier = inBatch?.get(id)
    if (earlier) read.set(id, earlier)
  }
  const unread = wanted.filter((id) => !read.has(id))
  const docs = unread.length
    ? await context.data.all(type.plural, {
        where: { id: { in: unread } },
        sight: 'everything',
        select: { password: false },
      })
    : []
  for (const doc of docs) {
    read.set(doc.id, doc)
    inBatch?.set(doc)
  }
  const missing = wanted.find((id) => !read.has(id))
  if (missing !== undefined) throw invalid(type, `No ${type.kind} with id ${missing}.`)
}

/**
 * One item of an event's `venue` or `organizer` argument: an id (read already by
 * `readGivenIds`), `{ id }` or an object to create.
 */
async function resolveOne(context: Context, type: LinkedType, item: unknown): Promise<number> {
  const id = givenId(item) ?? (await createdId(context, type, item))
  // The event's own check of its links need not look again (collections/relations.ts).
  noteExisting(context.req, context.data.slug(type.plural), [id])
  return id
}

async function createdId(context: Context, type: LinkedType, item: unknown): Promise<number> {
  if (!item || typeof item !== 'object' || Array.isArray(item))
    throw invalid(type, `Give a ${type.kind} id or a ${type.kind} object.`)
  if (type === VENUES) {
    const coordinates = checkCoordinates(item as Record<string, unknown>)
    if (coordinates) throw couldNotCreate(type, coordinates)
  }
  const args = await validateArgs(
    type.params,
    item as Record<string, unknown>,
    context,
    (reasons) => couldNotCreate(type, reasons),
  )
  return (await createOrReuse(context, type, args)).id
}

/**
 * The venue an event's `venue` argument names: null for an empty value, else one id (created when
 * needed).
 */
export async function resolveVenue(context: Context, value: unknown): Promise<number | null> {
  if (isEmptyValue(value)) return null
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.includes(',')
      ? value.split(',')
      : [value]
  if (items.length !== 1)
    throw invalid(VENUES, 'An event has one venue: give one id or one venue object.')
  await readGivenIds(context, VENUES, items)
  return resolveOne(context, VENUES, items[0])
}

/**
 * The organizers an event's `organizer` argument names, in order: ids, `{ id }`s, objects, or a
 * comma list.
 */
export async function resolveOrganizers(context: Context, value: unknown): Promise<number[]> {
  if (isEmptyValue(value)) return []
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [value]
  if (items.length > MAX_LIST_ITEMS)
    throw invalid(ORGANIZERS, `At most ${MAX_LIST_ITEMS} organizers.`)
  await readGivenIds(context, ORGANIZERS, items)
  const ids: number[] = []
  for (const item of items) {
    const id = await resolveOne(context, ORGANIZERS, item)
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}
