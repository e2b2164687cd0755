import slugify from '@sindresorhus/slugify'
import type { CollectionBeforeValidateHook, PayloadRequest, Where } from 'payload'
import { calendarStore, lockKeys } from '../../core/database/index.js'

export const MAX_BASE_LENGTH = 180
const FIRST_WINDOW = 25
const MAX_WINDOW = 800

/** ASCII slug of a text: `Café Été` → `cafe-ete`; '' when nothing transliterates. */
export function toSlug(text: unknown): string {
  if (typeof text !== 'string') return ''
  return slugify(text).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '')
}

/**
 * The value of a possibly localized field as sent: a string, or `{ en, fr, es }` with `locale:
 * 'all'`.
 */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const texts = Object.values(value as Record<string, unknown>).filter(
      (v) => typeof v === 'string' && v,
    )
    return texts[0] as string | undefined
  }
  return undefined
}

/**
 * The first free slug among `base`, `base-2`, `base-3`, … in the collection, other than the
 * record's own. Candidates are checked in windows that double in size (25, then 50, 100, …), so a
 * title shared by a thousand records costs six queries, not forty. Runs inside the write's
 * transaction (through `req`), so the check and the insert are one step: calendar writes take turns
 * (on SQLite `core/database/sqliteTurns.ts`, on PostgreSQL `core/database/turns.ts`, where creates
 * that run side by side wait on a lock of the slug's base); the unique index on `slug` stays the
 * final guard.
 */
export async function freeSlug(
  req: PayloadRequest,
  collection: string,
  base: string,
  ownId?: number | string,
): Promise<string> {
  for (let start = 1, size = FIRST_WINDOW; ; start += size, size = Math.min(size * 2, MAX_WINDOW)) {
    const candidates = Array.from({ length: size }, (_, i) =>
      start + i === 1 ? base : `${base}-${start + i}`,
    )
    const taken = await takenSlugs(req, collection, candidates, ownId)
    const free = candidates.find((candidate) => !taken.has(candidate))
    if (free) return free
  }
}

/**
 * Those of `slugs` that records of the collection have, but the record `ownId`: read by the store
 * without building documents where it can (core/database/sqlSlugs.ts), else through the adapter.
 */
export async function takenSlugs(
  req: PayloadRequest,
  collection: string,
  slugs: string[],
  ownId?: number | string,
): Promise<Set<string>> {
  const read = await calendarStore(req.payload).takenSlugs(req, collection, slugs, ownId)
  if (read) return read
  const where: Where = { slug: { in: slugs } }
  const { docs } = await req.payload.db.find<{ id: number | string; slug: string }>({
    collection,
    where: ownId === undefined ? where : { and: [where, { id: { not_equals: ownId } }] },
    select: { slug: true },
    limit: 0,
    pagination: false,
    req,
  })
  return new Set(docs.map((doc) => doc.slug))
}

/**
 * Keeps `slug` unique, ASCII and non-localized. On create it is made from the given slug or, when
 * none is given, from `sourceField` (in the request's language); `fallback` when that gives
 * nothing. On update it changes only when `slug` is sent; an empty one is made again from the
 * source field.
 */
export function uniqueSlug(sourceField: string, fallback: string): CollectionBeforeValidateHook {
  return async ({ collection, data, operation, originalDoc, req }) => {
    if (!data) return data
    const sent = 'slug' in data
    if (operation === 'update' && !sent) return data
    const requested = toSlug(data.slug)
    const source = textOf(data[sourceField]) ?? textOf(originalDoc?.[sourceField])
    const base = requested || toSlug(source) || fallback
    const ownId = operation === 'update' ? originalDoc?.id : undefined
    if (operation === 'update' && base === originalDoc?.slug) {
      data.slug = base
      return data
    }
    // `base` and `base-2` as bases share candidates: both wait on the key of `base`.
    await lockKeys(req, [`slug:${collection.slug}:${base.replace(/-\d+$/, '')}`])
    data.slug = await freeSlug(req, collection.slug, base, ownId)
    return data
  }
}
