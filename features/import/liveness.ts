import os from 'node:os'

/**
 * Whether the process running an import is still there. A run names its process (`runner`: host
 * and pid) and writes a heartbeat while it runs (task.ts). A run whose process was killed
 * (SIGKILL, a crash, a machine stopped) stays `running` in the database; a later start and every
 * read of the run (the Import page, Payload's REST) tell it apart:
 *
 * - on the same host, its process no longer exists;
 * - elsewhere, its heartbeat is older than STALE_AFTER_MS;
 * - a queued run that no process took within STALE_AFTER_MS never started.
 */

/** How often a running import writes its heartbeat. */
export const HEARTBEAT_MS = 5_000
/** A heartbeat older than this is a process that stopped (writes may wait up to 30 s each). */
export const STALE_AFTER_MS = 120_000

export const thisRunner = (): string => `${os.hostname()}:${process.pid}`

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

type RunState = {
  state?: string | null
  runner?: string | null
  heartbeatAt?: string | null
  createdAt?: string | null
}

/** Why a run that says it is queued or running is not, or null when it may well be. */
export function interruption(run: RunState, now = Date.now()): string | null {
  if (run.state !== 'running' && run.state !== 'queued') return null
  const beat = Date.parse(run.heartbeatAt ?? run.createdAt ?? '')
  const quiet = Number.isFinite(beat) ? now - beat : Infinity
  if (run.state === 'queued')
    return quiet > STALE_AFTER_MS ? 'never started: no process took this import' : null
  const [host, pid] = (run.runner ?? '').split(/:(?=\d+$)/)
  if (host === os.hostname() && Number(pid) > 0 && !processExists(Number(pid)))
    return `interrupted: the process running it (pid ${pid}) stopped`
  if (quiet > STALE_AFTER_MS)
    return `interrupted: no sign of life from ${run.runner || 'its process'} since ${new Date(beat).toISOString()}`
  return null
}
