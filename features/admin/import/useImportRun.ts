'use client'
import { useEffect, useRef, useState } from 'react'

/** The states an import run ends in. */
export const RUN_ENDED = new Set(['done', 'failed', 'cancelled'])

/**
 * An import run (of any format: the Import page's, a translation run) read back every second
 * through Payload's REST (`{api}/{runs}/{id}`) from `watch(id)` until it ends; `onEnd` then runs.
 */
export function useImportRun<R extends { id: number; state: string }>(
  api: string,
  runs: string,
  onEnd?: (run: R) => void,
) {
  const [run, setRun] = useState<R | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  const stop = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }
  useEffect(() => stop, [])

  const watch = (id: number) => {
    stop()
    setRun({ id, state: 'queued' } as R)
    timer.current = setInterval(async () => {
      const response = await fetch(`${api}/${runs}/${id}?depth=0`, { credentials: 'include' })
      if (!response.ok) return
      const current = (await response.json()) as R
      setRun(current)
      if (RUN_ENDED.has(current.state)) {
        stop()
        onEnd?.(current)
      }
    }, 1000)
  }

  return { run, watch, running: run !== null && !RUN_ENDED.has(run.state) }
}
