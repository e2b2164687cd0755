import type { Payload, PayloadRequest } from 'payload'
import { CHANGE_RESOURCES } from '../collections/changeLog.js'
import { currentChangeMark } from '../collections/hooks/calendarChanges.js'
import { lastSequence } from '../collections/hooks/changeLog.js'
import { calendarStore } from '../core/database/index.js'
import type { ResolvedCalendarOptions } from '../core/options.js'

/**
 * The calendar as everything kept between requests sees it (the response cache, the archive's
 * totals): its change mark, and until when answers made now hold. A new generation object means
 * the calendar moved on; whatever was kept for an older one is dropped. This is the one way kept
 * answers and totals end.
 *
 * Every write to a calendar collection, from any process on the database, moves the change mark in
 * its own transaction (collections/hooks/calendarChanges.ts), so a read sees a new mark as soon as
 * the write committed. What changes with no write (a scheduled record coming due, an event
 * starting or ending, the next UTC midnight, when the default date window moves) is the
 * generation's `until`.
 */
export type CalendarGeneration = {
  readonly mark: number
  readonly until: number
  /** Ascending in the order generations were made, so that a late request never goes back. */
  readonly serial: number
  /** The change log's last sequence as this generation read it (collections/changeLog.ts). */
  readonly logSequence: number
  /**
   * The records that changed since the generation before, as `resource:id`
   * (endpoints/cache/dependencies.ts), from the change log; null when anything may have (a time
   * boundary passed, the first generation, a change the log does not name, too many changes).
   */
  readonly changed: ReadonlySet<string> | null
  /** The generation before, a few deep, so that a cache that skipped some adds their changes up. */
  previous: CalendarGeneration | null
}

/** Changes named one by one at most; beyond, a generation says that anything may have changed. */
const MAX_NAMED_CHANGES = 2000
/** Generations kept behind the newest (`previous`). */
const KEPT_GENERATIONS = 32

let serials = 0

const byInstance = new WeakMap<Payload, CalendarGeneration>()

/**
 * The calendar's current generation for this Payload instance: one indexed read of the change mark,
 * and, when that moved or `until` passed, the next time boundary.
 */
export async function calendarGeneration(
  payload: Payload,
  options: ResolvedCalendarOptions,
  now: Date,
): Promise<CalendarGeneration> {
  const mark = await currentChangeMark(payload, options.sequencesSlug)
  const known = byInstance.get(payload)
  if (known && mark === known.mark && now.getTime() < known.until) return known
  // Only the change log's entries tell what a write changed; a passed time boundary may change
  // anything.
  const since = known && now.getTime() < known.until ? known.logSequence : null
  const [until, log] = await Promise.all([
    nextTimeBoundary(payload, options, now),
    changesAfter(payload, options.changeLog.slug, since),
  ])
  const generation: CalendarGeneration = {
    mark,
    until,
    serial: ++serials,
    logSequence: log.sequence,
    changed: log.changed,
    previous: known ?? null,
  }
  forgetOlderThan(generation, KEPT_GENERATIONS)
  byInstance.set(payload, generation)
  return generation
}

/** Cuts the chain of `previous` generations after `depth` of them. */
function forgetOlderThan(generation: CalendarGeneration, depth: number) {
  let kept = generation
  for (let i = 0; i < depth && kept.previous; i++) kept = kept.previous
  kept.previous = null
}

/**
 * The records named by the change log's entries after `since` (a sequence), and the last sequence;
 * without `since`, or when no entry names what moved the mark, or more than `limit` do: null
 * (anything). The log is read after the mark, so it holds at least the entries of the writes that
 * moved it. In `req`'s transaction when given (the form keeper's, forms/formKeeper.ts).
 */
export async function changesAfter(
  payload: Payload,
  slug: string,
  since: number | null,
  { req, limit = MAX_NAMED_CHANGES }: { req?: PayloadRequest; limit?: number } = {},
): Promise<{ sequence: number; changed: ReadonlySet<string> | null }> {
  if (since === null) {
    return {
      sequence: await lastSequence(payload, slug, req),
      changed: null,
    }
  }
  const { docs } = await payload.db.find({
    collection: slug,
    where: { sequence: { greater_than: since } },
    sort: 'sequence',
    limit: limit + 1,
    pagination: false,
    select: { sequence: true, resource: true, record: true },
    req,
  })
  const entries = docs as unknown as { sequence: number; resource: string; record: number }[]
  const sequence = entries.length ? Number(entries[entries.length - 1].sequence) : since
  const unnamed = (entry: { resource: string }) =>
    !(CHANGE_RESOURCES as readonly string[]).includes(entry.resource)
  if (entries.length === 0 || entries.length > limit || entries.some(unnamed))
    return { sequence, changed: null }
  return {
    sequence,
    changed: new Set(entries.map((entry) => `${entry.resource}:${Number(entry.record)}`)),
  }
}

/**
 * What changed between two generations (`to` made after `from`): the union of the changes of
 * those in between, or null when any of them says anything may have, or the chain is cut.
 */
export function changedBetween(
  from: CalendarGeneration,
  to: CalendarGeneration,
): ReadonlySet<string> | null {
  const changed = new Set<string>()
  for (let generation: CalendarGeneration | null = to; generation !== from;) {
    if (!generation || !generation.changed) return null
    for (const record of generation.changed) changed.add(record)
    generation = generation.previous
  }
  return changed
}

/**
 * Follows the calendar's generations for what is kept between requests: `follow` says whether
 * what was kept still holds, dropping what a newer generation changed (`drop` receives the records
 * that changed, or null: drop everything); an older one (a request that started before the
 * calendar moved) changes nothing and may keep nothing.
 */
export class GenerationFollower {
  #current: CalendarGeneration | null = null

  constructor(private readonly drop: (changed: ReadonlySet<string> | null) => void) {}

  follow(generation: CalendarGeneration): boolean {
    if (this.#current && generation.serial < this.#current.serial) return false
    if (generation !== this.#current) {
      this.drop(this.#current ? changedBetween(this.#current, generation) : null)
      this.#current = generation
    }
    return true
  }

  isCurrent(generation: CalendarGeneration): boolean {
    return generation === this.#current
  }
}

/**
 * The next instant after `now` at which an answer may change with no write: the next UTC midnight
 * (the default date window), the next scheduled publication (events, venues, organizers), the next
 * start or end of an event.
 */
async function nextTimeBoundary(
  payload: Payload,
  options: ResolvedCalendarOptions,
  now: Date,
): Promise<number> {
  const iso = now.toISOString()
  const first = async (
    field: 'publishedAt' | 'startDate' | 'endDate',
    status?: string,
    collection = options.slugs.events,
  ) => {
    // After every write (each moves the mark): by a statement prepared once where the store can.
    const prepared = calendarStore(payload).readFirstAfter(payload, collection, field, iso, status)
    if (prepared) {
      const value = await prepared
      return value === null ? Infinity : new Date(value).getTime()
    }
    const { docs } = await payload.find({
      collection: collection as 'events',
      where: {
        and: [{ [field]: { greater_than: iso } }, status ? { status: { equals: status } } : {}],
      },
      sort: field,
      limit: 1,
      pagination: false,
      depth: 0,
      select: { [field]: true },
      trash: true,
      overrideAccess: true,
    } as Parameters<Payload['find']>[0])
    const value = (docs[0] as Record<string, unknown> | undefined)?.[field]
    return value ? new Date(value as string).getTime() : Infinity
  }
  const midnight = new Date(now).setUTCHours(24, 0, 0, 0)
  const times = await Promise.all([
    first('startDate'),
    first('endDate'),
    // Events, venues and organizers can be scheduled.
    ...[options.slugs.events, options.slugs.venues, options.slugs.organizers].map((slug) =>
      first('publishedAt', 'future', slug),
    ),
  ])
  return Math.min(midnight, ...times)
}
