/**
 * The mixed scenario (`npm run bench -- --mixed`, issue #26 item 5): 1,000 events; 10 connections
 * read ~2,000 URLs (archive days, single events, venue pages) chosen with a Zipf law (the popular
 * ones far more often), while one writer changes an event twice a second. Reported: req/s, p50,
 * p99 and the response cache's hit rate (`X-Cal-Cache: hit`), "before" (a server whose cache drops
 * everything on any write: CAL_CACHE_DROP_ALL=true, as it did before the change log) and "after"
 * (the cache drops what a change can affect). About 60 s in all.
 */
import autocannon from 'autocannon'
import { benchToken } from './dataset.js'
import type { DatasetStore } from './store.js'

const V1 = '/api/cal/events/v1'
const EVENTS = 1000
const URLS = 2000
const WARM_UP_S = 3
const MEASURE_S = 20
const WRITES_PER_SECOND = 2
/** Zipf exponent: URL of rank r is read in proportion to 1 / r^s. */
const ZIPF_S = 1

export type MixedServer = { url: string; stop: () => Promise<void> }
export type MixedResult = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  hitRate: number
  writes: number
  errors: number
  non2xx: number
}

/** A small seeded generator (mulberry32), so that both runs read the same sequence of URLs. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Draws indexes 0…n-1 with P(i) ∝ 1 / (i + 1)^s. */
function zipf(n: number, s: number, next: () => number): () => number {
  const cumulative: number[] = []
  let sum = 0
  for (let i = 0; i < n; i++) cumulative.push((sum += 1 / (i + 1) ** s))
  return () => {
    const target = next() * sum
    let low = 0
    let high = n - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle] < target) low = middle + 1
      else high = middle
    }
    return low
  }
}

async function json(url: string, init?: RequestInit): Promise<any> {
  const response = await fetch(url, init)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return response.json()
}

/** The URLs read: every event, the venues they use, then archive days, ~2,000 in all, shuffled. */
async function readUrls(
  base: string,
  seed: number,
): Promise<{ paths: string[]; events: number[] }> {
  const events: { id: number; start_date: string; venue?: { id?: number } | unknown[] }[] = []
  const window = 'start_date=1970-01-01&end_date=2100-12-31&per_page=50'
  for (let page = 1; ; page++) {
    const answer = await json(`${base}${V1}/events?${window}&page=${page}`)
    events.push(...answer.events)
    if (page >= answer.total_pages) break
  }
  const venues = [
    ...new Set(
      events
        .map((event) => (Array.isArray(event.venue) ? undefined : event.venue?.id))
        .filter((id): id is number => typeof id === 'number'),
    ),
  ]
  const days = [...new Set(events.map((event) => event.start_date.slice(0, 10)))]
  const paths = [
    ...events.map((event) => `${V1}/events/${event.id}`),
    ...venues.slice(0, 500).map((id) => `${V1}/venues/${id}`),
    ...days.map((day) => `${V1}/events?start_date=${day}&end_date=${day}`),
  ].slice(0, URLS)
  console.log(
    `mixed: ${paths.length} URLs: ${events.length} events, ${Math.min(venues.length, 500)} venues, ` +
      `${Math.max(0, paths.length - events.length - Math.min(venues.length, 500))} archive days`,
  )
  const next = random(seed)
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[paths[i], paths[j]] = [paths[j], paths[i]]
  }
  return { paths, events: events.map((event) => event.id) }
}

async function measure(
  name: string,
  server: MixedServer,
  seed: number,
  connections: number,
): Promise<MixedResult> {
  const { paths, events } = await readUrls(server.url, seed)
  const token = await benchToken(server.url)
  const counts = { hits: 0, answers: 0 }
  const load = async (duration: number) => {
    const pick = zipf(paths.length, ZIPF_S, random(seed + 1))
    return autocannon({
      url: server.url,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: paths[pick()] }),
          onResponse: (_status, _body, _context, headers) => {
            counts.answers++
            if (headers?.['x-cal-cache'] === 'hit') counts.hits++
          },
        },
      ],
    })
  }
  let writes = 0
  let writing = true
  const writer = (async () => {
    const next = random(seed + 2)
    while (writing) {
      const started = Date.now()
      const id = events[Math.floor(next() * events.length)]
      const response = await fetch(`${server.url}${V1}/events/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ title: `Mixed bench ${writes}` }),
      })
      await response.arrayBuffer()
      if (response.ok) writes++
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 1000 / WRITES_PER_SECOND - (Date.now() - started))),
      )
    }
  })()
  await load(WARM_UP_S)
  counts.hits = counts.answers = 0
  writes = 0
  const result = await load(MEASURE_S)
  writing = false
  await writer
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    hitRate: counts.answers ? counts.hits / counts.answers : 0,
    writes,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/**
 * Both runs, each on a fresh copy of the 1,000-event dataset and a server of its own (one at a
 * time), "before" first.
 */
export async function mixedBenchmark(
  store: DatasetStore,
  start: (uri: string, env: Record<string, string>) => Promise<MixedServer>,
  { seed, connections }: { seed: number; connections: number },
): Promise<MixedResult[]> {
  const results: MixedResult[] = []
  for (const [name, env] of [
    ['before: any write drops every kept answer', { CAL_CACHE_DROP_ALL: 'true' }],
    ['after: a write drops what it can affect', {}],
  ] as const) {
    const server = await start(await store.workingCopy(EVENTS, seed), env)
    try {
      results.push(await measure(name, server, seed, connections))
    } finally {
      await server.stop()
    }
  }
  console.log(
    `\nmixed: ${EVENTS} events, ~${URLS} URLs (Zipf s=${ZIPF_S}), ${connections} connections, ` +
      `${WRITES_PER_SECOND} writes/s, ${MEASURE_S} s each`,
  )
  for (const r of results)
    console.log(
      `${r.name.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms` +
        `  p99 ${r.p99} ms  hit rate ${(r.hitRate * 100).toFixed(1)}%  writes ${r.writes}` +
        `  errors ${r.errors}  non2xx ${r.non2xx}`,
    )
  return results
}
