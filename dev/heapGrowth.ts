import v8 from 'node:v8'

/** V8's heap may grow by this much between full collections, unless the operator says otherwise. */
export const DEFAULT_HEAP_GROWTH_PERCENT = 20

/**
 * Bounds how far V8 lets the heap grow before it collects it in full. By default V8 grows a busy
 * server's heap up to four times its live size between full collections: under load the server
 * idled at 180 MB and peaked at 330–430 MB, nearly all of it garbage waiting for a collection,
 * while its live data stayed near 100 MB. A fixed growth of 20% held the same load under 210 MB at
 * the same throughput (docs/benchmark.md, Memory). Unlike `--max-old-space-size`, it sets no
 * ceiling, so a large import cannot run out of heap because of it.
 *
 * `CAL_HEAP_GROWTH_PERCENT` chooses another figure (0: V8's own sizing); a
 * `--heap-growing-percent` given to node wins over both.
 */
export function boundHeapGrowth(): void {
  const percent = heapGrowthPercent(process.env, process.execArgv)
  if (percent !== null) v8.setFlagsFromString(`--heap-growing-percent=${percent}`)
}

/** The growth `boundHeapGrowth` sets, or null to leave V8's sizing as it is. */
export function heapGrowthPercent(
  env: Record<string, string | undefined>,
  execArgv: string[],
): number | null {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return null
  const raw = env.CAL_HEAP_GROWTH_PERCENT
  const percent = raw === undefined || raw === '' ? DEFAULT_HEAP_GROWTH_PERCENT : Number(raw)
  if (!Number.isSafeInteger(percent) || percent < 0)
    throw new Error(`CAL_HEAP_GROWTH_PERCENT must be a whole number ≥ 0, not "${raw}"`)
  return percent === 0 ? null : percent
}
