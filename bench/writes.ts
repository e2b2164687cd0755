/**
 * Writes (issue #38 item 3): creates, updates and trashes of an event per second, through v1 and
 * through Payload's REST with the same document, with 1 and 2 (`--write-connections`) connections,
 * on a fresh copy of the 1,000-event dataset. `npm run bench` runs it after its reads;
 * `npm run bench -- --writes` runs it alone.
 *
 * The same write both ways: v1 `POST /events` with a venue, a category and an organizer of the
 * dataset, and `POST /api/events?depth=1` with the same fields as stored (`createBodies`); an
 * update of the title, v1 `POST /events/{id}` and `PATCH /api/events/{id}?depth=1`; a move to the
 * trash, v1 `DELETE /events/{id}` and `PATCH /api/events/{id}?depth=1` with `deletedAt` (Payload's
 * `DELETE` deletes for good). Updates go round the events each scenario's creates made; each trash
 * takes an event no other request has trashed, so trashes run a fixed number of requests
 * (a share of the events there are) rather than a fixed time.
 */
import autocannon from 'autocannon'
import { BENCH_USER } from './dataset.js'
import { cpuOf, startServer, type Measure, type Server } from './server.js'
import type { DatasetStore } from './store.js'

const V1 = '/api/cal/events/v1'

export type WritesOptions = {
  duration: number
  connections: number[]
  heapMb: number | null
  /** The server's port on 127.0.0.1 (0: one the system picks). */
  port: number
}

/** Three days from now at `hour` UTC. */
function inThreeDays(hour: number): Date {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + 3)
  date.setUTCHours(hour, 0, 0, 0)
  return date
}

/**
 * The event both ways write: a venue, a category and an organizer of the dataset, dates as a
 * client sends them (v1: wall-clock `Y-m-d H:i:s` of the UTC site; Payload: ISO 8601).
 */
function createBodies() {
  const wallClock = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')
  const [start, end] = [inThreeDays(19), inThreeDays(21)]
  const common = { title: 'Bench event', venue: 3, categories: [1] }
  return {
    v1: JSON.stringify({
      ...common,
      start_date: wallClock(start),
      end_date: wallClock(end),
      organizer: [2],
    }),
    rest: JSON.stringify({
      ...common,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      timezone: 'UTC',
      organizers: [2],
      status: 'publish',
    }),
  }
}

type Way = 'v1' | 'REST'

/** The ids one after the other, round and round. */
const inTurn = (ids: number[]) => {
  let next = 0
  return () => ids[next++ % ids.length]
}

type Run = {
  name: string
  connections: number
  request: (id: () => number) => autocannon.Request
  /** Requests to send (trashes); otherwise a 2 s warm-up then `duration` seconds. */
  amount?: number
  /** Ids of the events the answers created. */
  created?: number[]
}

/** A measure and the server's CPU time per request (user and system, from /proc). */
export type WriteMeasure = Measure & { cpuMsPerRequest: number }

async function measure(
  server: Server,
  run: Run,
  ids: () => number,
  options: WritesOptions,
): Promise<WriteMeasure> {
  server.resetScenarioPeak()
  const cpu = cpuOf((pid) => pid === server.child.pid)
  const requests = [
    {
      ...run.request(ids),
      onResponse: (status: number, body: string) => {
        if (run.created && status === 201) {
          // v1 answers the record, Payload's REST `{ doc, message }`.
          const answer = JSON.parse(body) as { id?: number; doc?: { id: number } }
          run.created.push(answer.doc?.id ?? answer.id!)
        }
      },
    },
  ] as autocannon.Request[]
  const common = { url: server.url, connections: run.connections, requests }
  if (!run.amount) await autocannon({ ...common, duration: 2 })
  const cpuBefore = cpu()
  const result = await autocannon(
    run.amount ? { ...common, amount: run.amount } : { ...common, duration: options.duration },
  )
  return {
    name: `${run.name}, ${run.connections} conn.`,
    group: run.name.startsWith('v1') ? 'v1' : 'rest',
    requestsPerSecond: run.amount
      ? result.requests.total / (result.duration || 1)
      : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: Math.round(server.scenarioPeakRss() / 2 ** 20),
    cpuMsPerRequest: (cpu() - cpuBefore) / Math.max(1, result.requests.total),
  }
}

/**
 * At each number of connections: creates (keeping the ids they made), updates of those events in
 * turn, then trashes of them, each event trashed once; each through v1, then Payload's REST.
 */
export async function writesBenchmark(
  store: DatasetStore,
  options: WritesOptions,
): Promise<{ measures: WriteMeasure[]; peakRss: number }> {
  const uri = await store.workingCopy(1000, 1)
  const server = await startServer(
    uri,
    { admin: false, heapMb: options.heapMb },
    { PORT: String(options.port) },
  )
  try {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    })
    const { token } = (await login.json()) as { token: string }
    const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
    const bodies = createBodies()
    const measures: WriteMeasure[] = []
    const ways = ['v1', 'REST'] as const
    const path = (way: Way, id: number) =>
      way === 'v1' ? `${V1}/events/${id}` : `/api/events/${id}?depth=1`
    // Each write through v1 and then Payload's REST, back to back, so that both meet the same load
    // of the machine.
    for (const connections of options.connections) {
      const created: Record<Way, number[]> = { v1: [], REST: [] }
      for (const way of ways) {
        const create: Run = {
          name: `${way} create`,
          connections,
          created: created[way],
          request: () =>
            way === 'v1'
              ? { method: 'POST', path: `${V1}/events`, headers, body: bodies.v1 }
              : { method: 'POST', path: '/api/events?depth=1', headers, body: bodies.rest },
        }
        measures.push(await measure(server, create, () => 0, options))
      }
      /** A write of each event `created[way]` holds in turn: its `method` and `body`. */
      const ofEach = (
        way: Way,
        write: string,
        method: autocannon.Request['method'],
        body: () => object | null,
      ): Run => ({
        name: `${way} ${write}`,
        connections,
        request: (id) => ({
          method,
          headers,
          setupRequest: (request) => {
            const data = body()
            return {
              ...request,
              path: path(way, id()),
              ...(data ? { body: JSON.stringify(data) } : {}),
            }
          },
        }),
      })
      for (const way of ways) {
        const retitle = () => ({ title: `Bench event ${Math.random()}` })
        const update = ofEach(way, 'update', way === 'v1' ? 'POST' : 'PATCH', retitle)
        measures.push(await measure(server, update, inTurn(created[way]), options))
      }
      for (const way of ways) {
        const trash =
          way === 'v1'
            ? ofEach(way, 'trash', 'DELETE', () => null)
            : ofEach(way, 'trash', 'PATCH', () => ({ deletedAt: new Date().toISOString() }))
        const once = { ...trash, amount: created[way].length }
        measures.push(await measure(server, once, inTurn(created[way]), options))
      }
    }
    return { measures, peakRss: server.peakRss() }
  } finally {
    await server.stop()
  }
}
