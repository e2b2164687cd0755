/**
 * How long other requests wait while some work runs on the server: the server's own event-loop
 * delay (dev/eventLoopProbe.ts, `CAL_EVENT_LOOP_PROBE=true`), and the answers of `/api/health`
 * asked every PROBE_EVERY_MS meanwhile, as a load balancer would.
 */
import type { EventLoopDelay } from '../../dev/eventLoopProbe.js'

const PROBE_PATH = '/_probe/event-loop'
const PROBE_EVERY_MS = 25

export type Pauses = {
  /** The server's event-loop delay while the work ran. */
  loop: EventLoopDelay
  /** The slowest `/api/health` answer meanwhile (ms), and how many were asked. */
  health: { max: number; count: number; failed: number }
  /** How long the work took (ms). */
  workMs: number
}

/** Runs `work` while measuring; the work's own result is returned beside the pauses. */
export async function pausesDuring<T>(
  baseUrl: string,
  work: () => Promise<T>,
): Promise<{ pauses: Pauses; result: T }> {
  const reset = await fetch(`${baseUrl}${PROBE_PATH}`, { method: 'DELETE' })
  if (reset.status !== 204)
    throw new Error(
      `the server has no event-loop probe (CAL_EVENT_LOOP_PROBE=true): ${reset.status}`,
    )
  let running = true
  const health = { max: 0, count: 0, failed: 0 }
  const probing = (async () => {
    while (running) {
      const asked = performance.now()
      const answer = await fetch(`${baseUrl}/api/health`).catch(() => null)
      await answer?.arrayBuffer()
      health.count += 1
      if (answer?.status !== 200) health.failed += 1
      health.max = Math.max(health.max, performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
    }
  })()
  const started = performance.now()
  let result: T
  try {
    result = await work()
  } finally {
    running = false
    await probing
  }
  const workMs = performance.now() - started
  const loop = (await (await fetch(`${baseUrl}${PROBE_PATH}`)).json()) as EventLoopDelay
  health.max = Math.round(health.max)
  return { pauses: { loop, health, workMs: Math.round(workMs) }, result }
}
