import type { Payload } from 'payload'
import type { Context } from '../context.js'
import { GenerationFollower, type CalendarGeneration } from '../cache/calendarState.js'

const MAX_ENTRIES = 500

/**
 * Totals of v1 events archives, reused while the calendar's generation holds
 * (endpoints/cache/calendarState.ts: no write from any process, no time boundary passed).
 *
 * Counting a date window visits every event in it: on SQLite the benchmark's default window of
 * 66,000 events takes about 10 ms, more than the rest of a page, and it grows with the calendar,
 * whereas the page itself walks the window's index in order and stops after `per_page` events. A
 * count taken beside a write that has not committed yet belongs to the generation before it, and
 * is dropped with it. `totalsCacheSeconds` bounds how long a total is reused in any case.
 */
export class Totals {
  readonly #entries = new Map<string, { total: number; expires: number }>()
  readonly #generations = new GenerationFollower(() => this.#entries.clear())

  constructor(private readonly ttlMs: number) {}

  /** Forgets every total (the tests count a page's queries with its count). */
  clear(): void {
    this.#entries.clear()
  }

  async get(key: string, generation: CalendarGeneration, count: () => Promise<number>) {
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

const byInstance = new WeakMap<Payload, Totals>()

/** The totals of one Payload instance (a process may run several, as the tests do). */
export function totalsOf(payload: Payload, ttlSeconds: number): Totals {
  let totals = byInstance.get(payload)
  if (!totals) byInstance.set(payload, (totals = new Totals(ttlSeconds * 1000)))
  return totals
}

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
