/**
 * How the facet index (endpoints/events/facetIndex.ts) stores what it knows: numbers in typed
 * arrays, so that a count is a pass over a few contiguous arrays. At 100,000 events, counting
 * text keys in maps cost 140 ms per answer of all groups, and arrays of small arrays 40.
 */

/** The texts of a group's values, each numbered once. */
export class Values {
  readonly texts: string[] = []
  readonly #numbers = new Map<string, number>()

  numberOf(text: string): number {
    let number = this.#numbers.get(text)
    if (number === undefined) {
      number = this.texts.length
      this.texts.push(text)
      this.#numbers.set(text, number)
    }
    return number
  }
}

/** An Int32Array of at least `size` items holding those of `array`, the rest `fill`. */
function grown(
  array: Int32Array<ArrayBuffer>,
  size: number,
  fill: number,
): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array
  const next = new Int32Array(Math.max(size, array.length * 2)).fill(fill)
  next.set(array)
  return next
}

/** Ids beyond this many times the events known (or 2^20) are kept in a map, not an array. */
const DENSE_FACTOR = 4

/**
 * Each event's place (0, 1, …) in the columns, by its id: an array indexed by id while ids are
 * dense (Payload's SQL ids count up), a map for the others. Places of removed events are used
 * again.
 */
export class Places {
  #dense = new Int32Array(1024).fill(-1)
  readonly #sparse = new Map<number, number>()
  readonly #free: number[] = []
  /** Places handed out so far (the columns' length). */
  size = 0

  get(id: number): number {
    const place = Number.isInteger(id) && id >= 0 && id < this.#dense.length ? this.#dense[id] : -1
    return place >= 0 ? place : (this.#sparse.get(id) ?? -1)
  }

  /** The place of `id`, given one if it has none. */
  take(id: number): number {
    const known = this.get(id)
    if (known >= 0) return known
    const place = this.#free.pop() ?? this.size++
    if (Number.isInteger(id) && id >= 0 && id < Math.max(2 ** 20, DENSE_FACTOR * this.size)) {
      this.#dense = grown(this.#dense, id + 1, -1)
      this.#dense[id] = place
    } else this.#sparse.set(id, place)
    return place
  }

  /** Frees the place of `id`; -1 when it had none. */
  remove(id: number): number {
    const place = this.get(id)
    if (place < 0) return -1
    if (this.#sparse.has(id)) this.#sparse.delete(id)
    else this.#dense[id] = -1
    this.#free.push(place)
    return place
  }

  /**
   * The places of the ids of a comma-separated text (as the stores' `idList` gives them), read in
   * one pass, in ascending order: the columns are then read front to back (in the order of the
   * ids, a window's events sorted by date, each read was a jump, and counting took twice as
   * long). `unknown`: the ids that have no place.
   */
  ofList(text: string): { places: Int32Array; unknown: number[] } {
    // Marked, then read in order: faster than sorting them (the ids are each once).
    const marked = new Uint8Array(this.size)
    const unknown: number[] = []
    let count = 0
    forEachId(text, (id) => {
      const place = this.get(id)
      if (place < 0) unknown.push(id)
      else if (!marked[place]) {
        marked[place] = 1
        count++
      }
    })
    const places = new Int32Array(count)
    for (let place = 0, at = 0; at < count; place++) if (marked[place]) places[at++] = place
    return { places, unknown }
  }
}

/** One value's number per place (-1: none). */
export class OneColumn {
  #numbers = new Int32Array(1024).fill(-1)

  set(place: number, number: number): void {
    this.#numbers = grown(this.#numbers, place + 1, -1)
    this.#numbers[place] = number
  }

  /** Adds each place's value to `counts` (by number). */
  countInto(places: Int32Array, counts: Int32Array): void {
    const numbers = this.#numbers
    for (let i = 0; i < places.length; i++) {
      const place = places[i]
      if (place < 0 || place >= numbers.length) continue
      const number = numbers[place]
      if (number >= 0) counts[number]++
    }
  }
}

/**
 * Several values' numbers per place, in one pool: a place's numbers are `lengths[place]` items
 * from `starts[place]`. A list that grows is written again at the pool's end; the space it left
 * is reused when the pool is compacted (when it is more than half unused).
 */
export class ListColumn {
  #starts = new Int32Array(1024)
  #lengths = new Int32Array(1024)
  #pool = new Int32Array(4096)
  #used = 0
  #live = 0

  set(place: number, numbers: readonly number[]): void {
    this.#starts = grown(this.#starts, place + 1, 0)
    this.#lengths = grown(this.#lengths, place + 1, 0)
    this.#live += numbers.length - this.#lengths[place]
    if (numbers.length > this.#lengths[place]) {
      if (this.#used > 2 * (this.#live + 1024)) this.#compact()
      this.#pool = grown(this.#pool, this.#used + numbers.length, 0)
      this.#starts[place] = this.#used
      this.#used += numbers.length
    }
    this.#pool.set(numbers, this.#starts[place])
    this.#lengths[place] = numbers.length
  }

  /** Adds each place's values to `counts` (by number). */
  countInto(places: Int32Array, counts: Int32Array): void {
    const starts = this.#starts
    const lengths = this.#lengths
    const pool = this.#pool
    for (let i = 0; i < places.length; i++) {
      const place = places[i]
      if (place < 0 || place >= lengths.length) continue
      const end = starts[place] + lengths[place]
      for (let at = starts[place]; at < end; at++) counts[pool[at]]++
    }
  }

  #compact() {
    const pool = new Int32Array(Math.max(4096, this.#live * 2))
    let used = 0
    for (let place = 0; place < this.#lengths.length; place++) {
      const length = this.#lengths[place]
      if (!length) continue
      pool.set(this.#pool.subarray(this.#starts[place], this.#starts[place] + length), used)
      this.#starts[place] = used
      used += length
    }
    this.#pool = pool
    this.#used = used
  }
}

/** Calls `each` with every id of a comma-separated text of integers, in one pass. */
export function forEachId(text: string, each: (id: number) => void): void {
  let value = 0
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 44) {
      if (digits) each(value)
      value = 0
      digits = 0
    } else if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48)
      digits++
    }
  }
  if (digits) each(value)
}

/** The ids of a comma-separated text of integers. */
export function parseIds(text: string): number[] {
  const ids: number[] = []
  forEachId(text, (id) => ids.push(id))
  return ids
}
