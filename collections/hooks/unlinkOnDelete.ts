import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'
import { relatedId } from '../relations.js'

export type Reference = { collection: string; field: string; hasMany: boolean }

type Id = number | string

/**
 * When a record is deleted for good, nothing may keep pointing at it (docs/v1-differences.md §5):
 * each reference to it is removed from the records that hold it (trashed ones included), in the
 * same transaction as the delete and before it, so that no adapter's own foreign-key rules come
 * first.
 */
export function unlinkOnDelete(references: Reference[]): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    for (const reference of references) await removeReference(req, reference, id)
  }
}

async function removeReference(
  req: PayloadRequest,
  { collection, field, hasMany }: Reference,
  id: Id,
) {
  const { docs } = await req.payload.find({
    collection,
    where: { [field]: hasMany ? { in: [id] } : { equals: id } },
    depth: 0,
    pagination: false,
    trash: true,
    overrideAccess: true,
    select: { [field]: true },
    req,
  })
  for (const doc of docs as Record<string, unknown>[]) {
    const current = doc[field]
    const value = hasMany
      ? Array.isArray(current)
        ? current.map(relatedId).filter((v) => String(v) !== String(id))
        : []
      : null
    await req.payload.update({
      collection,
      id: doc.id as Id,
      data: { [field]: value },
      depth: 0,
      trash: true,
      overrideAccess: true,
      req,
      context: { calendarUnlink: true },
    })
  }
}

/**
 * Moving a venue or organizer to the trash unlinks it from every event too, as the anchor's
 * DELETE does (docs/v1-reference.md §6.5, §7): events never show a trashed venue or organizer.
 */
export function unlinkOnTrash(references: Reference[]): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, req }) => {
    if (doc.deletedAt && !previousDoc?.deletedAt) {
      for (const reference of references) await removeReference(req, reference, doc.id)
    }
    return doc
  }
}
