import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  PayloadRequest,
  Where,
} from 'payload'
import { lockKeys, recordKey } from '../../src/database/turns.js'
import { publishedWhere } from '../access.js'
import { relatedId } from '../relations.js'
import type { ResolvedCalendarOptions } from '../../src/options.js'

/**
 * Each category and tag stores how many events use it: `eventCount` (every event that is not in
 * the trash: what contributors and up see) and `publicEventCount` (published events: what
 * everyone sees). Event writes recount the terms they touch, in the same transaction, so archives
 * read counts instead of counting on every request.
 */
export type CountedField = { field: 'categories' | 'tags'; collection: string }

/** The counted fields of the calendar's events: categories and tags. */
export const termCountsOf = ({ slugs }: ResolvedCalendarOptions): CountedField[] => [
  { field: 'categories', collection: slugs.categories },
  { field: 'tags', collection: slugs.tags },
]

/**
 * Where `recountTerms` notes, on the request, the terms whose counts changed, for the change log
 * (collections/hooks/changeLog.ts) to name them.
 */
export const RECOUNTED_TERMS = 'calendarRecountedTerms'
export type RecountedTerm = { field: 'categories' | 'tags'; id: number }

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [])
    .map(relatedId)
    .filter((id): id is number => typeof id === 'number')

/** The ids of the terms of a counted field that an event (a stored document) has. */
export const eventTermIds = (event: Record<string, unknown>, { field }: CountedField): number[] =>
  ids(event[field])

export async function recountTerms(
  req: PayloadRequest,
  events: string,
  { field, collection }: CountedField,
  termIds: number[],
) {
  // Creates that run side by side (src/database/turns.ts) count the term one after the other, each
  // seeing the events of those before.
  await lockKeys(
    req,
    termIds.map((id) => recordKey(collection, id)),
  )
  for (const id of new Set(termIds)) {
    // A series is counted through its dates, as archives list them.
    const uses: Where = { and: [{ [field]: { in: [id] } }, { isSeries: { not_equals: true } }] }
    const count = (where: Where) =>
      req.payload.db.count({ collection: events, where, req }).then((result) => result.totalDocs)
    const [eventCount, publicEventCount] = await Promise.all([
      count({ and: [uses, { deletedAt: { exists: false } }] }),
      count({ and: [uses, { deletedAt: { exists: false } }, publishedWhere()] }),
    ])
    const before = (await req.payload.db.findOne({
      collection,
      where: { id: { equals: id } },
      select: { eventCount: true, publicEventCount: true },
      req,
    })) as { eventCount?: number; publicEventCount?: number } | null
    if (before?.eventCount === eventCount && before?.publicEventCount === publicEventCount) continue
    await req.payload.db.updateOne({
      collection,
      id,
      data: { eventCount, publicEventCount },
      req,
      returning: false,
    })
    const noted = (req.context[RECOUNTED_TERMS] ??= []) as RecountedTerm[]
    noted.push({ field, id })
  }
}

/** The fields of an event that decide which counts it is in (`recountTerms`' conditions). */
const COUNTED_BY = ['deletedAt', 'status', 'publishedAt', 'isSeries'] as const

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id) => b.includes(id))

/**
 * Whether a write left the event in the same counts of the same terms: its terms and every field
 * the counts look at are what they were. Counts move only with those (or, for a scheduled event,
 * with time, which no write of this event changes), so its terms need no recount.
 */
function sameCounts(
  doc: Record<string, unknown>,
  previousDoc: Record<string, unknown> | undefined,
  counted: CountedField[],
) {
  if (!previousDoc) return false
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)
  return (
    COUNTED_BY.every((field) => same(doc[field], previousDoc[field])) &&
    counted.every(({ field }) => sameIds(ids(doc[field]), ids(previousDoc[field])))
  )
}

/** After an event is written: recount the terms it had and has, unless its counts are the same. */
export function countTermsAfterChange(
  events: string,
  counted: CountedField[],
): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, req }) => {
    if (sameCounts(doc, previousDoc, counted)) return doc
    for (const taxonomy of counted)
      await recountTerms(req, events, taxonomy, [
        ...ids(previousDoc?.[taxonomy.field]),
        ...ids(doc[taxonomy.field]),
      ])
    return doc
  }
}

/** After an event is deleted for good: recount the terms it had. */
export function countTermsAfterDelete(
  events: string,
  counted: CountedField[],
): CollectionAfterDeleteHook {
  return async ({ doc, req }) => {
    for (const taxonomy of counted)
      await recountTerms(req, events, taxonomy, ids(doc[taxonomy.field]))
  }
}
