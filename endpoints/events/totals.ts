import type { Payload } from 'payload'

type Entry = { total: number; expires: number }

const MAX_ENTRIES = 500

/**
 * Totals of v1 events archives, reused until the calendar changes or `ttlMs` passes.
 *
 * Counting a date window visits every event in it: on SQLite the benchmark's default window of
 * 66,000 events takes about 10 ms, more than the rest of a page, and it grows with the calendar,
 * whereas the page itself walks the window's index in order and stops after `per_page` events.
 * Any write in this process drops the totals, when its hooks run and again when its transaction
 * commits (so a count taken beside an open write is not kept). Writes from other processes of a
 * deployment, and scheduled events coming due, show in totals after at most `ttlMs`; the events
 * of a page are always read fresh.
 */
export class Totals {
  readonly #entries = new Map<string, Entry>()
  #generation = 0

  constructor(private readonly ttlMs: number) {}

  invalidate(): void {
    this.#generation++
    this.#entries.clear()
  }

  async get(key: string, count: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return count()
    const cached = this.#entries.get(key)
    if (cached && cached.expires > Date.now()) return cached.total
    const generation = this.#generation
    const total = await count()
    if (generation === this.#generation) {
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

/** Drops the totals of a Payload instance, if it has any. */
export function invalidateTotals(payload: Payload): void {
  byInstance.get(payload)?.invalidate()
}
