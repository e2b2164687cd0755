import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  PayloadRequest,
  Where,
} from 'payload'
import { calendarStore, lockKeys, recordKey } from '../../core/database/index.js'
import { transactionScope } from './transactionScope.js'
import { publishedWhere } from '../access.js'
import { relatedId } from '../relations.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'

/**
 * Each category and tag stores how many events use it: `eventCount` (every event that is not in
 * the trash: what contributors and up see) and `publicEventCount` (published events: what
 * everyone sees). Event writes move the counts of the terms they touch by what they changed, in
 * the same transaction, so archives read counts instead of counting on every request, and a write
 * costs the same in a term of ten events as in one of 100,000. `recountAllTerms` (termRecount.ts)
 * counts them all again.
 */
export type CountedField = { field: 'categories' | 'tags'; collection: string }

/** The counted fields of the calendar's events: categories and tags. */
export const termCountsOf = ({ slugs }: ResolvedCalendarOptions): CountedField[] => [
  { field: 'categories', collection: slugs.categories },
  { field: 'tags', collection: slugs.tags },
]

/**
 * Where `recountTerms` notes, on the request, the terms whose counts changed, for the change log
 * (collections/hooks/logEntries.ts `recountedTermEntries`) to name them.
 */
export const RECOUNTED_TERMS = 'calendarRecountedTerms'
export type RecountedTerm = { field: 'categories' | 'tags'; id: number }

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [])
    .map(relatedId)
    .filter((id): id is number => typeof id === 'number')

/** The ids of the terms of a counted field that an event (a stored document) has. */
export const eventTermIds = (event: object, { field }: CountedField): number[] =>
  ids((event as Record<string, unknown>)[field])

/** Notes on the request that a term's counts changed, for the change log, once per term. */
function noteRecounted(req: PayloadRequest, field: CountedField['field'], id: number) {
  const noted = (req.context[RECOUNTED_TERMS] ??= []) as RecountedTerm[]
  if (!noted.some((term) => term.field === field && term.id === id)) noted.push({ field, id })
}

type StoredCounts = { id: number; eventCount?: number | null; publicEventCount?: number | null }

/** The stored counts of these terms, by id, read in one query. */
async function storedCounts(
  req: PayloadRequest,
  collection: string,
  termIds: number[],
): Promise<Map<number, StoredCounts>> {
  const { docs } = await req.payload.db.find({
    collection,
    where: { id: { in: termIds } },
    select: { eventCount: true, publicEventCount: true },
    pagination: false,
    limit: 0,
    req,
  })
  return new Map((docs as StoredCounts[]).map((term) => [Number(term.id), term]))
}

export type TermCounts = { eventCount: number; publicEventCount: number }

const writtenCounts = new WeakMap<object, Map<string, TermCounts>>()

/**
 * The counts the writes of `req` stored, by `collection:id`, the last of each: what a write's
 * answer shows for its terms without reading them again (endpoints/events/write.ts). The items
 * of a batch share them (transactionScope.ts), so an item's answer shows the counts the items
 * before it wrote to a term it read before them.
 */
export function writtenTermCounts(req: PayloadRequest): Map<string, TermCounts> {
  const scope = transactionScope(req)
  let counts = writtenCounts.get(scope)
  if (!counts) writtenCounts.set(scope, (counts = new Map()))
  return counts
}

async function storeCounts(
  req: PayloadRequest,
  counted: CountedField,
  id: number,
  counts: TermCounts,
) {
  await req.payload.db.updateOne({
    collection: counted.collection,
    id,
    data: counts,
    req,
    returning: false,
  })
  noteStored(req, counted, id, counts)
}

/** Notes the counts a write stored: for the change log, and for the write's answer. */
function noteStored(
  req: PayloadRequest,
  { field, collection }: CountedField,
  id: number,
  counts: TermCounts,
) {
  noteRecounted(req, field, id)
  writtenTermCounts(req).set(`${collection}:${id}`, counts)
}

/**
 * Counts the events of each term again (two `count` queries per term): the repair
 * (`recountAllTerms`), and the writes a difference cannot tell (`needsRecount`).
 */
export async function recountTerms(
  req: PayloadRequest,
  events: string,
  counted: CountedField,
  termIds: number[],
) {
  const { field, collection } = counted
  const unique = [...new Set(termIds)]
  if (!unique.length) return
  // Creates that run side by side (core/database/turns.ts) count the term one after the other, each
  // seeing the events of those before.
  await lockKeys(
    req,
    unique.map((id) => recordKey(collection, id)),
  )
  const before = await storedCounts(req, collection, unique)
  for (const id of unique) {
    if (!before.has(id)) continue
    // A series is counted through its dates, as archives list them.
    const uses: Where = { and: [{ [field]: { in: [id] } }, { isSeries: { not_equals: true } }] }
    const count = (where: Where) =>
      req.payload.db.count({ collection: events, where, req }).then((result) => result.totalDocs)
    const [eventCount, publicEventCount] = await Promise.all([
      count({ and: [uses, { deletedAt: { exists: false } }] }),
      count({ and: [uses, { deletedAt: { exists: false } }, publishedWhere()] }),
    ])
    const stored = before.get(id)
    if (stored?.eventCount === eventCount && stored?.publicEventCount === publicEventCount) continue
    await storeCounts(req, counted, id, { eventCount, publicEventCount })
  }
}

/** What one event adds to each of its terms' counts: 1 or 0 to each. */
type Membership = { all: number; public: number }

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN)

/**
 * An event is counted when it is not in the trash and is no series (a series is counted through
 * its dates); publicly when it is also published, a scheduled one from its date on, as the
 * recount's `publishedWhere` says (a due one may read as `publish`: `readFutureAsPublished`).
 */
function membership(event: Record<string, unknown> | undefined, now: number): Membership {
  const counted = Boolean(event) && !event?.deletedAt && !event?.isSeries
  const published =
    event?.status === 'publish' || (event?.status === 'future' && time(event.publishedAt) <= now)
  return { all: counted ? 1 : 0, public: counted && published ? 1 : 0 }
}

/**
 * Whether a write must count its terms' events instead of moving their counts by its difference:
 * a series (its dates change with it, written below the Local API), and an event that was
 * scheduled when last written and whose date has passed since: it became public with no write,
 * and whether the stored public count has it yet depends on whether `settleDuePosts` ran.
 */
function needsRecount(now: number, ...events: (Record<string, unknown> | undefined)[]): boolean {
  return events.some(
    (event) =>
      Boolean(event?.isSeries) ||
      (time(event?.publishedAt) > time(event?.updatedAt) && time(event?.publishedAt) <= now),
  )
}

/**
 * Moves the counts of the terms an event had and has by what its write changed (+1, −1, in or out
 * of the public count), under each term's lock: in a statement per term where the store can,
 * else reading the stored counts in one query and writing each. The write costs the same however
 * many events its terms hold.
 */
async function addDifference(
  req: PayloadRequest,
  counted: CountedField,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  now: number,
) {
  const changes = new Map<number, Membership>()
  const add = (event: Record<string, unknown> | undefined, sign: 1 | -1) => {
    const { all, public: shown } = membership(event, now)
    for (const id of new Set(event ? eventTermIds(event, counted) : [])) {
      const change = changes.get(id) ?? { all: 0, public: 0 }
      changes.set(id, { all: change.all + sign * all, public: change.public + sign * shown })
    }
  }
  add(before, -1)
  add(after, 1)
  const moved = [...changes].filter(([, change]) => change.all || change.public)
  if (!moved.length) return
  await lockKeys(
    req,
    moved.map(([id]) => recordKey(counted.collection, id)),
  )
  const counts = await calendarStore(req.payload).moveCounts(
    req,
    counted.collection,
    moved.map(([id, change]) => ({ id, all: change.all, shown: change.public })),
  )
  if (counts) {
    for (const [id, stored] of counts) noteStored(req, counted, id, stored)
    return
  }
  const stored = await storedCounts(
    req,
    counted.collection,
    moved.map(([id]) => id),
  )
  for (const [id, change] of moved) {
    const term = stored.get(id)
    if (!term) continue
    await storeCounts(req, counted, id, {
      eventCount: Math.max(0, (term.eventCount ?? 0) + change.all),
      publicEventCount: Math.max(0, (term.publicEventCount ?? 0) + change.public),
    })
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

/**
 * After an event is written: the counts of the terms it had and has move by what changed, unless
 * nothing they look at changed; counted again for a series or a scheduled event (`needsRecount`).
 */
export function countTermsAfterChange(
  events: string,
  counted: CountedField[],
): CollectionAfterChangeHook {
  return async ({ doc, previousDoc, operation, req }) => {
    const before = operation === 'create' ? undefined : previousDoc
    const now = Date.now()
    // Checked first: any write of an event that came due since its last write takes that mark
    // away (its `updatedAt` moves past its date), so its counts are set right now.
    const recount = needsRecount(now, before, doc)
    if (!recount && sameCounts(doc, before, counted)) return doc
    for (const taxonomy of counted) {
      if (recount)
        await recountTerms(req, events, taxonomy, [
          ...ids(before?.[taxonomy.field]),
          ...ids(doc[taxonomy.field]),
        ])
      else await addDifference(req, taxonomy, before, doc, now)
    }
    return doc
  }
}

/** After an event is deleted for good: its terms count one event less (or are counted again). */
export function countTermsAfterDelete(
  events: string,
  counted: CountedField[],
): CollectionAfterDeleteHook {
  return async ({ doc, req }) => {
    const now = Date.now()
    for (const taxonomy of counted) {
      if (needsRecount(now, doc))
        await recountTerms(req, events, taxonomy, ids(doc[taxonomy.field]))
      else await addDifference(req, taxonomy, doc, undefined, now)
    }
  }
}
