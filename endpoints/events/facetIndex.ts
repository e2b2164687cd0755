import type { Payload } from 'payload'
import type { EventFacts, FacetSource, VenueFacts } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { entriesAfter, logBounds } from '../changes/log.js'
import { valuesOf, type Dimension, type Named, type Tally } from './facetCounts.js'
import { ListColumn, OneColumn, Places, Values } from './facetColumns.js'
import { yieldToLoop } from '../../core/lib/yieldToLoop.js'

/**
 * What the facet groups read of every event and venue, kept in memory per Payload instance and
 * brought up to date from the change log (collections/changeLog.ts), so that counting a result
 * is a pass over its ids instead of a pass over its rows and their relations (issue #41: at
 * 100,000 events, counting every group by SQL cost 1.4 s of CPU).
 *
 * The facts do not depend on the time or on who asks: which events count (the window, the
 * filters, the status rule, the caller's rights) is the archive's own SELECT of ids, run per
 * request (endpoints/events/facetTally.ts). Every write to an event or a venue, from any process
 * on the database, leaves a change log entry in its own transaction; the index reads the
 * entries after the sequence it holds and loads again the facts of the records they name. When
 * the log no longer reaches back that far (compacted), or names too many records, it loads
 * everything again.
 */

/** The groups an event has one value of at most (city and country read the venue's). */
const SINGLE = [
  'venue',
  'event_status',
  'attendance_mode',
  'featured',
  'day_of_week',
  'time_of_day',
] as const
/** The groups an event may have several values of. */
const MULTIPLE = ['categories', 'tags', 'organizer', 'cost'] as const
type Single = (typeof SINGLE)[number]
type Multiple = (typeof MULTIPLE)[number]
/** What the index reads for a group. */
export type Read = Single | Multiple

/** The group whose facts a dimension counts: city and country count their venues' events. */
export const readOf = (dimension: Dimension): Read =>
  dimension === 'city' || dimension === 'country' ? 'venue' : dimension

/** Records named by the log at most per catch-up; beyond, everything is loaded again. */
const MAX_CHANGED = 2000
/**
 * Events read per statement of a full load: at 100,000 events one statement for all took 1.4 s,
 * and a libSQL statement holds the event loop while it runs, as does keeping what it read.
 */
const LOAD_SLICE = 250

export class FacetIndex {
  /** The facts, replaced whole by a full load (built aside, slice by slice, then swapped in). */
  #facts = new Facts()
  readonly #values = Object.fromEntries(
    [...SINGLE, ...MULTIPLE].map((read) => [read, new Values()]),
  ) as Record<Read, Values>
  readonly #names = new Map<string, Map<string, Named>>()
  /** The change log's sequence the facts hold every change up to; -1 before the first load. */
  sequence = -1
  /** The catch-up or load under way: one at a time, which requests wait for. */
  #work: Promise<void> = Promise.resolve()

  constructor(
    private readonly payload: Payload,
    private readonly options: ResolvedCalendarOptions,
  ) {}

  /**
   * The index holding every change up to `sequence` at least (the log's newest when not given),
   * loaded or brought up to date from `source` first if need be.
   */
  async upTo(source: FacetSource, sequence?: number): Promise<this> {
    if (sequence !== undefined && this.sequence >= sequence) return this
    await this.#inTurn(() =>
      sequence !== undefined && this.sequence >= sequence
        ? undefined
        : this.sequence < 0
          ? this.#loadAll(source)
          : this.#catchUp(source),
    )
    return this
  }

  /** Loads the facts of these events (not found: none kept), for ids the log did not name. */
  async add(source: FacetSource, ids: number[]): Promise<void> {
    await this.#inTurn(() =>
      ids.length > MAX_CHANGED ? this.#loadAll(source) : this.#load(source, ids),
    )
  }

  /**
   * Runs `step` after the loads and catch-ups asked before it. A failed step leaves the index as
   * it was (or unloaded): the next request tries again.
   */
  #inTurn(step: () => Promise<void> | undefined): Promise<void> {
    const done = this.#work.then(step)
    this.#work = done.catch(() => undefined)
    return done
  }

  /**
   * The events of an id list (the stores' `idList` text) as the index's places, and the ids it
   * does not know (written after the log was read).
   */
  placesOf(list: string): { places: Int32Array; unknown: number[] } {
    return this.#facts.places.ofList(list)
  }

  /** What city and country read of each venue, by id. */
  get venues(): Map<number, VenueFacts> {
    return this.#facts.venues
  }

  /** For each group read, the events at these places per value (as `valuesOf` gives it). */
  tally(places: Int32Array, reads: Read[]): Map<Read, Tally> {
    return new Map(
      [...new Set(reads)].map((read) => {
        const texts = this.#values[read].texts
        const counts = new Int32Array(texts.length)
        if ((SINGLE as readonly string[]).includes(read))
          this.#facts.one[read as Single].countInto(places, counts)
        else this.#facts.many[read as Multiple].countInto(places, counts)
        const tally: Tally = new Map()
        counts.forEach((count, number) => {
          if (count > 0) tally.set(texts[number], count)
        })
        return [read, tally]
      }),
    )
  }

  /**
   * The records values are (venues, organizers, terms) as a count named them in a language, by
   * `collection:id`, until the log names a write of them: most answers then name their values
   * without a statement. Who may read them is not kept (the count's own statement says).
   */
  namesIn(lang: string): Map<string, Named> {
    let names = this.#names.get(lang)
    if (!names) this.#names.set(lang, (names = new Map()))
    return names
  }

  /** Keeps an event's values, read from its fields as the Local API's count reads them. */
  #keep(facts: Facts, event: number, doc: EventFacts) {
    const place = facts.places.take(event)
    for (const read of SINGLE) {
      const [text] = valuesOf(doc, read)
      facts.one[read].set(place, text === undefined ? -1 : this.#values[read].numberOf(text))
    }
    for (const read of MULTIPLE)
      facts.many[read].set(
        place,
        valuesOf(doc, read).map((text) => this.#values[read].numberOf(text)),
      )
  }

  /**
   * Loads every event's and venue's facts into a fresh store, LOAD_SLICE events per statement with
   * the event loop's turn between two (at 100,000 events one statement held every other request
   * for 1.4 s), and swaps it in at the end: counts made meanwhile read the facts as they were.
   */
  async #loadAll(source: FacetSource) {
    // The sequence first: the facts read after it hold every change up to it.
    const { last } = await logBounds(this.payload, this.options)
    const facts = new Facts()
    let after: number | null = null
    for (;;) {
      const read = await source.facts({
        slice: { after, limit: LOAD_SLICE },
        venues: after === null ? undefined : [],
      })
      for (const [eventId, doc] of read.events) this.#keep(facts, eventId, doc)
      for (const [venueId, venue] of read.venues) facts.venues.set(venueId, venue)
      if (read.events.size < LOAD_SLICE) break
      after = Math.max(...read.events.keys())
      await yieldToLoop()
    }
    this.#names.clear()
    this.#facts = facts
    this.sequence = last
  }

  async #catchUp(source: FacetSource) {
    const entries = await entriesAfter(this.payload, this.options, this.sequence, MAX_CHANGED + 1)
    if (!entries.length) return
    const gap = Number(entries[0].sequence) !== this.sequence + 1
    if (gap || entries.length > MAX_CHANGED) return this.#loadAll(source)
    const named = (resource: string) => [
      ...new Set(
        entries.filter((entry) => entry.resource === resource).map((entry) => Number(entry.record)),
      ),
    ]
    await this.#load(source, named('events'), named('venues'))
    for (const entry of entries)
      if (entry.resource !== 'events')
        for (const names of this.#names.values()) names.delete(`${entry.resource}:${entry.record}`)
    this.sequence = Number(entries[entries.length - 1].sequence)
  }

  /**
   * Reads the facts of these events and venues again in one statement, and keeps them: the index
   * changes once the statement answered, all at once.
   */
  async #load(source: FacetSource, events: number[], venues: number[] = []) {
    if (events.length === 0 && venues.length === 0) return
    const read = await source.facts({ events, venues })
    const facts = this.#facts
    for (const eventId of events) {
      const place = facts.places.remove(eventId)
      if (place < 0) continue
      for (const single of SINGLE) facts.one[single].set(place, -1)
      for (const multiple of MULTIPLE) facts.many[multiple].set(place, [])
    }
    for (const [eventId, doc] of read.events) this.#keep(facts, eventId, doc)
    for (const venueId of venues) facts.venues.delete(venueId)
    for (const [venueId, venue] of read.venues) facts.venues.set(venueId, venue)
  }
}

/** What the index holds of the events and venues: replaced whole by a full load. */
class Facts {
  readonly places = new Places()
  readonly one = Object.fromEntries(SINGLE.map((read) => [read, new OneColumn()])) as Record<
    Single,
    OneColumn
  >
  readonly many = Object.fromEntries(MULTIPLE.map((read) => [read, new ListColumn()])) as Record<
    Multiple,
    ListColumn
  >
  readonly venues = new Map<number, VenueFacts>()
}

const byInstance = new WeakMap<Payload, FacetIndex>()

/** The facet index of this Payload instance (a process may run several, as the tests do). */
export function facetIndexOf(payload: Payload, options: ResolvedCalendarOptions): FacetIndex {
  let index = byInstance.get(payload)
  if (!index) byInstance.set(payload, (index = new FacetIndex(payload, options)))
  return index
}
