/**
 * `npm run bench:cluster`: v1 creates per second with 6 writers, sent to one node and then through
 * the balancer to three (scripts/cluster.sh, a cluster of its own), and the slowest create, which
 * bounds the longest wait for the calendar's write lock. One run; figures in docs/cluster.md.
 */
import autocannon from 'autocannon'
import { Cluster, V1, eventBody } from '../test/cluster/support.js'

const WRITERS = 6
const SECONDS = Number(process.env.BENCH_SECONDS || 15)

async function creates(url: string, token: string) {
  const result = await autocannon({
    url: `${url}${V1}/events`,
    method: 'POST',
    connections: WRITERS,
    duration: SECONDS,
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(eventBody('Benchmark create', 120)),
  })
  return {
    createsPerSecond: Math.round((result['2xx'] / SECONDS) * 10) / 10,
    failed: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    maxMs: result.latency.max,
  }
}

const cluster = new Cluster({ LOG_LEVEL: 'warn' })
try {
  cluster.up(3)
  await cluster.registerAdministrator()
  await creates(cluster.nodes[0], cluster.token) // warm-up: connections, caches, JIT
  const rows = [
    { target: '1 node', ...(await creates(cluster.nodes[0], cluster.token)) },
    { target: '3 nodes (nginx)', ...(await creates(cluster.url, cluster.token)) },
  ]
  console.table(rows)
} finally {
  cluster.down()
}
