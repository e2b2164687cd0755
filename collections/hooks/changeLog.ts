import type { Payload, PayloadRequest, Where } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { calendarStore } from '../../core/database/index.js'
import type { ChangeEntry, ChangeResource } from '../changeLog.js'
import {
  type ChangedRecord,
  entryOf,
  kindOfUpdate,
  type LoggedEntry,
  type NewEntry,
  recountedTermEntries,
  VISIBILITY_FIELDS,
} from './logEntries.js'
import { seriesChanges } from './seriesEntries.js'
import { transactionMemo } from './transactionScope.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

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
  const read = await calendarStore(payload).highestValue(payload, req, { slug, field: 'sequence' })
  if (read !== null) return read
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
  const appended = await lastAppended(req)
  let sequence = appended?.sequence ?? (await lastSequence(req.payload, slug, req))
  const createdAt = new Date().toISOString()
  const locales = String(req.locale ?? 'all')
  const logged = entries.map((entry) => ({ ...entry, sequence: ++sequence }))
  const rows = logged.map((entry) => ({ locales, ...entry, createdAt, updatedAt: createdAt }))
  // One statement for the write's entries where the store can (core/database/sqlRows.ts).
  if (!(await calendarStore(req.payload).insertRows(req, slug, rows)))
    for (const data of rows)
      await req.payload.db.create({
        collection: slug,
        data,
        req,
        returning: false,
      } as Parameters<Payload['db']['create']>[0])
  if (appended) appended.sequence = sequence
  return logged
}

/** The last sequence a transaction appended. */
const lastAppended = transactionMemo((): { sequence?: number } => ({}))

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
