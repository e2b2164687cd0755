import type { Payload, Where } from 'payload'
import type { ChangeEntry, ChangeResource } from '../../collections/changeLog.js'
import { settleDuePosts } from '../../collections/hooks/duePosts.js'
import { parseDate } from '../../core/lib/dates.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { Context } from '../context.js'
import { ApiError } from '../errors.js'
import { parseCursor } from './cursor.js'

/**
 * The read side of the change log (collections/changeLog.ts). Its collection is hidden
 * bookkeeping that no caller reads through access control, so these reads go to the adapter
 * directly, as the change mark's do (collections/hooks/calendarChanges.ts).
 */

type Stored = ChangeEntry & { id: number | string }

export const syncExpired = () =>
  new ApiError(
    410,
    'rest-sync-expired',
    'The cursor is older than the change log, or not of this calendar: read the archives again.',
  )

/**
 * The sequences the log can answer for: a cursor from `first - 1` to `last` (the log has no gaps:
 * collections/hooks/changeLog.ts); `firstAt` is when its oldest entry was written.
 */
export async function logBounds(
  payload: Payload,
  options: ResolvedCalendarOptions,
): Promise<{ first: number; last: number; firstAt: string | null }> {
  const edge = async (sort: string) =>
    (
      await payload.db.find({
        collection: options.changeLog.slug,
        sort,
        limit: 1,
        pagination: false,
      })
    ).docs[0] as unknown as Stored | undefined
  const [oldest, newest] = await Promise.all([edge('sequence'), edge('-sequence')])
  const last = Number(newest?.sequence ?? 0)
  return {
    first: oldest ? Number(oldest.sequence) : last + 1,
    last,
    firstAt: oldest?.createdAt ?? null,
  }
}

/** Up to `limit` entries after sequence `after`, in order. */
export async function entriesAfter(
  payload: Payload,
  options: ResolvedCalendarOptions,
  after: number,
  limit: number,
): Promise<Stored[]> {
  const { docs } = await payload.db.find({
    collection: options.changeLog.slug,
    where: { sequence: { greater_than: after } },
    sort: 'sequence',
    limit,
    pagination: false,
  })
  return docs as unknown as Stored[]
}

/** Checks a `modified_since` value: a cursor, or a date (site zone). */
export const modifiedSinceCheck = (value: string, context: Context) =>
  parseCursor(value) !== null || parseDate(value, context.options.siteTimezone, context.now)
    ? undefined
    : 'modified_since must be a cursor (next_since of /changes) or a date.'

/**
 * `modified_since`: the ids of the resource's records with a change log entry after the cursor, or
 * written at or after the date; 410 when the log no longer reaches back that far.
 */
export async function modifiedSinceWhere(
  context: Context,
  resource: ChangeResource,
  value: string,
): Promise<Where> {
  const { payload, options, now } = context
  await settleDuePosts(payload, options, now)
  const bounds = await logBounds(payload, options)
  const cursor = parseCursor(value)
  let after: Where
  if (cursor !== null) {
    if (cursor < bounds.first - 1 || cursor > bounds.last) throw syncExpired()
    after = { sequence: { greater_than: cursor } }
  } else {
    const date = parseDate(value, options.siteTimezone, now)!.toUTC().toISO()!
    // Entries older than the oldest one kept may have been compacted away.
    if (bounds.first > 1 && bounds.firstAt && date < bounds.firstAt) throw syncExpired()
    after = { createdAt: { greater_than_equal: date } }
  }
  const { docs } = await payload.db.find({
    collection: options.changeLog.slug,
    where: { and: [{ resource: { equals: resource } }, after] },
    pagination: false,
    limit: 0,
    select: { record: true },
  })
  const ids = [
    ...new Set((docs as unknown as { record: number }[]).map((doc) => Number(doc.record))),
  ]
  return { id: { in: [...ids, 0] } }
}
