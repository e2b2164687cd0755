import type { CollectionAfterReadHook } from 'payload'
import { can } from '../access.js'

/** Set on a request's context by readers that check record passwords themselves (the v1 namespace). */
export const CHECKS_PASSWORDS = 'calendarChecksPasswords'

const authorOf = (doc: Record<string, unknown>) => {
  const author = doc.author
  return author && typeof author === 'object' ? (author as { id?: unknown }).id : author
}

/**
 * The content of a password-protected record is for those who give its password and for those
 * who may edit the record (editors, and its author). The v1 namespace takes the password and locks
 * records itself (reference §3.4); Payload's REST and GraphQL have no way to give one, so there a
 * protected record shows only `visible` (what identifies and dates it) to everyone else.
 */
export function protectContent(visible: readonly string[]): CollectionAfterReadHook {
  const shown = new Set(['id', 'slug', 'status', 'publishedAt', 'author', 'hasPassword', 'createdAt', 'updatedAt', 'deletedAt', ...visible])
  return ({ doc, req }) => {
    if (!doc?.hasPassword || req.context?.[CHECKS_PASSWORDS]) return doc
    const user = req.user
    if (can.editOthers(user) || (can.editPosts(user) && String(authorOf(doc)) === String(user?.id))) return doc
    return Object.fromEntries(Object.entries(doc).filter(([field]) => shown.has(field)))
  }
}
