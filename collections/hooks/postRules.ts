import type { CollectionBeforeValidateHook, FieldHook } from 'payload'
import { can, type Status } from '../access.js'

/**
 * Rules every post type (event, venue, organizer) follows on each write, whoever writes
 * (admin UI, Payload's REST, the v1 namespace):
 * - the author is the writing user unless an editor or administrator names another;
 * - a caller who may not publish gets `pending` when asking for `publish`, `future` or `private`;
 * - `publish` with a publication date in the future becomes `future`, `future` whose date has
 *   passed becomes `publish`; publishing without a date stamps the publication date.
 * A write that sends neither `status` nor `publishedAt` leaves the status as it is.
 */
export const postRules: CollectionBeforeValidateHook = ({ data, operation, originalDoc, req }) => {
  if (!data) return data
  const { user } = req
  if (user && !can.editOthers(user)) {
    if (operation === 'create') data.author = user.id
    else delete data.author
  } else if (user && operation === 'create' && data.author == null) {
    data.author = user.id
  }

  if (!('status' in data) && !('publishedAt' in data) && operation === 'update') return data
  let status = (data.status ?? originalDoc?.status) as Status | undefined
  // Writes without a user are the system's own (seeding, imports, unlinking): access control let
  // them through.
  if (
    'status' in data &&
    status &&
    user &&
    !can.publish(user) &&
    ['publish', 'future', 'private'].includes(status)
  ) {
    status = 'pending'
  }
  const dateValue = data.publishedAt ?? originalDoc?.publishedAt
  const publishedAt = dateValue ? new Date(dateValue as string) : undefined
  const now = new Date()
  if (status === 'publish' && publishedAt && publishedAt > now) status = 'future'
  if (status === 'future' && (!publishedAt || publishedAt <= now)) status = 'publish'
  if (status === 'publish' && !publishedAt) data.publishedAt = now.toISOString()
  if (status) data.status = status
  return data
}

/**
 * On reads, a `future` record whose publication date has passed is `publish`
 * (docs/v1-differences.md §5).
 */
export const readFutureAsPublished: FieldHook = ({ siblingData, value }) => {
  if (value !== 'future') return value
  const date = siblingData?.publishedAt ? new Date(siblingData.publishedAt as string) : undefined
  return date && date <= new Date() ? 'publish' : value
}
