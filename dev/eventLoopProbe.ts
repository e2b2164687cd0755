import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import type { RequestHandler } from 'express'

/** Where the probe answers, outside the API root: it is the host's, for tests and the benchmark. */
export const EVENT_LOOP_PROBE_PATH = '/_probe/event-loop'

/** The histogram's sampling interval: a pause shorter than this may go unseen. */
const RESOLUTION_MS = 10

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100

/** What the histogram saw since its last reset, in milliseconds. */
export type EventLoopDelay = { p50: number; p99: number; max: number; mean: number; count: number }

export const delayOf = (histogram: IntervalHistogram): EventLoopDelay => ({
  p50: ms(histogram.percentile(50)),
  p99: ms(histogram.percentile(99)),
  max: ms(histogram.max),
  mean: ms(histogram.mean),
  count: histogram.count,
})

/**
 * With `CAL_EVENT_LOOP_PROBE=true`, the event loop's delay (`perf_hooks.monitorEventLoopDelay`) as
 * JSON: `GET` what was seen since the last reset, `DELETE` resets it. How long the loop was held
 * is what every other request waited; the tests of heavy paths (test/event-loop.test.ts) and the
 * benchmark (bench/pauses.ts) read it.
 */
export function eventLoopProbe(): RequestHandler | null {
  if (process.env.CAL_EVENT_LOOP_PROBE !== 'true') return null
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  return (req, res, next) => {
    if (req.path !== EVENT_LOOP_PROBE_PATH) return next()
    if (req.method === 'DELETE') {
      histogram.reset()
      res.status(204).end()
      return
    }
    res.set('cache-control', 'no-store').json(delayOf(histogram))
  }
}
