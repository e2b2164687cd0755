import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { PayloadRequest } from 'payload'
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
/** What the log reads to tell whether a record is public, and whose it is. */
export const VISIBILITY_FIELDS = {
  status: true,
  publishedAt: true,
  deletedAt: true,
  author: true,
} as const

/** An entry as appended, with its sequence. */
export type LoggedEntry = NewEntry & { sequence: number }

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
