import { describe, expect, it } from '@jest/globals'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor', 'contributor'], (setup) => ({ server, users } = setup))

const BATCH = '/api/cal/batch/v1'
const EVENTS = '/cal/events/v1/events'

const when = () => ({ start_date: utcWallClock(12), end_date: utcWallClock(12, 2) })
const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  ...when(),
  ...extra,
})
const batch = (body: unknown, user?: string, headers?: Record<string, string>) =>
  server.request('POST', BATCH, { token: user ? users[user].token : undefined, body, headers })
const single = (method: string, path: string, user?: string, body?: unknown) =>
  server.request(method, `/api${path}`, { token: user ? users[user].token : undefined, body })
const creates = (...titles: string[]) =>
  titles.map((title) => ({ path: EVENTS, body: event(title) }))
const countEvents = async () =>
  (await server.payload.count({ collection: 'events', trash: true, overrideAccess: true }))
    .totalDocs

/** A body's keys, nested one level (a record's shape, not its values). */
const shapeOf = (body: Record<string, unknown>) =>
  Object.keys(body)
    .sort()
    .map((key) => {
      const value = body[key]
      return value && typeof value === 'object' && !Array.isArray(value)
        ? `${key}{${Object.keys(value).sort().join(',')}}`
        : key
    })

describe('POST /api/cal/batch/v1: v1 writes in one request', () => {
  it('a batch of creates answers 207, each item as its single create answers', async () => {
    const before = await countEvents()
    const alone = await single('POST', EVENTS, 'editor', event('Alone'))
    const response = await batch({ requests: creates('One', 'Two', 'Three') }, 'editor')
    expect(response.status).toBe(207)
    expect(response.body.responses).toHaveLength(3)
    for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
      const item = response.body.responses[i]
      expect(item.status).toBe(alone.status)
      expect(item.body.title).toBe(title)
      expect(shapeOf(item.body)).toEqual(shapeOf(alone.body))
      expect(item.headers['Content-Language']).toBe('en')
      expect(item.headers).not.toHaveProperty('Content-Type')
      expect((await single('GET', `${EVENTS}/${item.body.id}`)).body.title).toBe(title)
    }
    expect(await countEvents()).toBe(before + 4)
  })

  it('method defaults to POST; venues, organizers, categories and tags; query strings kept', async () => {
    const response = await batch(
      {
        requests: [
          { path: '/cal/events/v1/venues', body: { venue: 'Batch hall' } },
          { method: 'POST', path: '/cal/events/v1/organizers', body: { organizer: 'Batch org' } },
          { path: '/cal/events/v1/categories', body: { name: 'Batch category' } },
          { path: '/cal/events/v1/tags?translation_language=fr', body: { name: 'Lot' } },
        ],
      },
      'editor',
    )
    expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([
      201, 201, 201, 201,
    ])
    expect(response.body.responses[3].headers['Content-Language']).toBe('fr')
    const term = response.body.responses[2]
    expect(term.headers.Location).toMatch(/\/api\/cal\/events\/v1\/categories\/\d+$/)
  })

  it('a batch under a language root runs its items in that language', async () => {
    const response = await server.request('POST', `/fr${BATCH}`, {
      token: users.editor.token,
      body: { requests: creates('En français') },
    })
    expect(response.status).toBe(207)
    expect(response.body.responses[0].headers['Content-Language']).toBe('fr')
  })

  it('25 events fit; more than 25 requests is 400 rest_invalid_param and nothing runs', async () => {
    const description = 'A long description. '.repeat(200)
    const requests = Array.from({ length: 25 }, (_, i) => ({
      path: EVENTS,
      body: event(`Bulk ${i}`, { description }),
    }))
    const before = await countEvents()
    const fits = await batch({ requests }, 'editor')
    expect(fits.status).toBe(207)
    expect(new Set(fits.body.responses.map((item: { status: number }) => item.status))).toEqual(
      new Set([201]),
    )
    expect(await countEvents()).toBe(before + 25)
    const tooMany = await batch({ requests: [...requests, requests[0]] }, 'editor')
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { requests: expect.stringMatching(/at most 25/) } },
    })
    expect(await countEvents()).toBe(before + 25)
  }, 120_000)

  it.each([
    ["Payload's own REST", { path: '/events', body: event('x') }],
    ['a batch in a batch', { path: '/cal/batch/v1', body: { requests: [] } }],
    ['another namespace', { path: '/cal/csv/import', body: {} }],
  ])('%s: that item alone is 400 rest_batch_not_allowed', async (_, request) => {
    const response = await batch({ requests: [request, ...creates('Beside it')] }, 'editor')
    expect(response.status).toBe(207)
    expect(response.body.responses[0]).toEqual({
      status: 400,
      body: {
        code: 'rest_batch_not_allowed',
        message: 'The requested route does not support batch requests.',
        data: { status: 400 },
      },
      headers: {},
    })
    expect(response.body.responses[1].status).toBe(201)
  })

  it('an unknown v1 path, or a route without that write, answers as the single request', async () => {
    const requests = [
      { path: '/cal/events/v1/nowhere', body: { x: 1 } },
      { method: 'DELETE', path: EVENTS },
      { path: '/cal/events/v1/changes' },
    ]
    const response = await batch({ requests: [...requests, ...creates('Beside them')] }, 'editor')
    expect(response.status).toBe(207)
    const [nowhere, noDelete, readOnly, beside] = response.body.responses
    for (const [item, { method, path, body }] of [nowhere, noDelete, readOnly].map(
      (item, i) => [item, requests[i]] as const,
    )) {
      const alone = await single(method ?? 'POST', path, 'editor', body)
      expect({ status: item.status, body: item.body }).toEqual({
        status: alone.status,
        body: alone.body,
      })
      expect(item.body.code).toBe('rest_no_route')
    }
    expect(nowhere.status).toBe(404)
    // Our namespace answers a known path's other method 405 with Allow (docs/v1-differences.md §1).
    expect([noDelete.status, noDelete.headers.Allow]).toEqual([405, 'GET, POST, HEAD'])
    expect([readOnly.status, readOnly.headers.Allow]).toEqual([405, 'GET, HEAD'])
    expect(beside.status).toBe(201)
  })

  it.each([
    ['a path without its slash', { path: 'cal/events/v1/events', body: event('x') }],
    ['a path that climbs out', { path: '/cal/events/v1/../../users', body: {} }],
    ['a dot segment, encoded', { path: '/cal/events/v1/%2E%2e/events', body: event('x') }],
    ['dot segments between backslashes', { path: '/cal/events/v1\\..\\..\\users', body: {} }],
  ])('%s: no route matches it, 404 rest_no_route', async (_, request) => {
    const before = await countEvents()
    const response = await batch({ requests: [request] }, 'editor')
    expect(response.body.responses[0]).toEqual({
      status: 404,
      body: {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      },
      headers: {},
    })
    expect(await countEvents()).toBe(before)
  })

  it('an empty batch answers 207 with no responses', async () => {
    const response = await batch({ requests: [] }, 'editor')
    expect([response.status, response.body]).toEqual([207, { responses: [] }])
  })
})

describe('the shape of requests, as WordPress’s schema checks it: 400 for the whole batch', () => {
  const refused = async (requests: unknown, reason: string) => {
    const before = await countEvents()
    const response = await batch({ requests }, 'editor')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): requests',
      data: { status: 400, params: { requests: reason } },
    })
    expect(await countEvents()).toBe(before)
  }

  it.each(['GET', 'HEAD', 'post', 'OPTIONS'])('method %s is not in the enum', (method) =>
    refused(
      [...creates('Not written'), { method, path: EVENTS }],
      'requests[1][method] is not one of POST, PUT, PATCH, and DELETE.',
    ),
  )

  it('each request is checked before their number', async () => {
    const many = creates(...Array.from({ length: 26 }, (_, i) => `Many ${i}`))
    await refused(many, 'requests must contain at most 25 items.')
    await refused(
      [...many.slice(0, 25), { method: 'GET', path: EVENTS }],
      'requests[25][method] is not one of POST, PUT, PATCH, and DELETE.',
    )
  })

  it.each([
    [[{ body: {} }], 'path is a required property of requests[0].'],
    [[{ path: 7 }], 'requests[0][path] is not of type string.'],
    [['x'], 'requests[0] is not of type object.'],
    [[{ path: EVENTS, body: 'x' }], 'requests[0][body] is not of type object.'],
    [
      [{ path: EVENTS, headers: { 'x-a': 5 } }],
      'requests[0][headers][x-a] is not of type string,array.',
    ],
    [
      [{ path: EVENTS, headers: { 'x-a': ['1', 2] } }],
      'requests[0][headers][x-a][1] is not of type string.',
    ],
  ])('%j: %s', (requests, reason) => refused(requests, reason))

  it('an empty list stands for an empty body or headers, as a PHP client sends them', async () => {
    const response = await batch(
      { requests: [{ path: '/cal/events/v1/venues', body: { venue: 'Listed' }, headers: [] }] },
      'editor',
    )
    expect(response.body.responses[0].status).toBe(201)
    const empty = await batch({ requests: [{ path: EVENTS, body: [] }] }, 'editor')
    const alone = await single('POST', EVENTS, 'editor')
    expect(empty.body.responses[0]).toMatchObject({ status: alone.status, body: alone.body })
  })
})

describe('validation modes', () => {
  const invalid = { path: EVENTS, body: event('Bad', { start_date: 'before my birthday' }) }

  it('require-all-validate: one invalid item and nothing is written', async () => {
    const before = await countEvents()
    const response = await batch(
      {
        validation: 'require-all-validate',
        requests: [
          ...creates('Kept back'),
          invalid,
          { path: '/cal/csv/import', body: {} },
          { path: '/cal/events/v1/nowhere', body: { x: 1 } },
        ],
      },
      'editor',
    )
    expect(response.status).toBe(207)
    expect(Object.keys(response.body).sort()).toEqual(['failed', 'responses'])
    expect(response.body.failed).toBe('validation')
    const [valid, failed, notAllowed, noRoute] = response.body.responses
    expect(valid).toBeNull()
    expect(Object.keys(failed).sort()).toEqual(['body', 'headers', 'status'])
    expect(failed).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: { status: 400, params: { start_date: expect.any(String) } },
      },
    })
    // A route that takes no batch, or no route, fails validation too (as WordPress's match).
    expect([notAllowed.status, notAllowed.body.code]).toEqual([400, 'rest_batch_not_allowed'])
    expect([noRoute.status, noRoute.body.code]).toEqual([404, 'rest_no_route'])
    expect(await countEvents()).toBe(before)
  })

  it('require-all-validate: all valid, all run, and the answer has no failed key', async () => {
    const before = await countEvents()
    const response = await batch(
      { validation: 'require-all-validate', requests: creates('All valid 1', 'All valid 2') },
      'editor',
    )
    expect([response.status, Object.keys(response.body)]).toEqual([207, ['responses']])
    expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([
      201, 201,
    ])
    expect(await countEvents()).toBe(before + 2)
  })

  it('normal: the invalid item answers its error, the others are written', async () => {
    const before = await countEvents()
    const response = await batch({ requests: [invalid, ...creates('Written')] }, 'editor')
    expect(response.body).not.toHaveProperty('failed')
    expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([
      400, 201,
    ])
    expect(await countEvents()).toBe(before + 1)
  })

  it('normal: invalid items among valid ones each answer their error; each valid one is written once', async () => {
    const before = await countEvents()
    const [first, second, third] = creates('Among invalid 1', 'Among invalid 2', 'Among invalid 3')
    const response = await batch({ requests: [first, invalid, second, invalid, third] }, 'editor')
    expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([
      201, 400, 201, 400, 201,
    ])
    expect(response.body.responses[1].body).toEqual(
      (await single('POST', EVENTS, 'editor', invalid.body)).body,
    )
    expect(await countEvents()).toBe(before + 3)
  })

  it('an item that fails while the writes run changes nothing; the others commit once', async () => {
    const target = (await single('POST', EVENTS, 'editor', event('Twice deleted'))).body
    const before = await countEvents()
    const response = await batch(
      {
        requests: [
          ...creates('Before the failure'),
          { method: 'DELETE', path: `${EVENTS}/${target.id}` },
          // Passes its checks (the event is not in the trash yet), fails when it runs: 410.
          { method: 'DELETE', path: `${EVENTS}/${target.id}` },
          ...creates('After the failure'),
        ],
      },
      'editor',
    )
    expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([
      201, 200, 410, 201,
    ])
    expect(response.body.responses[2].body).toEqual(
      (await single('DELETE', `${EVENTS}/${target.id}`, 'editor')).body,
    )
    // Each create once, though the items before the failure ran twice.
    expect(await countEvents()).toBe(before + 2)
    for (const i of [0, 3]) {
      const { id, title } = response.body.responses[i].body
      expect((await single('GET', `${EVENTS}/${id}`)).body.title).toBe(title)
    }
  })
})

describe('rights: the batch’s credentials apply to every item, as to its single request', () => {
  it('anonymous creates are each 401, as the single call', async () => {
    const before = await countEvents()
    const alone = await single('POST', EVENTS, undefined, event('Anonymous'))
    const response = await batch({ requests: creates('A', 'B') })
    expect(response.status).toBe(207)
    for (const item of response.body.responses)
      expect({ status: item.status, body: item.body }).toEqual({
        status: alone.status,
        body: alone.body,
      })
    expect(alone.status).toBe(401)
    expect(await countEvents()).toBe(before)
  })

  it('a bad token fails the batch itself: 401 rest_invalid_credentials', async () => {
    const response = await batch({ requests: creates('x') }, undefined, {
      authorization: 'JWT not-a-token',
    })
    expect(response.status).toBe(401)
    expect(response.body.code).toBe('rest_invalid_credentials')
  })

  it('a contributor: drafts and pending events of their own; no update of an editor’s event', async () => {
    const editors = (await single('POST', EVENTS, 'editor', event('Editor owned'))).body
    const alone = await single('PATCH', `${EVENTS}/${editors.id}`, 'contributor', { title: 'x' })
    const response = await batch(
      {
        requests: [
          { path: EVENTS, body: event('C1', { status: 'publish' }) },
          { path: EVENTS, body: event('C2') },
          { method: 'PATCH', path: `${EVENTS}/${editors.id}`, body: { title: 'x' } },
        ],
      },
      'contributor',
    )
    const [pending, draft, refused] = response.body.responses
    expect([pending.status, pending.body.status]).toEqual([201, 'pending'])
    expect([draft.status, draft.body.status]).toEqual([201, 'draft'])
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: alone.status,
      body: alone.body,
    })
    expect(alone.status).toBe(403)
  })

  it('an item’s own Authorization header does not change who calls', async () => {
    const response = await batch(
      {
        requests: [
          {
            path: EVENTS,
            body: event('Smuggled'),
            headers: { authorization: `JWT ${users.editor.token}` },
          },
        ],
      },
      'contributor',
    )
    expect(response.body.responses[0].body.status).toBe('draft')
  })
})

describe('mixed writes', () => {
  it('PUT, PATCH and DELETE items, by id and by slug, answer as their single requests', async () => {
    const [a, b, c] = await Promise.all(
      ['Mixed A', 'Mixed B', 'Mixed C'].map(
        async (title) => (await single('POST', EVENTS, 'editor', event(title))).body,
      ),
    )
    const response = await batch(
      {
        requests: [
          { method: 'PUT', path: `${EVENTS}/${a.id}`, body: { title: 'Mixed A, put' } },
          {
            method: 'PATCH',
            path: `${EVENTS}/by-slug/${b.slug}`,
            body: { title: 'Mixed B, patched' },
          },
          { method: 'DELETE', path: `${EVENTS}/${c.id}` },
          { method: 'DELETE', path: `${EVENTS}/${c.id}?force=true` },
        ],
      },
      'editor',
    )
    const [put, patched, trashed, deleted] = response.body.responses
    expect([put.status, put.body.title]).toEqual([200, 'Mixed A, put'])
    expect([patched.status, patched.body.title]).toEqual([200, 'Mixed B, patched'])
    expect([trashed.status, trashed.body.status]).toEqual([200, 'trash'])
    expect([deleted.status, deleted.body.id]).toEqual([200, c.id])
    expect((await single('GET', `${EVENTS}/${a.id}`)).body.title).toBe('Mixed A, put')
    expect((await single('GET', `${EVENTS}/${c.id}`)).status).toBe(404)
  })

  it('events at one venue and organizer show them as they are at each item, a venue written between them included', async () => {
    const venue = (await single('POST', '/cal/events/v1/venues', 'editor', { venue: 'Hall one' }))
      .body.id
    const organizer = (
      await single('POST', '/cal/events/v1/organizers', 'editor', { organizer: 'Host one' })
    ).body.id
    const linked = (title: string) => ({
      path: EVENTS,
      body: event(title, { venue, organizer: [organizer] }),
    })
    const response = await batch(
      {
        requests: [
          linked('At hall 1'),
          linked('At hall 2'),
          { path: `/cal/events/v1/venues/${venue}`, body: { venue: 'Hall renamed' } },
          linked('At hall 3'),
          { method: 'DELETE', path: `/cal/events/v1/organizers/${organizer}` },
          linked('At hall 4'),
        ],
      },
      'editor',
    )
    type Answer = {
      status: number
      body: { venue: { venue: string }; organizer: { id: number }[]; code?: string }
    }
    const answers = response.body.responses as Answer[]
    expect(answers.map((item) => item.status)).toEqual([201, 201, 200, 201, 200, 400])
    const [first, second, , third, , fourth] = answers
    expect([first, second, third].map((item) => item.body.venue.venue)).toEqual([
      'Hall one',
      'Hall one',
      'Hall renamed',
    ])
    expect(third.body.organizer.map((each) => each.id)).toEqual([organizer])
    // The organizer went to the trash two items before: as a single create, 400.
    expect(fourth.body).toEqual(
      (await single('POST', EVENTS, 'editor', event('At hall 5', { organizer: [organizer] }))).body,
    )
  })

  it('a category read once for the batch shows at each item the count the items before it wrote', async () => {
    const category = (await single('POST', '/cal/events/v1/categories', 'editor', { name: 'Gigs' }))
      .body.id
    const inCategory = (title: string) => ({
      path: EVENTS,
      body: event(title, { categories: [category] }),
    })
    const first = await batch({ requests: [inCategory('Gig 1'), inCategory('Gig 2')] }, 'editor')
    const [one] = first.body.responses.map((item: { body: { id: number } }) => item.body.id)
    const response = await batch(
      {
        requests: [
          inCategory('Gig 3'),
          // The category sent again, unchanged: no count of its own written.
          { path: `${EVENTS}/${one}`, body: { title: 'Gig 1 again', categories: [category] } },
          { method: 'DELETE', path: `${EVENTS}/${one}` },
          { path: `${EVENTS}/${one}`, body: { title: 'Gig 1 trashed', categories: [category] } },
        ],
      },
      'editor',
    )
    type Answer = { status: number; body: { categories: { id: number; count: number }[] } }
    const answers = response.body.responses as Answer[]
    expect(answers.map((item) => item.status)).toEqual([201, 200, 200, 200])
    const counts = answers.map((item) => item.body.categories.map((term) => term.count))
    // Each as the single request would answer it, read at that moment.
    expect(counts).toEqual([[3], [3], [2], [2]])
    expect((await single('GET', `/cal/events/v1/categories/${category}`)).body.count).toBe(2)
  })

  it('the change log names each record written, once', async () => {
    const changes = (since?: string) =>
      server.request('GET', `${V1}/changes${since ? `?since=${since}` : ''}`, {
        token: users.editor.token,
      })
    const { next_since } = (await changes()).body
    const response = await batch({ requests: creates('Logged 1', 'Logged 2') }, 'editor')
    const ids = response.body.responses.map((item: { body: { id: number } }) => item.body.id)
    expect((await changes(next_since)).body.changes).toEqual(
      ids.map((id: number) => ({ resource: 'events', id, change: 'upsert' })),
    )
  })
})
