import type { Field, PayloadRequest, Validate } from 'payload'
import { relationship as validRelationship, upload as validUpload } from 'payload/shared'
import { message } from '../src/translations/index.js'

/** The id of a relationship's value, populated (`{ id, ... }`) or not. */
export const relatedId = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : value

type RelationOptions = { event?: string; relationTo: string | string[]; req: PayloadRequest }

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
    const { event, relationTo, req } = options as unknown as RelationOptions
    if (valid !== true || event === 'onChange' || typeof relationTo !== 'string') return valid
    const ids = [...new Set(idsOf(value))]
    if (ids.length === 0) return true
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
