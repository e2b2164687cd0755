/**
 * `npm run bench:cluster`: v1 creates per second with 6 writers, sent to one node and then through
 * the balancer to three (scripts/cluster.sh, a cluster of its own), the slowest create, and the
 * longest wait for an advisory lock that PostgreSQL showed meanwhile (`pg_locks.waitstart`, looked
 * at every 50 ms, so a shorter wait may be missed). One run; figures in docs/cluster.md.
 * `BENCH_WRITES=updates`: v1 updates by id instead (`PATCH /events/{id}`, a new title), each
 * writer on events of its own turn by turn among 120 created first.
 */
import autocannon from 'autocannon'
import pg from 'pg'
import { Cluster, V1, eventBody } from '../test/cluster/support.js'

const WRITERS = 6
const SECONDS = Number(process.env.BENCH_SECONDS || 15)
const SAMPLE_MS = 50

/**
 * The advisory locks of core/database/turns.ts, as `pg_locks` shows them: a one-key lock keeps the
 * key's low 32 bits in `objid` (`objsubid` 1); the two-key locks of `lockKeys` have `objsubid` 2.
 */
const LOCK_KIND = `CASE
    WHEN objsubid = 2 THEN 'key'
    WHEN objid::bigint = (hashtext('payload-events-calendar:log')::bigint & 4294967295) THEN 'log'
    WHEN objid::bigint = (hashtext('payload-events-calendar:writes')::bigint & 4294967295)
      THEN 'calendar'
    ELSE 'other' END`

/** Runs `work` while watching the longest advisory-lock wait, in ms, and which lock it was. */
async function watchingLockWaits<T>(uri: string, work: () => Promise<T>) {
  const client = new pg.Client({ connectionString: uri })
  await client.connect()
  let longest = { ms: 0, lock: '' }
  let watching = true
  const watch = (async () => {
    while (watching) {
      const { rows } = await client.query(
        `SELECT extract(epoch FROM clock_timestamp() - waitstart) * 1000 AS ms, ${LOCK_KIND} AS lock
           FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
           ORDER BY waitstart LIMIT 1`,
      )
      if (rows[0] && Number(rows[0].ms) > longest.ms)
        longest = { ms: Number(rows[0].ms), lock: rows[0].lock }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))
    }
  })()
  try {
    return {
      ...(await work()),
      longestLockWaitMs: Math.round(longest.ms),
      waitedFor: longest.lock,
    }
  } finally {
    watching = false
    await watch
    await client.end()
  }
}

/**
 * `BENCH_TITLES=distinct`: each create its own title. By default all share one, so every create
 * waits for the one before on its slug's lock (core/database/turns.ts).
 */
const DISTINCT_TITLES = process.env.BENCH_TITLES === 'distinct'
let created = 0

/**
 * Six writers on the events route for SECONDS: writes answered 2xx per second (in the column
 * `column`), the writes that failed, and their latencies.
 */
async function writeLoad(
  url: string,
  token: string,
  method: 'POST' | 'PATCH',
  setupRequest: NonNullable<autocannon.Request['setupRequest']>,
  column: string,
) {
  const result = await autocannon({
    url: `${url}${V1}/events`,
    method,
    connections: WRITERS,
    duration: SECONDS,
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest }],
  })
  return {
    [column]: Math.round((result['2xx'] / SECONDS) * 10) / 10,
    failed: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    maxMs: result.latency.max,
  }
}

const creates = (url: string, token: string) =>
  writeLoad(
    url,
    token,
    'POST',
    (request) => ({
      ...request,
      body: JSON.stringify(
        eventBody(DISTINCT_TITLES ? `Benchmark ${++created} create` : 'Benchmark create', 120),
      ),
    }),
    'createsPerSecond',
  )

const UPDATES = process.env.BENCH_WRITES === 'updates'
const UPDATED_EVENTS = 120
let updated = 0

/** Updates of distinct events (`BENCH_WRITES=updates`): 6 in flight never share one. */
const updates = (url: string, token: string, ids: number[]) =>
  writeLoad(
    url,
    token,
    'PATCH',
    (request) => {
      const n = ++updated
      return {
        ...request,
        path: `${V1}/events/${ids[n % ids.length]}`,
        body: JSON.stringify({ title: `Benchmark update ${n}` }),
      }
    },
    'updatesPerSecond',
  )

async function eventsToUpdate(url: string, token: string): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < UPDATED_EVENTS; i++) {
    const response = await fetch(`${url}${V1}/events`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(eventBody(`Benchmark updated ${i}`, 120)),
    })
    ids.push(((await response.json()) as { id: number }).id)
  }
  return ids
}

const cluster = new Cluster({ LOG_LEVEL: 'warn' })
try {
  cluster.up(3)
  await cluster.registerAdministrator()
  const uri = `postgres://calendar:calendar@127.0.0.1:${cluster.file('pg.port')}/calendar`
  const ids = UPDATES ? await eventsToUpdate(cluster.url, cluster.token) : []
  const writes = (url: string): Promise<Record<string, number>> =>
    UPDATES ? updates(url, cluster.token, ids) : creates(url, cluster.token)
  await writes(cluster.nodes[0]) // warm-up: connections, caches, JIT
  const rows = [
    { target: '1 node', ...(await watchingLockWaits(uri, () => writes(cluster.nodes[0]))) },
    { target: '3 nodes (nginx)', ...(await watchingLockWaits(uri, () => writes(cluster.url))) },
  ]
  console.table(rows)
} finally {
  cluster.down()
}
