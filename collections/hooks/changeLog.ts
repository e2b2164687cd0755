import type { Payload, PayloadRequest, Where } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { mayRead } from '../access.js'
import type { ChangeEntry, ChangeKind, ChangeResource } from '../changeLog.js'
import { relatedId } from '../relations.js'
import { RECOUNTED_TERMS, type RecountedTerm } from './termCounts.js'

/**
 * What the change log reads of a record of any calendar collection, as hooks and `db.find` hand
 * it over: posts (core/documents.ts's Event, Venue, Organizer) have all of it, terms only the id.
 */
export type ChangedRecord = {
  id: number | string
  status?: unknown
  publishedAt?: unknown
  author?: unknown
  deletedAt?: unknown
  isSeries?: unknown
  series?: unknown
}
export type NewEntry = Omit<ChangeEntry, 'sequence' | 'locales'>
/** An entry as appended, with its sequence. */
export type LoggedEntry = NewEntry & { sequence: number }

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The log's resource name of a calendar collection, or null (media is no resource of its own). */
export function resourceOf(options: ResolvedCalendarOptions, slug: string): ChangeResource | null {
  const { events, venues, organizers, categories, tags } = options.slugs
  const bySlug: Record<string, ChangeResource> = {
    [events]: 'events',
    [venues]: 'venues',
    [organizers]: 'organizers',
    [categories]: 'categories',
    [tags]: 'tags',
  }
  return bySlug[slug] ?? null
}

const isTerm = (resource: ChangeResource) => resource === 'categories' || resource === 'tags'

/** Whether an anonymous caller can read the record (terms always; posts when published). */
export function isPublicRecord(
  resource: ChangeResource,
  doc: ChangedRecord | undefined,
  now: Date,
): boolean {
  if (!doc) return false
  if (isTerm(resource)) return true
  return !doc.deletedAt && mayRead(doc, null, now)
}

const authorOf = (doc: ChangedRecord | undefined): number | null => {
  const author = relatedId(doc?.author)
  return typeof author === 'number' ? author : null
}

/** The entry of one record that changed from `before` to `after` (undefined: absent). */
export function entryOf(
  resource: ChangeResource,
  kind: ChangeKind,
  id: number,
  before: ChangedRecord | undefined,
  after: ChangedRecord | undefined,
  now = new Date(),
): NewEntry {
  return {
    resource,
    record: id,
    kind,
    wasPublic: isPublicRecord(resource, before, now),
    isPublic: isPublicRecord(resource, after, now),
    author: authorOf(after ?? before),
  }
}

/** What an update did: trash, restore, publish, unpublish, or a plain update. */
export function kindOfUpdate(
  resource: ChangeResource,
  before: ChangedRecord | undefined,
  after: ChangedRecord,
  now = new Date(),
): ChangeKind {
  if (after.deletedAt && !before?.deletedAt) return 'trash'
  if (!after.deletedAt && before?.deletedAt) return 'restore'
  const was = isPublicRecord(resource, before, now)
  const is = isPublicRecord(resource, after, now)
  if (was !== is) return is ? 'publish' : 'unpublish'
  return 'update'
}

const lastCompaction = new WeakMap<Payload, number>()

/**
 * The last entry's sequence (0 for an empty log), as the transaction of `req` sees it when one is
 * given.
 */
export async function lastSequence(
  payload: Payload,
  slug: string,
  req?: PayloadRequest,
): Promise<number> {
  const { docs } = await payload.db.find({
    collection: slug,
    sort: '-sequence',
    limit: 1,
    pagination: false,
    select: { sequence: true },
    req,
  })
  const last = docs[0] as unknown as ChangeEntry | undefined
  return Number(last?.sequence ?? 0)
}

/**
 * Appends entries to the log in the transaction of `req`, under the change log's turn (what a
 * commit of the calendar does, calendarCommit.ts; in the generic store under the claim of the
 * log's key, core/database/generic/claims.ts), so the sequences follow the order of commits and
 * have no gaps: the next write reads the last sequence only once this one has committed or rolled
 * back, and a rolled-back write's sequence is taken again by the next. The unique index on
 * `sequence` stays the final guard (a write that meets it runs again,
 * core/database/writeTransaction.ts). Gives the entries with their sequences.
 */
export async function appendChanges(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  entries: NewEntry[],
): Promise<LoggedEntry[]> {
  const { slug } = options.changeLog
  // A transaction that appended before holds the log's turn since: its last sequence is the last.
  const transaction = (await req.transactionID) ?? undefined
  const appended = lastAppended.get(req)
  let sequence =
    transaction !== undefined && appended?.transaction === transaction
      ? appended.sequence
      : await lastSequence(req.payload, slug, req)
  const createdAt = new Date().toISOString()
  const locales = String(req.locale ?? 'all')
  const logged = []
  for (const entry of entries) {
    sequence++
    await req.payload.db.create({
      collection: slug,
      data: { locales, ...entry, sequence, createdAt, updatedAt: createdAt },
      req,
      returning: false,
    } as Parameters<Payload['db']['create']>[0])
    logged.push({ ...entry, sequence })
  }
  if (transaction !== undefined) lastAppended.set(req, { transaction, sequence })
  return logged
}

/** The last sequence a request's transaction appended. */
const lastAppended = new WeakMap<
  PayloadRequest,
  { transaction: number | string; sequence: number }
>()

/**
 * Entries one compaction drops at most: a write's commit (and, on PostgreSQL, the change log's
 * turn) is never held by a long delete; what is left goes at the next writes.
 */
const COMPACTION_BATCH = 1000

/**
 * Once an hour at most (or once per retention period when that is shorter), drops the entries
 * older than the retention, never the newest (on SQLite a table's next row id is one more than its
 * largest): the oldest COMPACTION_BATCH of them, and again at the next write while more are left.
 */
export async function compactWhenDue(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  newest: number,
): Promise<void> {
  const now = Date.now()
  const retentionMs = options.changeLog.retentionDays * DAY_MS
  const last = lastCompaction.get(req.payload) ?? 0
  if (now - last < Math.min(HOUR_MS, retentionMs)) return
  lastCompaction.set(req.payload, now)
  const collection = options.changeLog.slug
  const { docs } = await req.payload.db.find({
    collection,
    where: {
      and: [
        { createdAt: { less_than: new Date(now - retentionMs).toISOString() } },
        { sequence: { less_than: newest } },
      ],
    },
    sort: 'sequence',
    limit: COMPACTION_BATCH,
    pagination: false,
    select: { sequence: true },
    req,
  })
  if (!docs.length) return
  await req.payload.db.deleteMany({
    collection,
    where: { id: { in: docs.map((doc) => doc.id) } },
    req,
  })
  // More may be left: the next write goes on.
  if (docs.length === COMPACTION_BATCH) lastCompaction.delete(req.payload)
}

/** The events whose records show a venue, organizer, category or tag. */
const LINKS: Partial<Record<ChangeResource, (id: number) => Where>> = {
  venues: (id) => ({ venue: { equals: id } }),
  organizers: (id) => ({ organizers: { in: [id] } }),
  categories: (id) => ({ categories: { in: [id] } }),
  tags: (id) => ({ tags: { in: [id] } }),
}

const VISIBILITY_FIELDS = {
  status: true,
  publishedAt: true,
  deletedAt: true,
  author: true,
} as const

/** An entry for every event whose record shows the changed venue, organizer or term. */
async function linkedEventEntries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  resource: ChangeResource,
  id: number,
): Promise<NewEntry[]> {
  const link = LINKS[resource]
  if (!link) return []
  const { docs } = await req.payload.db.find({
    collection: options.slugs.events,
    where: link(id),
    pagination: false,
    limit: 0,
    select: VISIBILITY_FIELDS,
    req,
  })
  const now = new Date()
  return (docs as ChangedRecord[]).map((doc) =>
    entryOf('events', 'linked', Number(doc.id), doc, doc, now),
  )
}

/** The dates of a series as they are stored: id → what a change of them would show. */
type SeriesSnapshot = Map<number, { doc: ChangedRecord; signature: string }>

const SERIES_FIELDS = {
  ...VISIBILITY_FIELDS,
  startDate: true,
  endDate: true,
  occurrence: true,
  copiedFrom: true,
  detached: true,
  series: true,
  // Dates rewritten from their series (collections/series/generate.ts) get a new one: their
  // content.
  updatedAt: true,
} as const

/** The dates of series `id` now, in the transaction of `req`. */
export async function snapshotSeries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  id: number | string,
): Promise<SeriesSnapshot> {
  const { docs } = await req.payload.db.find({
    collection: options.slugs.events,
    where: { series: { equals: id } },
    pagination: false,
    // Read by occurrence, as generateOccurrences reads them (collections/series/generate.ts);
    // their entries come in the order of their start.
    sort: 'occurrence',
    limit: 0,
    select: SERIES_FIELDS,
    req,
  })
  const start = (doc: ChangedRecord) => String((doc as { startDate?: string }).startDate)
  const byStart = (docs as ChangedRecord[]).sort(
    (a, b) => start(a).localeCompare(start(b)) || Number(a.id) - Number(b.id),
  )
  return new Map(byStart.map((doc) => [Number(doc.id), { doc, signature: JSON.stringify(doc) }]))
}

/** Entries for the dates a series gained, changed or lost between two snapshots. */
export function seriesEntries(before: SeriesSnapshot, after: SeriesSnapshot): NewEntry[] {
  const now = new Date()
  const entries: NewEntry[] = []
  for (const [id, { doc, signature }] of after) {
    const old = before.get(id)
    if (old?.signature !== signature)
      entries.push(entryOf('events', 'series', id, old?.doc, doc, now))
  }
  for (const [id, { doc }] of before)
    if (!after.has(id)) entries.push(entryOf('events', 'delete', id, doc, undefined, now))
  return entries
}

const SNAPSHOT_KEY = (id: unknown) => `calendarChangeLogSeries:${String(id)}`

/** The series whose dates a write of this event may change: its own, or the one it is a date of. */
const seriesOfEvent = (doc: ChangedRecord | undefined): unknown =>
  doc?.isSeries ? doc.id : doc?.series ? relatedId(doc.series) : undefined

/**
 * Before an event's update or delete (first of its hooks): the dates of the series it belongs to
 * or is, so that the change log can name those that the write adds, changes or removes.
 */
export async function rememberSeries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  doc: ChangedRecord | undefined,
): Promise<void> {
  const series = seriesOfEvent(doc)
  if (series === undefined || series === null) return
  req.context[SNAPSHOT_KEY(series)] = await snapshotSeries(req, options, series as number)
}

/** After an event's write: entries for the dates of its series that changed. */
async function seriesChanges(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  docs: (ChangedRecord | undefined)[],
): Promise<NewEntry[]> {
  const entries: NewEntry[] = []
  const seen = new Set<string>()
  for (const doc of docs) {
    const series = seriesOfEvent(doc)
    if (series === undefined || series === null || seen.has(String(series))) continue
    seen.add(String(series))
    const before = (req.context[SNAPSHOT_KEY(series)] as SeriesSnapshot | undefined) ?? new Map()
    delete req.context[SNAPSHOT_KEY(series)]
    entries.push(...seriesEntries(before, await snapshotSeries(req, options, series as number)))
  }
  return entries
}

/**
 * The terms whose counts an event's write changed (collections/hooks/termCounts.ts). The events
 * that show those terms are not named: the count an event's record shows is its term's, which
 * moves with every event written in the term, so naming them would make each such write cost as
 * much as the term has events. Readers follow the count from the term's own entry: the response
 * cache's single events depend on every term (endpoints/cache/dependencies.ts), the kept forms
 * hold markers in place of counts (endpoints/forms/forms.ts), and sync clients read counts from
 * the term records.
 */
export function recountedTermEntries(req: PayloadRequest): NewEntry[] {
  const recounted = (req.context[RECOUNTED_TERMS] as RecountedTerm[] | undefined) ?? []
  delete req.context[RECOUNTED_TERMS]
  return recounted.map(({ field, id }) => entryOf(field, 'update', id, { id }, { id }))
}

/** After a create or update of a calendar record: its entry, and those of what it changed. */
export async function changeEntries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  resource: ChangeResource,
  operation: 'create' | 'update',
  doc: ChangedRecord,
  previousDoc: ChangedRecord | undefined,
): Promise<NewEntry[]> {
  const id = Number(doc.id)
  const before = operation === 'create' ? undefined : previousDoc
  const kind = operation === 'create' ? 'create' : kindOfUpdate(resource, before, doc)
  const entries = [entryOf(resource, kind, id, before, doc)]
  if (operation === 'update')
    entries.push(...(await linkedEventEntries(req, options, resource, id)))
  if (resource === 'events') {
    entries.push(...(await seriesChanges(req, options, [previousDoc, doc])))
    entries.push(...recountedTermEntries(req))
  }
  return entries
}

/** After a delete for good: its entry, and those of the dates of a series that went with it. */
export async function deleteEntries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  resource: ChangeResource,
  doc: ChangedRecord,
): Promise<NewEntry[]> {
  const entries = [entryOf(resource, 'delete', Number(doc.id), doc, undefined)]
  if (resource === 'events') {
    entries.push(...(await seriesChanges(req, options, [doc])))
    entries.push(...recountedTermEntries(req))
  }
  return entries
}

/**
 * A write to a calendar collection that is no resource of the log (media): one entry under the
 * collection's slug, which sync leaves out and the response cache reads as "anything may have
 * changed" (endpoints/calendarState.ts), as event records show images.
 */
export const otherEntries = (slug: string, doc: ChangedRecord): NewEntry[] => [
  {
    resource: slug as ChangeResource,
    record: Number(doc.id),
    kind: 'update',
    wasPublic: false,
    isPublic: false,
    author: null,
  },
]
