import type { Payload } from 'payload'
import type { Context } from '../context.js'
import { GenerationFollower, type CalendarGeneration } from '../calendarState.js'

const MAX_ENTRIES = 500

/**
 * Totals of v1 archives (and the events archive's facet counts, endpoints/events/facets.ts),
 * reused while the calendar's generation holds (endpoints/calendarState.ts: no write from
 * any process, no time boundary passed).
 *
 * Counting a date window visits every event in it: on SQLite the benchmark's default window of
 * 66,000 events takes about 10 ms, more than the rest of a page, and it grows with the calendar,
 * whereas the page itself walks the window's index in order and stops after `per_page` events. A
 * count taken beside a write that has not committed yet belongs to the generation before it, and
 * is dropped with it. `totalsCacheSeconds` bounds how long a total is reused in any case.
 * Requests that arrive while a count is under way share it (ten connections asking the same
 * faceted archive at 100,000 events counted it ten times at once).
 */
export class Totals<T = number> {
  readonly #entries = new Map<string, { total: T; expires: number }>()
  /** Counts under way, which requests for the same key share instead of counting again. */
  readonly #counting = new Map<string, Promise<T>>()
  readonly #generations = new GenerationFollower(() => {
    this.#entries.clear()
    this.#counting.clear()
  })

  constructor(private readonly ttlMs: number) {}

  /** Forgets every total (the tests count a page's queries with its count). */
  clear(): void {
    this.#entries.clear()
  }

  async get(key: string, generation: CalendarGeneration, count: () => Promise<T>): Promise<T> {
    if (!this.#generations.follow(generation)) return count()
    const kept = this.#entries.get(key)
    if (kept && kept.expires > Date.now()) return kept.total
    const counting = this.#counting.get(key)
    if (counting) return counting
    const counted = count()
    this.#counting.set(key, counted)
    try {
      const total = await counted
      if (this.#generations.isCurrent(generation)) {
        if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
        this.#entries.set(key, { total, expires: Date.now() + this.ttlMs })
      }
      return total
    } finally {
      if (this.#counting.get(key) === counted) this.#counting.delete(key)
    }
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
