import type { Payload } from 'payload'
import type { SqlAccess } from '../../src/database/calendarStore.js'
import type { ResolvedCalendarOptions } from '../../src/options.js'
import { entriesAfter, logBounds } from '../changes/log.js'
import type { Doc } from '../data.js'
import { valuesOf, type Dimension } from './facetCounts.js'

/**
 * What the facet groups read of every event and venue, kept in memory per Payload instance and
 * brought up to date from the change log (collections/changeLog.ts), so that counting a result
 * is a pass over its ids instead of a pass over its rows and their relations (issue #41: at
 * 100,000 events, counting every group by SQL cost 1.4 s of CPU).
 *
 * The facts do not depend on the time or on who asks: which events count (the window, the
 * filters, the status rule, the caller's rights) is the archive's own SELECT of ids, run per
 * request (endpoints/events/facetsSql.ts). Every write to an event or a venue, from any process
 * on the database, leaves a change log entry in its own transaction; the index reads the
 * entries after the sequence it holds and loads again the facts of the records they name. When
 * the log no longer reaches back that far (compacted), or names too many records, it loads
 * everything again.
 */

/** An event's values per group, as `valuesOf` reads them (city and country: its venue's id). */
export type EventFacts = {
  /** Groups of one value at most. */
  one: Partial<Record<Dimension, string>>
  /** Groups of several values: categories, tags, organizers, cost strings (and `FREE`). */
  many: Partial<Record<Dimension, string[]>>
}

/** What city and country read of a venue; a password-protected venue shows neither. */
export type VenueFacts = { city: unknown; country: unknown; locked: boolean }

const SINGLE: Dimension[] = [
  'venue',
  'event_status',
  'attendance_mode',
  'featured',
  'day_of_week',
  'time_of_day',
]
export const MULTIPLE: Dimension[] = ['categories', 'tags', 'organizer', 'cost']

/** Records named by the log at most per catch-up; beyond, everything is loaded again. */
const MAX_CHANGED = 2000

type Tables = { events: string; rels: string; texts: string; venues: string; columns: Columns }
type Columns = { categories: string; tags: string; organizers: string; venueLocked: boolean }

export class FacetIndex {
  readonly events = new Map<number, EventFacts>()
  readonly venues = new Map<number, VenueFacts>()
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
   * loaded or brought up to date with `access` first if need be.
   */
  async upTo(access: SqlAccess, tables: Tables, sequence?: number): Promise<this> {
    if (sequence !== undefined && this.sequence >= sequence) return this
    const step = this.#work.then(() =>
      sequence !== undefined && this.sequence >= sequence
        ? undefined
        : this.sequence < 0
          ? this.#loadAll(access, tables)
          : this.#catchUp(access, tables),
    )
    // A failed step leaves the index as it was (or unloaded): the next request tries again.
    this.#work = step.catch(() => undefined)
    await step
    return this
  }

  /** Loads the facts of these events (not found: none kept), for ids the log did not name. */
  async add(access: SqlAccess, tables: Tables, ids: number[]): Promise<void> {
    const step = this.#work.then(() =>
      ids.length > MAX_CHANGED
        ? this.#loadAll(access, tables)
        : this.#load(access, tables, { events: ids, venues: [] }),
    )
    this.#work = step.catch(() => undefined)
    await step
  }

  async #loadAll(access: SqlAccess, tables: Tables) {
    // The sequence first: the facts read after it hold every change up to it.
    const { last } = await logBounds(this.payload, this.options)
    this.events.clear()
    this.venues.clear()
    await this.#load(access, tables, null)
    this.sequence = last
  }

  async #catchUp(access: SqlAccess, tables: Tables) {
    const entries = await entriesAfter(this.payload, this.options, this.sequence, MAX_CHANGED + 1)
    if (!entries.length) return
    const gap = Number(entries[0].sequence) !== this.sequence + 1
    if (gap || entries.length > MAX_CHANGED) return this.#loadAll(access, tables)
    const named = (resource: string) => [
      ...new Set(
        entries.filter((entry) => entry.resource === resource).map((entry) => Number(entry.record)),
      ),
    ]
    await this.#load(access, tables, { events: named('events'), venues: named('venues') })
    this.sequence = Number(entries[entries.length - 1].sequence)
  }

  /** Reads the facts of these events and venues (null: all) in one statement, and keeps them. */
  async #load(
    access: SqlAccess,
    { events, rels, texts, venues, columns }: Tables,
    only: { events: number[]; venues: number[] } | null,
  ) {
    if (only && !only.events.length && !only.venues.length) return
    const { sql, jsonRows } = access
    const id = (name: string) => sql.identifier(name)
    const column = (table: string, name: string) => sql`${id(table)}.${id(name)}`
    const flag = (value: unknown) => sql`case when ${value} then 1 else 0 end`
    const among = (value: unknown, ids: number[] | undefined) =>
      ids
        ? sql` and ${value} in (${sql.join(
            [0, ...ids].map((n) => sql`${n}`),
            sql`, `,
          )})`
        : sql``
    const rows = (values: unknown[], from: unknown, where: unknown) =>
      sql`(select ${jsonRows(values)} from ${from} where 1 = 1${where})`
    const [row] = await access.run(
      sql`select ${sql.join(
        [
          sql`${rows(
            [
              column('e', 'id'),
              column('e', 'venue_id'),
              column('e', 'event_status'),
              column('e', 'attendance_mode'),
              flag(column('e', 'featured')),
              column('e', 'start_date_local'),
              flag(column('e', 'all_day')),
            ],
            sql`${id(events)} as ${id('e')}`,
            among(column('e', 'id'), only?.events),
          )} as ${id('events')}`,
          sql`${rows(
            [
              column('r', 'parent_id'),
              column('r', 'path'),
              column('r', columns.categories),
              column('r', columns.tags),
              column('r', columns.organizers),
            ],
            sql`${id(rels)} as ${id('r')}`,
            sql` and ${column('r', 'path')} in (${'categories'}, ${'tags'}, ${'organizers'})${among(column('r', 'parent_id'), only?.events)}`,
          )} as ${id('rels')}`,
          sql`${rows(
            [column('t', 'parent_id'), column('t', 'text')],
            sql`${id(texts)} as ${id('t')}`,
            sql` and ${column('t', 'path')} = ${'cost'}${among(column('t', 'parent_id'), only?.events)}`,
          )} as ${id('texts')}`,
          sql`${rows(
            [
              column('v', 'id'),
              column('v', 'city'),
              column('v', 'country'),
              columns.venueLocked ? flag(column('v', 'has_password')) : sql`0`,
            ],
            sql`${id(venues)} as ${id('v')}`,
            among(column('v', 'id'), only?.venues),
          )} as ${id('venues')}`,
        ],
        sql`, `,
      )}`,
    )
    const parse = (value: unknown) => JSON.parse(String(value ?? '[]')) as unknown[][]
    const docs = new Map<number, Doc>()
    for (const [eventId, venue, eventStatus, attendanceMode, featured, start, allDay] of parse(
      row.events,
    ))
      docs.set(Number(eventId), {
        id: Number(eventId),
        venue,
        eventStatus,
        attendanceMode,
        featured: Number(featured) === 1,
        startDateLocal: start,
        allDay: Number(allDay) === 1,
        categories: [],
        tags: [],
        organizers: [],
        cost: [],
      })
    for (const [parent, path, category, tag, organizer] of parse(row.rels)) {
      const doc = docs.get(Number(parent))
      const value = path === 'categories' ? category : path === 'tags' ? tag : organizer
      if (doc && value !== null) (doc[path as 'tags'] as unknown[]).push(value)
    }
    for (const [parent, text] of parse(row.texts))
      (docs.get(Number(parent))?.cost as unknown[] | undefined)?.push(text)
    for (const eventId of only?.events ?? []) this.events.delete(eventId)
    for (const [eventId, doc] of docs) this.events.set(eventId, factsOf(doc))
    for (const venueId of only?.venues ?? []) this.venues.delete(venueId)
    for (const [venueId, city, country, locked] of parse(row.venues))
      this.venues.set(Number(venueId), { city, country, locked: Number(locked) === 1 })
  }
}

function factsOf(doc: Doc): EventFacts {
  const facts: EventFacts = { one: {}, many: {} }
  for (const dimension of SINGLE) {
    const [value] = valuesOf(doc, dimension)
    if (value !== undefined) facts.one[dimension] = value
  }
  for (const dimension of MULTIPLE) {
    const values = valuesOf(doc, dimension)
    if (values.length) facts.many[dimension] = values
  }
  return facts
}

const byInstance = new WeakMap<Payload, FacetIndex>()

/** The facet index of this Payload instance (a process may run several, as the tests do). */
export function facetIndexOf(payload: Payload, options: ResolvedCalendarOptions): FacetIndex {
  let index = byInstance.get(payload)
  if (!index) byInstance.set(payload, (index = new FacetIndex(payload, options)))
  return index
}

export type { Tables as FacetTables }
