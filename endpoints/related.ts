import type { EventCategory, EventTag, Media, Organizer, Venue } from '../core/documents.js'
import type { PayloadRequest } from 'payload'
import type { LocaleCode } from '../core/locales.js'
import type { Doc } from './data.js'

/** The records a page of events links to, each kind loaded with one query (no query per event). */
export type Related = {
  venues: Map<number, Venue>
  organizers: Map<number, Organizer>
  categories: Map<number, EventCategory>
  tags: Map<number, EventTag>
  images: Map<number, Media>
  /**
   * Stored passwords of protected events (never serialized), loaded when the request gives one:
   * `events:5` → "secret".
   */
  passwords: Map<string, string>
}

export const noRelated = (): Related => ({
  venues: new Map(),
  organizers: new Map(),
  categories: new Map(),
  tags: new Map(),
  images: new Map(),
  passwords: new Map(),
})

/**
 * Where a batch's items find the venues, organizers and terms that earlier items of the same run
 * read by id (`readGivenIds`, endpoints/fields/linkedArgs.ts; `resolveTerms`, termArgs.ts), by
 * `plural:language:id` (`readInBatch`): a batch of 25 events at one venue reads it once, not 25
 * times (issue #60). The batch (endpoints/batch/run.ts) puts a map on each item's request context
 * under this key, new for each transaction, and empties it before any item that is not an event
 * write: only those may change a venue, organizer or term (an event write changes a term's counts
 * only, which its answer takes from `writtenTermCounts`).
 */
export const LINKS_READ_IN_BATCH = 'calendarLinksReadInBatch'
export type LinksReadInBatch = Map<string, unknown>

/**
 * The records of one kind (`plural`: venues, organizers, categories, tags) that the batch's
 * earlier items read by id, in the request's language, where an item takes them from and leaves
 * them; undefined outside a batch.
 */
export function readInBatch(
  { req, lang }: { req: PayloadRequest; lang: LocaleCode },
  plural: string,
): { get(id: number | string): Doc | undefined; set(doc: Doc): void } | undefined {
  const read = req.context[LINKS_READ_IN_BATCH] as LinksReadInBatch | undefined
  if (!read) return undefined
  const key = (id: number | string) => `${plural}:${lang}:${id}`
  return {
    get: (id) => read.get(key(id)) as Doc | undefined,
    set: (doc) => void read.set(key(doc.id), doc),
  }
}
