import { describe, expect, it } from '@jest/globals'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'
import { suiteDatabase } from './support/database.js'

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => ({ server, admin } = setup))

const create = (collection: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/${collection}`, { token: admin.token, body })

const CALENDAR_COLLECTIONS: [string, Record<string, unknown>][] = [
  ['events', eventData()],
  ['venues', { name: 'Hall' }],
  ['organizers', { name: 'Club' }],
  ['event-categories', { name: 'Music' }],
  ['event-tags', { name: 'Outdoor' }],
]

describe('integer ids', () => {
  it('every calendar collection and users get positive integer ids from the plugin sequence', async () => {
    expect(admin.id).toBe(1)
    for (const [collection, body] of CALENDAR_COLLECTIONS) {
      const first = await create(collection, body)
      const second = await create(collection, body)
      expect(first.status).toBe(201)
      expect(Number.isInteger(first.body.doc.id)).toBe(true)
      expect(first.body.doc.id).toBeGreaterThan(0)
      expect(second.body.doc.id).toBe(first.body.doc.id + 1)
    }
  })

  it('an id is never given again after a delete, not even the highest one', async () => {
    const a = (await create('venues', { name: 'Gone' })).body.doc.id
    const deleted = await server.request('DELETE', `/api/venues/${a}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    const b = (await create('venues', { name: 'Next' })).body.doc.id
    expect(b).toBe(a + 1)
  })

  it('a rejected create leaves no record; on SQLite it gives back its id too', async () => {
    const before = (await create('events', eventData({ title: 'Before' }))).body.doc.id
    const rejected = await create(
      'events',
      eventData({ title: 'Ends too early', endDate: '2030-05-01T17:00:00.000Z' }),
    )
    expect(rejected.status).toBe(400)
    const after = (await create('events', eventData({ title: 'After' }))).body.doc.id
    // PostgreSQL claims ids outside the write's transaction, so that creates run side by side
    // (collections/hooks/integerIds.ts): the rejected create's id stays unused.
    if (suiteDatabase === 'postgres') expect([before + 1, before + 2]).toContain(after)
    else expect(after).toBe(before + 1)
    const gap = await server.request('GET', `/api/events/${before + 1}`, { token: admin.token })
    if (after !== before + 1) expect(gap.status).toBe(404)
  })

  it('concurrent creates get distinct, consecutive ids', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create('organizers', { name: `Org ${i}` })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201))
    const ids = responses.map((r) => r.body.doc.id as number).sort((x, y) => x - y)
    expect(new Set(ids).size).toBe(20)
    expect(ids[19] - ids[0]).toBe(19)
  })

  it('concurrent writes in one process take turns on SQLite instead of failing with SQLITE_BUSY', async () => {
    // Through the Local API the writes overlap for sure; each would open its own write transaction.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        server.payload.create({ collection: 'event-tags', data: { name: 'Overlap' } }),
      ),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const slugs = results.map(
      (result) => (result as PromiseFulfilledResult<Record<string, unknown>>).value.slug,
    )
    expect(new Set(slugs).size).toBe(20)
  })

  it('the sequences are not reachable through the API', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await server.request(method, '/api/cal-sequences', {
        token: admin.token,
        body: method === 'POST' ? { sequence: 'events', value: 1, claim: 'x' } : undefined,
      })
      expect(response.status).toBe(403)
    }
  })
})

describe('slugs', () => {
  it('are made from the title, transliterated to ASCII', async () => {
    const cases: [string, string][] = [
      ['Café Été', 'cafe-ete'],
      ['Fête de la Musique 2030!', 'fete-de-la-musique-2030'],
      ['Año Nuevo en Málaga', 'ano-nuevo-en-malaga'],
      ['Straße & Ölmühle', 'strasse-and-oelmuehle'],
    ]
    for (const [title, slug] of cases) {
      const response = await create('events', eventData({ title }))
      expect(response.body.doc.slug).toBe(slug)
    }
  })

  it('get -2, -3 on collision, per resource type', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await create('events', eventData({ title: 'Jazz Night' }))).body.doc.slug)
    expect(slugs).toEqual(['jazz-night', 'jazz-night-2', 'jazz-night-3'])
    const venue = await create('venues', { name: 'Jazz Night' })
    expect(venue.body.doc.slug).toBe('jazz-night')
  })

  it('stay unique when 20 records with the same title are created concurrently', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => create('events', eventData({ title: 'Busy Title' }))),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201))
    const slugs = responses.map((r) => r.body.doc.slug as string)
    expect(new Set(slugs).size).toBe(20)
    expect(new Set(slugs)).toEqual(
      new Set(['busy-title', ...Array.from({ length: 19 }, (_, i) => `busy-title-${i + 2}`)]),
    )
  })

  it('past the first 25 namesakes, and a gap a delete leaves is given again', async () => {
    // collections/hooks/uniqueSlug.ts checks candidates 25 at a time, then 50.
    const slugs: string[] = []
    for (let i = 0; i < 30; i++)
      slugs.push((await create('event-tags', { name: 'Weekly Yoga' })).body.doc.slug)
    expect(slugs).toEqual([
      'weekly-yoga',
      ...Array.from({ length: 29 }, (_, i) => `weekly-yoga-${i + 2}`),
    ])
    const { docs } = await server.payload.find({
      collection: 'event-tags',
      where: { slug: { equals: 'weekly-yoga-7' } },
    })
    await server.payload.delete({ collection: 'event-tags', id: docs[0].id })
    expect((await create('event-tags', { name: 'Weekly Yoga' })).body.doc.slug).toBe(
      'weekly-yoga-7',
    )
    // An update asking for the base slug finds its own among the candidates: its row is not
    // counted as taken.
    const last = (await create('event-tags', { name: 'Weekly Yoga' })).body.doc
    expect(last.slug).toBe('weekly-yoga-31')
    const kept = await server.request('PATCH', `/api/event-tags/${last.id}`, {
      token: admin.token,
      body: { slug: 'Weekly Yoga' },
    })
    expect(kept.body.doc.slug).toBe('weekly-yoga-31')
  })

  it('a given slug is normalized and kept unique', async () => {
    expect((await create('event-tags', { name: 'Kids', slug: 'Für Kinder' })).body.doc.slug).toBe(
      'fuer-kinder',
    )
    expect(
      (await create('event-tags', { name: 'Children', slug: 'fuer-kinder' })).body.doc.slug,
    ).toBe('fuer-kinder-2')
  })

  it('are not localized: one slug, made in the language of the create', async () => {
    const response = await server.request('POST', '/api/events?locale=fr', {
      token: admin.token,
      body: eventData({ title: 'Soirée déjà vue' }),
    })
    const id = response.body.doc.id
    expect(response.body.doc.slug).toBe('soiree-deja-vue')
    await server.request('PATCH', `/api/events/${id}?locale=es`, {
      token: admin.token,
      body: { title: 'Noche ya vista' },
    })
    for (const locale of ['en', 'fr', 'es']) {
      expect((await server.request('GET', `/api/events/${id}?locale=${locale}`)).body.slug).toBe(
        'soiree-deja-vue',
      )
    }
  })

  it('stay as they are on updates that do not send one; an empty one is made again', async () => {
    const id = (await create('events', eventData({ title: 'Original Name' }))).body.doc.id
    const renamed = await server.request('PATCH', `/api/events/${id}`, {
      token: admin.token,
      body: { title: 'New Name' },
    })
    expect(renamed.body.doc.slug).toBe('original-name')
    const regenerated = await server.request('PATCH', `/api/events/${id}`, {
      token: admin.token,
      body: { slug: '' },
    })
    expect(regenerated.body.doc.slug).toBe('new-name')
  })

  it('a title with nothing to transliterate gets the resource name', async () => {
    expect((await create('events', eventData({ title: '音楽祭' }))).body.doc.slug).toMatch(
      /^event(-\d+)?$/,
    )
  })
})
