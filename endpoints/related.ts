import type { EventCategory, EventTag, Media, Organizer, Venue } from '../core/documents.js'

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
