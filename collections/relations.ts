import type { Field, PayloadRequest, Validate } from 'payload'
import { relationship as validRelationship, upload as validUpload } from 'payload/shared'
import { message } from '../core/translations/index.js'

/** The id of a relationship's value, populated (`{ id, ... }`) or not. */
export const relatedId = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : value

type RelationOptions = {
  event?: string
  operation?: string
  previousValue?: unknown
  relationTo: string | string[]
  req: PayloadRequest
}

const idsOf = (value: unknown): (number | string)[] =>
  ([] as unknown[])
    .concat(value ?? [])
    .map((item) =>
      item && typeof item === 'object'
        ? ((item as { value?: unknown; id?: unknown }).value ?? (item as { id?: unknown }).id)
        : item,
    )
    .filter(
      (id): id is number | string =>
        typeof id === 'number' || (typeof id === 'string' && id !== ''),
    )

/** Where a write notes, on its request, the records it found or made (`noteExisting`). */
const EXISTING = 'calendarExistingRecords'

/**
 * Notes, for the rest of the write of `req` (its transaction), that these records of `collection`
 * exist: the write looked them up or created them itself, so the existence check below need not
 * ask again.
 */
export function noteExisting(req: PayloadRequest, collection: string, ids: Iterable<unknown>) {
  const known = ((req.context[EXISTING] as Record<string, Set<string>> | undefined) ??= {})
  const set = (known[collection] ??= new Set())
  for (const id of ids) set.add(String(id))
}

/**
 * Whether every id is known to exist without asking: noted by the write (`noteExisting`), the
 * caller's own user, or, in an update, a link the record already has (checked when it was
 * written; a delete for good unlinks what points at it, hooks/unlinkOnDelete.ts).
 */
function knownToExist(ids: (number | string)[], options: RelationOptions): boolean {
  const { operation, previousValue, relationTo, req } = options
  const noted = (req.context[EXISTING] as Record<string, Set<string>> | undefined)?.[
    relationTo as string
  ]
  const kept = operation === 'update' ? new Set(idsOf(previousValue).map(String)) : null
  const user = req.user?.collection === relationTo ? String(req.user.id) : null
  return ids.every((id) => noted?.has(String(id)) || kept?.has(String(id)) || String(id) === user)
}

/**
 * The field's own validation (or Payload's for its type), then: every record it points to exists.
 * Payload checks only the shape of related ids, so a missing one would otherwise reach the database
 * (a foreign-key error on SQL adapters, a dangling link on MongoDB).
 */
function existingOnly(field: Field & { type: 'relationship' | 'upload' }): Validate {
  const own = (field.validate ??
    (field.type === 'upload' ? validUpload : validRelationship)) as Validate
  return async (value, options) => {
    const valid = await own(value, options)
    const relation = options as unknown as RelationOptions
    const { event, relationTo, req } = relation
    if (valid !== true || event === 'onChange' || typeof relationTo !== 'string') return valid
    const ids = [...new Set(idsOf(value))]
    if (ids.length === 0 || knownToExist(ids, relation)) return true
    const { totalDocs } = await req.payload.count({
      collection: relationTo as 'events',
      where: { id: { in: ids } },
      trash: true,
      overrideAccess: true,
      req,
    })
    return totalDocs === ids.length ? true : message(req, 'missingRelation')
  }
}

/**
 * The fields with an existence check on every relationship and upload, rows and collapsibles
 * included.
 */
export function withExistingRelations(fields: Field[]): Field[] {
  return fields.map((field): Field => {
    if (
      (field.type === 'relationship' || field.type === 'upload') &&
      typeof field.relationTo === 'string'
    ) {
      return { ...field, validate: existingOnly(field) } as Field
    }
    if ((field.type === 'row' || field.type === 'collapsible') && 'fields' in field)
      return { ...field, fields: withExistingRelations(field.fields) }
    return field
  })
}
