import type { Where } from 'payload'
import { can, publishedWhere, STATUSES } from '../collections/access.js'
import type { Context } from './context.js'

/**
 * The `status` filter of post archives (docs/v1-reference.md §5.1.1): callers without edit rights
 * may ask for exactly `publish`; others for any registered statuses, and editors for `trash` too.
 */
export const statusCheck = (what: string) => (values: string[], context: Context) => {
  const known: readonly string[] = can.editOthers(context.user) ? [...STATUSES, 'trash'] : STATUSES
  const unknown = values.filter((status) => !known.includes(status))
  if (unknown.length) return `status: unknown status ${unknown.join(', ')}.`
  if (!can.editPosts(context.user) && (values.length !== 1 || values[0] !== 'publish'))
    return `status: you may only ask for published ${what}.`
}

/**
 * The statuses asked for, or the default: every non-trashed one for those with edit rights, else
 * `publish`.
 */
export const effectiveStatuses = (
  requested: (string | number)[] | undefined,
  context: Context,
): string[] | undefined =>
  requested?.map(String) ?? (can.editPosts(context.user) ? undefined : ['publish'])

/** A status filter; `publish` includes `future` records whose date has passed. */
export function statusWhere(statuses: string[], now: Date): Where {
  return {
    or: statuses.map((status): Where => {
      if (status === 'publish') return publishedWhere(now)
      if (status === 'future')
        return {
          and: [
            { status: { equals: 'future' } },
            { publishedAt: { greater_than: now.toISOString() } },
          ],
        }
      if (status === 'trash') return { deletedAt: { exists: true } }
      return { and: [{ status: { equals: status } }, { deletedAt: { exists: false } }] }
    }),
  }
}
