/**
 * `npm run bench:pauses`: how long other requests wait while heavy work runs (issue #47). For each
 * path of test/support/heavyWork.ts (the facet index's first load, a daily series with the
 * statistics refresh after it, a CSV export, an iCalendar feed and FullCalendar's feed of the
 * whole calendar), on a fresh server over the generated calendar: the server's event-loop delay
 * (p99 and max, dev/eventLoopProbe.ts) and the slowest `/api/health` answer asked every 25 ms
 * meanwhile (test/support/pauses.ts), and how long the work took.
 * Options:
 *   --sizes a,b         events in the dataset, one run per size (default 100000)
 *   --database URI      run on PostgreSQL (see bench/run.ts); default: SQLite under bench/data
 * Target: p99 under 50 ms and max under 200 ms for each. JSON under bench/results/.
 */
import { optionReader } from './options.js'
import { writeResults } from './results.js'
import { startServer } from './server.js'
import { datasetStore } from './store.js'
import { HEAVY_WORK, loginBenchUser, warmUp } from '../test/support/heavyWork.js'
import { pausesDuring, type Pauses } from '../test/support/pauses.js'

const pad = (value: string | number, width: number) => String(value).padStart(width)

async function runSize(events: number, database: string | undefined) {
  const store = datasetStore(database)
  const server = await startServer(
    await store.workingCopy(events, 1),
    { admin: false, heapMb: null },
    { CAL_EVENT_LOOP_PROBE: 'true', CAL_RESPONSE_CACHE_MB: '0' },
  )
  const results: { name: string; pauses: Pauses }[] = []
  try {
    const context = { url: server.url, token: await loginBenchUser(server.url) }
    await warmUp(context)
    for (const work of HEAVY_WORK) {
      const { pauses } = await pausesDuring(server.url, () => work.run(context))
      results.push({ name: work.name, pauses })
    }
  } finally {
    await server.stop()
  }
  console.log(`\n${events} events on ${store.kind}: what other requests waited (ms)`)
  console.log(
    `${'while'.padEnd(58)} ${pad('took', 8)} ${pad('loop p99', 9)} ${pad('loop max', 9)} ${pad('health max', 11)}`,
  )
  for (const { name, pauses } of results)
    console.log(
      `${name.padEnd(58)} ${pad(pauses.workMs, 8)} ${pad(pauses.loop.p99, 9)} ${pad(pauses.loop.max, 9)} ${pad(pauses.health.max, 11)}`,
    )
  return { events, database: store.kind, results }
}

async function main(argv: string[]) {
  const { value, sizes } = optionReader(argv)
  const results = []
  for (const events of sizes('100000')) results.push(await runSize(events, value('database')))
  console.log('\ntarget: loop p99 under 50 ms and max under 200 ms while each runs')
  writeResults('pauses', { results })
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
