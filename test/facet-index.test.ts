import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import { FACET_NAMES, facetCounting } from '../endpoints/events/facets.js'
import {
  createV1Event,
  itOnSqlStores,
  type TestServer,
  type TestUser,
  useTestServer,
  V1,
} from './helpers.js'
import { suiteStore } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * The facet index (endpoints/events/facetIndex.ts): what the groups read of every event, kept in
 * memory and brought up to date from the change log. After every kind of write, from this process
 * or another one on the same database, and after the log lost entries the index had not read,
 * every count it gives equals the Local API's count of the same answer, which reads the events
 * themselves (test/v1-facets.test.ts holds both to paging the archive).
 */

let server: TestServer
let admin: TestUser
let other: ServerProcess
let mediaDir: string

useTestServer([], (setup) => {
  server = setup.server
  admin = setup.admin
})

const ALL = FACET_NAMES.join(',')
const WINDOW = 'start_date=2032-05-01&end_date=2032-05-31'

const ids = { categories: [] as number[], tags: [] as number[], venues: [] as number[] }
const organizers: number[] = []

type Body = Record<string, any>

async function send(method: string, route: string, body?: unknown, base?: string) {
  if (!base) {
    const response = await server.request(method, route, { token: admin.token, body })
    return { status: response.status, body: response.body as Body }
  }
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `JWT ${admin.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Body }
}

/**
 * The facets of `query` counted over the index, and counted by the Local API: each with its own
 * `facets_limit`, above any group's number of values, so that neither answer is one kept for the
 * other.
 */
async function bothWays(query: string, token?: string, limits = [500, 499]) {
  const facetsOf = async (sql: boolean, limit: number) => {
    facetCounting.sql = sql
    facetCounting.last = undefined
    try {
      const response = await server.request(
        'GET',
        `${V1}/events?${query}&facets=${ALL}&facets_limit=${limit}`,
        token ? { token } : {},
      )
      expect(response.status).toBe(200)
      return { facets: response.body.facets as Body, way: facetCounting.last }
    } finally {
      facetCounting.sql = true
    }
  }
  const index = await facetsOf(true, limits[0])
  const localApi = await facetsOf(false, limits[1])
  // No way when the counts were kept from an earlier answer of the same generation.
  expect(index.way ?? 'kept').toMatch(/^(sql|kept)$/)
  expect(localApi.way ?? 'kept').toMatch(/^(local api|kept)$/)
  return { index: index.facets, localApi: localApi.facets }
}

/** The same counts both ways, anonymous and as an editor, with and without a group chosen. */
async function expectSameCounts(label: string, limits?: number[]) {
  const queries = [
    WINDOW,
    `${WINDOW}&categories=${ids.categories[0]}`,
    `${WINDOW}&venue=${ids.venues[1]}&featured=true`,
  ]
  for (const query of queries)
    for (const token of [undefined, admin.token]) {
      const { index, localApi } = await bothWays(query, token, limits)
      expect({ label, query, editor: Boolean(token), facets: index }).toEqual({
        label,
        query,
        editor: Boolean(token),
        facets: localApi,
      })
    }
}

const event = (day: number, extra: Body = {}) => ({
  title: `Index ${day}`,
  start_date: `2032-05-${String(day).padStart(2, '0')} 19:00:00`,
  end_date: `2032-05-${String(day).padStart(2, '0')} 21:00:00`,
  ...extra,
})

/** The generic store counts through the Local API: it has no index to test. */
const itOnIndex = itOnSqlStores('it counts facets through the Local API, with no index')

beforeAll(async () => {
  if (suiteStore === 'generic') return
  for (const name of ['Dance', 'Film'])
    ids.categories.push((await send('POST', `${V1}/categories`, { name })).body.id)
  for (const name of ['indoor', 'kids'])
    ids.tags.push((await send('POST', `${V1}/tags`, { name })).body.id)
  for (const [venue, city] of [
    ['Room 1', 'Porto'],
    ['Room 2', 'Lisbon'],
  ])
    ids.venues.push(
      (await send('POST', `${V1}/venues`, { venue, city, country: 'Portugal' })).body.id,
    )
  organizers.push((await send('POST', `${V1}/organizers`, { organizer: 'Org X' })).body.id)
  for (let day = 1; day <= 6; day++)
    await createV1Event(server, admin, {
      ...event(day),
      categories: ids.categories[day % 2],
      tags: day % 3 ? String(ids.tags[0]) : `${ids.tags[0]},${ids.tags[1]}`,
      venue: ids.venues[day % 2],
      featured: day % 2 === 0,
      cost: day === 3 ? 'Free' : String(day * 5),
    })
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-facet-index-media-'))
  // A second server process on the same database: its writes reach this one through the log.
  other = await startServerProcess({
    DATABASE_URI: process.env.DATABASE_URI!,
    CAL_MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET!,
  })
}, 180_000)

afterAll(async () => {
  other?.child.kill('SIGTERM')
  await other?.exited
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
})

describe('the facet index', () => {
  itOnIndex('counts as the Local API does once loaded', async () => {
    await expectSameCounts('loaded')
  })

  itOnIndex('follows every kind of write of this process', async () => {
    const created = await createV1Event(server, admin, {
      ...event(9),
      categories: `${ids.categories[0]},${ids.categories[1]}`,
      venue: ids.venues[1],
      organizer: organizers,
      cost: ['0', '12'],
    })
    await expectSameCounts('created')
    const [first] = (await send('GET', `${V1}/events?${WINDOW}&per_page=1`)).body.events
    const writes: [string, () => Promise<unknown>][] = [
      [
        'event updated',
        () =>
          send('POST', `${V1}/events/${first.id}`, {
            categories: ids.categories[1],
            tags: ids.tags[1],
            venue: ids.venues[0],
            featured: true,
            event_status: 'canceled',
            attendance_mode: 'online',
            cost: '99',
            start_date: '2032-05-01 07:00:00',
            end_date: '2032-05-01 08:00:00',
          }),
      ],
      [
        'venue moved to another city',
        () => send('POST', `${V1}/venues/${ids.venues[1]}`, { city: 'Braga' }),
      ],
      [
        'category renamed (names are kept until a write of the record)',
        () => send('POST', `${V1}/categories/${ids.categories[0]}`, { name: 'Dance and more' }),
      ],
      ['venue renamed', () => send('POST', `${V1}/venues/${ids.venues[1]}`, { venue: 'Room Two' })],
      [
        'venue locked by a password (named "", no city)',
        () => send('PATCH', `/api/venues/${ids.venues[0]}`, { password: 'venue-secret' }),
      ],
      [
        'draft',
        () => createV1Event(server, admin, { ...event(12), status: 'draft', venue: ids.venues[0] }),
      ],
      ['event trashed', () => send('DELETE', `${V1}/events/${created.id}`)],
      [
        'series',
        () =>
          createV1Event(server, admin, {
            ...event(14),
            recurrence: 'FREQ=DAILY;COUNT=3',
            categories: ids.categories[0],
            venue: ids.venues[1],
          }),
      ],
      ['event deleted', () => send('DELETE', `${V1}/events/${first.id}?force=true`)],
    ]
    for (const [label, write] of writes) {
      await write()
      await expectSameCounts(label)
    }
  })

  itOnIndex('follows the writes of another process on the same database', async () => {
    const created = await send(
      'POST',
      `${V1}/events`,
      { ...event(20), timezone: 'UTC', categories: ids.categories[1], venue: ids.venues[0] },
      other.url,
    )
    expect(created.status).toBe(201)
    await expectSameCounts('created elsewhere')
    await send(
      'POST',
      `${V1}/events/${created.body.id}`,
      { tags: ids.tags[1], featured: true },
      other.url,
    )
    await send('POST', `${V1}/venues/${ids.venues[0]}`, { city: 'Faro' }, other.url)
    await expectSameCounts('updated elsewhere')
  })

  itOnIndex('loads everything again when the log lost entries it had not read', async () => {
    await expectSameCounts('before')
    const changes = DEFAULTS.changeLogSlug
    const { docs } = await server.payload.db.find({
      collection: changes,
      sort: '-sequence',
      limit: 1,
    })
    const newest = Number((docs[0] as { sequence?: number }).sequence)
    // Updates elsewhere that this process has not read yet (the facts of events it knows); the
    // log then loses all but the last entry.
    const known = (await send('GET', `${V1}/events?${WINDOW}&per_page=2`)).body.events as Body[]
    for (const [i, { id }] of known.entries())
      expect(
        (
          await send(
            'POST',
            `${V1}/events/${id}`,
            { categories: ids.categories[i], tags: ids.tags[1], venue: ids.venues[1 - i] },
            other.url,
          )
        ).status,
      ).toBe(200)
    const last = await send('POST', `${V1}/events`, { ...event(24), timezone: 'UTC' }, other.url)
    expect(last.status).toBe(201)
    const { docs: after } = await server.payload.db.find({
      collection: changes,
      sort: '-sequence',
      limit: 1,
    })
    const latest = Number((after[0] as { sequence?: number }).sequence)
    expect(latest).toBeGreaterThan(newest + 1)
    await server.payload.db.deleteMany({
      collection: changes,
      where: { and: [{ sequence: { greater_than: newest } }, { sequence: { less_than: latest } }] },
    })
    await expectSameCounts('log compacted')
  })
  itOnIndex(
    'counts events it was not told of (written around the log) once it meets them',
    async () => {
      const before = await server.request(
        'GET',
        `${V1}/events?${WINDOW}&facets=featured&facets_limit=470`,
      )
      // Written by the adapter itself: no hook, no change log entry, no change mark.
      await server.payload.db.create({
        collection: 'events',
        data: {
          id: 990_001,
          title: 'Around the log',
          slug: 'around-the-log',
          status: 'publish',
          publishedAt: '2020-01-01T00:00:00.000Z',
          startDate: '2032-05-27T10:00:00.000Z',
          endDate: '2032-05-27T11:00:00.000Z',
          startDateLocal: '2032-05-27 10:00:00',
          endDateLocal: '2032-05-27 11:00:00',
          timezone: 'UTC',
          featured: true,
          categories: [ids.categories[1]],
          tags: [ids.tags[0]],
          venue: ids.venues[1],
          cost: ['7'],
        },
      })
      const after = await server.request(
        'GET',
        `${V1}/events?${WINDOW}&facets=featured&facets_limit=469`,
      )
      // The total is kept for the generation (no mark moved); the facets asked anew count it.
      const events = (body: Body) =>
        (body.facets.featured as Body[]).reduce((sum, item) => sum + item.count, 0)
      expect(events(after.body)).toBe(events(before.body) + 1)
      await expectSameCounts('written around the log', [480, 479])
    },
  )
})
