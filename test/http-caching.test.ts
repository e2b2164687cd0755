import { beforeAll, describe, expect, it } from '@jest/globals'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * HTTP caching of v1 reads and feeds (issue #16 item 4): validators, 304 with no body, and who may
 * keep a copy. Every response also passes the contract check (test/contract.ts), 304s included.
 */

let server: TestServer
let admin: TestUser
let author: TestUser

useTestServer(['author'], (setup) => {
  server = setup.server
  admin = setup.admin
  author = setup.users.author
})

const ICS = '/api/cal/ical'
const WINDOW = 'start_date=2029-01-01&end_date=2029-12-31'
const PUBLIC = 'public, max-age=60'
const PRIVATE = 'private, no-store'

const get = (route: string, headers: Record<string, string> = {}, user?: TestUser) =>
  server.request('GET', route, { headers, ...(user ? { token: user.token } : {}) })

let published: Record<string, any>
let draft: Record<string, any>
let locked: Record<string, any>

beforeAll(async () => {
  published = await createV1Event(server, admin, {
    title: 'Open air',
    start_date: '2029-06-01 18:00:00',
    end_date: '2029-06-01 20:00:00',
  })
  draft = await createV1Event(server, author, {
    title: 'Not yet',
    start_date: '2029-06-02 18:00:00',
    end_date: '2029-06-02 20:00:00',
    status: 'draft',
  })
  locked = await createV1Event(server, admin, {
    title: 'Behind a password',
    description: 'Hidden words',
    start_date: '2029-06-03 18:00:00',
    end_date: '2029-06-03 20:00:00',
  })
  await server.request('PATCH', `/api/events/${locked.id}`, {
    token: admin.token,
    body: { password: 'letmein' },
  })
})

/** The routes every case goes over: archive, single reads, terms, the feeds. */
const readRoutes = () => [
  `${V1}/events?${WINDOW}`,
  `${V1}/events/${published.id}`,
  `${V1}/events/by-slug/${published.slug}`,
  `${V1}/venues`,
  `${V1}/categories`,
  `${V1}/doc`,
  `${ICS}/events.ics?${WINDOW}`,
  `${ICS}/events/${published.id}.ics`,
]

describe('validators and 304', () => {
  it('every v1 read and feed has an ETag; If-None-Match with it gives 304 with no body and the same validators', async () => {
    for (const route of readRoutes()) {
      const first = await get(route)
      expect(first.status).toBe(200)
      const etag = first.headers.get('etag')
      expect(etag).toMatch(/^(W\/)?"[A-Za-z0-9_-]+"$/)
      expect((await get(route)).headers.get('etag')).toBe(etag)
      for (const given of [etag!, `"other", ${etag}`, etag!.replace(/^W\//, ''), '*']) {
        const again = await get(route, { 'if-none-match': given })
        expect(again.status).toBe(304)
        expect(again.body).toBeUndefined()
        expect(again.headers.get('etag')).toBe(etag)
        expect(again.headers.get('cache-control')).toBe(PUBLIC)
        expect(again.headers.get('content-type')).toBeNull()
      }
      expect((await get(route, { 'if-none-match': '"stale"' })).status).toBe(200)
    }
  })

  it('answers HEAD with the validators, and 304 to a conditional HEAD', async () => {
    for (const route of [`${V1}/events?${WINDOW}`, `${ICS}/events.ics?${WINDOW}`]) {
      const etag = (await get(route)).headers.get('etag')!
      const head = await server.request('HEAD', route)
      expect(head.headers.get('etag')).toBe(etag)
      expect(
        (await server.request('HEAD', route, { headers: { 'if-none-match': etag } })).status,
      ).toBe(304)
    }
  })

  it('feeds have Last-Modified; If-Modified-Since gives 304 until the calendar changes, and If-None-Match wins over it', async () => {
    const route = `${ICS}/events.ics?${WINDOW}`
    const first = await get(route)
    const lastModified = first.headers.get('last-modified')!
    expect(new Date(lastModified).toUTCString()).toBe(lastModified)
    expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now())
    expect((await get(route, { 'if-modified-since': lastModified })).status).toBe(304)
    expect(
      (
        await get(route, {
          'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString(),
        })
      ).status,
    ).toBe(200)
    expect(
      (await get(route, { 'if-modified-since': lastModified, 'if-none-match': '"stale"' })).status,
    ).toBe(200)
    expect((await get(route, { 'if-modified-since': 'not a date' })).status).toBe(200)
  })

  it('a change anywhere the answer comes from gives a new ETag: an edit of the event, of its venue, a delete, a new event', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Changing',
      start_date: '2029-07-01 18:00:00',
      end_date: '2029-07-01 20:00:00',
      venue: { venue: 'Old hall', city: 'Nantes' },
    })
    const routes = [
      `${V1}/events?${WINDOW}`,
      `${V1}/events/${event.id}`,
      `${ICS}/events.ics?${WINDOW}`,
      `${ICS}/events/${event.id}.ics`,
    ]
    const tags = async () =>
      Promise.all(routes.map(async (route) => (await get(route)).headers.get('etag')))
    const changes: [string, () => Promise<unknown>][] = [
      [
        'the event',
        () =>
          server.request('PATCH', `${V1}/events/${event.id}`, {
            token: admin.token,
            body: { title: 'Changed' },
          }),
      ],
      [
        'its venue',
        () =>
          server.request('PATCH', `/api/venues/${event.venue.id}`, {
            token: admin.token,
            body: { name: 'New hall' },
          }),
      ],
    ]
    for (const [what, change] of changes) {
      const before = await tags()
      await change()
      const after = await tags()
      for (const [i, route] of routes.entries())
        expect([what, route, after[i]]).not.toEqual([what, route, before[i]])
    }
    // A new event, then a delete for good: the lists change.
    const lists = [`${V1}/events?${WINDOW}`, `${ICS}/events.ics?${WINDOW}`]
    const listTags = async () =>
      Promise.all(lists.map(async (route) => (await get(route)).headers.get('etag')))
    const beforeCreate = await listTags()
    const other = await createV1Event(server, admin, {
      title: 'Another',
      start_date: '2029-08-01 18:00:00',
      end_date: '2029-08-01 20:00:00',
    })
    const afterCreate = await listTags()
    expect(afterCreate[0]).not.toBe(beforeCreate[0])
    expect(afterCreate[1]).not.toBe(beforeCreate[1])
    await server.request('DELETE', `${V1}/events/${other.id}?force=true`, { token: admin.token })
    const afterDelete = await listTags()
    expect(afterDelete[0]).not.toBe(afterCreate[0])
    expect(afterDelete[1]).not.toBe(afterCreate[1])
  })

  it('a scheduled event coming due changes the feed’s ETag and Last-Modified without a write', async () => {
    const route = `${ICS}/events.ics?start_date=2029-09-01&end_date=2029-09-30`
    const dueAt = new Date(Date.now() + 1500)
    const scheduled = await server.payload.create({
      collection: 'events',
      data: {
        title: 'Scheduled',
        startDate: '2029-09-10T10:00:00.000Z',
        endDate: '2029-09-10T11:00:00.000Z',
        status: 'publish',
        publishedAt: dueAt.toISOString(),
      },
    })
    expect(scheduled.status).toBe('future')
    const before = await get(route)
    expect(String(before.body)).not.toContain('Scheduled')
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now() + 1100))
    const after = await get(route, { 'if-none-match': before.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(String(after.body)).toContain('SUMMARY:Scheduled')
    expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThanOrEqual(
      Math.floor(dueAt.getTime() / 1000) * 1000,
    )
    expect(
      (await get(route, { 'if-modified-since': before.headers.get('last-modified')! })).status,
    ).toBe(200)
  })
})

describe('Cache-Control and Vary', () => {
  it('public, max-age=60 for what any anonymous caller gets, with Vary: Authorization, Cookie', async () => {
    for (const route of [
      ...readRoutes(),
      `${V1}/events?${WINDOW}&search=password`,
      `${ICS}/events.ics?${WINDOW}&search=password`,
    ]) {
      const response = await get(route)
      expect([route, response.headers.get('cache-control')]).toEqual([route, PUBLIC])
      expect(response.headers.get('vary')).toBe('Authorization, Cookie')
    }
  })

  it('private, no-store for authenticated reads, even of published content', async () => {
    for (const route of readRoutes()) {
      for (const user of [admin, author]) {
        const response = await get(route, {}, user)
        expect(response.status).toBe(200)
        expect([route, response.headers.get('cache-control')]).toEqual([route, PRIVATE])
        expect(response.headers.get('vary')).toBe('Authorization, Cookie')
        // A private copy may still be revalidated.
        expect(
          (await get(route, { 'if-none-match': response.headers.get('etag')! }, user)).status,
        ).toBe(304)
      }
    }
  })

  it('private, no-store for unpublished content, for its author and for the refusal others get', async () => {
    for (const route of [
      `${V1}/events/${draft.id}`,
      `${ICS}/events/${draft.id}.ics`,
      `${V1}/events?${WINDOW}&status=draft`,
      `${ICS}/events.ics?${WINDOW}&status=draft`,
    ]) {
      const own = await get(route, {}, author)
      expect([route, own.status, own.headers.get('cache-control')]).toEqual([route, 200, PRIVATE])
      const refused = await get(route)
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.headers.get('cache-control')).toBe(PRIVATE)
      expect(refused.headers.get('etag')).toBeNull()
    }
  })

  it('private, no-store for password-unlocked reads; the locked forms stay public', async () => {
    for (const route of [
      `${V1}/events/${locked.id}?password=letmein`,
      `${ICS}/events/${locked.id}.ics?password=letmein`,
      `${V1}/events?${WINDOW}&password=letmein`,
      `${ICS}/events.ics?${WINDOW}&password=letmein`,
    ]) {
      const unlocked = await get(route)
      expect(unlocked.status).toBe(200)
      expect(JSON.stringify(unlocked.body)).toContain('Hidden words')
      expect([route, unlocked.headers.get('cache-control')]).toEqual([route, PRIVATE])
    }
    const listed = await get(`${ICS}/events.ics?${WINDOW}`)
    expect(String(listed.body)).toContain('SUMMARY:Behind a password')
    expect(String(listed.body)).not.toContain('Hidden words')
    expect(listed.headers.get('cache-control')).toBe(PUBLIC)
    // The unlocked and locked answers never share a tag.
    const unlockedTag = (await get(`${ICS}/events.ics?${WINDOW}&password=letmein`)).headers.get(
      'etag',
    )!
    expect(
      (await get(`${ICS}/events.ics?${WINDOW}`, { 'if-none-match': unlockedTag })).status,
    ).toBe(200)
  })

  it('a copy made for one caller is not current for another: ETags differ between anonymous and authenticated feeds holding more', async () => {
    const route = `${ICS}/events.ics?${WINDOW}&status=publish,draft`
    const authors = await get(route, {}, author)
    const admins = await get(route, {}, admin)
    expect(authors.status).toBe(200)
    expect(admins.headers.get('etag')).not.toBe(authors.headers.get('etag'))
    expect(
      (await get(route, { 'if-none-match': authors.headers.get('etag')! }, admin)).status,
    ).toBe(200)
  })

  it('writes carry no caching headers', async () => {
    const created = await server.request('POST', `${V1}/events`, {
      token: admin.token,
      body: { title: 'Write', start_date: '2029-10-01 10:00:00', end_date: '2029-10-01 11:00:00' },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('etag')).toBeNull()
    expect(created.headers.get('cache-control')).toBeNull()
  })
})
