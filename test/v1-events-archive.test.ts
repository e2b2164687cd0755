import { beforeAll, describe, expect, it } from '@jest/globals'
import {
  createV1Event,
  type TestServer,
  type TestUser,
  useTestServer,
  utcWallClock,
  V1,
} from './helpers.js'

let server: TestServer
let admin: TestUser
let contributor: TestUser

useTestServer(['contributor'], (setup) => {
  server = setup.server
  admin = setup.admin
  contributor = setup.users.contributor
})

const list = (query: string, user?: TestUser) =>
  server.request('GET', `${V1}/events?${query}`, user ? { token: user.token } : {})
const titles = async (query: string, user?: TestUser) => {
  const response = await list(query, user)
  expect(response.status).toBe(200)
  return (response.body.events as { title: string }[]).map((event) => event.title)
}

describe('the examples of docs/v1-reference.md §5.1.3', () => {
  beforeAll(async () => {
    for (let week = 1; week <= 10; week++) {
      await createV1Event(server, admin, {
        title: `Weekly ${week}`,
        start_date: utcWallClock(7 * week),
        end_date: utcWallClock(7 * week, 2),
        categories: 'weekly',
      })
    }
  })

  it('start_date as the timestamp of now + 5 weeks gives weeks 5 to 10', async () => {
    const timestamp = Math.floor(Date.now() / 1000) + 5 * 7 * 86_400
    expect(await titles(`start_date=${timestamp}&categories=weekly`)).toEqual(
      [5, 6, 7, 8, 9, 10].map((w) => `Weekly ${w}`),
    )
  })

  it('end_date of now + 5 weeks + 2 h gives the first five', async () => {
    expect(
      await titles(`end_date=${encodeURIComponent(utcWallClock(35, 2))}&categories=weekly`),
    ).toEqual([1, 2, 3, 4, 5].map((w) => `Weekly ${w}`))
  })

  it('start_date +10 days and end_date +30 days give three events', async () => {
    expect(
      await titles(
        `start_date=${encodeURIComponent('+10 days')}&end_date=${encodeURIComponent('+30 days')}&categories=weekly`,
      ),
    ).toEqual(['Weekly 2', 'Weekly 3', 'Weekly 4'])
  })

  it('per_page=100 is clamped to 50', async () => {
    for (let i = 0; i < 41; i++)
      await createV1Event(server, admin, {
        title: `Bulk ${i}`,
        start_date: utcWallClock(3),
        end_date: utcWallClock(3, 1),
        tags: 'bulk',
      })
    const response = await list('per_page=100')
    expect(response.body.events).toHaveLength(50)
    expect(response.body.total).toBe(51)
    expect(response.body.total_pages).toBe(2)
    expect(response.headers.get('x-tec-total')).toBe('51')
    expect(response.headers.get('x-tec-totalpages')).toBe('2')
  })
})

describe('paging', () => {
  it('rest_url, next and previous links, totals and headers', async () => {
    const first = await list('tags=bulk&per_page=10')
    expect(Object.keys(first.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'total',
      'total_pages',
    ])
    expect(first.body.total).toBe(41)
    expect(first.body.total_pages).toBe(5)
    expect(new URL(first.body.next_rest_url).searchParams.get('page')).toBe('2')
    expect(new URL(first.body.rest_url).pathname).toBe(`${V1}/events`)

    const second = await list('tags=bulk&per_page=10&page=2')
    expect(Object.keys(second.body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ])
    expect(new URL(second.body.previous_rest_url).searchParams.has('page')).toBe(false)
    const third = await list('tags=bulk&per_page=10&page=3')
    expect(new URL(third.body.previous_rest_url).searchParams.get('page')).toBe('2')

    const last = await list('tags=bulk&per_page=10&page=5')
    expect(last.body.events).toHaveLength(1)
    expect(last.body).not.toHaveProperty('next_rest_url')
  })

  it('a page past the end is 404 event-archive-page-not-found; an empty first page is 200 with zeros', async () => {
    const past = await list('tags=bulk&per_page=10&page=6')
    expect(past.status).toBe(404)
    expect(past.body).toEqual({
      code: 'event-archive-page-not-found',
      message: expect.any(String),
      data: { status: 404 },
    })
    const empty = await list('search=nothing-matches-this')
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({
      events: [],
      rest_url: expect.any(String),
      total: 0,
      total_pages: 0,
    })
    expect(empty.headers.get('x-tec-total')).toBe('0')
    expect(empty.headers.get('x-tec-totalpages')).toBe('0')
  })

  it.each(['page=0', 'page=-1', 'page=foo', 'per_page=0', 'per_page=abc'])(
    '%s is 400 rest_invalid_param',
    async (query) => {
      const response = await list(query)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('rest_invalid_param')
    },
  )
})

describe('filters', () => {
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    const venueA = (
      await server.request('POST', '/api/venues', {
        token: admin.token,
        body: { name: 'Lyon Hall', status: 'publish', geoLat: 45.76, geoLng: 4.83 },
      })
    ).body.doc.id
    const venueB = (
      await server.request('POST', '/api/venues', {
        token: admin.token,
        body: { name: 'Paris Hall', status: 'publish', geoLat: 48.85, geoLng: 2.35 },
      })
    ).body.doc.id
    const venueC = (
      await server.request('POST', '/api/venues', {
        token: admin.token,
        body: { name: 'Nowhere Hall', status: 'publish' },
      })
    ).body.doc.id
    const organizer = (
      await server.request('POST', '/api/organizers', {
        token: admin.token,
        body: { name: 'Filter Org', status: 'publish' },
      })
    ).body.doc.id
    Object.assign(ids, { venueA, venueB, venueC, organizer })
    const make = async (title: string, extra: Record<string, unknown>) => {
      ids[title] = (
        await createV1Event(server, admin, {
          title,
          start_date: utcWallClock(20),
          end_date: utcWallClock(20, 1),
          tags: 'filters',
          ...extra,
        })
      ).id
    }
    await make('Jazz in Lyon', {
      venue: venueA,
      categories: 'Jazz',
      featured: true,
      description: 'A trio plays standards',
    })
    await make('Rock in Paris', {
      venue: venueB,
      categories: 'Rock',
      organizer: [organizer],
      ticketed: true,
    })
    await make('Talk nowhere', { venue: venueC, excerpt: 'Speakers about jazz history' })
    await make('Child of jazz', { post_parent: ids['Jazz in Lyon'] })
    await make('Hidden one', { hide_from_listings: true })
  })
  const only = async (query: string, user?: TestUser) =>
    (await titles(`tags=filters&${query}`, user)).sort()

  it('search: every word, in title, excerpt or description, case-insensitive', async () => {
    expect(await only('search=jazz')).toEqual(['Child of jazz', 'Jazz in Lyon', 'Talk nowhere'])
    expect(await only('search=JAZZ%20trio')).toEqual(['Jazz in Lyon'])
    expect((await list('search=')).status).toBe(400)
  })

  it('search: more than nine words are one phrase (as WordPress does), not a query too deep for the database', async () => {
    expect(await only(`search=${encodeURIComponent('a trio plays standards')}`)).toEqual([
      'Jazz in Lyon',
    ])
    const response = await list(
      `tags=filters&search=${Array.from({ length: 3000 }, () => 'a').join('+')}`,
    )
    expect(response.status).toBe(200)
    expect(response.body.events).toEqual([])
    expect(
      await only(
        `search=${encodeURIComponent('a trio plays standards a trio plays standards a trio')}`,
      ),
    ).toEqual([])
  })

  it('categories and tags by slug or id, several OR-ed; unknown ones are 400', async () => {
    expect(await only('categories=jazz')).toEqual(['Jazz in Lyon'])
    const rock = (await server.request('GET', '/api/event-categories?where[slug][equals]=rock'))
      .body.docs[0].id
    expect(await only(`categories=jazz,${rock}`)).toEqual(['Jazz in Lyon', 'Rock in Paris'])
    expect(await only('categories[]=jazz&categories[]=rock')).toEqual([
      'Jazz in Lyon',
      'Rock in Paris',
    ])
    const unknown = await list('categories=nope')
    expect(unknown.status).toBe(400)
    expect(unknown.body.data.params).toHaveProperty('categories')
  })

  it('venue and organizer by id; unknown or non-numeric ids are 400', async () => {
    expect(await only(`venue=${ids.venueA}`)).toEqual(['Jazz in Lyon'])
    expect(await only(`venue=${ids.venueA},${ids.venueB}`)).toEqual([
      'Jazz in Lyon',
      'Rock in Paris',
    ])
    expect(await only(`organizer=${ids.organizer}`)).toEqual(['Rock in Paris'])
    expect((await list('venue=99999')).status).toBe(400)
    expect((await list('venue=lyon')).status).toBe(400)
    expect((await list('organizer=99999')).status).toBe(400)
  })

  it('featured, ticketed, post_parent, include', async () => {
    expect(await only('featured=true')).toEqual(['Jazz in Lyon'])
    expect(await only('featured=false')).toEqual(['Child of jazz', 'Rock in Paris', 'Talk nowhere'])
    expect(await only('ticketed=1')).toEqual(['Rock in Paris'])
    expect(await only(`post_parent=${ids['Jazz in Lyon']}`)).toEqual(['Child of jazz'])
    expect((await list('post_parent=99999')).status).toBe(400)
    expect((await list('featured=maybe')).status).toBe(400)
    expect(await titles(`include=${ids['Rock in Paris']},${ids['Talk nowhere']},99999`)).toEqual([
      'Rock in Paris',
      'Talk nowhere',
    ])
    expect((await list('include=foo-bar,23')).status).toBe(400)
  })

  it('geoloc and a radius around a point', async () => {
    expect(await only('geoloc=true')).toEqual(['Jazz in Lyon', 'Rock in Paris'])
    expect(await only('geoloc_lat=45.75&geoloc_lng=4.85')).toEqual(['Jazz in Lyon'])
    expect(await only('geoloc_lat=45.75&geoloc_lng=4.85&geoloc_radius=500')).toEqual([
      'Jazz in Lyon',
      'Rock in Paris',
    ])
    const alone = await list('geoloc_lat=45.75')
    expect(alone.status).toBe(400)
    expect(alone.body.data.params).toHaveProperty('geoloc_lng')
    expect((await list('geoloc_lat=123&geoloc_lng=4')).status).toBe(400)
  })

  it('hidden-from-listings events are never listed', async () => {
    expect(await only('')).not.toContain('Hidden one')
    expect(await titles(`include=${ids['Hidden one']}`)).toEqual([])
  })

  it('filters combine', async () => {
    expect(await only(`search=jazz&venue=${ids.venueA}&featured=1`)).toEqual(['Jazz in Lyon'])
    expect(await only(`search=jazz&venue=${ids.venueB}`)).toEqual([])
  })

  it('operator objects and prototype keys are 400, never passed on', async () => {
    for (const query of [
      'venue[$ne]=1',
      'search[like]=x',
      'venue[where][id][equals]=1',
      'featured[$gt]=0',
      '__proto__[x]=1',
      'categories[constructor]=1',
    ]) {
      const response = await list(query)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: expect.any(String), data: { status: 400 } })
    }
  })
})

describe('status', () => {
  beforeAll(async () => {
    for (const status of ['draft', 'pending', 'private']) {
      await createV1Event(server, admin, {
        title: `Status ${status}`,
        status,
        start_date: utcWallClock(9),
        end_date: utcWallClock(9, 1),
        tags: 'status',
      })
    }
    await createV1Event(server, admin, {
      title: 'Status publish',
      start_date: utcWallClock(9),
      end_date: utcWallClock(9, 1),
      tags: 'status',
    })
  })

  it('anonymous callers see published events only, and may ask for exactly publish', async () => {
    expect(await titles('tags=status')).toEqual(['Status publish'])
    expect(await titles('tags=status&status=publish')).toEqual(['Status publish'])
    for (const status of ['draft', 'publish,draft', 'any'])
      expect((await list(`tags=status&status=${status}`)).status).toBe(400)
  })

  it('contributors and up see every status, and filter by any registered ones', async () => {
    expect((await titles('tags=status', contributor)).sort()).toEqual([
      'Status draft',
      'Status pending',
      'Status private',
      'Status publish',
    ])
    expect(await titles('tags=status&status=draft,pending', contributor)).toEqual([
      'Status draft',
      'Status pending',
    ])
    expect((await list('tags=status&status=foo,publish', contributor)).status).toBe(400)
  })
})

describe('order', () => {
  it('by start date, then id', async () => {
    const a = await createV1Event(server, admin, {
      title: 'Order B',
      start_date: utcWallClock(40),
      end_date: utcWallClock(40, 1),
      tags: 'order',
    })
    const b = await createV1Event(server, admin, {
      title: 'Order A',
      start_date: utcWallClock(40),
      end_date: utcWallClock(40, 1),
      tags: 'order',
    })
    const c = await createV1Event(server, admin, {
      title: 'Order C',
      start_date: utcWallClock(39),
      end_date: utcWallClock(39, 1),
      tags: 'order',
    })
    const response = await list('tags=order')
    expect(response.body.events.map((event: { id: number }) => event.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ])
  })
})

describe('passwords in the archive', () => {
  it('protected events are listed with their content blanked, unless the password is given', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Protected',
      description: 'Secret plans',
      start_date: utcWallClock(5),
      end_date: utcWallClock(5, 1),
      tags: 'protected',
      cost: '10',
    })
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { password: 'letmein' },
    })
    const locked = (await list('tags=protected')).body.events[0]
    expect(locked).toMatchObject({
      title: 'Protected',
      description: '',
      excerpt: '',
      cost: '',
      image: false,
      categories: [],
      venue: [],
      organizer: [],
      show_map: null,
      featured: null,
    })
    expect(locked.cost_details).toEqual({
      currency_symbol: '',
      currency_position: '',
      currency_code: '',
      values: [],
    })
    const unlocked = (await list('tags=protected&password=letmein')).body.events[0]
    expect(unlocked.description).toBe('<p>Secret plans</p>')
    expect(JSON.stringify(unlocked)).not.toContain('letmein')
  })
})

describe('totals', () => {
  const total = async (query: string) => {
    const response = await list(query)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-tec-total')).toBe(String(response.body.total))
    return response.body.total as number
  }
  const eventData = (title: string) => ({
    title,
    startDate: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 8 * 86_400_000 + 3_600_000).toISOString(),
    status: 'publish',
    categories: [],
  })

  it('follow every write at once, though a total is counted once and reused', async () => {
    const query = 'categories=totals'
    await createV1Event(server, admin, {
      title: 'Totals 1',
      start_date: utcWallClock(8),
      end_date: utcWallClock(8, 1),
      categories: 'totals',
    })
    expect(await total(query)).toBe(1)
    const second = await createV1Event(server, admin, {
      title: 'Totals 2',
      start_date: utcWallClock(8),
      end_date: utcWallClock(8, 1),
      categories: 'totals',
    })
    expect(await total(query)).toBe(2)
    expect(
      (await server.request('DELETE', `${V1}/events/${second.id}`, { token: admin.token })).status,
    ).toBe(200)
    expect(await total(query)).toBe(1)
  })

  it('are not kept from a count taken while a write was open', async () => {
    const query = 'search=Overlapping'
    expect(await total(query)).toBe(0)
    const db = server.payload.db
    const transactionID = await db.beginTransaction()
    await server.payload.create({
      collection: 'events',
      data: eventData('Overlapping') as never,
      req: { transactionID } as never,
      overrideAccess: true,
    })
    // Counted beside the open write, which it cannot see yet.
    expect(await total(query)).toBe(0)
    await db.commitTransaction(transactionID!)
    expect(await total(query)).toBe(1)
  })
})
