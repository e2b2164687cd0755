/**
 * `npm run bench:next`: the plugin's speed in the app most Payload sites are (issue #37 item 4),
 * Payload's blank Next.js template (test/package/templateApp.ts) served by `next start`, beside
 * our express host (bench/server.ts) in the same run. Both get the benchmark's calendar of 1,000
 * events (bench/dataset.ts; the app's through its own Local API, bench/nextSeed.ts) on SQLite as
 * each sets it up (the template's adapter as create-payload-app writes it; the host's WAL and
 * transactions). In the app, with its response cache on as it starts:
 *   - the floor: a bare route handler of the same app (`/bench-floor`) answering, from memory,
 *     the bytes of the v1 archive page below;
 *   - v1 cache hits: that page (`/events?per_page=10`) again and again, anonymous;
 *   - v1 distinct pages: each request a page no cache holds (another `start_date` or `page`);
 *   - Payload's REST for the page (`/api/events` with the same where, sort, limit and depth=1);
 *   - v1 creates, authenticated, on 2 connections.
 * In the host: the same hits (response cache on), then on a second host with it off the same
 * distinct pages, Payload's REST and creates.
 * Options:
 *   --app DIR           the template app's folder: reused when built (only the database is
 *                       reset), else built there; default: built in a new scratch folder, whose
 *                       path is printed for the next run
 *   --rebuild           with --app: the plugin packed and installed again and the app rebuilt
 *                       (after a change of the plugin), its seeded database kept
 *   --duration S        seconds measured per scenario (default 5), after a 2 s warm-up
 *   --connections C     concurrent connections of the reads (default 10; creates use 2)
 *   --early             the app started again with the early answer of its cal route on
 *                       (BENCH_EARLY=1, see CALENDAR_ROUTE): the floor and the hits again
 *   --wal               the app's database in WAL mode, as `sqliteAdapter({ wal: true })` sets it
 *                       (the template's adapter leaves SQLite's rollback journal)
 *   --no-host           measure the template app alone
 *   --only a,b          only these scenarios: floor, hits, distinct, rest, creates (with
 *                       --writes, `--only writes` measures the writes alone)
 *   --writes            also the writes of bench/writes.ts in the app (creates bare, with links,
 *                       with an inline venue, in crowded and empty terms; updates; trashes; v1
 *                       beside Payload's REST), on 2 connections, printed with issue #49's ratios
 *   --cpu-prof DIR      write a CPU profile of the app's server process (node --cpu-prof) into DIR
 *   --app-env K=V,...   environment of the app's server (e.g. its CAL_* or NODE_OPTIONS)
 * Prints a table and the ratios against the targets; writes JSON under bench/results/.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { createClient } from '@libsql/client'
import autocannon from 'autocannon'
import { benchToken } from './dataset.js'
import { restEvents } from './misses.js'
import { optionReader } from './options.js'
import { EARLY_HEADER } from '../endpoints/cache/early.js'
import { cpuOf, startServer, v1CreateRequest, type Server } from './server.js'
import { datasetStore } from './store.js'
import { printWriteRatios, writesOn, type WriteMeasure, type WriteTarget } from './writes.js'
import {
  buildTemplateApp,
  packPlugin,
  rebuildTemplateApp,
  ROOT,
  scratchFolder,
  startTemplateApp,
} from '../test/package/templateApp.js'

const V1 = '/api/cal/events/v1'
const PAGE = `${V1}/events?per_page=10`
const EVENTS = 1000
const CREATE_CONNECTIONS = 2
/** The app's database file, and the seeded copy every run starts from. */
const DATABASE = 'bench.db'
const SEEDED = 'bench.seeded.db'
const FLOOR_BODY = 'bench-floor.json'

type Options = {
  app: string | undefined
  duration: number
  connections: number
  rebuild: boolean
  early: boolean
  only: string[] | null
  writes: boolean
  wal: boolean
  host: boolean
  cpuProf: string | undefined
  appEnv: Record<string, string>
}

function parseOptions(argv: string[]): Options {
  const { value, number } = optionReader(argv)
  const appEnv = Object.fromEntries(
    (value('app-env') ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
  const folder = (name: string) => (value(name) ? path.resolve(value(name)!) : undefined)
  return {
    app: folder('app'),
    duration: number('duration', 5),
    connections: number('connections', 10),
    rebuild: argv.includes('--rebuild'),
    early: argv.includes('--early'),
    only: value('only')?.split(',') ?? null,
    writes: argv.includes('--writes'),
    wal: argv.includes('--wal'),
    host: !argv.includes('--no-host'),
    cpuProf: folder('cpu-prof'),
    appEnv,
  }
}

/**
 * The bare route handler of the floor: the bytes of `FLOOR_BODY` (written by the run before it
 * loads the route), read once and answered from memory as they are (a string would be encoded
 * again on every request, which the plugin's hits are not).
 */
const FLOOR_ROUTE = `import { readFileSync } from 'node:fs'

export const dynamic = 'force-dynamic'

let body: Buffer | undefined

export function GET(): Response {
  body ??= readFileSync(process.env.BENCH_FLOOR_FILE as string)
  return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } })
}
`

/**
 * The calendar's route file as the README gives it (`payload-events-calendar/next`: cache hits
 * answered before Payload's request handling), with its GET on only when the app runs with
 * `BENCH_EARLY=1`; otherwise Payload's `handleEndpoints` answers, as Payload's own REST route does
 * in the template without the file. So one build measures both.
 */
const CALENDAR_ROUTE = `import config from '@payload-config'
import { handleEndpoints } from 'payload'
import { calendarRoutes } from 'payload-events-calendar/next'

const routes = calendarRoutes(config)

export const GET =
  process.env.BENCH_EARLY === '1'
    ? routes.GET
    : (request: Request) => handleEndpoints({ config, request })
export const { POST, PUT, PATCH, DELETE, OPTIONS } = routes
`

/** What the bench adds to the template app. */
const BENCH_FILES = {
  'src/app/bench-floor/route.ts': FLOOR_ROUTE,
  'src/app/(payload)/api/cal/[...path]/route.ts': CALENDAR_ROUTE,
}

/** The template app with the floor's route, its database migrated and seeded once. */
async function benchApp(folder: string | undefined, rebuild: boolean): Promise<string> {
  if (folder && fs.existsSync(path.join(folder, '.next', 'BUILD_ID'))) {
    if (rebuild) {
      for (const [file, content] of Object.entries(BENCH_FILES)) {
        fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
        fs.writeFileSync(path.join(folder, file), content)
      }
      const { filename } = packPlugin(path.dirname(folder))
      rebuildTemplateApp(folder, path.join(path.dirname(folder), filename))
    }
    console.log(`${rebuild ? 'rebuilt' : 'reusing'} the template app in ${folder}`)
    return folder
  }
  const appDir = folder ?? path.join(scratchFolder('bench-next'), 'app')
  const tarballs = path.dirname(appDir)
  fs.mkdirSync(tarballs, { recursive: true })
  const { filename } = packPlugin(tarballs)
  const databaseUri = `file:${path.join(appDir, DATABASE)}`
  await buildTemplateApp({
    tarball: path.join(tarballs, filename),
    database: 'sqlite',
    databaseUri,
    appDir,
    extraFiles: BENCH_FILES,
  })
  await seed(appDir, databaseUri)
  fs.copyFileSync(path.join(appDir, DATABASE), path.join(appDir, SEEDED))
  console.log(`template app built in ${appDir} (--app ${appDir} reuses it)`)
  return appDir
}

async function seed(appDir: string, databaseUri: string): Promise<void> {
  console.log(`seeding ${EVENTS} events into the template app…`)
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/nextSeed.ts', appDir, databaseUri, String(EVENTS)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } },
  )
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`seeding the template app failed (${code})`)
}

/**
 * The app's database back to its seeded state; with `wal`, in WAL mode (kept in the file, as
 * `sqliteAdapter({ wal: true })` would set it).
 */
async function resetDatabase(appDir: string, wal: boolean): Promise<void> {
  const file = path.join(appDir, DATABASE)
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true })
  fs.copyFileSync(path.join(appDir, SEEDED), file)
  if (!wal) return
  const client = createClient({ url: `file:${file}` })
  await client.execute('PRAGMA journal_mode = WAL')
  client.close()
}

type Result = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  failed: number
  /** The server's CPU time (user and system, all its processes) per request measured. */
  cpuMsPerRequest: number
}

/** How a scenario is loaded, and how the server's CPU time so far (ms) is read. */
type Load = { duration: number; connections: number; only: string[] | null; cpu: () => number }

async function measure(
  key: string,
  name: string,
  request: autocannon.Options,
  load: Load,
): Promise<Result | undefined> {
  if (load.only && !load.only.includes(key)) return undefined
  await autocannon({ ...request, connections: load.connections, duration: 2 })
  const cpuBefore = load.cpu()
  const result = await autocannon({
    ...request,
    connections: load.connections,
    duration: load.duration,
  })
  const measured = {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: (load.cpu() - cpuBefore) / Math.max(1, result.requests.total),
  }
  console.log(
    `  ${name.padEnd(44)} ${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.p50} ms  CPU ${measured.cpuMsPerRequest.toFixed(2)} ms/req${measured.failed ? `  ${measured.failed} failed` : ''}`,
  )
  return measured
}

/**
 * Archive pages no cache holds: each request another start day (300 of them) or page (10), the
 * same per_page as the cached page, so 3,000 requests before one repeats.
 */
function distinctPages(): () => string {
  let n = 0
  const today = Date.now()
  return () => {
    const day = new Date(today + (n % 300) * 86_400_000).toISOString().slice(0, 10)
    const page = 1 + (Math.floor(n / 300) % 10)
    n++
    return `${V1}/events?per_page=10&start_date=${day}&page=${page}`
  }
}

/** The v1 reads no cache holds, Payload's REST for the page, and creates. */
/**
 * Every event's kept form built once (the archive read through from before the first event), as
 * on a site that has been read: a distinct page is then what it is there, a page no cache holds
 * whose records are kept (building a record's form is a cost paid once per change).
 */
async function keepEveryForm(origin: string): Promise<void> {
  for (let page = 1; ; page++) {
    const response = await fetch(
      `${origin}${V1}/events?per_page=50&start_date=2000-01-01&end_date=2100-01-01&page=${page}`,
    )
    const body = (await response.json()) as { next_rest_url?: string }
    if (!response.ok || !body.next_rest_url) return
  }
}

async function missesAndCreates(
  origin: string,
  options: Load,
): Promise<Record<string, Result | undefined>> {
  const next = distinctPages()
  const token = await benchToken(origin)
  await keepEveryForm(origin)
  return {
    distinct: await measure(
      'distinct',
      'v1 distinct pages',
      { url: origin, requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }] },
      options,
    ),
    rest: await measure(
      'rest',
      'Payload REST, the same page',
      { url: `${origin}${restEvents(10)}` },
      options,
    ),
    creates: await measure(
      'creates',
      `v1 creates (${CREATE_CONNECTIONS} connections)`,
      v1CreateRequest(origin, token),
      {
        ...options,
        connections: CREATE_CONNECTIONS,
      },
    ),
  }
}

/**
 * bench/writes.ts's writes in the app, on 2 connections; the crowded terms linked by SQL on the
 * app's database file.
 */
async function writesInApp(
  appDir: string,
  url: string,
  load: Load,
  options: Options,
): Promise<WriteMeasure[]> {
  const target: WriteTarget = {
    url,
    cpu: load.cpu,
    resetPeak: () => undefined,
    scenarioPeakMb: () => undefined,
    kind: 'sqlite',
    execute: async (statements) => {
      const client = createClient({ url: `file:${path.join(appDir, DATABASE)}` })
      try {
        // The app may be writing (kept forms of the pages read before): wait for its turn.
        await client.execute('PRAGMA busy_timeout = 30000')
        for (const statement of statements) await client.execute(statement)
      } finally {
        client.close()
      }
    },
  }
  console.log(`
template app: writes, ${CREATE_CONNECTIONS} connections, ${options.duration} s each`)
  const measures = await writesOn(target, {
    duration: options.duration,
    connections: [CREATE_CONNECTIONS],
  })
  for (const m of measures)
    console.log(
      `  ${m.name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms${m.errors || m.non2xx ? `  ${m.errors + m.non2xx} failed` : ''}`,
    )
  printWriteRatios(measures, [CREATE_CONNECTIONS])
  return measures
}

/** The app started on its seeded database, its cached page checked; the floor's body written. */
async function startApp(appDir: string, options: Options, env: Record<string, string> = {}) {
  await resetDatabase(appDir, options.wal)
  const app = await startTemplateApp(appDir, {
    env: { BENCH_FLOOR_FILE: path.join(appDir, FLOOR_BODY), ...options.appEnv, ...env },
    nodeArgs: options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProf}`] : undefined,
  })
  try {
    const first = await fetch(`${app.url}${PAGE}`)
    if (!first.ok) throw new Error(`${PAGE}: ${first.status} ${await first.text()}`)
    const page = await first.text()
    fs.writeFileSync(path.join(appDir, FLOOR_BODY), page)
    const floor = await fetch(`${app.url}/bench-floor`)
    if ((await floor.text()) !== page) throw new Error('the floor does not answer the page')
    const again = await fetch(`${app.url}${PAGE}`)
    if (again.headers.get('x-cal-cache') !== 'hit') throw new Error('the page is not a cache hit')
    await again.arrayBuffer()
    // Next.js compiles and V8 optimizes the first requests' code: warmed up before any measure.
    await autocannon({ url: `${app.url}/bench-floor`, connections: 2, duration: 3 })
    await autocannon({ url: `${app.url}${PAGE}`, connections: 2, duration: 3 })
    return { app, early: again.headers.get(EARLY_HEADER) === '1' }
  } catch (error) {
    await app.stop()
    throw error
  }
}

async function measureApp(
  appDir: string,
  options: Options,
): Promise<{ results: Record<string, Result | undefined>; writes?: WriteMeasure[] }> {
  const { app } = await startApp(appDir, options)
  const results: Record<string, Result | undefined> = {}
  let writes: WriteMeasure[] | undefined
  const inApp = (pid: number): Load => ({ ...options, cpu: cpuOf((_, group) => group === pid) })
  try {
    const load = inApp(app.pid)
    console.log(
      `\ntemplate app (next start, ${app.url}${options.wal ? ', database in WAL mode' : ''})`,
    )
    const floor = { url: `${app.url}/bench-floor` }
    results.floor = await measure('floor', 'floor: bare route handler, the page', floor, load)
    results.hits = await measure('hits', 'v1 cache hits', { url: `${app.url}${PAGE}` }, load)
    Object.assign(results, await missesAndCreates(app.url, load))
    if (options.writes) writes = await writesInApp(appDir, app.url, load, options)
  } finally {
    await app.stop()
  }
  if (!options.early) return { results, writes }
  const started = await startApp(appDir, options, { BENCH_EARLY: '1' })
  try {
    if (!started.early) throw new Error('the app did not answer the page early')
    const { url, pid } = started.app
    console.log(`\ntemplate app, hits answered early (${url})`)
    const load = inApp(pid)
    results.earlyFloor = await measure(
      'floor',
      'floor (again)',
      { url: `${url}/bench-floor` },
      load,
    )
    results.earlyHits = await measure(
      'hits',
      'v1 cache hits, answered early',
      { url: `${url}${PAGE}` },
      load,
    )
  } finally {
    await started.app.stop()
  }
  return { results, writes }
}

async function measureHost(options: Options): Promise<Record<string, Result | undefined>> {
  const store = datasetStore(undefined)
  const serverOptions = { admin: false, heapMb: null }
  const inHost = (server: Server): Load => ({
    ...options,
    cpu: cpuOf((pid) => pid === server.child.pid),
  })
  const cached = await startServer(await store.workingCopy(EVENTS, 1), serverOptions)
  let hits: Result | undefined
  try {
    console.log(`\nexpress host, response cache on (${cached.url})`)
    await (await fetch(`${cached.url}${PAGE}`)).arrayBuffer()
    hits = await measure('hits', 'v1 cache hits', { url: `${cached.url}${PAGE}` }, inHost(cached))
  } finally {
    await cached.stop()
  }
  const uncached = await startServer(await store.workingCopy(EVENTS, 1), serverOptions, {
    CAL_RESPONSE_CACHE_MB: '0',
  })
  try {
    console.log(`\nexpress host, response cache off (${uncached.url})`)
    return { hits, ...(await missesAndCreates(uncached.url, inHost(uncached))) }
  } finally {
    await uncached.stop()
  }
}

const ratio = (a: Result | undefined, b: Result | undefined) =>
  a && b && b.requestsPerSecond > 0 ? a.requestsPerSecond / b.requestsPerSecond : NaN

async function main() {
  const options = parseOptions(process.argv.slice(2))
  const appDir = await benchApp(options.app, options.rebuild)
  const { results: app, writes } = await measureApp(appDir, options)
  const host = options.host ? await measureHost(options) : {}
  const rows: [string, Result | undefined, Result | undefined][] = [
    ['floor: bare handler, the page from memory', app.floor, undefined],
    ['v1 cache hits', app.hits, host.hits],
    ['floor, again (the early run)', app.earlyFloor, undefined],
    ['v1 cache hits, answered early', app.earlyHits, undefined],
    ['v1 distinct pages (host: cache off)', app.distinct, host.distinct],
    ['Payload REST, the same page', app.rest, host.rest],
    [`v1 creates, ${CREATE_CONNECTIONS} connections`, app.creates, host.creates],
  ]
  console.log(
    `\n${EVENTS} events, SQLite, ${options.connections} connections, ${options.duration} s each (req/s · p50 ms · server CPU ms per request)`,
  )
  console.log(
    `${'scenario'.padEnd(44)} ${'template app'.padStart(22)} ${'express host'.padStart(22)}`,
  )
  const cell = (r: Result | undefined) =>
    (r
      ? `${r.requestsPerSecond.toFixed(0)} · ${r.p50} · ${r.cpuMsPerRequest.toFixed(2)}`
      : ''
    ).padStart(22)
  for (const [label, inApp, inHost] of rows.filter(([, a, b]) => a || b))
    console.log(`${label.padEnd(44)} ${cell(inApp)} ${cell(inHost)}`)
  const targets = [
    ['hits / floor', ratio(app.hits, app.floor), 0.5],
    ['hits answered early / floor', ratio(app.earlyHits, app.earlyFloor), 0.5],
    ['distinct pages / Payload REST (app)', ratio(app.distinct, app.rest), 3],
    ['distinct pages, app / host', ratio(app.distinct, host.distinct), 0.5],
    ['creates, app / host', ratio(app.creates, host.creates), 0.5],
  ] as const
  console.log('\ntargets (ratios of req/s within this run):')
  for (const [label, value, target] of targets)
    console.log(
      `  ${label.padEnd(40)} ${Number.isNaN(value) ? '   –' : `×${value.toFixed(2)}`.padStart(6)}  target ≥ ${target}${Number.isNaN(value) ? '' : value >= target ? '  met' : '  NOT met'}`,
    )
  const results = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(results, { recursive: true })
  const file = path.join(results, `next-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  fs.writeFileSync(
    file,
    `${JSON.stringify({ events: EVENTS, ...options, app, host, writes, targets: Object.fromEntries(targets.map(([label, value, target]) => [label, { value, target }])) }, null, 2)}\n`,
  )
  console.log(`\nresults: ${path.relative(ROOT, file)}`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
