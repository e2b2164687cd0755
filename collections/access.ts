import type { Access, FieldAccess, PayloadRequest, Where } from 'payload'
import { relatedId } from './relations.js'

/**
 * Roles and what they may do, as The Events Calendar grants them (docs/v1-reference.md §3.1,
 * docs/v1-differences.md §4). Every rule is enforced by collection access control, so the admin UI,
 * Payload's REST and the v1 namespace all obey the same matrix.
 */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
export type Role = (typeof ROLES)[number]

const RANK: Record<Role, number> = {
  subscriber: 0,
  contributor: 1,
  author: 2,
  editor: 3,
  administrator: 4,
}

type MaybeUser = PayloadRequest['user'] | undefined

export function roleOf(user: MaybeUser): Role | null {
  if (!user) return null
  const role = (user as { role?: unknown }).role
  return typeof role === 'string' && role in RANK ? (role as Role) : 'subscriber'
}

function atLeast(user: MaybeUser, role: Role): boolean {
  const own = roleOf(user)
  return own !== null && RANK[own] >= RANK[role]
}

/** Capabilities, named after the WordPress capabilities they stand for. */
export const can = {
  /** "edit posts": create records and see every non-trashed status in archives. */
  editPosts: (user: MaybeUser) => atLeast(user, 'contributor'),
  /** "publish posts": publish, and edit or delete one's own published records. */
  publish: (user: MaybeUser) => atLeast(user, 'author'),
  /** "edit others' posts", "delete posts" permanently, read trash, set passwords and authors. */
  editOthers: (user: MaybeUser) => atLeast(user, 'editor'),
  /** Event categories are managed by those who may publish events. */
  manageCategories: (user: MaybeUser) => atLeast(user, 'author'),
  /** Tags need the generic "manage categories" capability: editors and administrators. */
  manageTags: (user: MaybeUser) => atLeast(user, 'editor'),
  administer: (user: MaybeUser) => atLeast(user, 'administrator'),
}

export const STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const
export type Status = (typeof STATUSES)[number]

const notTrashed: Where = { deletedAt: { exists: false } }

/**
 * Published records: `publish`, or `future` whose publication date has passed
 * (docs/v1-differences.md §5).
 */
export function publishedWhere(now = new Date()): Where {
  return {
    or: [
      { status: { equals: 'publish' } },
      {
        and: [
          { status: { equals: 'future' } },
          { publishedAt: { less_than_equal: now.toISOString() } },
        ],
      },
    ],
  }
}

/** The fields of a stored post (event, venue, organizer) that decide who may read it. */
export type ReadableRecord = {
  status?: unknown
  publishedAt?: unknown
  author?: unknown
  [field: string]: unknown
}

const isPublished = (record: ReadableRecord, now: Date) =>
  record.status === 'publish' ||
  (record.status === 'future' &&
    Boolean(record.publishedAt) &&
    new Date(record.publishedAt as string) <= now)

/**
 * Whether a caller may read one post, as `read` access decides for a query: published (as
 * `publishedWhere`), or the caller is an editor, or a contributor or above reading their own.
 */
export function mayRead(record: ReadableRecord, user: MaybeUser, now = new Date()): boolean {
  if (isPublished(record, now)) return true
  if (!user) return false
  if (can.editOthers(user)) return true
  return can.editPosts(user) && relatedId(record.author) === user.id
}

const ownedBy = (user: NonNullable<MaybeUser>): Where => ({ author: { equals: user.id } })

/**
 * The records a caller below editor may change: their own, and for contributors only drafts and
 * pending ones.
 */
function ownRecords(user: NonNullable<MaybeUser>): Where | false {
  if (can.publish(user)) return ownedBy(user)
  if (can.editPosts(user)) return { and: [ownedBy(user), { status: { in: ['draft', 'pending'] } }] }
  return false
}

/**
 * Access for a post type (events, venues, organizers).
 * - read: anyone sees published records; contributors and above see every non-trashed status
 *   (as the anchor's archives do); editors and administrators also see the trash.
 * - update: editors any record; authors their own; contributors their own drafts and pending ones.
 *   Only editors change a record in the trash (or restore it): below them the trash is not even
 *   readable, so a change there would answer with what the caller may not see.
 * - delete: moving to the trash follows the ownership rule (a second move answers "already in the
 *   trash"); deleting permanently needs an editor.
 */
export function postTypeAccess() {
  const read: Access = ({ req: { user } }) => {
    if (can.editOthers(user)) return true
    if (can.editPosts(user)) return notTrashed
    return { and: [notTrashed, publishedWhere()] }
  }
  const create: Access = ({ req: { user } }) => can.editPosts(user)
  const update: Access = ({ req: { user } }) => {
    if (!user) return false
    if (can.editOthers(user)) return true
    const own = ownRecords(user)
    return own && { and: [own, notTrashed] }
  }
  const remove: Access = ({ data, req: { user } }) => {
    if (!user) return false
    if (can.editOthers(user)) return true
    const isTrashAttempt = Boolean((data as { deletedAt?: unknown } | undefined)?.deletedAt)
    return isTrashAttempt ? ownRecords(user) : false
  }
  return { read, create, update, delete: remove }
}

/** Access for a taxonomy (event categories or tags): public reads, writes by capability. */
export function taxonomyAccess(mayManage: (user: MaybeUser) => boolean) {
  const manage: Access = ({ req: { user } }) => mayManage(user)
  return { read: () => true, create: manage, update: manage, delete: manage }
}

/**
 * Access for the upload collection: public reads; authors upload; authors change their own files.
 */
export function mediaAccess() {
  const update: Access = ({ req: { user } }) => {
    if (!user) return false
    if (can.editOthers(user)) return true
    if (can.publish(user)) return ownedBy(user)
    return false
  }
  return {
    read: () => true,
    create: ({ req: { user } }: { req: PayloadRequest }) => can.publish(user),
    update,
    delete: update,
  }
}

/** Field access: only editors and administrators (passwords, another author). */
export const editorsOnly: FieldAccess = ({ req: { user } }) => can.editOthers(user)
export const administratorsOnly: FieldAccess = ({ req: { user } }) => can.administer(user)

/**
 * Access of the users collection: administrators manage users; everyone else sees and edits
 * themselves.
 */
export function usersAccess() {
  const self: Access = ({ req: { user } }) => {
    if (!user) return false
    if (can.editOthers(user)) return true
    return { id: { equals: user.id } }
  }
  return {
    read: self,
    create: ({ req: { user } }: { req: PayloadRequest }) => can.administer(user),
    update: ((args) =>
      can.administer(args.req.user)
        ? true
        : args.req.user
          ? { id: { equals: args.req.user.id } }
          : false) as Access,
    delete: ({ req: { user } }: { req: PayloadRequest }) => can.administer(user),
  }
}
