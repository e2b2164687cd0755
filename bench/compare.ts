/**
 * `npm run bench:compare -- --against DIR[,DIR…]`: the v1 reads of this checkout beside those of
 * other checkouts of the repository (each a git worktree of some commit, with node_modules), in one
 * run. For a change that must leave a read's cost where it was (issue #50: within 5%); a worktree
 * of this very commit among them shows what the same code measures against itself.
 *
 * The servers run at once, in production mode with the response cache off, each on its own copy of
 * the same dataset, and first take WARM_UP_PASSES over every route unmeasured. Every round then
 * sends each route the same number of requests to each server in turn, the first server changing
 * from round to round, so that whatever else the machine does falls on all alike. The measure is
 * the server process's CPU time per request (/proc), which other processes disturb less than
 * requests per second do; a route's figure is the median of its rounds.
 * Options:
 *   --against DIR,…     the other checkouts (required)
 *   --sizes a,b         events in the dataset, one run per size (default 1000)
 *   --rounds N          rounds per route (default 9)
 *   --requests N        requests per route, server and round (default 400), after 30 unmeasured;
 *                       a cheap route gets more, up to 5 times as many (ROUND_CPU_MS)
 *   --connections C     concurrent connections (default 4)
 *   --database URI      run on PostgreSQL (see bench/run.ts); default: SQLite under bench/data
 *   --max-route R       fail (exit 1) when a route costs more than R times the first other
 *                       checkout's (the speed guard, scripts/speed-guard.sh)
 *   --max-sum R         fail when all routes, summed, cost more than R times the first other's
 * Prints a table per size (ms of server CPU per request, this checkout / the other) and writes
 * JSON under bench/results/.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { scenarios } from './facets.js'
import { pairs } from './misses.js'
import { optionReader } from './options.js'
import { median, writeResults } from './results.js'
import { cpuOf, startServer, type Server } from './server.js'
import { datasetStore } from './store.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const WARM_UP = 30
const WARM_UP_PASSES = 2
const WARM_UP_REQUESTS = 100
/**
 * Server CPU a round of a route aims at: a cheap route gets more requests than `--requests`, so
 * that one garbage collection falling in a round weighs on it no more than on a dear route's.
 */
const ROUND_CPU_MS = 800

type Checkout = { name: string; root: string }

type Options = {
  against: Checkout[]
  sizes: number[]
  rounds: number
  requests: number
  connections: number
  database: string | undefined
  maxRoute: number | undefined
  maxSum: number | undefined
}

const commitOf = (root: string) =>
  execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()

function parseOptions(argv: string[]): Options {
  const { value, number, sizes } = optionReader(argv)
  const dirs = (value('against') ?? '').split(',').filter(Boolean)
  if (
    !dirs.length ||
    dirs.some((dir) => !fs.existsSync(path.join(dir, 'scripts', 'build-server.mjs')))
  )
    throw new Error('--against takes the folders of other checkouts of this repository')
  return {
    against: dirs.map((dir) => ({ name: `${commitOf(dir)} (${dir})`, root: path.resolve(dir) })),
    sizes: sizes('1000'),
    rounds: number('rounds', 9),
    requests: number('requests', 400),
    connections: number('connections', 4),
    database: value('database'),
    maxRoute: bound(value('max-route')),
    maxSum: bound(value('max-sum')),
  }
}

/** A ratio bound of `--max-route` or `--max-sum`: a number above 1, or none. */
function bound(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!(value > 1)) throw new Error(`a bound is a ratio above 1, not ${text}`)
  return value
}

type Route = { label: string; path: string }

/** The reads of bench:misses (v1 side) and of bench:facets (faceted side). */
async function routes(url: string): Promise<Route[]> {
  const reads = (await pairs({ url })).map(({ label, v1 }) => ({ label, path: v1 }))
  const faceted = (await scenarios(url)).map(({ label, faceted }) => ({
    label: `${label}, all facets`,
    path: faceted,
  }))
  return [...reads, ...faceted]
}

async function send(url: string, amount: number, connections: number) {
  const result = await autocannon({ url, connections, amount })
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
}

/** Requests per round for a route: `--requests`, or more for a cheap route (ROUND_CPU_MS). */
async function amountFor(server: Server, route: Route, options: Options) {
  const cpu = cpuOf((pid) => pid === server.child.pid)
  const before = cpu()
  await send(`${server.url}${route.path}`, WARM_UP_REQUESTS, options.connections)
  const perRequest = Math.max((cpu() - before) / WARM_UP_REQUESTS, 0.05)
  const wanted = Math.ceil(ROUND_CPU_MS / perRequest / 50) * 50
  return Math.min(Math.max(wanted, options.requests), options.requests * 5)
}

/** Sends `amount` requests; the server's CPU ms per request. */
async function measure(server: Server, route: Route, amount: number, connections: number) {
  const url = `${server.url}${route.path}`
  const cpu = cpuOf((pid) => pid === server.child.pid)
  await send(url, WARM_UP, connections)
  const before = cpu()
  await send(url, amount, connections)
  return (cpu() - before) / amount
}

type RouteResult = { label: string; requests: number; rounds: number[][]; cpuMs: number[] }

const cell = (n: number) => n.toFixed(2).padStart(11)
const ratio = (n: number) => `×${n.toFixed(3)}`.padStart(11)

async function runSize(events: number, options: Options) {
  const store = datasetStore(options.database)
  const checkouts: Checkout[] = [{ name: 'this', root: ROOT }, ...options.against]
  const env = { CAL_RESPONSE_CACHE_MB: '0' }
  const servers: Server[] = []
  const results: RouteResult[] = []
  try {
    for (const [index, { root }] of checkouts.entries())
      servers.push(
        await startServer(
          await store.workingCopy(events, 1, 0, `compare${index}`),
          { admin: false, heapMb: null, root },
          env,
        ),
      )
    const list = await routes(servers[0].url)
    for (let pass = 0; pass < WARM_UP_PASSES; pass++)
      for (const route of list)
        for (const server of servers)
          await send(`${server.url}${route.path}`, WARM_UP_REQUESTS, options.connections)
    for (const route of list) {
      const amount = await amountFor(servers[0], route, options)
      const rounds = servers.map((): number[] => [])
      for (let round = 0; round < options.rounds; round++)
        for (let turn = 0; turn < servers.length; turn++) {
          const index = (round + turn) % servers.length
          rounds[index].push(await measure(servers[index], route, amount, options.connections))
        }
      const cpuMs = rounds.map(median)
      results.push({ label: route.label, requests: amount, rounds, cpuMs })
      console.log(
        `  ${route.label.padEnd(40)}${cpuMs.map(cell).join('')}${cpuMs
          .slice(1)
          .map((other) => ratio(cpuMs[0] / other))
          .join('')}`,
      )
    }
  } finally {
    for (const server of servers) await server.stop()
  }
  const sums = checkouts.map((_, index) => results.reduce((sum, r) => sum + r.cpuMs[index], 0))
  console.log(
    `  ${'all routes, summed'.padEnd(40)}${sums.map(cell).join('')}${sums
      .slice(1)
      .map((other) => ratio(sums[0] / other))
      .join('')}`,
  )
  return { events, database: store.kind, checkouts, results, sums }
}

async function main(options: Options) {
  const runs = []
  for (const events of options.sizes) {
    console.log(
      `\n${events} events: server CPU ms per request, median of ${options.rounds} rounds of ${options.requests}`,
    )
    options.against.forEach((checkout, i) => console.log(`  against ${i + 1}: ${checkout.name}`))
    const names = ['this', ...options.against.map((_, i) => `against ${i + 1}`)]
    const ratios = options.against.map((_, i) => `÷${i + 1}`)
    console.log(
      `  ${'route'.padEnd(40)}${[...names, ...ratios].map((n) => n.padStart(11)).join('')}`,
    )
    runs.push(await runSize(events, options))
  }
  writeResults('compare', { options, runs })
  const slips = runs.flatMap((run) => slipsOf(run, options))
  for (const slip of slips) console.error(`SLOWER: ${slip}`)
  if (slips.length) process.exitCode = 1
}

/** What is slower than the bounds allow, against the first other checkout. */
function slipsOf(run: Awaited<ReturnType<typeof runSize>>, { maxRoute, maxSum }: Options) {
  const slips: string[] = []
  const over = (ratio: number, max: number | undefined) => max !== undefined && ratio > max
  for (const { label, cpuMs } of run.results)
    if (over(cpuMs[0] / cpuMs[1], maxRoute))
      slips.push(
        `${run.events} events, ${label}: ×${(cpuMs[0] / cpuMs[1]).toFixed(3)} > ×${maxRoute}`,
      )
  const sum = run.sums[0] / run.sums[1]
  if (over(sum, maxSum))
    slips.push(`${run.events} events, all routes summed: ×${sum.toFixed(3)} > ×${maxSum}`)
  return slips
}

main(parseOptions(process.argv.slice(2))).then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
