/**
 * Soak: holds a mixed read/write load on a server this script starts (its own process, on a
 * temporary SQLite file, 127.0.0.1 only) for SOAK_SECONDS (default 60), then reports errors (there
 * must be none), latency percentiles and the server's memory at the start and end of the run.
 *
 *   npm run soak                     # 60 s, 8 connections
 *   SOAK_SECONDS=600 SOAK_CONNECTIONS=16 npm run soak
 *
 * The load comes from autocannon: it keeps a fixed number of connections busy, measures latency
 * with HDR histograms, and its request sequences let each connection create an event, then read,
 * update and delete that same event among archive reads. Exits 1 on any error, non-2xx answer or
 * memory growth that does not level off.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startServerProcess } from '../test/support/serverProcess.js'

const SECONDS = Number(process.env.SOAK_SECONDS || 60)
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 8)
const SAMPLE_MS = 1000
const V1 = '/api/cal/events/v1'

/** Resident memory of a process in MiB, from /proc (Linux) or ps. */
function residentMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
  } catch {
    return NaN
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * Whether memory keeps growing: the mean of the last quarter of the samples against the mean of
 * the second quarter (the first is warm-up), allowing for the garbage collector's swings.
 */
function memoryTrend(samples: number[]) {
  const quarter = Math.max(1, Math.floor(samples.length / 4))
  const early = mean(samples.slice(quarter, 2 * quarter))
  const late = mean(samples.slice(-quarter))
  const growth = late - early
  return { early, late, growth, growing: growth > Math.max(32, early * 0.15) }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-soak-'))
  const server = await startServerProcess({
    DATABASE_URI: `file:${path.join(dir, 'soak.db')}`,
    CAL_MEDIA_DIR: path.join(dir, 'media'),
    PAYLOAD_SECRET: 'soak-secret',
    LOG_LEVEL: 'error',
  })
  const pid = server.child.pid!
  try {
    const call = async (method: string, route: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `JWT ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      if (!response.ok)
        throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`)
      return response.json() as Promise<any>
    }
    const { token } = await call('POST', '/api/users/first-register', undefined, {
      email: 'soak@example.com',
      password: 'soak-password-123',
    })
    // A calendar to read: venues, organizers, terms and 60 events over the coming weeks.
    const venue = (await call('POST', `${V1}/venues`, token, { venue: 'Soak Hall', city: 'Lyon' }))
      .id
    const organizer = (await call('POST', `${V1}/organizers`, token, { organizer: 'Soak Org' })).id
    for (let i = 0; i < 60; i++) {
      await call('POST', `${V1}/events`, token, {
        title: `Soak ${i}`,
        start_date: `+${i % 30} days 19:00`,
        end_date: `+${i % 30} days 21:00`,
        venue,
        organizer: [organizer],
        categories: ['Music', 'Theatre', 'Talks'][i % 3],
        tags: ['evening', 'outdoor'][i % 2],
        cost: '€10',
      })
    }

    const auth = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
    type Context = { id?: number; n?: number }
    const created = (context: Context) => `${V1}/events/${context.id ?? 0}`
    const requests: autocannon.Request[] = [
      { method: 'GET', path: `${V1}/events?per_page=10` },
      {
        method: 'POST',
        path: `${V1}/events`,
        headers: auth,
        setupRequest: (request, context: Context) => {
          context.n = (context.n ?? 0) + 1
          return {
            ...request,
            body: JSON.stringify({
              title: `Load ${context.n}`,
              start_date: '+3 days 10:00',
              end_date: '+3 days 12:00',
              venue,
              categories: 'Music',
            }),
          }
        },
        onResponse: (_status, body, context: Context) => {
          context.id = JSON.parse(body).id
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context: Context) => ({ ...request, path: created(context) }),
      },
      {
        method: 'PATCH',
        headers: auth,
        setupRequest: (request, context: Context) => ({
          ...request,
          path: created(context),
          body: JSON.stringify({ description: 'Changed under load', translation_language: 'fr' }),
        }),
      },
      { method: 'GET', path: `${V1}/venues?per_page=10` },
      { method: 'GET', path: `${V1}/categories?hide_empty=false` },
      { method: 'GET', path: `/fr${V1}/events?per_page=10&categories=music` },
      // For good, so that the database stays the same size and memory is compared like for like.
      {
        method: 'DELETE',
        headers: auth,
        setupRequest: (request, context: Context) => ({
          ...request,
          path: `${created(context)}?force=true`,
        }),
      },
      { method: 'GET', path: '/api/events?limit=10&depth=1' },
    ]

    const memory: number[] = [residentMiB(pid)]
    const sampler = setInterval(() => memory.push(residentMiB(pid)), SAMPLE_MS)
    console.log(
      `soak: ${SECONDS} s, ${CONNECTIONS} connections, against ${server.url} (server pid ${pid}, ${memory[0].toFixed(0)} MiB at start)`,
    )
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
      timeout: 30,
    })
    clearInterval(sampler)
    memory.push(residentMiB(pid))

    const trend = memoryTrend(memory)
    const failures = result.errors + result.timeouts + result.non2xx
    const latency = result.latency
    console.log(
      `requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s), 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    )
    console.log(
      `latency (ms): p50 ${latency.p50}, p90 ${latency.p90}, p97.5 ${latency.p97_5}, p99 ${latency.p99}, max ${latency.max}, mean ${latency.average.toFixed(1)}`,
    )
    console.log(
      `server memory (RSS, MiB): start ${memory[0].toFixed(0)}, end ${memory.at(-1)!.toFixed(0)}, max ${Math.max(...memory).toFixed(0)}; ` +
        `second quarter ${trend.early.toFixed(0)} → last quarter ${trend.late.toFixed(0)} (${trend.growth >= 0 ? '+' : ''}${trend.growth.toFixed(0)}): ${trend.growing ? 'GROWING' : 'stable'}`,
    )
    if (failures > 0 || trend.growing) {
      console.log('soak: FAILED')
      process.exitCode = 1
    } else console.log('soak: passed')
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
