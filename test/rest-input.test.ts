import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  createUser,
  eventData,
  registerAdministrator,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { suiteDatabase } from './support/database.js'

/** Bad input to Payload's own REST routes for the calendar: 4xx, never 5xx. */

let server: TestServer
let editor: TestUser
let contributor: TestUser

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerAdministrator(server)
  editor = await createUser(server, admin, 'editor')
  contributor = await createUser(server, admin, 'contributor')
  await server.request('POST', '/api/events', {
    token: editor.token,
    body: eventData({ title: 'Listed' }),
  })
})
afterAll(async () => {
  await server?.stop()
})

describe('queries the SQL adapter cannot run are 400, for anyone', () => {
  const words = (word: string, count: number) =>
    Array.from({ length: count }, () => word).join('%20')
  it.each([
    ['a date compared with a word', '/api/events?where[startDate][greater_than]=soon'],
    ['a date equal to a phrase', '/api/events?where[startDate][equals]=not%20a%20date'],
    ['a count with a bad date', '/api/events/count?where[endDate][less_than]=never'],
    ['a bad date through a relationship', '/api/events?where[venue.createdAt][less_than]=nope'],
    ['a bad date on venues', '/api/venues?where[updatedAt][not_equals]=x'],
    ['near on a text field', '/api/events?where[title][near]=1,2'],
    ['within on a text field', '/api/events?where[title][within]=x'],
    ['intersects on a text field', '/api/events?where[title][intersects]=1'],
    ['like with 2,000 words', `/api/events?where[title][like]=${words('a', 2000)}`],
    ['like with more than 50 words', `/api/organizers?where[name][like]=${words('b', 60)}`],
    [
      'contains of more than 10,000 characters',
      `/api/venues?where[city][contains]=${'c'.repeat(10_001)}`,
    ],
    [
      'a sort on 2,000 fields',
      `/api/events?sort=${Array.from({ length: 2000 }, () => 'title').join(',')}`,
    ],
    ['an operand that is an object', '/api/events?where[title][equals][x]=1'],
    ['an operand that is a list', '/api/events?where[slug][like][0]=a&where[slug][like][1]=b'],
    ['a date compared through an object', '/api/events?where[startDate][greater_than][x]=1'],
    ['all, which the SQL adapters lack', '/api/events?where[cost][all]=5'],
    ['a date not like a word', '/api/events?where[startDate][not_like]=x'],
    ['a date that contains a word', '/api/venues?where[createdAt][contains]=x'],
    ['a relationship not like a word', '/api/events?where[venue][not_like]=x'],
    ['a page beyond any count', '/api/events?page=1e20'],
    ['a limit beyond any count', '/api/events?limit=1e20'],
    ['a where that is not JSON', '/api/events?where=abc'],
    ['a where that is not JSON, on a count', '/api/venues/count?where=%7B'],
    ['a where that is not JSON, on one record', '/api/events/1?where=abc'],
    ['a data parameter that is not JSON', '/api/events?data=abc'],
  ])('%s', async (_label, path) => {
    const response = await server.request('GET', path)
    expect(response.status).toBe(400)
    expect(response.body.errors[0].message).toEqual(expect.any(String))
  })

  ;(suiteDatabase === 'postgres' ? it : it.skip)(
    'PostgreSQL: a pattern operator on a number field is 400 (SQLite reads the number as text)',
    async () => {
      for (const operator of ['like', 'not_like', 'contains', 'not_contains']) {
        const response = await server.request('GET', `/api/events?where[id][${operator}]=7`)
        expect([operator, response.status]).toEqual([operator, 400])
      }
    },
  )

  it('the v1 namespace does not read where, and still answers', async () => {
    expect((await server.request('GET', '/api/cal/events/v1/events?where=abc')).status).toBe(200)
  })

  it('valid queries still work', async () => {
    for (const path of [
      '/api/events?where[startDate][greater_than]=2020-01-01',
      '/api/events?where[title][like]=lis',
      '/api/events?sort=-startDate,title',
      `/api/events?where=${encodeURIComponent(JSON.stringify({ title: { like: 'lis' } }))}`,
      // PostgreSQL matches patterns against text only: there a not_like on a number is 400 (below).
      suiteDatabase === 'postgres'
        ? '/api/events?where[id][in]=1,2&where[id][not_equals]=7'
        : '/api/events?where[id][in]=1,2&where[id][not_like]=7',
      '/api/events?where[or][0][startDate][exists]=true&where[or][1][title][equals]=x',
      '/api/events?page=1&limit=1000',
    ]) {
      const response = await server.request('GET', path)
      expect([path, response.status]).toEqual([path, 200])
      expect(response.body.totalDocs).toBe(1)
    }
  })
})

describe('bodies that are no record are 400', () => {
  it.each([
    ['a string', '"text"'],
    ['a number', '42'],
    ['a list', '[{"title":"x"}]'],
  ])('%s', async (_label, body) => {
    const response = await server.request('POST', '/api/events', {
      token: editor.token,
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
  })
})

describe('event dates that are not dates are 400, and never stored (a stored one made every read of events fail)', () => {
  const START = '2030-05-01T18:00:00.000Z'
  const END = '2030-05-01T20:00:00.000Z'
  it.each([
    ['an end that is a word', { endDate: 'whenever' }],
    ['a start that is an object', { startDate: { a: 1 } }],
    ['an end in a list', { endDate: ['2031-01-01'] }],
    ['a start in a list', { startDate: ['2029-01-01'] }],
    ['a start that is a number', { startDate: 2031 }],
    ['an end that is a number', { endDate: 1900000000000 }],
  ])('%s', async (_label, dates) => {
    const created = await server.request('POST', '/api/events', {
      token: editor.token,
      body: eventData({ title: 'Bad dates', ...dates }),
    })
    expect(created.status).toBe(400)
    // A contributor's own draft: the way in for anyone who may write at all.
    const draft = await server.request('POST', '/api/events', {
      token: contributor.token,
      body: eventData({ title: 'Draft', status: 'draft' }),
    })
    expect(draft.status).toBe(201)
    const id = draft.body.doc.id
    for (const [path, token] of [
      [`/api/events/${id}`, contributor.token],
      [`/api/events/${id}`, editor.token],
      [`/api/events?where[id][equals]=${id}`, contributor.token],
    ]) {
      const updated = await server.request('PATCH', path, { token, body: dates })
      expect(updated.status).toBe(400)
    }
    const stored = await server.request('GET', `/api/events/${id}`, { token: contributor.token })
    expect(stored.status).toBe(200)
    expect(stored.body).toMatchObject({ startDate: START, endDate: END })
    expect((await server.request('GET', '/api/events')).status).toBe(200)
    expect(
      (
        await server.request(
          'GET',
          '/api/cal/events/v1/events?start_date=2000-01-01&end_date=2100-01-01',
        )
      ).status,
    ).toBe(200)
  })
})

describe('custom validations keep Payload’s own', () => {
  it('venue coordinates are numbers in range', async () => {
    // 'abc' was taken as no latitude (Payload reads it as NaN), leaving a longitude alone.
    for (const coordinates of [
      { geoLat: 'abc', geoLng: 4 },
      { geoLat: 45, geoLng: 'east' },
      { geoLat: 45, geoLng: 1e308 },
      { geoLat: -91, geoLng: 0 },
    ]) {
      const response = await server.request('POST', '/api/venues', {
        token: editor.token,
        body: { name: 'Off the map', ...coordinates },
      })
      expect(response.status).toBe(400)
    }
    const venue = await server.request('POST', '/api/venues', {
      token: editor.token,
      body: { name: 'On the map', geoLat: 45.76, geoLng: 4.83 },
    })
    expect(venue.status).toBe(201)
    expect(
      (
        await server.request('PATCH', `/api/venues/${venue.body.doc.id}`, {
          token: editor.token,
          body: { geoLat: 'abc' },
        })
      ).status,
    ).toBe(400)
    expect(
      (await server.request('GET', `/api/venues/${venue.body.doc.id}`, { token: editor.token }))
        .body,
    ).toMatchObject({ geoLat: 45.76, geoLng: 4.83 })
    expect(
      (
        await server.request('POST', '/api/venues', {
          token: editor.token,
          body: { name: 'As text', geoLat: '45.5', geoLng: ' 4.5 ' },
        })
      ).status,
    ).toBe(201)
  })

  it('a category parent must exist and must not be the category itself', async () => {
    for (const parent of [99999, 'abc']) {
      const response = await server.request('POST', '/api/event-categories', {
        token: editor.token,
        body: { name: `Orphan ${parent}`, parent },
      })
      expect(response.status).toBe(400)
    }
    const parent = (
      await server.request('POST', '/api/event-categories', {
        token: editor.token,
        body: { name: 'Parent' },
      })
    ).body.doc.id
    expect(
      (
        await server.request('POST', '/api/event-categories', {
          token: editor.token,
          body: { name: 'Child', parent },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await server.request('PATCH', `/api/event-categories/${parent}`, {
          token: editor.token,
          body: { parent },
        })
      ).status,
    ).toBe(400)
  })
})

describe('a POST that overrides its method to GET', () => {
  const headers = { 'content-type': 'application/json', 'x-payload-http-method-override': 'GET' }
  it('with a JSON body that is not JSON is 400, not 500, as Payload answers other bodies that are not JSON', async () => {
    for (const override of ['x-payload-http-method-override', 'x-http-method-override']) {
      const response = await server.request('POST', '/api/events', {
        body: 'where[title][like]=x',
        headers: { 'content-type': 'application/json', [override]: 'GET' },
      })
      expect(response.status).toBe(400)
      expect(response.body).toEqual(
        (await server.request('POST', '/api/events', { token: editor.token, body: '{bad' })).body,
      )
    }
    const v1 = await server.request('POST', '/api/cal/events/v1/events', { body: '{bad', headers })
    expect(v1.status).toBe(400)
    expect(v1.body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } })
  })

  it('still reads, with a form or a JSON body', async () => {
    const form = await server.request('POST', '/api/events', {
      body: 'where[title][like]=list',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(200)
    expect(form.body.totalDocs).toBe(1)
    const json = await server.request('POST', '/api/events', { body: { locale: 'fr' }, headers })
    expect(json.status).toBe(200)
  })
})

describe('lists of more than 100 items in a write are 400 (thousands failed in SQLite with 500)', () => {
  const many = (count: number, item: (i: number) => unknown) =>
    Array.from({ length: count }, (_, i) => item(i))
  it.each([
    ['40,000 costs', { cost: many(40_000, String) }],
    ['40,000 categories', { categories: many(40_000, (i) => i + 1) }],
    ['40,000 tags', { tags: many(40_000, (i) => i + 1) }],
    ['101 costs', { cost: many(101, String) }],
  ])('%s', async (_label, data) => {
    const created = await server.request('POST', '/api/events', {
      token: editor.token,
      body: eventData({ title: 'Long lists', ...data }),
    })
    expect(created.status).toBe(400)
    const listed = (
      await server.request('GET', '/api/events?limit=1&depth=0', { token: editor.token })
    ).body.docs[0]
    const updated = await server.request('PATCH', `/api/events/${listed.id}`, {
      token: editor.token,
      body: data,
    })
    expect(updated.status).toBe(400)
    expect(
      (await server.request('GET', `/api/events/${listed.id}?depth=0`, { token: editor.token }))
        .body,
    ).toEqual(listed)
  })

  it('100 items are fine', async () => {
    const created = await server.request('POST', '/api/events', {
      token: editor.token,
      body: eventData({ title: 'A hundred costs', cost: many(100, String) }),
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.cost).toHaveLength(100)
  })
})

describe('the NUL character, which PostgreSQL cannot store, is 400 on every database and writes nothing', () => {
  const nul = 'Jazz\u0000night'
  const titled = async (word: string) =>
    (
      await server.request(
        'GET',
        `/api/events?where[title][like]=${encodeURIComponent(word)}&depth=0`,
        { token: editor.token },
      )
    ).body.totalDocs

  it('in a Payload REST write or query', async () => {
    const created = await server.request('POST', '/api/events', {
      token: editor.token,
      body: eventData({ title: nul }),
    })
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.body)).toContain('NUL')
    const query = await server.request(
      'GET',
      `/api/events?where[title][equals]=${encodeURIComponent(nul)}`,
    )
    expect(query.status).toBe(400)
    const nested = await server.request('POST', '/api/venues', {
      token: editor.token,
      body: { name: 'Hall', address: { street: nul } },
    })
    expect(nested.status).toBe(400)
  })

  it('in a v1 parameter, as rest_invalid_param naming it', async () => {
    const created = await server.request('POST', '/api/cal/events/v1/events', {
      token: editor.token,
      body: { title: nul, start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' },
    })
    expect(created.status).toBe(400)
    expect(created.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { title: 'title must not contain the NUL character.' } },
    })
    const inline = await server.request('POST', '/api/cal/events/v1/events', {
      token: editor.token,
      body: {
        title: 'Fine',
        start_date: '2031-01-01 10:00:00',
        end_date: '2031-01-01 11:00:00',
        venue: { venue: nul },
      },
    })
    expect([inline.status, inline.body.code]).toEqual([400, 'rest_invalid_param'])
    const search = await server.request(
      'GET',
      `/api/cal/events/v1/events?search=${encodeURIComponent(nul)}`,
    )
    expect([search.status, search.body.code]).toEqual([400, 'rest_invalid_param'])
    expect(await titled('Jazz')).toBe(0)
    expect(await titled('Fine')).toBe(0)
  })
})
