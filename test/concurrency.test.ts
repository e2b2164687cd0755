import { describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import v8 from 'node:v8'
import vm from 'node:vm'
import {
  createV1Event,
  type TestServer,
  type TestUser,
  useTestServer,
  utcWallClock,
  V1,
} from './helpers.js'
import { createLocalReq } from 'payload'
import { lockKeys, recordKey, takeWriteTurn } from '../core/database/turns.js'
import { suiteDatabase } from './support/database.js'

/**
 * Requests that arrive together: concurrent creates get distinct ids and slugs, concurrent partial
 * updates of different fields all land, and of concurrent deletes of one record exactly one
 * succeeds while the others see that it is gone.
 *
 * Writes take turns (one write transaction at a time), and most of a write runs without giving
 * the event loop away, so requests sent together mostly run one after the other. A write that waits
 * on real I/O inside its transaction (an image being resized) lets the others be validated and
 * queue behind it, which is where races between them show; the test makes that happen every time
 * by holding a transaction open on the server's database while the requests arrive.
 */

let server: TestServer
let editor: TestUser

useTestServer(['editor'], (setup) => {
  server = setup.server
  editor = setup.users.editor
})

const call = (method: string, path: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: editor.token, body })
const when = () => ({ start_date: utcWallClock(9), end_date: utcWallClock(9, 2) })
/** A series of `count` daily dates from `day`, 10:00 to 11:00 UTC, created through v1. */
const dailySeries = async (
  title: string,
  day: string,
  count: number,
  extra: Record<string, unknown> = {},
) =>
  (
    await call('POST', '/events', {
      title,
      start_date: `${day} 10:00:00`,
      end_date: `${day} 11:00:00`,
      timezone: 'UTC',
      recurrence: `FREQ=DAILY;COUNT=${count}`,
      ...extra,
    })
  ).body

const together = <T>(count: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)))
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  )

/**
 * Sends requests while another write holds the turn, and lets it go once they are (very likely) all
 * waiting behind it.
 */
async function behindAnotherWrite<T>(send: () => Promise<T>, waitMs = 300): Promise<T> {
  const db = server.payload.db
  const held = await db.beginTransaction()
  const sent = send()
  await new Promise((resolve) => setTimeout(resolve, waitMs))
  await db.commitTransaction(held!)
  return sent
}

describe('concurrent creates', () => {
  it('50 events with the same title get 50 distinct ids and slugs', async () => {
    const responses = await behindAnotherWrite(
      () => together(50, () => call('POST', '/events', { title: 'Same title', ...when() })),
      1000,
    )
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 50 })
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(50)
    const slugs = new Set(responses.map((r) => r.body.slug))
    expect(slugs.size).toBe(50)
    expect(slugs.has('same-title')).toBe(true)
    const stored = await server.payload.find({
      collection: 'events',
      where: { title: { equals: 'Same title' } },
      pagination: false,
      overrideAccess: true,
    })
    expect(stored.totalDocs).toBe(50)
  })

  it('venues, organizers and terms with distinct names, all at once, are all created once', async () => {
    const responses = await together(30, (i) => {
      const kind = ['venues', 'organizers', 'categories', 'tags'][i % 4]
      const body =
        kind === 'venues'
          ? { venue: `Hall ${i}` }
          : kind === 'organizers'
            ? { organizer: `Org ${i}` }
            : { name: `Term ${i}` }
      return call('POST', `/${kind}`, body)
    })
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: 30 })
  })

  // On PostgreSQL creates run side by side, each waiting on the names, slugs and terms it reads
  // (core/database/turns.ts); organizers named in opposite orders lock their names in opposite
  // orders, and the create that PostgreSQL ends in that deadlock runs again.
  it('events naming the same new venue, organizers and terms, all at once: each created once, counts that add up', async () => {
    const count = 12
    const responses = await together(count, (i) =>
      call('POST', '/events', {
        title: `Shared names ${i % 3 ? 'a' : 'a-2'}`,
        ...when(),
        venue: { venue: 'Shared hall' },
        organizer:
          i % 2
            ? [{ organizer: 'Shared org A' }, { organizer: 'Shared org B' }]
            : [{ organizer: 'Shared org B' }, { organizer: 'Shared org A' }],
        categories: ['Shared category'],
        tags: ['Shared tag'],
      }),
    )
    expect(tally(responses.map((r) => r.status))).toEqual({ 201: count })
    expect(new Set(responses.map((r) => r.body.slug)).size).toBe(count)
    const named = async (collection: string, field: string, name: string) =>
      (
        await server.payload.find({
          collection: collection as 'venues',
          where: { [field]: { equals: name } },
          pagination: false,
          overrideAccess: true,
        })
      ).docs as unknown as Record<string, unknown>[]
    expect(await named('venues', 'name', 'Shared hall')).toHaveLength(1)
    expect(await named('organizers', 'name', 'Shared org A')).toHaveLength(1)
    expect(await named('organizers', 'name', 'Shared org B')).toHaveLength(1)
    const [category] = await named('event-categories', 'name', 'Shared category')
    const [tag] = await named('event-tags', 'name', 'Shared tag')
    expect([category.eventCount, tag.eventCount]).toEqual([count, count])
  })
})

describe('concurrent partial updates of one event', () => {
  it('lose none of the fields they set', async () => {
    const venue = (await call('POST', '/venues', { venue: 'Update Hall' })).body.id
    const organizer = (await call('POST', '/organizers', { organizer: 'Update Org' })).body.id
    for (let round = 0; round < 4; round++) {
      const event = await createV1Event(server, editor, { title: `Base ${round}`, ...when() })
      const changes: Record<string, unknown>[] = [
        { title: `Title ${round}` },
        { description: `Description ${round}` },
        { title: `Titre ${round}`, translation_language: 'fr' },
        { excerpt: `Resumen ${round}`, translation_language: 'es' },
        { website: `https://round${round}.example` },
        { cost: `€${round + 5}` },
        { featured: true },
        { sticky: true },
        { ticketed: true },
        { show_map: false },
        { hide_from_listings: true },
        { venue },
        { organizer: [organizer] },
        { categories: `Round ${round}` },
        { tags: `tag-${round}` },
        { image: `https://images.example/${round}.jpg` },
      ]
      const responses = await behindAnotherWrite(() =>
        Promise.all(
          changes.map((body, i) =>
            call(['PATCH', 'POST', 'PUT'][i % 3], `/events/${event.id}`, body),
          ),
        ),
      )
      expect(tally(responses.map((r) => r.status))).toEqual({ 200: changes.length })
      const read = async (lang: string) =>
        (await call('GET', `/events/${event.id}?translation_language=${lang}`)).body
      const en = await read('en')
      expect(en).toMatchObject({
        title: `Title ${round}`,
        description: `<p>Description ${round}</p>`,
        website: `https://round${round}.example`,
        cost: `€${round + 5}`,
        featured: true,
        sticky: true,
        ticketed: true,
        show_map: false,
        hide_from_listings: true,
        image: { url: `https://images.example/${round}.jpg` },
      })
      expect(en.venue.id).toBe(venue)
      expect(en.organizer.map((o: { id: number }) => o.id)).toEqual([organizer])
      expect(en.categories.map((c: { name: string }) => c.name)).toEqual([`Round ${round}`])
      expect(en.tags.map((t: { slug: string }) => t.slug)).toEqual([`tag-${round}`])
      expect((await read('fr')).title).toBe(`Titre ${round}`)
      expect((await read('es')).excerpt).toBe(`<p>Resumen ${round}</p>`)
    }
  })
})

describe('concurrent deletes of one record', () => {
  it.each([
    [
      'events',
      { title: 'Deleted once', start_date: utcWallClock(3), end_date: utcWallClock(3, 1) },
      'event-is-in-trash',
    ],
    ['venues', { venue: 'Deleted hall' }, 'venue-is-in-trash'],
    ['organizers', { organizer: 'Deleted org' }, 'organizer-is-in-trash'],
  ])('%s: one 200 moves it to the trash, the others are 410', async (route, body, code) => {
    for (const address of ['id', 'slug']) {
      const created = (await call('POST', `/${route}`, body)).body
      const path =
        address === 'id' ? `/${route}/${created.id}` : `/${route}/by-slug/${created.slug}`
      const responses = await behindAnotherWrite(() => together(10, () => call('DELETE', path)))
      expect(tally(responses.map((r) => r.status))).toEqual({ 200: 1, 410: 9 })
      for (const response of responses.filter((r) => r.status === 410))
        expect(response.body).toMatchObject({ code, data: { status: 410 } })
    }
  })

  it.each([
    [
      'events',
      { title: 'Forced once', start_date: utcWallClock(3), end_date: utcWallClock(3, 1) },
      404,
      'rest-event-not-found',
    ],
    ['venues', { venue: 'Forced hall' }, 400, 'rest_invalid_param'],
    ['organizers', { organizer: 'Forced org' }, 400, 'rest_invalid_param'],
    ['categories', { name: 'Forced category' }, 400, 'rest_invalid_param'],
    ['tags', { name: 'Forced tag' }, 400, 'rest_invalid_param'],
  ])(
    '%s deleted for good: one 200; the other deletes and updates are told it does not exist',
    async (route, body, gone, code) => {
      const created = (await call('POST', `/${route}`, body)).body
      const responses = await behindAnotherWrite(() =>
        Promise.all([
          ...Array.from({ length: 5 }, () => call('DELETE', `/${route}/${created.id}?force=true`)),
          ...Array.from({ length: 5 }, () =>
            call('PATCH', `/${route}/${created.id}`, { description: 'Too late' }),
          ),
        ]),
      )
      const deletes = responses.slice(0, 5)
      const updates = responses.slice(5)
      expect(tally(deletes.map((r) => r.status))).toEqual({ 200: 1, [gone]: 4 })
      expect(deletes.find((r) => r.status === 200)!.body.id).toBe(created.id)
      for (const response of [...deletes, ...updates].filter((r) => r.status !== 200))
        expect(response.body).toMatchObject({ code, data: { status: gone } })
      // An update that got its turn before the delete answered 200; none failed otherwise.
      expect(updates.every((r) => r.status === 200 || r.status === gone)).toBe(true)
    },
  )
})

/** Requests without credentials: what everyone sees. */
const anonymous = (path: string) => server.request('GET', `${V1}${path}`)
const cursorNow = async () => (await call('GET', '/changes')).body.next_since as string
/** The records the change log names since `cursor`, as `resource:id`. */
async function changedSince(cursor: string): Promise<Set<string>> {
  const named = new Set<string>()
  for (let since = cursor; ;) {
    const answer = (await call('GET', `/changes?since=${since}&per_page=500`)).body
    for (const { resource, id } of answer.changes) named.add(`${resource}:${id}`)
    since = answer.next_since
    if (!answer.more) return named
  }
}
const ALL_DATES = 'start_date=2000-01-01&end_date=2100-12-31'
/** Each term's count, as everyone sees it, against the events the archive lists in it. */
async function expectCountsOfArchive(taxonomy: 'categories' | 'tags', ids: number[]) {
  for (const id of ids) {
    const term = (await anonymous(`/${taxonomy}/${id}`)).body
    const listed = (await anonymous(`/events?${taxonomy}=${id}&${ALL_DATES}&per_page=1`)).body
    expect([id, term.count]).toEqual([id, listed.total ?? 0])
  }
}

/**
 * Updates and deletes of one record by id run side by side on PostgreSQL (core/database/turns.ts,
 * the `record` turn): each locks its record before reading it, then the slug base, names and terms
 * it reads before writing. These check what that must keep.
 */
describe('concurrent updates and deletes of records by id', () => {
  it.each([
    ['venues', 'venue'],
    ['organizers', 'organizer'],
    ['categories', 'name'],
    ['tags', 'name'],
  ])(
    '%s: 8 updates of one record all land, it ends as one of them, logged',
    async (route, field) => {
      const created = (await call('POST', `/${route}`, { [field]: `Raced ${route}` })).body
      const cursor = await cursorNow()
      const names = Array.from({ length: 8 }, (_, i) => `Raced ${route} ${i}`)
      const responses = await together(names.length, (i) =>
        i % 2
          ? call('PATCH', `/${route}/${created.id}`, { [field]: names[i] })
          : // Payload's REST API takes the same turn (core/database/turns.ts `writeTurns`).
            server.request(
              'PATCH',
              `/api/${route === 'categories' ? 'event-categories' : route === 'tags' ? 'event-tags' : route}/${created.id}`,
              {
                token: editor.token,
                body: { name: names[i] },
              },
            ),
      )
      expect(tally(responses.map((r) => r.status))).toEqual({ 200: names.length })
      const final = (await call('GET', `/${route}/${created.id}`)).body
      expect(names).toContain(final[field])
      expect(await changedSince(cursor)).toContain(`${route}:${created.id}`)
    },
  )

  // SQLite has one writer: there every write waits for the one that holds the database.
  ;(suiteDatabase === 'postgres' ? it : it.skip)(
    'on PostgreSQL an update by id waits for the write that holds its record, not for others',
    async () => {
      const [held, free] = [
        (await call('POST', '/venues', { venue: 'Held hall' })).body.id,
        (await call('POST', '/venues', { venue: 'Free hall' })).body.id,
      ]
      const req = await createLocalReq({}, server.payload)
      const db = server.payload.db
      req.transactionID = (await db.beginTransaction())!
      try {
        await takeWriteTurn(req, 'record')
        await lockKeys(req, [recordKey('venues', held)])
        let waiting = true
        const blocked = call('PATCH', `/venues/${held}`, { venue: 'Held hall, renamed' }).finally(
          () => (waiting = false),
        )
        const beside = await call('PATCH', `/venues/${free}`, { venue: 'Free hall, renamed' })
        expect(beside.status).toBe(200)
        const sideways = await server.request(
          'PATCH',
          `/api/events/${(await createV1Event(server, editor, { title: 'Beside a held hall', ...when() })).id}`,
          {
            token: editor.token,
            body: { title: 'Beside a held hall, renamed' },
          },
        )
        expect(sideways.status).toBe(200)
        expect(waiting).toBe(true)
        await db.commitTransaction(req.transactionID)
        expect((await blocked).status).toBe(200)
      } finally {
        if (req.transactionID) await db.rollbackTransaction(req.transactionID).catch(() => {})
      }
    },
  )

  it('updates and trashes of events sharing a venue and terms: counts match the archive, all logged', async () => {
    const venue = (await call('POST', '/venues', { venue: 'Side by side hall' })).body.id
    const [a, b] = [
      (await call('POST', '/categories', { name: 'Side A' })).body.id,
      (await call('POST', '/categories', { name: 'Side B' })).body.id,
    ]
    const tag = (await call('POST', '/tags', { name: 'side-tag' })).body.id
    const events: number[] = []
    for (let i = 0; i < 12; i++)
      events.push(
        (
          await createV1Event(server, editor, {
            title: `Side by side ${i}`,
            ...when(),
            venue,
            categories: [a],
            tags: [tag],
          })
        ).id,
      )
    const cursor = await cursorNow()
    const responses = await together(events.length, (i) => {
      const id = events[i]
      if (i % 4 === 0) return call('DELETE', `/events/${id}`)
      if (i % 4 === 1) return call('PATCH', `/events/${id}`, { categories: [b], tags: [] })
      if (i % 4 === 2)
        return call('PUT', `/events/${id}`, { title: 'Side by side', categories: [a, b] })
      return server.request('PATCH', `/api/events/${id}`, {
        token: editor.token,
        body: { title: `Renamed ${i}`, categories: [b] },
      })
    })
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: events.length })
    await expectCountsOfArchive('categories', [a, b])
    await expectCountsOfArchive('tags', [tag])
    expect((await anonymous(`/categories/${a}`)).body.count).toBe(3)
    expect((await anonymous(`/categories/${b}`)).body.count).toBe(9)
    const atVenue = (await anonymous(`/events?venue=${venue}&${ALL_DATES}`)).body.total
    expect(atVenue).toBe(9)
    const logged = await changedSince(cursor)
    for (const id of events) expect(logged).toContain(`events:${id}`)
  })

  it('a trash racing updates of the same event: it ends in the trash, counts match the archive', async () => {
    const [c, d] = [
      (await call('POST', '/categories', { name: 'Race C' })).body.id,
      (await call('POST', '/categories', { name: 'Race D' })).body.id,
    ]
    for (let round = 0; round < 3; round++) {
      const event = await createV1Event(server, editor, {
        title: `Raced ${round}`,
        ...when(),
        categories: [c],
      })
      const responses = await together(5, (i) =>
        i === round
          ? call('DELETE', `/events/${event.id}`)
          : call('PATCH', `/events/${event.id}`, { categories: [i % 2 ? c : d], title: `R${i}` }),
      )
      for (const response of responses) expect(response.status).toBeLessThan(500)
      expect(responses[round].status).toBe(200)
      // In the trash: a second delete is told so.
      expect((await call('DELETE', `/events/${event.id}`)).status).toBe(410)
      await expectCountsOfArchive('categories', [c, d])
    }
    expect((await anonymous(`/categories/${c}`)).body.count).toBe(0)
  })

  it('dates of one series moved to the trash at once: the series excludes every one of them', async () => {
    const series = await dailySeries('Trashed dates series', '2032-03-01', 8)
    const listDates = async () =>
      (
        await call('GET', '/events?start_date=2032-03-01&end_date=2032-03-31&per_page=50')
      ).body.events.filter((event: { series?: { id: number } }) => event.series?.id === series.id)
    const dates = (await listDates()).map((event: { id: number }) => event.id)
    expect(dates).toHaveLength(8)
    const responses = await together(8, (i) =>
      i < 6
        ? call('DELETE', `/events/${dates[i]}`)
        : server.request('PATCH', `/api/events/${dates[i]}`, {
            token: editor.token,
            body: { title: `Own date ${i}` },
          }),
    )
    expect(tally(responses.map((r) => r.status))).toEqual({ 200: 8 })
    const { exdates } = (await call('GET', `/events/${series.id}`)).body.recurrence
    expect(exdates).toHaveLength(6)
    expect((await listDates()).map((event: { title: string }) => event.title)).toEqual([
      'Own date 6',
      'Own date 7',
    ])
  })

  it('edits of a series racing edits of its dates: all answered, dates and counts consistent', async () => {
    const series = await dailySeries('Raced series', '2031-05-01', 6, {
      categories: ['Raced series category'],
    })
    const category = series.categories[0].id
    const dates = (
      await call('GET', `/events?start_date=2031-05-01&end_date=2031-05-31&search=Raced%20series`)
    ).body.events
      .filter((event: { series?: { id: number } }) => event.series?.id === series.id)
      .map((event: { id: number }) => event.id)
    expect(dates).toHaveLength(6)
    const plain = await createV1Event(server, editor, {
      title: 'Beside the series',
      ...when(),
      categories: [category],
    })
    const responses = await Promise.all([
      call('PATCH', `/events/${dates[1]}`, { title: 'One date' }),
      call('PATCH', `/events/${dates[2]}`, { title: 'Every date', apply_to: 'all' }),
      call('DELETE', `/events/${dates[3]}`),
      server.request('PATCH', `/api/events/${dates[4]}`, {
        token: editor.token,
        body: { excerpt: 'Own excerpt' },
      }),
      call('PATCH', `/events/${series.id}`, { description: 'Series text' }),
      call('PATCH', `/events/${plain.id}`, { title: 'Beside, renamed' }),
    ])
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await call('GET', `/events/${dates[1]}`)).body.title).toBe('One date')
    expect((await call('GET', `/events/${series.id}`)).body).toMatchObject({
      title: 'Every date',
      description: '<p>Series text</p>',
    })
    expect((await call('GET', `/events/${dates[5]}`)).body.title).toBe('Every date')
    expect((await call('DELETE', `/events/${dates[3]}`)).status).toBe(410)
    const listed = (
      await anonymous(`/events?start_date=2031-05-01&end_date=2031-05-31&categories=${category}`)
    ).body.events.map((event: { id: number }) => event.id)
    expect(listed).toHaveLength(5)
    await expectCountsOfArchive('categories', [category])
  })
})

/**
 * The files of the server's SQLite database this process holds open (three per connection: the
 * database, its WAL and its shared memory).
 */
const openDatabaseFiles = () =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(server.dbFile)
    } catch {
      return false // closed while listing
    }
  }).length

/**
 * The database files still held once the garbage collector has run: a connection libSQL let go
 * (the client's own after a transaction took it, on the generic store) closes only when the
 * collector gets to it, whenever that is; a leak is a connection something still holds.
 */
async function heldDatabaseFiles() {
  v8.setFlagsFromString('--expose-gc')
  const collect = vm.runInNewContext('gc') as () => void
  for (let round = 0; round < 3; round++) {
    collect()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return openDatabaseFiles()
}

describe('a stream of writes', () => {
  // The connections of SQLite's file, as this process holds them (the server runs in it).
  const sqliteOnLinux = suiteDatabase === 'sqlite' && fs.existsSync('/proc/self/fd')
  // Skipped on MongoDB (no database file) and where /proc is missing (no way to list open files).
  ;(sqliteOnLinux ? it : it.skip)(
    'keeps its connections to the database, not one more per write',
    async () => {
      // The client's, the transactions' and the checkpoints' thread's (three files each: the
      // database, its log and the log's index), and the client's connections from before each
      // analysis, which libSQL closes when the garbage collector gets to them
      // (core/database/sqliteWriter.ts): what the writes may not add to.
      const before = await heldDatabaseFiles()
      for (let i = 0; i < 40; i++)
        expect((await call('POST', '/events', { title: `Stream ${i}`, ...when() })).status).toBe(
          201,
        )
      // One connection more at most: an analysis set off by these writes.
      expect((await heldDatabaseFiles()) - before).toBeLessThanOrEqual(3)
    },
  )
})
