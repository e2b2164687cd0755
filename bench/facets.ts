/**
 * `npm run bench:facets`: the v1 events archive with every facet group (issue #41) beside the same
 * archive without, on the same server and data, with the response cache off. Two servers per size:
 * one as the plugin ships (facet counts and totals kept while the calendar does not change, as
 * with the response cache on), and one that counts every time (`CAL_TOTALS_CACHE_SECONDS=0`),
 * which is what a query no one asked since the last write costs.
 * Options:
 *   --sizes a,b         events in the dataset, one run per size (default 1000,100000)
 *   --duration S        seconds of load per scenario (default 5), after a 2 s warm-up
 *   --connections C     concurrent connections of the load (default 10)
 *   --samples N         requests sent one after another per scenario, for p95 (default 200)
 *   --database URI      run on PostgreSQL (see bench/run.ts); default: SQLite under bench/data
 * Prints a table per size (with each scenario's peak memory, and the time of the first faceted
 * answer, which loads the facet index) and the ratios with / without facets; JSON under
 * bench/results/.
 */
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { FACET_NAMES } from '../endpoints/events/facets.js'
import { optionReader } from './options.js'
import { writeResults } from './results.js'
import { load, startServer, type Measure } from './server.js'
import { datasetStore } from './store.js'

const V1 = '/api/cal/events/v1'
const FACETS = `facets=${FACET_NAMES.join(',')}`

type Options = {
  sizes: number[]
  duration: number
  connections: number
  samples: number
  database: string | undefined
}

function parseOptions(argv: string[]): Options {
  const { value, number, sizes } = optionReader(argv)
  return {
    sizes: sizes('1000,100000'),
    duration: number('duration', 5),
    connections: number('connections', 10),
    samples: number('samples', 200),
    database: value('database'),
  }
}

/** Latency of requests sent one after another: what one answer costs, without queueing. */
async function sample(url: string, count: number) {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await fetch(url)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

type Scenario = { label: string; plain: string; faceted: string }
type Result = { label: string; plain: Row; faceted: Row }
type Row = { load: Measure; latency: Awaited<ReturnType<typeof sample>> }

const SERVERS: { name: string; env: Record<string, string> }[] = [
  { name: 'counts kept (as shipped)', env: { CAL_RESPONSE_CACHE_MB: '0' } },
  {
    name: 'every count made',
    env: { CAL_RESPONSE_CACHE_MB: '0', CAL_TOTALS_CACHE_SECONDS: '0' },
  },
]

/** The default archive page, and the same with a category chosen (a second, disjunctive scope). */
export async function scenarios(url: string): Promise<Scenario[]> {
  const page = (await (await fetch(`${url}${V1}/events?per_page=50`)).json()) as {
    events: { categories: { id: number }[] }[]
  }
  const category = page.events.flatMap((event) => event.categories)[0]
  const archive = `${V1}/events?per_page=10`
  return [
    { label: 'archive, page of 10', plain: archive, faceted: `${archive}&${FACETS}` },
    {
      label: 'archive, a category chosen',
      plain: `${archive}&categories=${category.id}`,
      faceted: `${archive}&categories=${category.id}&${FACETS}`,
    },
  ]
}

const pad = (value: string | number, width: number) => String(value).padStart(width)
const ms = (n: number) => n.toFixed(1)

async function runSize(events: number, options: Options) {
  const store = datasetStore(options.database)
  const runs: { server: string; firstFacetedMs: number; results: Result[] }[] = []
  for (const { name, env } of SERVERS) {
    const server = await startServer(
      await store.workingCopy(events, 1),
      { admin: false, heapMb: null },
      env,
    )
    const results: Result[] = []
    let firstFacetedMs = 0
    try {
      const list = await scenarios(server.url)
      // The first faceted answer of a process loads the facet index
      // (endpoints/events/facetIndex.ts).
      const started = performance.now()
      const first = await fetch(`${server.url}${list[0].faceted}`)
      await first.arrayBuffer()
      firstFacetedMs = performance.now() - started
      for (const scenario of list) {
        const measure = async (suffix: 'plain' | 'faceted'): Promise<Row> => {
          const url = `${server.url}${scenario[suffix]}`
          return {
            load: await load(server, `${scenario.label}, ${suffix}`, 'v1', { url }, options),
            latency: await sample(url, options.samples),
          }
        }
        results.push({
          label: scenario.label,
          plain: await measure('plain'),
          faceted: await measure('faceted'),
        })
      }
    } finally {
      await server.stop()
    }
    runs.push({ server: name, firstFacetedMs, results })
    console.log(
      `\n${events} events on ${store.kind}, response cache off, ${name}: load ${options.connections} connections × ${options.duration} s; latency of ${options.samples} requests one at a time (ms); first faceted answer (loads the index) ${ms(firstFacetedMs)} ms`,
    )
    console.log(
      `${'scenario'.padEnd(40)} ${pad('req/s', 7)} ${pad('p50', 7)} ${pad('p95', 7)} ${pad('p99', 7)} ${pad('MB', 5)}   ${pad('×req/s', 7)} ${pad('×p95', 6)}`,
    )
    for (const { label, plain, faceted } of results)
      for (const [what, row] of [
        ['without', plain],
        ['all facets', faceted],
      ] as const)
        console.log(
          `${`${label}, ${what}`.padEnd(40)} ${pad(row.load.requestsPerSecond.toFixed(0), 7)} ${pad(ms(row.latency.p50), 7)} ${pad(ms(row.latency.p95), 7)} ${pad(ms(row.latency.p99), 7)} ${pad(row.load.peakRssMb ?? '', 5)}   ${
            row === faceted
              ? `${pad((plain.load.requestsPerSecond / faceted.load.requestsPerSecond).toFixed(2), 7)} ${pad((faceted.latency.p95 / plain.latency.p95).toFixed(2), 6)}`
              : ''
          }`,
        )
  }
  return { events, database: store.kind, runs }
}

async function main(options: Options) {
  const results = []
  for (const events of options.sizes) results.push(await runSize(events, options))
  console.log('\ntarget: all facets cost at most ×2 the plain archive, p95 under 50 ms at 100,000')
  writeResults('facets', { options, results })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(parseOptions(process.argv.slice(2))).then(
    () => process.exit(0),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
