/**
 * The work that could hold a server (issue #47): each path that reads or writes a whole calendar,
 * or runs beside the requests in the background. test/event-loop.test.ts and bench/pauses.ts
 * measure how long other requests wait while each runs (test/support/pauses.ts); a new heavy path
 * joins this list.
 */
import { BENCH_USER } from '../../bench/dataset.js'

export type HeavyContext = {
  /** `http://127.0.0.1:<port>` of the server. */
  url: string
  /** An administrator's JWT. */
  token: string
}

export type HeavyWork = {
  name: string
  /** Runs the work to its end; throws when it did not do what it names. */
  run: (context: HeavyContext) => Promise<void>
}

/** The benchmark dataset's administrator (bench/dataset.ts) logs in: their JWT. */
export async function loginBenchUser(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  })
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status}`)
  return ((await answer.json()) as { token: string }).token
}

const V1 = '/api/cal/events/v1'
/** Every date a calendar may hold: the exports and feeds of a whole calendar. */
const WHOLE = 'start_date=1971-01-01&end_date=2999-12-31'

async function ask(
  context: HeavyContext,
  route: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<{ status: number; bytes: number; body: string }> {
  const headers: Record<string, string> = {}
  if (init.auth) headers.authorization = `JWT ${context.token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`${context.url}${route}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // Read as it comes, keeping only its start: a whole feed made one string of tens of megabytes
  // at its end, which held this process (the one that times the health probe) for 100-300 ms.
  let bytes = 0
  let start = ''
  const decoder = new TextDecoder()
  for await (const chunk of (answer.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength
    if (start.length < 300) start += decoder.decode(chunk, { stream: true })
  }
  return { status: answer.status, bytes, body: start }
}

function expectStatus(what: string, answer: { status: number; body: string }, status: number) {
  if (answer.status !== status)
    throw new Error(`${what}: ${answer.status} instead of ${status}: ${answer.body.slice(0, 300)}`)
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/**
 * A daily series saved through v1 (731 dates at the default horizon), then two seconds of what
 * follows it in the background (SQLite's statistics refresh after many records were created).
 */
export const dailySeries: HeavyWork = {
  name: 'a daily series saved (and the statistics refresh after it)',
  run: async (context) => {
    const created = await ask(context, `${V1}/events`, {
      method: 'POST',
      auth: true,
      body: {
        title: `Daily ${Math.random().toString(36).slice(2, 8)}`,
        start_date: `${day(1)} 09:00:00`,
        end_date: `${day(1)} 10:00:00`,
        recurrence: 'FREQ=DAILY',
        status: 'publish',
      },
    })
    expectStatus('the series', created, 201)
    await new Promise((resolve) => setTimeout(resolve, 2000))
  },
}

/** The first faceted page after the server started: the facet index's first load. */
export const firstFacets: HeavyWork = {
  name: "the facet index's first load",
  run: async (context) => {
    const page = await ask(
      context,
      `${V1}/events?${WHOLE}&facets=categories,tags,venue,city,country,organizer,cost,day_of_week`,
    )
    expectStatus('the faceted page', page, 200)
  },
}

/** An anonymous CSV export of every event. */
export const csvExport: HeavyWork = {
  name: 'a CSV export of every event',
  run: async (context) => {
    const csv = await ask(context, `/api/cal/csv/events.csv?${WHOLE}`)
    expectStatus('the export', csv, 200)
  },
}

/** An anonymous iCalendar feed of every event. */
export const icalFeed: HeavyWork = {
  name: 'an iCalendar feed of every event',
  run: async (context) => {
    const feed = await ask(context, `/api/cal/ical/events.ics?${WHOLE}`)
    expectStatus('the feed', feed, 200)
  },
}

/** FullCalendar's feed over the longest range it takes (400 days). */
export const fullCalendarFeed: HeavyWork = {
  name: "FullCalendar's feed of 400 days",
  run: async (context) => {
    const feed = await ask(
      context,
      `/api/cal/fullcalendar/events?start=${day(-35)}&end=${day(365)}`,
    )
    expectStatus('the feed', feed, 200)
  },
}

/**
 * A small request to each route the heavy paths take: what a process does once, at its first
 * request (modules loaded on first use), is not what is measured.
 */
export async function warmUp(context: HeavyContext): Promise<void> {
  const oneDay = `start_date=${day(0)}&end_date=${day(1)}`
  for (const route of [
    `${V1}/events?${oneDay}`,
    `${V1}/events/0`,
    `/api/cal/csv/events.csv?${oneDay}`,
    `/api/cal/ical/events.ics?${oneDay}`,
    `/api/cal/fullcalendar/events?start=${day(0)}&end=${day(1)}`,
  ])
    await ask(context, route)
}

/** Each heavy path, in the order the test and the benchmark run them. */
export const HEAVY_WORK: HeavyWork[] = [
  firstFacets,
  dailySeries,
  csvExport,
  icalFeed,
  fullCalendarFeed,
]
