/**
 * Writes (issues #38 and #49): creates, updates and trashes of an event per second, through v1 and
 * through Payload's REST with the same document, with 1 and 2 (`--write-connections`) connections,
 * on a fresh copy of a dataset (`--write-events`, 1,000 by default). `npm run bench` runs it after
 * its reads; `npm run bench -- --writes` runs it alone.
 *
 * Creates: v1 bare (title and dates), v1 with links by id (a venue, an organizer and a category of
 * the dataset), v1 with an inline venue (found again by name after the first), Payload's REST bare
 * and with the same links as stored (`POST /api/events?depth=1`); and v1 with links in a category
 * and tag that hold every event of the dataset ("crowded", linked by SQL before the run,
 * `crowdTerms`) beside the same in a category and tag of their own ("empty"). Updates of the title
 * (v1 `POST /events/{id}`, Payload's `PATCH /api/events/{id}?depth=1`) go round the events each
 * create made; trashes (v1 `DELETE /events/{id}`, Payload's `PATCH` of `deletedAt`) take each
 * once, so they run a fixed number of requests rather than a fixed time.
 */
import autocannon from 'autocannon'
import { benchToken } from './dataset.js'
import { cpuOf, startServer, type Measure } from './server.js'
import type { DatasetStore } from './store.js'

const V1 = '/api/cal/events/v1'

export type WritesOptions = {
  duration: number
  connections: number[]
  heapMb: number | null
  /** The server's port on 127.0.0.1 (0: one the system picks). */
  port: number
  /** The events of the dataset the writes are measured on. */
  events: number
}

/** Three days from now at `hour` UTC. */
function inThreeDays(hour: number): Date {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + 3)
  date.setUTCHours(hour, 0, 0, 0)
  return date
}

const wallClock = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')

/** The terms the crowded and empty creates name: a category and a tag each. */
type Terms = { category: number; tag: number }

/**
 * The bodies of each create: dates as a client sends them (v1: wall-clock `Y-m-d H:i:s` of the UTC
 * site; Payload: ISO 8601).
 */
function createBodies(crowded: Terms, empty: Terms) {
  const [start, end] = [inThreeDays(19), inThreeDays(21)]
  const v1Bare = { title: 'Bench event', start_date: wallClock(start), end_date: wallClock(end) }
  const v1Links = { ...v1Bare, venue: 3, categories: [1], organizer: [2] }
  const restBare = {
    title: 'Bench event',
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    timezone: 'UTC',
    status: 'publish',
  }
  const inTerms = ({ category, tag }: Terms) => ({
    ...v1Links,
    categories: [category],
    tags: [tag],
  })
  return {
    'v1 create bare': v1Bare,
    'v1 create links': v1Links,
    'v1 create inline venue': { ...v1Bare, venue: { venue: 'Bench inline hall', city: 'Lyon' } },
    'v1 crowded create': inTerms(crowded),
    'v1 empty create': inTerms(empty),
    'REST create bare': restBare,
    'REST create links': { ...restBare, venue: 3, categories: [1], organizers: [2] },
  }
}

type CreateName = keyof ReturnType<typeof createBodies>

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

/**
 * Where the writes go: a server's address, its CPU time so far (ms), its peak memory over a
 * scenario where known, and statements run on its database (the crowded terms' links).
 */
export type WriteTarget = {
  url: string
  cpu: () => number
  resetPeak: () => void
  scenarioPeakMb: () => number | undefined
  kind: 'sqlite' | 'postgres'
  execute: (statements: string[]) => Promise<void>
}

type Timing = Pick<WritesOptions, 'duration' | 'connections'>

async function measure(
  target: WriteTarget,
  run: Run,
  ids: () => number,
  options: Timing,
): Promise<WriteMeasure> {
  target.resetPeak()
  const { cpu } = target
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
  const common = { url: target.url, connections: run.connections, requests }
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
    peakRssMb: target.scenarioPeakMb(),
    cpuMsPerRequest: (cpu() - cpuBefore) / Math.max(1, result.requests.total),
  }
}

/**
 * Links every event of the dataset to a new category and tag ("crowded") and stores their counts,
 * by SQL on the bench's own copy (the bench may; the plugin never does), as a calendar that grew
 * to this size in one category would have them.
 */
async function crowdTerms(target: WriteTarget, crowded: Terms): Promise<void> {
  const notSeries =
    target.kind === 'postgres' ? 'e.is_series IS NOT TRUE' : 'coalesce(e.is_series, 0) = 0'
  const link = (path: string, column: string, id: number) =>
    `INSERT INTO events_rels ("order", parent_id, path, ${column}) SELECT 1000, id, '${path}', ${id} FROM events e WHERE ${notSeries}`
  const count = (table: string, column: string, id: number) => {
    const uses = `FROM events_rels r JOIN events e ON e.id = r.parent_id WHERE r.${column} = ${id} AND e.deleted_at IS NULL AND ${notSeries}`
    return `UPDATE ${table} SET event_count = (SELECT count(*) ${uses}), public_event_count = (SELECT count(*) ${uses} AND e.status = 'publish') WHERE id = ${id}`
  }
  await target.execute([
    link('categories', 'event_categories_id', crowded.category),
    link('tags', 'event_tags_id', crowded.tag),
    count('event_categories', 'event_categories_id', crowded.category),
    count('event_tags', 'event_tags_id', crowded.tag),
  ])
}

/** Which creates each update and trash goes round, and through which way. */
const FOLLOWED: { create: CreateName; way: 'v1' | 'REST'; name: string }[] = [
  { create: 'v1 create links', way: 'v1', name: 'v1' },
  { create: 'REST create links', way: 'REST', name: 'REST' },
  { create: 'v1 crowded create', way: 'v1', name: 'v1 crowded' },
  { create: 'v1 empty create', way: 'v1', name: 'v1 empty' },
]

/**
 * The writes on a server of ours started on a fresh copy of the dataset (`npm run bench --
 * --writes`): `writesOn` it.
 */
export async function writesBenchmark(
  store: DatasetStore,
  options: WritesOptions,
): Promise<{ measures: WriteMeasure[]; peakRss: number }> {
  const uri = await store.workingCopy(options.events, 1)
  const server = await startServer(
    uri,
    { admin: false, heapMb: options.heapMb },
    { PORT: String(options.port) },
  )
  try {
    const target: WriteTarget = {
      url: server.url,
      cpu: cpuOf((pid) => pid === server.child.pid),
      resetPeak: () => server.resetScenarioPeak(),
      scenarioPeakMb: () => Math.round(server.scenarioPeakRss() / 2 ** 20),
      kind: store.kind,
      execute: (statements) => store.execute(uri, statements),
    }
    return { measures: await writesOn(target, options), peakRss: server.peakRss() }
  } finally {
    await server.stop()
  }
}

/**
 * At each number of connections: each create (keeping the ids they made), updates of the events
 * the followed creates made, in turn, then trashes of them, each event trashed once. The target
 * holds the benchmark's dataset (its venue 3, organizer 2 and category 1 are linked by id).
 */
export async function writesOn(target: WriteTarget, options: Timing): Promise<WriteMeasure[]> {
  const token = await benchToken(target.url)
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' }
  const term = async (kind: 'categories' | 'tags', name: string) => {
    const response = await fetch(`${target.url}${V1}/${kind}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name }),
    })
    return ((await response.json()) as { id: number }).id
  }
  const crowded = {
    category: await term('categories', 'Crowded'),
    tag: await term('tags', 'Crowded'),
  }
  const empty = { category: await term('categories', 'Empty'), tag: await term('tags', 'Empty') }
  await crowdTerms(target, crowded)
  const bodies = createBodies(crowded, empty)
  const measures: WriteMeasure[] = []
  const path = (way: 'v1' | 'REST', id: number) =>
    way === 'v1' ? `${V1}/events/${id}` : `/api/events/${id}?depth=1`
  // Each write of a kind one after the other, so that all meet the same load of the machine.
  for (const connections of options.connections) {
    const created = Object.fromEntries(
      Object.keys(bodies).map((name) => [name, [] as number[]]),
    ) as Record<CreateName, number[]>
    for (const [name, body] of Object.entries(bodies) as [CreateName, object][]) {
      const create: Run = {
        name,
        connections,
        created: created[name],
        request: () => ({
          method: 'POST',
          path: name.startsWith('v1') ? `${V1}/events` : '/api/events?depth=1',
          headers,
          body: JSON.stringify(body),
        }),
      }
      measures.push(await measure(target, create, () => 0, options))
    }
    /** A write of each event `created[way]` holds in turn: its `method` and `body`. */
    const ofEach = (
      name: string,
      way: 'v1' | 'REST',
      method: autocannon.Request['method'],
      body: () => object | null,
    ): Run => ({
      name,
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
    for (const { create, way, name } of FOLLOWED) {
      const retitle = () => ({ title: `Bench event ${Math.random()}` })
      const update = ofEach(`${name} update`, way, way === 'v1' ? 'POST' : 'PATCH', retitle)
      measures.push(await measure(target, update, inTurn(created[create]), options))
    }
    for (const { create, way, name } of FOLLOWED) {
      const trash =
        way === 'v1'
          ? ofEach(`${name} trash`, way, 'DELETE', () => null)
          : ofEach(`${name} trash`, way, 'PATCH', () => ({ deletedAt: new Date().toISOString() }))
      const once = { ...trash, amount: created[create].length }
      measures.push(await measure(target, once, inTurn(created[create]), options))
    }
  }
  return measures
}

/**
 * The CPU per write, and the ratios of issue #49's targets: a v1 create with links by id beside
 * a bare one (≤ 1.3× its CPU) and beside Payload REST's same create, an update of the title
 * beside a bare create, and each write in the crowded category and tag beside the same in empty
 * ones (≤ 1.2×).
 */
export function printWriteRatios(measures: WriteMeasure[], connections: number[]): void {
  console.log('server CPU per write (ms):')
  for (const m of measures) console.log(`  ${m.name.padEnd(40)} ${m.cpuMsPerRequest.toFixed(2)}`)
  const of = (name: string) => measures.find((m) => m.name === name)
  for (const count of connections) {
    const at = (name: string) => `${name}, ${count} conn.`
    const ratio = (a: string, b: string) => {
      const [x, y] = [of(at(a)), of(at(b))]
      if (!x || !y) return
      console.log(
        `${a} / ${b}, ${count} conn.: CPU per write ×${(x.cpuMsPerRequest / y.cpuMsPerRequest).toFixed(2)}, req/s ×${(x.requestsPerSecond / y.requestsPerSecond).toFixed(2)}`,
      )
    }
    ratio('v1 create links', 'v1 create bare')
    ratio('v1 create links', 'REST create links')
    ratio('v1 update', 'v1 create bare')
    ratio('v1 update', 'REST update')
    ratio('v1 trash', 'REST trash')
    for (const write of ['create', 'update', 'trash'])
      ratio(`v1 crowded ${write}`, `v1 empty ${write}`)
  }
}
