import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { csvRoutes, translationRoutes } from '../src/roots.js'
import fc from 'fast-check'
import type { Payload } from 'payload'
import { batchRoutes } from '../endpoints/batch/operation.js'
import { icalRoutes } from '../endpoints/ical/routes.js'
import { fullCalendarRoutes } from '../endpoints/fullcalendar/routes.js'
import { calendarRoutes } from '../endpoints/v1/routes.js'
import { ticketRoutes } from '../endpoints/tickets/routes.js'
import type { Route } from '../endpoints/routing/operation.js'
import { DEFAULTS } from '../core/defaults.js'
import { startTestServer, type TestServer } from './helpers.js'
import { registerCast, type Cast, type Caller } from './support/callers.js'
import { suiteDatabase, suiteStore } from './support/database.js'
import { currentSecrets, leaksIn, seedCalendar, type Secrets } from './support/fixtures.js'
import {
  hostileRequests,
  resolvePlaceholders,
  type HostileRequest,
  type Pool,
} from './support/hostile.js'
import { closeRawAgent, sendRaw, type RawRequest, type RawResponse } from './support/rawHttp.js'
import {
  sameSnapshot,
  snapshotDatabase,
  snapshotDifferences,
  watchChanges,
  type Snapshot,
} from './support/snapshot.js'

/**
 * Property: whatever anyone sends to any route of the v1 namespace, the calendar feeds or the CSV
 * exports, the answer is 2xx or 4xx (never 5xx), every error has the contract's shape, callers
 * without the right to write are refused before anything else is looked at, nothing the caller may
 * not see is in the answer, and a request that is not a successful write leaves every row of the
 * database as it was.
 *
 * FUZZ_SEED replays a run, FUZZ_RUNS sets the number of requests (default 5000 on SQLite's own
 * store, which runs every file; 2000 through the generic store and on PostgreSQL, which CI runs
 * after it with a seed of their own: jest.config.js), FUZZ_SHRINK=1
 * shrinks a failure to a smaller request (slow: every step is a request to the server), and
 * FUZZ_KEEP_GOING=1 sends every request and reports each kind of failure once, instead of stopping
 * at the first.
 */

const RUNS = Number(
  process.env.FUZZ_RUNS || (suiteDatabase === 'sqlite' && suiteStore !== 'generic' ? 5000 : 2000),
)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : crypto.getRandomValues(new Uint32Array(1))[0] | 0
const SHRINK = process.env.FUZZ_SHRINK === '1'
const KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1'

let server: TestServer
let cast: Cast
let password: string

beforeAll(async () => {
  server = await startTestServer()
  cast = await registerCast(server)
  password = (await seedCalendar(server, cast.users)).password
})
afterAll(async () => {
  closeRawAgent()
  await server?.stop()
})

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const FEED_ROUTES = icalRoutes()
const CSV_ROUTES = csvRoutes()
/** The FullCalendar feed, named as /doc names it (`/fullcalendar/events`, under `/api/cal`). */
const FULLCALENDAR_ROUTES = fullCalendarRoutes().map((route) => ({
  ...route,
  path: `/fullcalendar${route.path}`,
}))
/** The translation drafts, named as /doc names them (`/translations/draft`, under `/api/cal`). */
const TRANSLATION_ROUTES = translationRoutes().map((route) => ({
  ...route,
  path: `/translations${route.path}`,
}))
/** The batch of v1 writes, named as /doc names it (`/batch/v1`, under `/api/cal`). */
const BATCH_PATH = '/batch/v1'
const BATCH_ROUTES = batchRoutes().map((route) => ({
  ...route,
  path: `${BATCH_PATH}${route.path}`,
}))
/** RSVP tickets, named as /doc names them (`/tickets/v1/...`, under `/api/cal`). */
const TICKETS_PATH = '/tickets/v1'
const TICKET_ROUTES = ticketRoutes().map((route) => ({
  ...route,
  path: `${TICKETS_PATH}${route.path}`,
}))
/** A visitor's RSVP and its answer take no rights: the security code is theirs. */
const RSVP_ROUTES = new Set([`${TICKETS_PATH}/rsvp`, `${TICKETS_PATH}/rsvp/{order}`])
/**
 * The plugin's health check (`/api/cal/health`, endpoints/health.ts) is no route of a table: this
 * entry only tells the generator that it takes GET without parameters.
 */
const HEALTH_ROUTE: Route = {
  path: '/health',
  operations: {
    GET: {
      summary: 'The health check',
      params: {},
      responses: {},
      handle: () => Promise.reject(new Error('never called')),
    },
  },
}
/** The calendar's root (`/api/cal`, endpoints/calendarRoot.ts), likewise: GET, no parameters. */
const CALENDAR_ROOT_ROUTE: Route = {
  path: '/cal',
  operations: { GET: { ...HEALTH_ROUTE.operations.GET!, summary: "The calendar's root" } },
}
/** Routes that read no credentials: a balancer's check, and a description the same for all. */
const OPEN_ROUTES = new Set([HEALTH_ROUTE.path, CALENDAR_ROOT_ROUTE.path])
const ROUTES = [
  ...calendarRoutes(),
  ...FEED_ROUTES,
  ...CSV_ROUTES,
  ...FULLCALENDAR_ROUTES,
  ...TRANSLATION_ROUTES,
  ...BATCH_ROUTES,
  ...TICKET_ROUTES,
  HEALTH_ROUTE,
  CALENDAR_ROOT_ROUTE,
]
/**
 * The calendar feeds and the CSV exports are routed like the namespace, under roots of their own
 * (their paths end in `.ics` and `.csv`, so none is also a v1 path); the health check and the
 * FullCalendar feed (named with its `/fullcalendar` root) are under `/api/cal`.
 */
const rootOf = (route: string) =>
  route === CALENDAR_ROOT_ROUTE.path
    ? '/api'
    : route === HEALTH_ROUTE.path ||
        [...FULLCALENDAR_ROUTES, ...TRANSLATION_ROUTES, ...BATCH_ROUTES, ...TICKET_ROUTES].some(
          (feed) => feed.path === route,
        )
      ? '/api/cal'
      : FEED_ROUTES.some((feed) => feed.path === route)
        ? '/api/cal/ical'
        : CSV_ROUTES.some((csv) => csv.path === route)
          ? '/api/cal/csv'
          : '/api/cal/events/v1'
/** A run that takes longer than this fails (a request that hangs, or a server that crawls). */
const TIME_LIMIT_MS = 480_000
const COLLECTIONS = [
  'events',
  'venues',
  'organizers',
  'event-categories',
  'event-tags',
  'users',
  'media',
]

async function currentPool(payload: Payload): Promise<Pool> {
  const pool: Pool = { ids: {}, slugs: {}, password }
  for (const collection of COLLECTIONS) {
    const trash = Boolean(payload.collections[collection as 'events'].config.trash)
    const { docs } = await payload.find({
      collection: collection as 'events',
      trash,
      pagination: false,
      depth: 0,
      sort: 'id',
      overrideAccess: true,
    })
    pool.ids[collection] = docs.map((doc) => doc.id as number)
    pool.slugs[collection] = docs
      .map((doc) => (doc as { slug?: string }).slug)
      .filter((slug): slug is string => Boolean(slug))
  }
  return pool
}

/** The request on the wire, with its records named. */
function toRaw(request: HostileRequest, caller: Caller, pool: Pool): RawRequest {
  const path = resolvePlaceholders(
    `${request.language}${rootOf(request.route)}${request.path}`,
    pool,
    'url',
  )
  const query = resolvePlaceholders(request.query, pool, 'url')
  const form = request.headers['content-type'] === 'application/x-www-form-urlencoded'
  return {
    method: request.method,
    path: query ? `${path}?${query}` : path,
    headers: { ...request.headers, ...caller.headers },
    body: request.body && resolvePlaceholders(request.body.text, pool, form ? 'url' : 'json'),
    chunked: request.body?.chunked,
  }
}

async function importEnded(payload: Payload, id: number) {
  for (let i = 0; i < 600; i++) {
    const run = await payload.db.findOne<{ id: number; state: string }>({
      collection: DEFAULTS.importRunsSlug,
      where: { id: { equals: id } },
    })
    if (run && ['done', 'failed', 'cancelled'].includes(run.state)) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`import run ${id} did not end`)
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Refusals that come before the caller's rights are looked at: the route, and a body that cannot be
 * read.
 */
function refusedBeforePermission(status: number, body: any, head: boolean): boolean {
  if ([404, 405].includes(status) && (head || body?.code === 'rest_no_route')) return true
  if (status === 413 || status === 415) return true
  if (status === 400 && body?.code === 'rest_invalid_json') return true
  const params = body?.data?.params
  return (
    status === 400 &&
    body?.code === 'rest_invalid_param' &&
    params &&
    Object.keys(params).every((key) => key === 'translation_language' || PROTOTYPE_KEYS.has(key))
  )
}

/**
 * Whether the caller has the generic right to write through this route (docs/v1-reference.md §3.2).
 */
function mayWrite(route: string, caller: Caller): boolean {
  const rank = caller.role
    ? ['subscriber', 'contributor', 'author', 'editor', 'administrator'].indexOf(caller.role)
    : -1
  // A batch asks no right of its own: each of its items asks its single request's.
  if (route === BATCH_PATH) return true
  // RSVP tickets (endpoints/tickets/): visitors answer; who may write events writes tickets
  // (their own events' below editors); managers (editors) write attendees.
  if (RSVP_ROUTES.has(route)) return true
  if (route.startsWith(`${TICKETS_PATH}/tickets`)) return rank >= 1
  if (route.startsWith(TICKETS_PATH)) return rank >= 3
  // The CSV import (features/import/csvRoutes.ts): administrators.
  if (CSV_ROUTES.some((csv) => csv.path === route)) return rank >= 4
  if (route.startsWith('/tags')) return rank >= 3
  if (route.startsWith('/categories')) return rank >= 2
  return rank >= 1
}

function judge(
  request: HostileRequest,
  raw: RawRequest,
  response: RawResponse,
  caller: Caller,
  secrets: Secrets,
): string[] {
  const problems: string[] = []
  const { status } = response
  if (status >= 500 || status < 200) problems.push(`answered ${status}`)
  let body: any
  const type = String(response.headers['content-type'])
  const calendar = status === 200 && type.startsWith('text/calendar')
  if (calendar && !response.text.startsWith('BEGIN:VCALENDAR\r\n') && raw.method !== 'HEAD')
    problems.push('the calendar is not one')
  // A CSV export starts with its header row (after a byte-order mark when asked): `id` first, or
  // Event Tickets' `Ticket` for the attendees.
  const csv = status === 200 && type.startsWith('text/csv')
  if (csv && !/^\uFEFF?(id|Ticket),/.test(response.text) && raw.method !== 'HEAD')
    problems.push('the CSV has no header row')
  if (raw.method !== 'HEAD' && response.text && !calendar && !csv) {
    try {
      body = JSON.parse(response.text)
    } catch {
      problems.push('the answer is not JSON')
    }
  }
  if (status >= 400 && raw.method !== 'HEAD') {
    const shaped =
      body &&
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      body.data?.status === status
    if (!shaped) problems.push('the error is not {code, message, data: {status}}')
  }
  if (request.route === BATCH_PATH && status === 207) problems.push(...batchProblems(body))
  const known = ROUTES.find((route) => route.path === request.route)!
  const exists = WRITES.has(raw.method) && raw.method in known.operations
  // A HEAD answer has no body to read the code from.
  const coded = (code: string) => raw.method === 'HEAD' || body?.code === code
  // The health check and the root read no credentials: they answer whatever they are.
  const badCredentials =
    !OPEN_ROUTES.has(request.route) &&
    (caller.invalid || (!caller.role && 'cookie' in (raw.headers ?? {})))
  if (badCredentials) {
    if (
      raw.method !== 'OPTIONS' &&
      !(status === 401 && coded('rest_invalid_credentials')) &&
      !refusedBeforePermission(status, body, raw.method === 'HEAD')
    ) {
      problems.push(
        `credentials that do not authenticate got ${status} ${body?.code}, not 401 rest_invalid_credentials`,
      )
    }
  } else if (
    exists &&
    !mayWrite(request.route, caller) &&
    !refusedBeforePermission(status, body, raw.method === 'HEAD')
  ) {
    const expected = caller.role ? 403 : 401
    if (status !== expected || !coded('rest_forbidden'))
      problems.push(
        `a caller without the right to write got ${status} ${body?.code}, not ${expected} rest_forbidden`,
      )
  }
  const sent = `${raw.path}\n${JSON.stringify(raw.headers)}\n${raw.body ?? ''}`
  for (const leak of leaksIn(response.text, caller, secrets, password, sent))
    problems.push(`leaked ${leak}`)
  return problems
}

/** A batch's answer: one per item, each an error in the contract's shape or a success. */
function batchProblems(body: any): string[] {
  if (!Array.isArray(body?.responses)) return ['a batch answered no responses']
  return body.responses.flatMap((item: any, i: number) =>
    item === null ||
    item.status < 400 ||
    (typeof item.body?.code === 'string' && item.body?.data?.status === item.status)
      ? []
      : [`batch item ${i}: the error is not {code, message, data: {status}}`],
  )
}

/** Whether a batch's answer says that one of its items wrote. */
const batchWrote = (text: string) =>
  (JSON.parse(text).responses as ({ status: number } | null)[]).some(
    (item) => item !== null && item.status < 300,
  )

const cut = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text

function report(raw: RawRequest, caller: Caller, response: RawResponse, problems: string[]) {
  return [
    ...problems.map((problem) => `✗ ${problem}`),
    `request: ${raw.method} ${cut(raw.path, 400)} as ${caller.name}${raw.chunked ? ' (chunked)' : ''}`,
    `headers: ${JSON.stringify(Object.fromEntries(Object.entries(raw.headers ?? {}).filter(([name]) => name !== 'authorization')))}`,
    raw.body === undefined ? 'no body' : `body: ${cut(JSON.stringify(raw.body), 400)}`,
    `answer: ${response.status} ${cut(response.text, 600)}`,
  ].join('\n')
}

it(
  `${RUNS} generated hostile requests over every route and method: no 5xx, errors in shape, no leak, rejected writes change nothing`,
  async () => {
    const payload = server.payload
    console.log(
      `hostile input: seed ${SEED}, ${RUNS} requests (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm test -- test/hostile-input.test.ts)`,
    )
    let pool = await currentPool(payload)
    let secrets = await currentSecrets(payload)
    // A snapshot after each request, unless no commit happened since the last one.
    const watch = await watchChanges(payload, server.dbFile)
    await watch.changed()
    let before: Snapshot = await snapshotDatabase(payload)
    let snapshots = 1
    const tally = new Map<string, number>()
    const statuses = new Map<number, number>()
    let sent = 0
    let writes = 0
    const started = Date.now()
    const failures = new Map<string, string>()

    const property = fc.asyncProperty(
      hostileRequests(ROUTES, cast.callers.length),
      async (request) => {
        const caller = cast.callers[request.caller]
        const raw = toRaw(request, caller, pool)
        const response = await sendRaw(server.url, raw)
        sent++
        const key = `${request.method} ${request.route}`
        tally.set(key, (tally.get(key) ?? 0) + 1)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const problems = judge(request, raw, response, caller, secrets)
        // A CSV import queued: its run goes on after the answer, so it is waited for.
        if (request.route === '/import' && response.status === 202)
          await importEnded(payload, JSON.parse(response.text).id)
        let after = before
        if (await watch.changed()) {
          after = await snapshotDatabase(payload)
          snapshots++
        }
        // A CSV preview (even a dry run) writes nothing.
        const wrote =
          WRITES.has(raw.method) &&
          response.status >= 200 &&
          response.status < 300 &&
          request.route !== '/preview' &&
          (request.route !== BATCH_PATH || batchWrote(response.text))
        if (wrote) writes++
        if (!wrote && !sameSnapshot(before, after))
          problems.push(
            `changed the database:\n  ${snapshotDifferences(before, after).join('\n  ')}`,
          )
        before = after
        if (wrote) {
          pool = await currentPool(payload)
          secrets = await currentSecrets(payload)
        }
        if (!problems.length) return
        const text = report(raw, caller, response, problems)
        if (!KEEP_GOING) throw new Error(text)
        const kind = `${problems.map((problem) => problem.split('\n')[0]).join('; ')} | ${request.method} ${request.route} | ${response.status} ${response.text.slice(0, 60)}`
        if (!failures.has(kind)) failures.set(kind, text)
      },
    )
    try {
      await fc.assert(property, {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: !SHRINK,
        interruptAfterTimeLimit: TIME_LIMIT_MS,
        markInterruptAsFailure: true,
      })
    } finally {
      watch.close()
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(
        `hostile input: seed ${SEED}, ${sent} requests in ${seconds} s, ${writes} successful writes, ${snapshots} snapshots; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      )
    }
    expect([...failures.values()].join('\n\n')).toBe('')
    // Every route and method of the table was exercised.
    const missed = ROUTES.flatMap((route) =>
      Object.keys(route.operations).map((method) => `${method} ${route.path}`),
    ).filter((key) => !tally.has(key))
    expect(missed).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(RUNS)
  },
  TIME_LIMIT_MS + 60_000,
)
