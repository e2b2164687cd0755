/**
 * `npm run bench:misses`: what a read costs when no cache answers it (issue #27). The server runs
 * without its response cache (`CAL_RESPONSE_CACHE_MB=0`) and counts totals on each request
 * (`CAL_TOTALS_CACHE_SECONDS=0`); each v1 route is measured beside
 * Payload's own REST for the same page (same filters, order and size, `depth=1`), on the same
 * server and data, in one run, with two floors: `/api/health` and a bare `node:http` server that
 * answers a v1 page kept in memory (the ceiling of HTTP on this machine).
 * Options:
 *   --sizes a,b         events in the dataset, one run per size (default 1000,100000)
 *   --duration S        seconds measured per scenario (default 5), after a 2 s warm-up
 *   --connections C     concurrent connections (default 10)
 *   --database URI      run on PostgreSQL (see bench/run.ts); default: SQLite under bench/data
 *   --heap-mb N         cap V8's old space of the server (see bench/run.ts)
 * Prints a table and the ratios v1 / Payload REST (requests per second). `npm run bench` runs it
 * too, at 1,000 events and at its own size, after its other scenarios.
 */
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { datasetStore } from './store.js'
import { load, startServer, type Measure, type Server } from './server.js'
import { optionReader } from './options.js'

const V1 = '/api/cal/events/v1'

export type MissesOptions = {
  sizes: number[]
  duration: number
  connections: number
  database: string | undefined
  heapMb: number | null
}

function parseOptions(argv: string[]): MissesOptions {
  const { value, number, sizes } = optionReader(argv)
  return {
    sizes: sizes('1000,100000'),
    duration: number('duration', 5),
    connections: number('connections', 10),
    database: value('database'),
    heapMb: value('heap-mb') === undefined ? null : number('heap-mb', 0),
  }
}

/** The v1 archive's default window (yesterday to two years on, a UTC site) as Payload filters. */
function windowFilters(): Record<string, string> {
  const day = (d: Date) => d.toISOString().slice(0, 10)
  const inTwoYears = new Date()
  inTwoYears.setUTCMonth(inTwoYears.getUTCMonth() + 24)
  return {
    'where[and][0][hideFromListings][not_equals]': 'true',
    'where[and][1][isSeries][not_equals]': 'true',
    'where[and][2][startDateLocal][greater_than_equal]': `${day(new Date(Date.now() - 86_400_000))} 00:00:00`,
    'where[and][3][endDateLocal][less_than_equal]': `${day(inTwoYears)} 23:59:59`,
    'where[and][4][status][equals]': 'publish',
  }
}

/** Payload's REST page of events that matches a v1 archive page. */
export function restEvents(limit: number, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({
    ...windowFilters(),
    ...extra,
    sort: 'startDateLocal',
    limit: String(limit),
    depth: '1',
  })
  return `/api/events?${query}`
}

type Pair = { label: string; v1: string; rest: string }

const TRANSLATION_BASE = 'archive in French, page of 10'
const TRANSLATION_FILTERED = ['French, translated only', 'French, needing work']

async function firstOf<T>(
  server: Pick<Server, 'url'>,
  path: string,
  pick: (body: any) => T,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return pick(await response.json())
}

/** The routes of the issue, each with Payload's REST for the same answer. */
export async function pairs(server: Pick<Server, 'url'>): Promise<Pair[]> {
  const page = await firstOf(server, `${V1}/events?per_page=50`, (body) => body.events)
  const event = page[0]
  const category = page.flatMap((e: any) => e.categories)[0]
  const word = String(event.title).split(/\s+/)[0].toLowerCase()
  return [
    { label: 'archive, page of 10', v1: `${V1}/events?per_page=10`, rest: restEvents(10) },
    { label: 'archive, page of 50', v1: `${V1}/events?per_page=50`, rest: restEvents(50) },
    {
      label: `search "${word}"`,
      v1: `${V1}/events?search=${encodeURIComponent(word)}`,
      // v1 looks for every word in the title, the description and the excerpt.
      rest: restEvents(10, {
        'where[and][5][or][0][title][contains]': word,
        'where[and][5][or][1][descriptionHtml][contains]': word,
        'where[and][5][or][2][excerptHtml][contains]': word,
      }),
    },
    {
      label: 'category filter',
      v1: `${V1}/events?categories=${category.id}`,
      rest: restEvents(10, { 'where[and][5][categories][in]': String(category.id) }),
    },
    { label: 'one event', v1: `${V1}/events/${event.id}`, rest: `/api/events/${event.id}?depth=1` },
    // #48: the archive in French, then only what has French text of its own (a French site), then
    // what needs French work (an editor): the filter costs at most 1.2× the archive without it.
    {
      label: TRANSLATION_BASE,
      v1: `${V1}/events?translation_language=fr`,
      rest: restEvents(10, { locale: 'fr' }),
    },
    {
      label: 'French, translated only',
      v1: `${V1}/events?translation_language=fr&translation_status=source,complete,partial,outdated`,
      rest: restEvents(10, {
        locale: 'fr',
        'where[and][5][translations.frStatus][in]': 'source,complete,partial,outdated',
      }),
    },
    {
      label: 'French, needing work',
      v1: `${V1}/events?translation_language=fr&translation_status=missing,partial,outdated`,
      rest: restEvents(10, {
        locale: 'fr',
        'where[and][5][translations.frStatus][in]': 'missing,partial,outdated',
      }),
    },
    {
      label: 'venues, page of 10',
      v1: `${V1}/venues?per_page=10`,
      rest: `/api/venues?${new URLSearchParams({ 'where[status][equals]': 'publish', sort: '-publishedAt,-id', limit: '10', depth: '1' })}`,
    },
  ]
}

/** A bare node:http server answering `body` from memory: what HTTP alone costs here. */
async function bareServer(body: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

const pad = (value: string | number, width: number) => String(value).padStart(width)

export type Row = { label: string; v1: Measure; rest: Measure }

/** One dataset size: the floors, then each route on v1 and on Payload's REST. */
async function runSize(events: number, options: MissesOptions) {
  const store = datasetStore(options.database)
  const uri = await store.workingCopy(events, 1)
  const server = await startServer(
    uri,
    { admin: false, heapMb: options.heapMb },
    // Totals counted on each request, as Payload's REST counts its own (issue #59's measure).
    { CAL_RESPONSE_CACHE_MB: '0', CAL_TOTALS_CACHE_SECONDS: '0' },
  )
  const measures: Measure[] = []
  const rows: Row[] = []
  try {
    const get = (path: string) => ({ url: `${server.url}${path}` })
    measures.push(await load(server, 'floor: /api/health', 'rest', get('/api/health'), options))
    const page = await (await fetch(`${server.url}${V1}/events?per_page=10`)).text()
    const bare = await bareServer(page)
    try {
      const result = await autocannon({
        url: bare.url,
        connections: options.connections,
        duration: options.duration,
      })
      measures.push({
        name: 'floor: bare node:http, a v1 page from memory',
        group: 'rest',
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      })
    } finally {
      bare.close()
    }
    for (const pair of await pairs(server)) {
      const v1 = await load(server, `v1 ${pair.label}`, 'v1', get(pair.v1), options)
      const rest = await load(server, `REST ${pair.label}`, 'rest', get(pair.rest), options)
      measures.push(v1, rest)
      rows.push({ label: pair.label, v1, rest })
    }
  } finally {
    await server.stop()
  }
  console.log(
    `\n${events} events on ${store.kind}, response cache off, ${options.connections} connections, ${options.duration} s each`,
  )
  console.log(
    `${'scenario'.padEnd(52)} ${pad('req/s', 8)} ${pad('p50', 6)} ${pad('p99', 6)} errors ${pad('peak MB', 8)}`,
  )
  for (const m of measures)
    console.log(
      `${m.name.padEnd(52)} ${pad(m.requestsPerSecond.toFixed(0), 8)} ${pad(m.p50, 6)} ${pad(m.p99, 6)} ${pad(m.errors + m.non2xx, 6)} ${pad(m.peakRssMb ?? '', 8)}`,
    )
  console.log(`server peak memory: ${(server.peakRss() / 2 ** 20).toFixed(0)} MB`)
  return rows
}

/** One size's routes, each measured on v1 and on Payload's REST. */
export type MissesRun = { events: number; rows: Row[] }

/**
 * Every size in turn (a server per size, the response cache off), then the ratios v1 / Payload
 * REST (requests per second) side by side. `npm run bench` ends with it.
 */
export async function missesBenchmark(options: MissesOptions): Promise<MissesRun[]> {
  const runs: MissesRun[] = []
  for (const events of options.sizes) runs.push({ events, rows: await runSize(events, options) })
  console.log('\nv1 / Payload REST (req/s), response cache off, target ≥ 3:')
  console.log(`  ${'route'.padEnd(30)} ${runs.map((run) => pad(run.events, 8)).join(' ')}`)
  for (const [i, { label }] of runs[0].rows.entries())
    console.log(
      `  ${label.padEnd(30)} ${runs
        .map(({ rows }) =>
          pad(`×${(rows[i].v1.requestsPerSecond / rows[i].rest.requestsPerSecond).toFixed(2)}`, 8),
        )
        .join(' ')}`,
    )
  console.log(
    '\nv1 with translation_status / the same archive without (time per request), target ≤ 1.2:',
  )
  for (const label of TRANSLATION_FILTERED)
    console.log(
      `  ${label.padEnd(30)} ${runs
        .map(({ rows }) => {
          const base = rows.find((row) => row.label === TRANSLATION_BASE)!.v1
          const filtered = rows.find((row) => row.label === label)!.v1
          return pad(`×${(base.requestsPerSecond / filtered.requestsPerSecond).toFixed(2)}`, 8)
        })
        .join(' ')}`,
    )
  return runs
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  missesBenchmark(parseOptions(process.argv.slice(2))).then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
