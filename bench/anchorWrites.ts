/**
 * `npm run bench:anchor-writes -- --tec URL --tec-credentials FILE`: issue #60's writes beside The
 * Events Calendar's (the anchor, `../shared/tools/README.md`; never in CI), in one run: linked
 * creates (`POST /events` with a venue, an organizer and a category by id), title updates
 * (`POST /events/{id}` over the events the creates made) and, ours only, batches of 25 linked
 * creates (`POST /api/cal/batch/v1`, `validation: normal`). Each target first gets `--seed`
 * linked creates from one client, as `sidebyside.mjs` seeds its 1,000 events: a server just
 * started runs its first thousand writes a fifth slower (its code not yet compiled hot), and the
 * anchor's PHP has its opcode cache. Then each scenario: a 2 s warm-up, `--seconds` measured.
 *
 * Our server is started here as `npm start` runs it (production, no admin, SQLite on a fresh file
 * under bench/data, response cache off); reset the anchor's data first
 * (`php $PEER_DIR/reset-tec-data.php`) and run nothing else on the machine.
 * Options: --tec URL (the anchor's `tribe/events/v1` root; without it, ours alone),
 * --tec-credentials FILE (its `credentials.txt`), --seconds S (10), --connections C (2),
 * --seed N (1000).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { BENCH_USER, benchToken } from './dataset.js'
import { optionReader } from './options.js'
import { startServer } from './server.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BATCH_SIZE = 25

type Target = { name: 'cal' | 'tec'; ns: string; batch?: string; auth: string }
type Figure = { rps: number; p50: number; bad: number }

const option = optionReader(process.argv.slice(2))
const seconds = option.number('seconds', 10)
const connections = option.number('connections', 2)
const seed = option.number('seed', 1000)

async function json(target: Target, method: string, route: string, body?: unknown) {
  const response = await fetch(target.ns + route, {
    method,
    headers: { authorization: target.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${target.name} ${method} ${route}: ${response.status}`)
  return (await response.json()) as { id: number }
}

/** Our administrator, registered first on the fresh database, and its authorization. */
async function ourAuth(origin: string): Promise<string> {
  const registered = await fetch(`${origin}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_USER, role: 'administrator' }),
  })
  if (!registered.ok) throw new Error(`first-register: ${registered.status}`)
  return `JWT ${await benchToken(origin)}`
}

/** The anchor's application password (HTTP Basic), as its build wrote it. */
function anchorAuth(file: string): string {
  const text = fs.readFileSync(file, 'utf8')
  const match = /Application password \(HTTP Basic, user (\S+)\):\s*(.+)/.exec(text)
  if (!match) throw new Error(`no application password in ${file}`)
  return `Basic ${Buffer.from(`${match[1]}:${match[2].trim()}`).toString('base64')}`
}

async function measure(url: string, request: autocannon.Request, auth: string): Promise<Figure> {
  const options = {
    url,
    connections,
    headers: { authorization: auth, 'content-type': 'application/json' },
    requests: [request],
  }
  await autocannon({ ...options, duration: 2 })
  const result = await autocannon({ ...options, duration: seconds })
  const bad = result.non2xx + result.errors + result.timeouts
  return { rps: result.requests.average, p50: result.latency.p50, bad }
}

async function scenarios(target: Target): Promise<Record<string, Figure>> {
  const stamp = Date.now()
  const venue = (await json(target, 'POST', 'venues', { venue: `Anchor hall ${stamp}` })).id
  const organizer = (await json(target, 'POST', 'organizers', { organizer: `Org ${stamp}` })).id
  const category = (await json(target, 'POST', 'categories', { name: `Category ${stamp}` })).id
  let serial = 0
  const linked = () => ({
    title: `Linked create ${stamp}-${serial++}`,
    start_date: '2027-03-01 10:00:00',
    end_date: '2027-03-01 12:00:00',
    status: 'publish',
    venue,
    organizer: [organizer],
    categories: [category],
  })
  const started = Date.now()
  for (let i = 0; i < seed; i++) await json(target, 'POST', 'events', linked())
  const took = (Date.now() - started) / 1000
  console.log(`${target.name}: ${seed} linked creates from one client in ${took.toFixed(1)} s`)

  const created: number[] = []
  const figures: Record<string, Figure> = {}
  figures['linked create'] = await measure(
    `${target.ns}events`,
    {
      method: 'POST',
      setupRequest: (request) => ({ ...request, body: JSON.stringify(linked()) }),
      onResponse: (status, body) => {
        if (status === 201) created.push((JSON.parse(body) as { id: number }).id)
      },
    },
    target.auth,
  )
  const eventsPath = new URL(`${target.ns}events`).pathname
  figures['title update'] = await measure(
    `${target.ns}events`,
    {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        path: `${eventsPath}/${created[serial % created.length]}`,
        body: JSON.stringify({ title: `Updated title ${serial++}` }),
      }),
    },
    target.auth,
  )
  if (target.batch) {
    const batch = () => ({
      requests: Array.from({ length: BATCH_SIZE }, () => ({
        method: 'POST',
        path: '/cal/events/v1/events',
        body: linked(),
      })),
    })
    let failedItems = 0
    const batches = await measure(
      target.batch,
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: JSON.stringify(batch()) }),
        onResponse: (status, body) => {
          const { responses = [] } = JSON.parse(body) as { responses?: { status: number }[] }
          if (status === 207) failedItems += responses.filter((item) => item.status !== 201).length
        },
      },
      target.auth,
    )
    figures['batch of 25, events'] = {
      ...batches,
      rps: batches.rps * BATCH_SIZE,
      bad: batches.bad + failedItems,
    }
  }
  for (const [name, figure] of Object.entries(figures))
    console.log(`${target.name} ${name}: ${figure.rps.toFixed(1)}/s, p50 ${figure.p50} ms`)
  return figures
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`

const database = path.join(ROOT, 'bench', 'data', `anchor-writes-${process.pid}.db`)
fs.mkdirSync(path.dirname(database), { recursive: true })
const server = await startServer(
  `file:${database}`,
  { admin: false, heapMb: null },
  { CAL_RESPONSE_CACHE_MB: '0' },
)
try {
  const api = `${server.url}/api`
  const ours: Target = {
    name: 'cal',
    ns: `${api}/cal/events/v1/`,
    batch: `${api}/cal/batch/v1`,
    auth: await ourAuth(server.url),
  }
  const cal = await scenarios(ours)
  const tecUrl = option.value('tec')
  if (tecUrl) {
    const credentials = option.value('tec-credentials')
    if (!credentials) throw new Error('--tec needs --tec-credentials')
    const ns = tecUrl.endsWith('/') ? tecUrl : `${tecUrl}/`
    const tec = await scenarios({ name: 'tec', ns, auth: anchorAuth(credentials) })
    const batch = cal['batch of 25, events'].rps
    console.log('\n| scenario | ours /s | anchor /s | ours / anchor |\n|---|---|---|---|')
    for (const name of ['linked create', 'title update'])
      console.log(
        `| ${name} | ${cal[name].rps.toFixed(1)} | ${tec[name].rps.toFixed(1)} | ` +
          `${ratio(cal[name].rps, tec[name].rps)} |`,
      )
    console.log(
      `| batch of 25, events | ${batch.toFixed(1)} | ${tec['linked create'].rps.toFixed(1)} ` +
        `(single) | ${ratio(batch, tec['linked create'].rps)}; ` +
        `${ratio(batch, cal['linked create'].rps)} our single |`,
    )
  }
  const bad = Object.values(cal).reduce((sum, figure) => sum + figure.bad, 0)
  if (bad) console.log(`ours: ${bad} answers not 2xx`)
} finally {
  await server.stop()
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true })
}
