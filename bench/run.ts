/**
 * `npm run bench`: measures the v1 API against Payload's own REST and the database itself, on a
 * generated calendar; then the reads that caching serves (the floor `/api/health`, warm pages, one
 * event and a feed, 304s) and the same reads on a second server without the response cache (cold).
 * Options:
 *   --events N          events in the dataset (default 100000)
 *   --sizes a,b,c       run the list scenarios at several sizes and show how p50 grows
 *   --duration S        seconds measured per scenario (default 10), after a 2 s warm-up
 *   --connections C     concurrent connections (default 10)
 *   --seed N            dataset seed (default 1)
 *   --admin             serve the admin UI too (needs `npm run build`); default: API only
 *   --series N          recurring series beside 10,000 single events, measured after the main run
 *                       (default 1000 weekly series of 104 dates; 0 skips it)
 *   --heap-mb N         run the servers with V8's old space capped at N MB
 *                       (--max-old-space-size), as a small container would; default: V8's own
 *                       sizing, which grows the heap lazily when the machine has memory to spare
 *   --no-misses         skip the last part: every v1 route beside Payload's REST with no cache
 *                       (bench/misses.ts) at 1,000 events and at --events
 *   --mixed             only the mixed scenario (bench/mixed.ts): 1,000 events, reads over ~2,000
 *                       URLs while an event is written twice a second, cache before and after
 *   --writes            only the writes (bench/writes.ts): creates, updates and trashes through v1
 *                       and Payload's REST on a copy of the 1,000-event dataset; a full run ends
 *                       with them
 *   --write-connections a,b   the connections the writes are measured with (default 1,2)
 *   --write-port P      the port of the writes' server (default: one the system picks)
 *   --write-events N    the dataset the writes are measured on (default 1000)
 *   --database URI      run on PostgreSQL (`postgres://user:password@host:port/db`, a user who may create
 *                       databases); default: SQLite files under bench/data
 * Results: a table on stdout and JSON under bench/results/.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getPayload, type Payload, type Where } from 'payload'
import { benchToken } from './dataset.js'
import { calendarQuery, visibleDays, windowOf } from '../features/admin/calendar/grid.js'
import { datasetStore } from './store.js'
import { load, startServer, v1CreateRequest, type Measure, type Server } from './server.js'
import { loadAppConfig } from '../dev/config.js'
import { mixedBenchmark } from './mixed.js'
import { missesBenchmark } from './misses.js'
import { optionReader } from './options.js'
import { printWriteRatios, writesBenchmark } from './writes.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Options = {
  events: number
  sizes: number[] | null
  duration: number
  connections: number
  seed: number
  admin: boolean
  database: string | undefined
  series: number
  heapMb: number | null
  writeConnections: number[]
  writeEvents: number
  writePort: number
}

function parseOptions(argv: string[]): Options {
  const { value, number } = optionReader(argv)
  const sizes = value('sizes')?.split(',').map(Number)
  if (sizes?.some((n) => !Number.isSafeInteger(n) || n <= 0))
    throw new Error('--sizes takes a comma list of positive integers')
  return {
    events: number('events', 100_000),
    sizes: sizes ?? null,
    duration: number('duration', 10),
    connections: number('connections', 10),
    seed: number('seed', 1),
    admin: argv.includes('--admin'),
    database: value('database'),
    series: value('series') === '0' ? 0 : number('series', 1000),
    heapMb: value('heap-mb') === undefined ? null : number('heap-mb', 0),
    writeConnections: (value('write-connections') ?? '1,2').split(',').map(Number),
    writeEvents: Number(value('write-events') ?? 1000),
    writePort: Number(value('write-port') ?? 0),
  }
}

let payloadInstance: Payload | null = null
/** This process's own Payload on the measured database, for the direct database queries. */
async function openPayload(uri: string): Promise<Payload> {
  process.env.DATABASE_URI = uri
  process.env.LOG_LEVEL = 'warn'
  payloadInstance = await getPayload({ config: await loadAppConfig() })
  return payloadInstance
}

/**
 * The same query as a page of the v1 archive, straight through the database adapter (no HTTP, no
 * hooks).
 */
async function direct(
  name: string,
  query: () => Promise<unknown>,
  options: Options,
): Promise<Measure> {
  const latencies: number[] = []
  const until = Date.now() + options.duration * 1000
  const worker = async () => {
    while (Date.now() < until) {
      const started = performance.now()
      await query()
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker))
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    name,
    group: 'db',
    requestsPerSecond: latencies.length / options.duration,
    p50: at(0.5),
    p99: at(0.99),
    errors: 0,
    non2xx: 0,
  }
}

const V1 = '/api/cal/events/v1'

/**
 * The archive's default window as wall-clock bounds, as the v1 route computes them for a UTC site.
 */
function defaultWindow() {
  const day = (d: Date) => d.toISOString().slice(0, 10)
  const yesterday = new Date(Date.now() - 86_400_000)
  const inTwoYears = new Date()
  inTwoYears.setUTCMonth(inTwoYears.getUTCMonth() + 24)
  return { from: `${day(yesterday)} 00:00:00`, to: `${day(inTwoYears)} 23:59:59` }
}

function listWhere(): Where {
  const { from, to } = defaultWindow()
  return {
    and: [
      { hideFromListings: { not_equals: true } },
      { startDateLocal: { greater_than_equal: from } },
      { endDateLocal: { less_than_equal: to } },
      { status: { equals: 'publish' } },
    ],
  }
}

function restQuery(limit: number) {
  const { from, to } = defaultWindow()
  const query = new URLSearchParams({
    'where[hideFromListings][not_equals]': 'true',
    'where[startDateLocal][greater_than_equal]': from,
    'where[endDateLocal][less_than_equal]': to,
    'where[status][equals]': 'publish',
    sort: 'startDateLocal',
    limit: String(limit),
    depth: '1',
  })
  return `/api/events?${query}`
}

/**
 * The admin calendar's request for next month's grid (features/admin/calendar/grid.ts), as the
 * signed-in editor sends it.
 */
function calendarMonthQuery() {
  const next = new Date()
  next.setUTCMonth(next.getUTCMonth() + 1, 15)
  const days = visibleDays(next.toISOString().slice(0, 10), 'month')
  return `/api/events?${calendarQuery(windowOf(days), {}, 500)}`
}

async function listScenarios(server: Server, options: Options): Promise<Measure[]> {
  const get = (path: string) => ({ url: `${server.url}${path}` })
  return [
    await load(server, 'GET /events per_page=10', 'v1', get(`${V1}/events?per_page=10`), options),
    await load(server, 'GET /events per_page=50', 'v1', get(`${V1}/events?per_page=50`), options),
  ]
}

async function allScenarios(
  server: Server,
  payload: Payload,
  options: Options,
): Promise<Measure[]> {
  const get = (path: string) => ({ url: `${server.url}${path}` })
  const token = await benchToken(server.url)
  const someCategory =
    (
      await payload.db.find<{ slug: string }>({
        collection: 'event-categories',
        limit: 1,
        where: { id: { equals: 21 } },
      })
    ).docs[0]?.slug ?? ''
  const oneEvent = (
    await payload.db.find<{ id: number }>({
      collection: 'events',
      limit: 1,
      sort: '-startDateLocal',
      where: { hideFromListings: { not_equals: true } },
    })
  ).docs[0].id
  const measures = await listScenarios(server, options)
  measures.push(
    await load(
      server,
      'GET /events categories+search',
      'v1',
      get(`${V1}/events?categories=${someCategory}&search=et`),
      options,
    ),
    await load(server, 'GET /events venue', 'v1', get(`${V1}/events?venue=7`), options),
    await load(
      server,
      'GET /events geoloc 100 km',
      'v1',
      get(`${V1}/events?geoloc_lat=45.76&geoloc_lng=4.83&geoloc_radius=100`),
      options,
    ),
    await load(server, 'GET /events/{id}', 'v1', get(`${V1}/events/${oneEvent}`), options),
    await load(server, 'GET /venues?search=hall', 'v1', get(`${V1}/venues?search=hall`), options),
    await load(
      server,
      'GET /categories?hide_empty=false',
      'v1',
      get(`${V1}/categories?hide_empty=false`),
      options,
    ),
    await load(server, 'POST /events', 'v1', v1CreateRequest(server.url, token), options),
    await load(server, 'REST /api/events limit=10 depth=1', 'rest', get(restQuery(10)), options),
    await load(server, 'REST /api/events limit=50 depth=1', 'rest', get(restQuery(50)), options),
    await load(
      server,
      'REST /api/events/{id} depth=1',
      'rest',
      get(`/api/events/${oneEvent}?depth=1`),
      options,
    ),
    await load(
      server,
      'REST admin calendar month (≤500)',
      'rest',
      { ...get(calendarMonthQuery()), headers: { authorization: `JWT ${token}` } },
      options,
    ),
  )
  measures.push(...(await cachingScenarios(server, oneEvent, options)))
  const page = (limit: number) => () =>
    payload.db.find({
      collection: 'events',
      where: listWhere(),
      sort: ['startDateLocal', 'id'],
      limit,
      page: 1,
      locale: 'en',
    })
  measures.push(
    await direct('DB events page of 10', page(10), options),
    await direct('DB events page of 50', page(50), options),
  )
  return measures
}

/**
 * A month of the calendar as a feed: the default window of a large calendar is tens of megabytes.
 */
function feedPath() {
  const day = (d: Date) => d.toISOString().slice(0, 10)
  const inAMonth = new Date()
  inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1)
  return `/api/cal/ical/events.ics?start_date=${day(new Date())}&end_date=${day(inAMonth)}`
}

/**
 * The reads that HTTP caching and the response cache serve (issue #16): warm (the server's cache
 * on, as started), and 304s.
 */
async function cachingScenarios(
  server: Server,
  oneEvent: number,
  options: Options,
): Promise<Measure[]> {
  const get = (path: string, headers: Record<string, string> = {}) => ({
    url: `${server.url}${path}`,
    headers,
  })
  const etagOf = async (path: string) =>
    (await fetch(`${server.url}${path}`)).headers.get('etag') ?? ''
  const page10 = `${V1}/events?per_page=10`
  // Warm means read once: the first of ten concurrent feeds would take the whole warm-up to build.
  const prime = async (path: string) =>
    void (await (await fetch(`${server.url}${path}`)).arrayBuffer())
  return [
    await load(server, 'GET /api/health (floor)', 'v1', get('/api/health'), options),
    await load(server, 'warm GET /events per_page=10', 'v1', get(page10), options),
    await load(
      server,
      'warm GET /events per_page=50',
      'v1',
      get(`${V1}/events?per_page=50`),
      options,
    ),
    await load(server, 'warm GET /events/{id}', 'v1', get(`${V1}/events/${oneEvent}`), options),
    await prime(feedPath()).then(() =>
      load(server, 'GET events.ics (a month)', 'v1', get(feedPath()), options),
    ),
    await load(
      server,
      '304 GET /events per_page=10',
      'v1',
      get(page10, { 'if-none-match': await etagOf(page10) }),
      options,
    ),
    await load(
      server,
      '304 GET events.ics (a month)',
      'v1',
      get(feedPath(), { 'if-none-match': await etagOf(feedPath()) }),
      options,
    ),
  ]
}

/**
 * The same reads on a server without the response cache (CAL_RESPONSE_CACHE_MB=0): every request
 * queries.
 */
async function coldScenarios(
  uri: string,
  oneEvent: number,
  options: Options,
): Promise<{ measures: Measure[]; peakRss: number }> {
  const server = await startServer(
    uri,
    { ...options, admin: false },
    { CAL_RESPONSE_CACHE_MB: '0' },
  )
  try {
    const get = (path: string) => ({ url: `${server.url}${path}` })
    const measures = [
      await load(
        server,
        'cold GET /events per_page=10',
        'v1',
        get(`${V1}/events?per_page=10`),
        options,
      ),
      await load(
        server,
        'cold GET /events per_page=50',
        'v1',
        get(`${V1}/events?per_page=50`),
        options,
      ),
      await load(server, 'cold GET /events/{id}', 'v1', get(`${V1}/events/${oneEvent}`), options),
      await load(server, 'cold GET events.ics (a month)', 'v1', get(feedPath()), options),
    ]
    return { measures, peakRss: server.peakRss() }
  } finally {
    await server.stop()
  }
}

/**
 * `count` daily series with no end (731 dates each) saved one after the other: each save's time.
 */
async function saves(server: Server, name: string, token: string, count: number): Promise<Measure> {
  server.resetScenarioPeak()
  const times: number[] = []
  let failed = 0
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await fetch(`${server.url}${V1}/events`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Daily bench series ${i}`,
        start_date: '+1 day 07:00',
        end_date: '+1 day 08:00',
        timezone: 'Europe/Paris',
        recurrence: 'FREQ=DAILY',
        venue: 3,
        categories: [1],
      }),
    })
    await response.arrayBuffer()
    times.push(performance.now() - started)
    if (response.status !== 201) failed++
  }
  times.sort((a, b) => a - b)
  const p50 = times[Math.floor(times.length / 2)]
  return {
    name,
    group: 'v1',
    requestsPerSecond: 1000 / p50,
    p50,
    p99: times[times.length - 1],
    errors: 0,
    non2xx: failed,
    peakRssMb: Math.round(server.scenarioPeakRss() / 2 ** 20),
  }
}

/** Single events beside the recurring series (issue #18). */
const SERIES_EVENTS = 10_000

/**
 * Recurring series (issue #18): the archive's page of 10 and one date of a series on a calendar of
 * `--series` weekly series (104 dates each) beside 10,000 single events, without the response
 * cache (against the main run's cold page of 10 on single events), and saving a daily series with
 * no end (731 dates written), one at a time (p99 column: the slowest of five).
 */
async function seriesScenarios(
  store: ReturnType<typeof datasetStore>,
  options: Options,
): Promise<{ measures: Measure[]; peakRss: number }> {
  const uri = await store.workingCopy(SERIES_EVENTS, options.seed, options.series)
  const server = await startServer(
    uri,
    { ...options, admin: false },
    { CAL_RESPONSE_CACHE_MB: '0' },
  )
  try {
    const get = (path: string) => ({ url: `${server.url}${path}` })
    const token = await benchToken(server.url)
    const page = (await (await fetch(`${server.url}${V1}/events?per_page=10`)).json()) as {
      events: { id: number; series?: unknown }[]
    }
    const aDate = page.events.find((event) => event.series)?.id ?? page.events[0].id
    const measures = [
      await load(
        server,
        'series: cold GET /events per_page=10',
        'v1',
        get(`${V1}/events?per_page=10`),
        options,
      ),
      await load(
        server,
        'series: cold GET /events/{id} of a date',
        'v1',
        get(`${V1}/events/${aDate}`),
        options,
      ),
      await saves(server, 'series: POST a daily series, no end', token, 5),
    ]
    return { measures, peakRss: server.peakRss() }
  } finally {
    await server.stop()
  }
}

const ms = (value: number) => value.toFixed(1).padStart(8)

function printTable(title: string, measures: Measure[], peakRss: number) {
  console.log(`\n${title}`)
  console.log(
    `${'scenario'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'non2xx'.padStart(7)} ${'peak MB'.padStart(8)}`,
  )
  for (const m of measures) {
    const peak = m.peakRssMb === undefined ? '' : String(m.peakRssMb)
    console.log(
      `${m.name.padEnd(38)} ${m.requestsPerSecond.toFixed(0).padStart(8)} ${ms(m.p50)} ${ms(m.p99)} ${String(m.errors).padStart(7)} ${String(m.non2xx).padStart(7)} ${peak.padStart(8)}`,
    )
  }
  console.log(`server peak memory: ${(peakRss / 1024 / 1024).toFixed(0)} MB`)
}

function ratios(measures: Measure[]) {
  const find = (name: string) => measures.find((m) => m.name === name)
  const pairs: [string, string, string][] = [
    [
      'v1 / Payload REST, page of 10',
      'GET /events per_page=10',
      'REST /api/events limit=10 depth=1',
    ],
    [
      'v1 / Payload REST, page of 50',
      'GET /events per_page=50',
      'REST /api/events limit=50 depth=1',
    ],
    ['v1 / Payload REST, one event', 'GET /events/{id}', 'REST /api/events/{id} depth=1'],
    ['v1 / database, page of 10', 'GET /events per_page=10', 'DB events page of 10'],
    ['v1 / database, page of 50', 'GET /events per_page=50', 'DB events page of 50'],
    // Targets at 100,000 events (issue #16): warm ≥ 50% of the floor's req/s, 304s ≥ 70%, cold no
    // slower than before.
    ['warm page of 10 / /api/health', 'warm GET /events per_page=10', 'GET /api/health (floor)'],
    ['304 page of 10 / /api/health', '304 GET /events per_page=10', 'GET /api/health (floor)'],
    ['304 feed / /api/health', '304 GET events.ics (a month)', 'GET /api/health (floor)'],
    ['warm / cold, page of 10', 'warm GET /events per_page=10', 'cold GET /events per_page=10'],
    ['warm / cold, page of 50', 'warm GET /events per_page=50', 'cold GET /events per_page=50'],
    ['warm / cold, one event', 'warm GET /events/{id}', 'cold GET /events/{id}'],
    ["warm / cold, a month's feed", 'GET events.ics (a month)', 'cold GET events.ics (a month)'],
    // Target (issue #18): a page of 10 among 1,000 series and 10,000 events within 1.5× of 100,000
    // single events.
    [
      'series page of 10 / single events, cold',
      'series: cold GET /events per_page=10',
      'cold GET /events per_page=10',
    ],
  ]
  return pairs
    .filter(([, a, b]) => find(a) && find(b))
    .map(([label, a, b]) => ({
      label,
      p50: find(a)!.p50 / find(b)!.p50,
      requestsPerSecond: find(a)!.requestsPerSecond / find(b)!.requestsPerSecond,
    }))
}

/** The writes (bench/writes.ts), printed with the ratios of issue #49's targets. */
async function writesPart(store: ReturnType<typeof datasetStore>, options: Options) {
  const { measures, peakRss } = await writesBenchmark(store, {
    duration: options.duration,
    connections: options.writeConnections,
    heapMb: options.heapMb,
    port: options.writePort,
    events: options.writeEvents,
  })
  printTable(
    `writes, ${options.writeEvents.toLocaleString('en')} events on ${store.kind}, ${options.duration} s each (trashes: each event the creates made, once)`,
    measures,
    peakRss,
  )
  printWriteRatios(measures, options.writeConnections)
  return { measures, peakRssMb: Math.round(peakRss / 2 ** 20) }
}

async function main() {
  const options = parseOptions(process.argv.slice(2))
  const machine = {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  }
  const store = datasetStore(options.database)
  if (process.argv.includes('--mixed')) {
    const mixed = await mixedBenchmark(store, (uri, env) => startServer(uri, options, env), options)
    const dir = path.join(ROOT, 'bench', 'results')
    fs.mkdirSync(dir, { recursive: true })
    const out = path.join(dir, `mixed-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    fs.writeFileSync(out, JSON.stringify({ date: new Date(), machine, mixed }, null, 2))
    console.log(`\nresults: ${path.relative(ROOT, out)}`)
    process.exit(0)
  }
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    options: { ...options, database: store.kind },
    machine,
    runs: [] as unknown[],
  }
  if (process.argv.includes('--writes')) {
    results.writes = await writesPart(store, options)
    const dir = path.join(ROOT, 'bench', 'results')
    fs.mkdirSync(dir, { recursive: true })
    const out = path.join(dir, `writes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    fs.writeFileSync(out, JSON.stringify(results, null, 2))
    console.log(`\nresults: ${path.relative(ROOT, out)}`)
    process.exit(0)
  }
  const sizes = options.sizes ?? [options.events]
  for (const events of sizes) {
    const uri = await store.workingCopy(events, options.seed)
    // The configuration reads DATABASE_URI once, so this process opens one database only: the one
    // measured directly.
    const payload = options.sizes ? null : await openPayload(uri)
    const server = await startServer(uri, options)
    let coldPeak = 0
    try {
      const measures = payload
        ? await allScenarios(server, payload, options)
        : await listScenarios(server, options)
      if (payload) {
        // One server at a time on the 2 cores: the cold one after the warm one has stopped.
        await server.stop()
        const oneEvent = (
          await payload.db.find<{ id: number }>({
            collection: 'events',
            limit: 1,
            sort: '-startDateLocal',
            where: { hideFromListings: { not_equals: true } },
          })
        ).docs[0].id
        const cold = await coldScenarios(uri, oneEvent, options)
        measures.push(...cold.measures)
        coldPeak = cold.peakRss
      }
      let seriesPeak = 0
      if (payload && options.series > 0) {
        const series = await seriesScenarios(store, options)
        measures.push(...series.measures)
        seriesPeak = series.peakRss
        console.log(
          `series run: ${options.series} weekly series beside ${SERIES_EVENTS} events, server peak memory ${(seriesPeak / 2 ** 20).toFixed(0)} MB`,
        )
      }
      printTable(
        `${events} events on ${store.kind}, ${options.connections} connections, ${options.duration} s each`,
        measures,
        Math.max(server.peakRss(), coldPeak, seriesPeak),
      )
      const r = ratios(measures)
      for (const { label, p50, requestsPerSecond } of r)
        console.log(`${label}: p50 ×${p50.toFixed(2)}, req/s ×${requestsPerSecond.toFixed(2)}`)
      ;(results.runs as unknown[]).push({
        events,
        measures,
        ratios: r,
        peakRssMb: Math.round(Math.max(server.peakRss(), coldPeak, seriesPeak) / 2 ** 20),
      })
    } finally {
      await server.stop()
    }
  }
  if (options.sizes) {
    const runs = results.runs as { events: number; measures: Measure[] }[]
    console.log('\np50 growth with size (relative to the smallest):')
    for (const name of runs[0].measures.map((m) => m.name)) {
      const base = runs[0].measures.find((m) => m.name === name)!.p50
      console.log(
        `  ${name}: ${runs.map((run) => `${run.events}: ${(run.measures.find((m) => m.name === name)!.p50 / base).toFixed(2)}×`).join(', ')}`,
      )
    }
  }
  if (!options.sizes) results.writes = await writesPart(store, options)
  if (!options.sizes && !process.argv.includes('--no-misses')) {
    // The cost of a read no cache answers, v1 beside Payload's REST (issue #27), in the same run.
    results.misses = await missesBenchmark({
      sizes: [...new Set([1000, options.events])],
      duration: options.duration,
      connections: options.connections,
      database: options.database,
      heapMb: options.heapMb,
    })
  }
  const dir = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(dir, { recursive: true })
  const out = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  fs.writeFileSync(out, JSON.stringify(results, null, 2))
  console.log(`\nresults: ${path.relative(ROOT, out)}`)
  if (payloadInstance) await payloadInstance.destroy()
  process.exit(0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
