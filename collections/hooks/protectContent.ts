import {
  Forbidden,
  type CollectionAfterReadHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'
import { can } from '../access.js'
import { relatedId } from '../relations.js'

/**
 * Set on a request's context by readers that check record passwords themselves (the v1 namespace).
 */
export const CHECKS_PASSWORDS = 'calendarChecksPasswords'

/**
 * Whether the caller may see a protected record's content without its password: editors, and its
 * author.
 */
function maySeeContent(user: PayloadRequest['user'], doc: Record<string, unknown>): boolean {
  return (
    !doc.hasPassword ||
    can.editOthers(user) ||
    (can.editPosts(user) && String(relatedId(doc.author)) === String(user?.id))
  )
}

/**
 * The content of a password-protected record is for those who give its password and for those who
 * may edit the record (editors, and its author). The v1 namespace takes the password and locks
 * records itself (docs/v1-reference.md §3.4); Payload's REST and GraphQL have no way to give one,
 * so there a protected record shows only `visible` (what identifies and dates it) to everyone else.
 */
export function protectContent(visible: readonly string[]): CollectionAfterReadHook {
  const shown = new Set([
    'id',
    'slug',
    'status',
    'publishedAt',
    'author',
    'hasPassword',
    'createdAt',
    'updatedAt',
    'deletedAt',
    ...visible,
  ])
  return ({ doc, req }) => {
    if (!doc || req.context?.[CHECKS_PASSWORDS] || maySeeContent(req.user, doc)) return doc
    return Object.fromEntries(Object.entries(doc).filter(([field]) => shown.has(field)))
  }
}

/**
 * Duplicating a record (`POST /api/events/:id/duplicate`, the admin's "Duplicate") copies its
 * content into a record the caller owns, so a protected record is duplicated only by those who may
 * see its content.
 */
export const duplicateWhatCanBeSeen: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  req,
}) => {
  const source: unknown = (args as { duplicateFromID?: unknown }).duplicateFromID
  if (operation !== 'create' || args.overrideAccess || !/^\d{1,15}$/.test(String(source ?? '')))
    return args
  const { docs } = await req.payload.db.find<Record<string, unknown>>({
    collection: collection.slug,
    where: { id: { equals: Number(source) } },
    select: { hasPassword: true, author: true },
    limit: 1,
    pagination: false,
    req,
  })
  if (docs[0] && !maySeeContent(req.user, docs[0])) throw new Forbidden(req.t)
  return args
}
