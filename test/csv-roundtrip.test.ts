import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import {
  registerAdministrator,
  startTestServer,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { freshDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * CSV round trip: a calendar with odd records exported as CSV (venues, organizers, events) and
 * imported into a fresh database (another server, its own process): the v1 archives are equal.
 * On SQLite and PostgreSQL alike.
 */

let server: TestServer
let admin: TestUser
let database: TestDatabase
let target: ServerProcess
let targetToken: string
let dir: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
  database = await freshDatabase('csv_target')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-csv-target-'))
  target = await startServerProcess({
    DATABASE_URI: database.uri,
    CAL_MEDIA_DIR: path.join(dir, 'media'),
    PAYLOAD_SECRET: 'target',
  })
  const registered = await fetch(`${target.url}/api/users/first-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'target@example.com', password: 'target password 1' }),
  })
  targetToken = ((await registered.json()) as { token: string }).token
}, 180_000)
afterAll(async () => {
  target?.child.kill('SIGTERM')
  await target?.exited
  await database?.drop()
  await server?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function write(route: string, body: Record<string, unknown>) {
  const response = await server.request('POST', `${V1}/${route}`, { token: admin.token, body })
  if (response.status !== 201) throw new Error(`${route}: ${JSON.stringify(response.body)}`)
  return response.body
}

/** Odd records: names with commas, quotes and ampersands, formulas, zones, drafts, costs. */
async function oddCalendar() {
  const hall = await write('venues', {
    venue: 'Rock & Roll "Hall", Lyon',
    address: '12 Quai Saint-Antoine',
    city: 'Lyon',
    country: 'France',
    zip: '69002',
    phone: '+33 4 78 00 00 00',
    website: 'https://hall.example',
    geo_lat: 45.764,
    geo_lng: 4.8357,
    description: '<p>Line one<br>line two, with a comma</p>',
  })
  const bar = await write('venues', {
    venue: '=cmd|"/C calc"!A0',
    city: 'New York',
    country: 'United States',
    state: 'NY',
    show_map: false,
  })
  const friends = await write('organizers', {
    organizer: 'Smith, Jones & Co',
    email: 'smith@example.org',
    phone: '-5',
  })
  const solo = await write('organizers', { organizer: 'Solo 🎷', website: 'https://solo.example' })
  await write('events', {
    title: 'Jazz & "blues", night',
    description: '<p>Multi\nline</p><ul><li>one, two</li></ul>',
    excerpt: 'Short; sweet',
    start_date: '2030-03-01 20:00:00',
    end_date: '2030-03-01 23:30:00',
    timezone: 'Europe/Paris',
    venue: hall.id,
    organizer: [friends.id, solo.id],
    categories: ['Music', 'Jazz, Blues'],
    tags: ['night'],
    cost: ['€6,50', '€8,50'],
    website: 'https://jazz.example',
    featured: true,
  })
  await write('events', {
    title: '+1 formula-looking title',
    start_date: '2030-04-05',
    end_date: '2030-04-07',
    all_day: true,
    venue: bar.id,
    status: 'draft',
    hide_from_listings: true,
    sticky: true,
  })
  await write('events', {
    title: 'New York minute',
    start_date: '2030-05-01 09:00:00',
    end_date: '2030-05-01 09:01:00',
    timezone: 'America/New_York',
    cost: 'Free',
    show_map_link: false,
    categories: ['Music'],
  })
}

const exported = async (type: string) =>
  Buffer.from(
    await (
      await fetch(
        `${server.url}/api/cal/csv/${type}.csv?start_date=2030-01-01&end_date=2030-12-31`,
        {
          headers: { authorization: `JWT ${admin.token}` },
        },
      )
    ).arrayBuffer(),
  )

async function importInto(type: string, file: Buffer) {
  const queued = await fetch(`${target.url}/api/cal/csv/import?type=${type}`, {
    method: 'POST',
    headers: { authorization: `JWT ${targetToken}`, 'content-type': 'text/csv' },
    body: new Blob([new Uint8Array(file)]),
  })
  expect(queued.status).toBe(202)
  const { id } = (await queued.json()) as { id: number }
  for (let i = 0; i < 300; i++) {
    const run = (await (
      await fetch(`${target.url}/api/cal-import-runs/${id}`, {
        headers: { authorization: `JWT ${targetToken}` },
      })
    ).json()) as any
    if (['done', 'failed'].includes(run.state)) return run
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`run ${id} did not end`)
}

const archive = async (base: string, token: string, resource: string) => {
  const window = resource === 'events' ? '&start_date=2030-01-01&end_date=2030-12-31' : ''
  const response = await fetch(`${base}/api/cal/events/v1/${resource}?per_page=50${window}`, {
    headers: { authorization: `JWT ${token}` },
  })
  return ((await response.json()) as Record<string, any[]>)[resource]
}

/** A record without what differs between two sites: ids, addresses, authors, change dates. */
function comparable(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, origin))
  if (typeof value === 'string') return value.split(origin).join('<site>')
  if (!value || typeof value !== 'object') return value
  const SITE_KEYS = new Set([
    'id',
    'global_id',
    'global_id_lineage',
    'url',
    'rest_url',
    'author',
    'modified',
    'modified_utc',
    'json_ld',
    // Terms are numbered in the order they were made (and their addresses with them).
    'term_taxonomy_id',
    'self',
  ])
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SITE_KEYS.has(key))
      .map(([key, item]) => [key, comparable(item, origin)]),
  )
}

it('exports a calendar with odd records as CSV and imports it into a fresh database: the v1 archives are equal', async () => {
  await oddCalendar()
  for (const type of ['venues', 'organizers', 'events']) {
    const run = await importInto(type, await exported(type))
    expect([type, run.state, run.failures]).toEqual([type, 'done', []])
  }
  for (const resource of ['venues', 'organizers', 'events']) {
    const theirs = await archive(server.url, admin.token, resource)
    const ours = await archive(target.url, targetToken, resource)
    expect(theirs.length).toBeGreaterThan(0)
    expect(comparable(ours, target.url)).toEqual(comparable(theirs, server.url))
  }
  // A second import of the same files changes nothing.
  for (const type of ['venues', 'organizers', 'events']) {
    const run = await importInto(type, await exported(type))
    const counts = run.progress.resources[type]
    expect([type, counts.created, counts.updated, counts.failed]).toEqual([type, 0, 0, 0])
  }
}, 240_000)
