import type { Where } from 'payload'

/**
 * What the facet groups of the events archive read of the database, in calendar words: the facts
 * of events and venues, the ids a query matches, and the names of the records values are. A store
 * gives it where it runs statements of its own (sqlFacets.ts on Payload's SQL adapters); elsewhere
 * the Local API counts (endpoints/events/facets.ts).
 */
export interface FacetSource {
  /**
   * The facts of some events (these ids, or the first `slice.limit` by id after `slice.after`)
   * and venues (these ids; not given: all), in one statement.
   */
  facts(scope: FactsScope): Promise<{
    events: Map<number, EventFacts>
    venues: Map<number, VenueFacts>
  }>
  /**
   * The SELECT of the ids of `slug` that match `where`, built as the archive's page builds it
   * (Payload's own conditions); null when only the adapter's `find` can run them.
   */
  matchingIds(args: { slug: string; where: Where; locale: string }): Promise<IdQuery | null>
  /** Each query's ids as one text, comma-separated (empty: none), in one statement. */
  idLists(queries: IdQuery[]): Promise<string[]>
  /**
   * The slug, name (in the first of `languages` that gives one) and lock of these records of
   * each collection, in one statement; one map by id per entry of `wanted`.
   */
  namedRecords(
    wanted: { slug: string; ids: number[] }[],
    languages: string[],
  ): Promise<Map<number, NamedRecord>[]>
}

/** The calendar's collections the facets read, by their slugs as the app named them. */
export type FacetSlugs = Record<'events' | 'venues' | 'organizers' | 'categories' | 'tags', string>

export type FactsScope = {
  events?: number[]
  slice?: { after: number | null; limit: number }
  venues?: number[]
}

/** What the facet groups count of an event, its fields as the Local API reads them. */
export type EventFacts = {
  id: number
  venue: unknown
  eventStatus: unknown
  attendanceMode: unknown
  featured: boolean
  startDateLocal: unknown
  allDay: boolean
  categories: unknown[]
  tags: unknown[]
  organizers: unknown[]
  cost: unknown[]
}

/** What city and country read of a venue; a password-protected venue shows neither. */
export type VenueFacts = { city: unknown; country: unknown; locked: boolean }

/** A query of ids made by `matchingIds`, for `idLists` to run. */
export type IdQuery = { readonly query: unknown }

/** A record a value is (venue, organizer, term): how a facet names it. */
export type NamedRecord = { id: number; slug: string; name: string; locked: boolean }
