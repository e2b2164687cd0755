/**
 * What the benchmarks share: the app started as `npm start` starts it (production mode, on a
 * dataset), its memory sampled, and autocannon's load against it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type LoadOptions = { connections: number; duration: number }
export type ServerOptions = {
  admin: boolean
  heapMb: number | null
  /** The checkout whose server runs (default: this one); bench/compare.ts starts another's. */
  root?: string
}

export type Measure = {
  name: string
  group: 'v1' | 'rest' | 'db'
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  peakRssMb?: number
}

export type Server = {
  child: ChildProcess
  url: string
  peakRss: () => number
  scenarioPeakRss: () => number
  resetScenarioPeak: () => void
  stop: () => Promise<void>
}

/** Starts the app as the README does, in production mode, on the dataset. */
export async function startServer(
  uri: string,
  { admin, heapMb, root = ROOT }: ServerOptions,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const nodeOptions = heapMb ? `--max-old-space-size=${heapMb}` : ''
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATABASE_URI: uri,
    PORT: '0',
    HOST: '127.0.0.1',
    CAL_ADMIN: admin ? 'true' : 'false',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: nodeOptions,
    ...extraEnv,
  }
  // `npm start` without npm in between, so that the pid sampled for memory is the server's.
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('building the server failed')
  const child = spawn(process.execPath, ['build/server/start.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 180_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /REST (http:\/\/\S+)\/api /.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)))
  })
  let peak = 0
  let scenarioPeak = 0
  const rss = () => {
    try {
      const kb = Number(
        /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0,
      )
      peak = Math.max(peak, kb * 1024)
      scenarioPeak = Math.max(scenarioPeak, kb * 1024)
    } catch {
      // the process is gone
    }
  }
  const sampler = setInterval(rss, 200)
  const exited = new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  )
  return {
    child,
    url,
    peakRss: () => peak,
    scenarioPeakRss: () => scenarioPeak,
    resetScenarioPeak: () => (scenarioPeak = 0),
    // Stopping twice is stopping once (the run stops the warm server before the cold one starts).
    stop: async () => {
      clearInterval(sampler)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

export async function load(
  server: Server,
  name: string,
  group: Measure['group'],
  request: autocannon.Options,
  options: LoadOptions,
): Promise<Measure> {
  server.resetScenarioPeak()
  await autocannon({ ...request, connections: options.connections, duration: 2 })
  const result = await autocannon({
    ...request,
    connections: options.connections,
    duration: options.duration,
  })
  return {
    name,
    group,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: Math.round(server.scenarioPeakRss() / 2 ** 20),
  }
}

/** The benchmarks' v1 create: an event with a venue, a category and an organizer of the dataset. */
export const v1CreateRequest = (origin: string, token: string): autocannon.Options => ({
  url: `${origin}/api/cal/events/v1/events`,
  method: 'POST',
  headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    title: 'Bench event',
    start_date: '+3 days 19:00',
    end_date: '+3 days 21:00',
    venue: 3,
    categories: [1],
    organizer: [2],
  }),
})

/** CPU time (ms) of the processes that `owned` picks by pid and process group, from /proc. */
export function cpuOf(owned: (pid: number, group: number) => boolean): () => number {
  const tick = 1000 / 100 // USER_HZ: 100 on Linux
  return () => {
    let ticks = 0
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
        // After the command's parentheses: state, ppid, pgrp, …, utime (12th), stime (13th).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        if (owned(Number(entry), Number(fields[2])))
          ticks += Number(fields[11]) + Number(fields[12])
      } catch {
        // gone meanwhile
      }
    }
    return ticks * tick
  }
}
