import type { Payload } from 'payload'
import { currentChangeMark } from '../../collections/hooks/calendarChanges.js'
import type { ResolvedCalendarOptions } from '../../src/options.js'

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
}

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
  const until = await nextTimeBoundary(payload, options, now)
  const generation = { mark, until, serial: ++serials }
  byInstance.set(payload, generation)
  return generation
}

/**
 * Follows the calendar's generations for what is kept between requests: `follow` says whether
 * what was kept still holds, dropping it (`drop`) when a newer generation comes; an older one (a
 * request that started before the calendar moved) changes nothing and may keep nothing.
 */
export class GenerationFollower {
  #current: CalendarGeneration | null = null

  constructor(private readonly drop: () => void) {}

  follow(generation: CalendarGeneration): boolean {
    if (this.#current && generation.serial < this.#current.serial) return false
    if (generation !== this.#current) {
      this.drop()
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
    extra: Record<string, unknown> = {},
    collection = options.slugs.events,
  ) => {
    const { docs } = await payload.find({
      collection: collection as 'events',
      where: { and: [{ [field]: { greater_than: iso } }, extra] },
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
  const scheduled = { status: { equals: 'future' } }
  const times = await Promise.all([
    first('startDate'),
    first('endDate'),
    // Events, venues and organizers can be scheduled.
    ...[options.slugs.events, options.slugs.venues, options.slugs.organizers].map((slug) =>
      first('publishedAt', scheduled, slug),
    ),
  ])
  return Math.min(midnight, ...times)
}
