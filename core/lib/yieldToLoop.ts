/**
 * Lets the event loop run what waits (other requests' I/O, timers) before going on. libSQL's local
 * client runs each statement synchronously and answers with a promise already settled, so a loop of
 * awaited statements is a chain of microtasks that never gives the loop a turn: one long export or
 * series would hold every other request until it ends. Heavy loops call this between their slices.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** How long a slice of synchronous work may run before the loop gets a turn. */
export const SLICE_MS = 10

/**
 * `items.map(make)`, giving the event loop a turn whenever SLICE_MS went by since the last one: for
 * building many records (a batch of an export or a feed), where each is cheap and all of them are
 * not.
 */
export async function mapInSlices<T, R>(items: readonly T[], make: (item: T) => R): Promise<R[]> {
  const out: R[] = []
  let since = performance.now()
  for (const item of items) {
    out.push(make(item))
    if (performance.now() - since >= SLICE_MS) {
      await yieldToLoop()
      since = performance.now()
    }
  }
  return out
}
