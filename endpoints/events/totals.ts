import type { Payload } from 'payload'
import type { Context } from '../context.js'
import { GenerationFollower, type CalendarGeneration } from '../cache/calendarState.js'

const MAX_ENTRIES = 500

/**
 * Totals of v1 archives (and the events archive's facet counts, endpoints/events/facets.ts),
 * reused while the calendar's generation holds (endpoints/cache/calendarState.ts: no write from
 * any process, no time boundary passed).
 *
 * Counting a date window visits every event in it: on SQLite the benchmark's default window of
 * 66,000 events takes about 10 ms, more than the rest of a page, and it grows with the calendar,
 * whereas the page itself walks the window's index in order and stops after `per_page` events. A
 * count taken beside a write that has not committed yet belongs to the generation before it, and
 * is dropped with it. `totalsCacheSeconds` bounds how long a total is reused in any case.
 */
export class Totals<T = number> {
  readonly #entries = new Map<string, { total: T; expires: number }>()
  readonly #generations = new GenerationFollower(() => this.#entries.clear())

  constructor(private readonly ttlMs: number) {}

  /** Forgets every total (the tests count a page's queries with its count). */
  clear(): void {
    this.#entries.clear()
  }

  async get(key: string, generation: CalendarGeneration, count: () => Promise<T>): Promise<T> {
    if (!this.#generations.follow(generation)) return count()
    const kept = this.#entries.get(key)
    if (kept && kept.expires > Date.now()) return kept.total
    const total = await count()
    if (this.#generations.isCurrent(generation)) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
      this.#entries.set(key, { total, expires: Date.now() + this.ttlMs })
    }
    return total
  }
}

/** What a process keeps of each Payload instance (a process may run several, as the tests do). */
type Kept = { totals: Totals<number>; facets: Totals<unknown> }
const byInstance = new WeakMap<Payload, Kept>()

function keptOf(payload: Payload, ttlSeconds: number): Kept {
  let kept = byInstance.get(payload)
  if (!kept)
    byInstance.set(
      payload,
      (kept = { totals: new Totals(ttlSeconds * 1000), facets: new Totals(ttlSeconds * 1000) }),
    )
  return kept
}

/** The totals of one Payload instance. */
export const totalsOf = (payload: Payload, ttlSeconds: number): Totals =>
  keptOf(payload, ttlSeconds).totals

/**
 * An archive's total (events, venues, organizers), reused while the calendar's generation holds
 * and for at most `totalsCacheSeconds`; 0 counts every time. `key` names the query and whose view
 * it is.
 */
export const countOnce = (context: Context, key: string, count: () => Promise<number>) => {
  const { totalsCacheSeconds } = context.options
  return totalsCacheSeconds > 0 && context.generation
    ? totalsOf(context.payload, totalsCacheSeconds).get(key, context.generation, count)
    : count()
}

/** The events archive's facet counts, kept as its totals are (`countOnce`). */
export const facetsOnce = <T>(context: Context, key: string, count: () => Promise<T>) => {
  const { totalsCacheSeconds } = context.options
  return totalsCacheSeconds > 0 && context.generation
    ? (keptOf(context.payload, totalsCacheSeconds).facets.get(
        key,
        context.generation,
        count,
      ) as Promise<T>)
    : count()
}
