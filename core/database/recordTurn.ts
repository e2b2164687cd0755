/**
 * Which writes of one record by id may take the `record` turn on PostgreSQL
 * (core/database/turns.ts): beside other writes, locking the record before reading it and then
 * what they read before writing (a slug's base, names, the terms they recount). The others take
 * the calendar alone (`whole`), because they write records they cannot name before reading them,
 * or because what they check spans records that other writes change meanwhile:
 * - deletes for good: each reference to the record is removed from the records that hold it
 *   (collections/hooks/unlinkOnDelete.ts), a series takes its dates with it;
 * - a venue or organizer moved to the trash: it is unlinked from every event (`unlinkOnTrash`),
 *   and an event linked to it meanwhile would keep it;
 * - a category's parent: two moves at once could each pass the loop check of the other;
 * - a series, or a write that makes an event repeat or reaches beyond its date (`applyTo`): a
 *   series rewrites its dates (collections/series/), which a date's own write would race.
 * A date of a series changed on its own shares: it writes its series only to exclude or include
 * itself (collections/series/hooks.ts `setExcluded`), under the series' record key, taken after
 * its own; the series' own writes, which take the dates' keys, are alone.
 */

/** What a calendar collection is, for its writes' turn. */
export type RecordRole = 'events' | 'linked' | 'categories' | 'tags'

type Data = Record<string, unknown> | undefined
type Stored = Record<string, unknown> | null | undefined

/** What a write does to an event that makes it (or keeps it) part of a series. */
const SERIES_KEYS = ['recurrence', 'isSeries', 'series', 'applyTo']

const has = (data: Data, key: string) => Boolean(data) && key in data!

/** Whether the write needs to read the record first to know (`fitsRecordTurn`'s `stored`). */
export const turnReadsRecord = (role: RecordRole) => role === 'events'

/**
 * Whether a write of one record by id may take the `record` turn: `operation` on a record of
 * `role`, with `data` (an update's), `stored` the record as it is (needed for events only; missing:
 * not known yet, judged on `data`).
 */
export function fitsRecordTurn(
  role: RecordRole,
  operation: 'update' | 'delete',
  data: Data,
  stored?: Stored,
): boolean {
  if (operation === 'delete') return false
  switch (role) {
    case 'events':
      return !stored?.isSeries && !SERIES_KEYS.some((key) => has(data, key))
    case 'linked':
      return !data?.deletedAt
    case 'categories':
      return !has(data, 'parent')
    case 'tags':
      return true
  }
}
