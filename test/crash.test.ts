import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { freshDatabase, suiteDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * Crash safety: the server, as its own process, is killed with SIGKILL in the middle of a burst of
 * creates, updates and deletes, three times over on the same database. After each kill the
 * database file must be whole (no record without its localized rows, no link to a missing record),
 * and once the server is up again every write that was acknowledged (a 2xx received) must be
 * there, complete, and no id may be given twice.
 */

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-crash-media-'))
let database: TestDatabase
let env: Record<string, string>
beforeAll(async () => {
  database = await freshDatabase('crash')
  env = { DATABASE_URI: database.uri, CAL_MEDIA_DIR: mediaDir, PAYLOAD_SECRET: 'crash-test-secret' }
})
const V1 = '/api/cal/events/v1'
const CYCLES = 3
const WORKERS = 6
/** Acknowledged writes per cycle before the kill: the burst goes on while it comes. */
const ACKS_BEFORE_KILL = 25

let running: ServerProcess | undefined
afterAll(async () => {
  running?.child.kill('SIGKILL')
  await running?.exited
  await database?.drop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

type Api = (method: string, route: string, body?: unknown) => Promise<{ status: number; body: any }>
const apiOf =
  (url: string, token?: string): Api =>
  async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `JWT ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }

/** What the acknowledged writes said, to be found after the crashes. */
type Expected = {
  id: number
  title: string
  frenchTitle?: string
  venue: string
  organizer: string
  tag: string
  trashed?: boolean
}
const acknowledged = new Map<number, Expected>()
const acknowledgedVenues = new Map<number, string>()
let acks = 0
/** Requests the kill interrupted, whose outcome is unknown. */
let interrupted = 0

/**
 * One worker's loop until `stop`: create an event with new linked records, translate it, trash
 * every third.
 */
async function worker(api: Api, name: string, stop: { now: boolean }) {
  for (let i = 0; !stop.now; i++) {
    const key = `${name}-${i}`
    try {
      const created = await api('POST', `${V1}/events`, {
        title: `Crash ${key}`,
        start_date: '2031-06-01 10:00:00',
        end_date: '2031-06-01 12:00:00',
        timezone: 'Europe/Paris',
        description: `About ${key}`,
        cost: '€12',
        categories: 'Crash category',
        tags: [`crash-${key}`],
        venue: { venue: `Crash hall ${key}`, city: 'Lyon' },
        organizer: [{ organizer: `Crash org ${key}` }],
      })
      if (created.status !== 201)
        throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`)
      const expected: Expected = {
        id: created.body.id,
        title: `Crash ${key}`,
        venue: `Crash hall ${key}`,
        organizer: `Crash org ${key}`,
        tag: `crash-${key}`,
      }
      acknowledged.set(expected.id, expected)
      acks++
      const translated = await api('PATCH', `${V1}/events/${expected.id}`, {
        title: `Panne ${key}`,
        description: `À propos ${key}`,
        translation_language: 'fr',
      })
      if (translated.status !== 200) throw new Error(`update answered ${translated.status}`)
      expected.frenchTitle = `Panne ${key}`
      acks++
      const venue = await api('POST', '/fr/api/venues', { name: `Salle ${key}`, status: 'publish' })
      if (venue.status !== 201) throw new Error(`venue create answered ${venue.status}`)
      acknowledgedVenues.set(venue.body.doc.id, `Salle ${key}`)
      acks++
      if (i % 3 === 2) {
        const trashed = await api('DELETE', `${V1}/events/${expected.id}`)
        if (trashed.status !== 200) throw new Error(`delete answered ${trashed.status}`)
        expected.trashed = true
        acks++
      }
    } catch (error) {
      // The server was killed under this request: its outcome is unknown, and the worker stops.
      if (stop.now) {
        interrupted++
        return
      }
      throw error
    }
  }
}

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10))
}

/**
 * Checks of the database itself: on SQLite its own integrity and foreign-key checks (PostgreSQL
 * enforces foreign keys as it writes), then, on both, records without localized rows and links to
 * nothing.
 */
async function checkDatabase(): Promise<string[]> {
  const problems: string[] = []
  const rows = database.query
  if (database.kind === 'sqlite') {
    const integrity = await rows('PRAGMA integrity_check')
    if (integrity[0]?.integrity_check !== 'ok')
      problems.push(`integrity_check: ${JSON.stringify(integrity)}`)
    const foreign = await rows('PRAGMA foreign_key_check')
    if (foreign.length) problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`)
  }
  const checks: Record<string, string> = {
    'events without a title in any language': `SELECT e.id FROM events e WHERE NOT EXISTS (SELECT 1 FROM events_locales l WHERE l._parent_id = e.id AND l.title IS NOT NULL AND l.title != '')`,
    'venues without a name in any language': `SELECT v.id FROM venues v WHERE NOT EXISTS (SELECT 1 FROM venues_locales l WHERE l._parent_id = v.id AND l.name IS NOT NULL AND l.name != '')`,
    'organizers without a name in any language': `SELECT o.id FROM organizers o WHERE NOT EXISTS (SELECT 1 FROM organizers_locales l WHERE l._parent_id = o.id AND l.name IS NOT NULL AND l.name != '')`,
    'tags without a name in any language': `SELECT t.id FROM event_tags t WHERE NOT EXISTS (SELECT 1 FROM event_tags_locales l WHERE l._parent_id = t.id AND l.name IS NOT NULL AND l.name != '')`,
    'events without dates or slug': `SELECT id FROM events WHERE start_date IS NULL OR end_date IS NULL OR start_date_local IS NULL OR slug IS NULL`,
    'events linked to a missing venue': `SELECT e.id FROM events e WHERE e.venue_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM venues v WHERE v.id = e.venue_id)`,
    'links from events to missing records': `SELECT r.id FROM events_rels r WHERE (r.organizers_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM organizers o WHERE o.id = r.organizers_id)) OR (r.event_categories_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM event_categories c WHERE c.id = r.event_categories_id)) OR (r.event_tags_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM event_tags t WHERE t.id = r.event_tags_id)) OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = r.parent_id)`,
    'localized rows of missing records': `SELECT id FROM events_locales l WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = l._parent_id)`,
    'ids above their sequence': `SELECT 'events' FROM events WHERE id > (SELECT COALESCE(MAX(value), 0) FROM cal_sequences WHERE sequence = 'events')`,
  }
  for (const [what, sql] of Object.entries(checks)) {
    const found = await rows(sql)
    if (found.length) problems.push(`${what}: ${JSON.stringify(found.slice(0, 5))}`)
  }
  return problems
}

// MongoDB: the checks below are SQL.
;(suiteDatabase === 'mongodb' ? it.skip : it)(
  `SIGKILL in the middle of a burst of writes, ${CYCLES} times: acknowledged writes survive, nothing is half-written`,
  async () => {
    running = await startServerProcess(env)
    const registered = await apiOf(running.url)('POST', '/api/users/first-register', {
      email: 'crash@example.com',
      password: 'crash-test-password',
    })
    expect(registered.status).toBe(200)
    const token: string = registered.body.token
    expect(
      (await apiOf(running.url, token)('POST', `${V1}/categories`, { name: 'Crash category' }))
        .status,
    ).toBe(201)

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      if (cycle > 0) running = await startServerProcess(env)
      const api = apiOf(running.url, token)
      const stop = { now: false }
      const target = acks + ACKS_BEFORE_KILL
      const interruptedBefore = interrupted
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(api, `${cycle}-${w}`, stop))
      await until(() => acks >= target, 30_000)
      stop.now = true
      running.child.kill('SIGKILL')
      expect(await running.exited).toBeNull()
      await Promise.all(workers)
      // The kill came mid-burst: requests were in flight.
      expect(interrupted).toBeGreaterThan(interruptedBefore)
      expect(await checkDatabase()).toEqual([])
    }
    expect(acks).toBeGreaterThanOrEqual(CYCLES * ACKS_BEFORE_KILL)

    running = await startServerProcess(env)
    const api = apiOf(running.url, token)
    const missing: string[] = []
    for (const expected of acknowledged.values()) {
      const stored = await api('GET', `/api/events/${expected.id}?locale=all&depth=1&trash=true`)
      if (stored.status !== 200) {
        missing.push(`event ${expected.id}: ${stored.status}`)
        continue
      }
      const doc = stored.body
      const problems = [
        doc.title?.en === expected.title || `English title ${JSON.stringify(doc.title)}`,
        !expected.frenchTitle ||
          doc.title?.fr === expected.frenchTitle ||
          `French title ${JSON.stringify(doc.title)}`,
        doc.venue?.name?.en === expected.venue || `venue ${JSON.stringify(doc.venue)}`,
        doc.organizers?.[0]?.name?.en === expected.organizer ||
          `organizers ${JSON.stringify(doc.organizers)}`,
        doc.tags?.some((tag: { slug: string }) => tag.slug === expected.tag) ||
          `tags ${JSON.stringify(doc.tags)}`,
        doc.categories?.length === 1 || `categories ${JSON.stringify(doc.categories)}`,
        JSON.stringify(doc.cost) === '["€12"]' || `cost ${JSON.stringify(doc.cost)}`,
        Boolean(doc.deletedAt) === Boolean(expected.trashed) || `deletedAt ${doc.deletedAt}`,
      ].filter((problem) => problem !== true)
      if (problems.length) missing.push(`event ${expected.id}: ${problems.join('; ')}`)
    }
    for (const [id, name] of acknowledgedVenues) {
      const venue = await api('GET', `/api/venues/${id}?locale=fr`)
      if (venue.body?.name !== name)
        missing.push(`venue ${id}: ${venue.status} ${JSON.stringify(venue.body?.name)}`)
    }
    expect(missing).toEqual([])

    // Ids are never given twice, whatever was written before the kills.
    const highest = (await api('GET', '/api/events?trash=true&sort=-id&limit=1&depth=0')).body
      .docs[0].id
    const next = await api('POST', `${V1}/events`, {
      title: 'After the crashes',
      start_date: '2031-07-01 10:00:00',
      end_date: '2031-07-01 11:00:00',
    })
    expect(next.status).toBe(201)
    expect(next.body.id).toBeGreaterThan(highest)
    running.child.kill('SIGTERM')
    expect(await running.exited).toBe(0)
  },
  240_000,
)
