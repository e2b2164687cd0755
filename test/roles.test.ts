import { beforeAll, describe, expect, it } from '@jest/globals'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>
const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const

useTestServer(ROLES.slice(1), (setup) => ({ server, users } = setup))

const as = (who: string | undefined) => (who ? { token: users[who].token } : {})
const call = (who: string | undefined, method: string, route: string, body?: unknown) =>
  server.request(method, route, { ...as(who), body })

/** An event owned by `owner` with `status`, created by the administrator. */
async function eventOf(owner: string, status = 'draft', extra: Record<string, unknown> = {}) {
  const response = await call(
    'administrator',
    'POST',
    '/api/events',
    eventData({ title: `${owner} ${status}`, status, author: users[owner].id, ...extra }),
  )
  expect(response.status).toBe(201)
  return response.body.doc as { id: number; status: string; author: unknown }
}

describe('the first user', () => {
  it('is an administrator, whatever was asked', async () => {
    const me = await call('administrator', 'GET', '/api/users/me')
    expect(me.body.user.role).toBe('administrator')
  })

  it('is the only one that first-register makes', async () => {
    const again = await server.request('POST', '/api/users/first-register', {
      body: { email: 'late@example.com', password: 'whatever123' },
    })
    expect(again.status).toBe(403)
  })
})

describe('users and roles', () => {
  it('new users are subscribers unless an administrator says otherwise', async () => {
    const created = await call('administrator', 'POST', '/api/users', {
      email: 'plain@example.com',
      password: 'secret-123',
    })
    expect(created.body.doc.role).toBe('subscriber')
  })

  it('nobody but an administrator creates users or changes roles', async () => {
    for (const role of ['editor', 'author', 'contributor', 'subscriber']) {
      expect(
        (
          await call(role, 'POST', '/api/users', {
            email: `by-${role}@example.com`,
            password: 'secret-123',
            role: 'administrator',
          })
        ).status,
      ).toBe(403)
      const promoted = await call(role, 'PATCH', `/api/users/${users[role].id}`, {
        role: 'administrator',
      })
      expect(promoted.status).toBe(200)
      expect(promoted.body.doc.role).toBe(role)
    }
    expect(
      (
        await server.request('POST', '/api/users', {
          body: { email: 'anon@example.com', password: 'secret-123' },
        })
      ).status,
    ).toBe(403)
  })

  it('users other than editors and administrators see only themselves', async () => {
    for (const role of ['author', 'contributor', 'subscriber']) {
      const list = await call(role, 'GET', '/api/users')
      expect(list.body.docs.map((u: { id: number }) => u.id)).toEqual([users[role].id])
    }
    expect((await call('editor', 'GET', '/api/users')).body.totalDocs).toBeGreaterThanOrEqual(5)
    expect((await server.request('GET', '/api/users')).status).toBe(403)
  })

  it('anyone may ask for a password reset: 200 whether or not the e-mail is known', async () => {
    for (const email of [users.author.email, 'nobody@example.com']) {
      const response = await server.request('POST', '/api/users/forgot-password', {
        body: { email },
      })
      expect(response.status).toBe(200)
    }
  })

  it('API keys authenticate as their user', async () => {
    const me = await server.request('GET', '/api/users/me', { apiKey: users.editor.apiKey })
    expect(me.body.user).toMatchObject({ id: users.editor.id, role: 'editor' })
  })
})

describe('events, venues and organizers: who may create', () => {
  const bodies: Record<string, Record<string, unknown>> = {
    events: eventData({ status: 'draft' }),
    venues: { name: 'Hall', status: 'draft' },
    organizers: { name: 'Club', status: 'draft' },
  }
  it.each(Object.keys(bodies))(
    '%s: contributors and above create, subscribers and anonymous callers cannot',
    async (collection) => {
      expect((await call(undefined, 'POST', `/api/${collection}`, bodies[collection])).status).toBe(
        403,
      )
      expect(
        (await call('subscriber', 'POST', `/api/${collection}`, bodies[collection])).status,
      ).toBe(403)
      for (const role of ['contributor', 'author', 'editor', 'administrator']) {
        const created = await call(role, 'POST', `/api/${collection}`, bodies[collection])
        expect(created.status).toBe(201)
        expect(created.body.doc.author.id ?? created.body.doc.author).toBe(users[role].id)
      }
    },
  )
})

describe('publishing', () => {
  it('a contributor cannot publish: publish, future and private become pending', async () => {
    for (const status of ['publish', 'future', 'private']) {
      const created = await call('contributor', 'POST', '/api/events', eventData({ status }))
      expect(created.body.doc.status).toBe('pending')
    }
    const draft = await call('contributor', 'POST', '/api/events', eventData({ status: 'draft' }))
    const published = await call('contributor', 'PATCH', `/api/events/${draft.body.doc.id}`, {
      status: 'publish',
    })
    expect(published.body.doc.status).toBe('pending')
  })

  it('authors publish; a future publication date makes the record future', async () => {
    expect(
      (await call('author', 'POST', '/api/events', eventData({ status: 'publish' }))).body.doc
        .status,
    ).toBe('publish')
    const future = await call(
      'author',
      'POST',
      '/api/events',
      eventData({ status: 'publish', publishedAt: '2099-01-01T00:00:00.000Z' }),
    )
    expect(future.body.doc.status).toBe('future')
  })

  it('only editors and administrators give a record to another author', async () => {
    const byAuthor = await call('author', 'POST', '/api/venues', {
      name: 'Mine',
      author: users.editor.id,
    })
    expect(byAuthor.body.doc.author.id ?? byAuthor.body.doc.author).toBe(users.author.id)
    const byEditor = await call('editor', 'POST', '/api/venues', {
      name: 'Theirs',
      author: users.author.id,
    })
    expect(byEditor.body.doc.author.id ?? byEditor.body.doc.author).toBe(users.author.id)
  })
})

describe('who may update and delete whose events', () => {
  // [role, owner, status, may update, may trash, may delete permanently]
  const matrix: [string, string, string, boolean, boolean, boolean][] = [
    ['subscriber', 'subscriber', 'draft', false, false, false],
    ['contributor', 'contributor', 'draft', true, true, false],
    ['contributor', 'contributor', 'pending', true, true, false],
    ['contributor', 'contributor', 'publish', false, false, false],
    ['contributor', 'author', 'draft', false, false, false],
    ['author', 'author', 'draft', true, true, false],
    ['author', 'author', 'publish', true, true, false],
    ['author', 'contributor', 'draft', false, false, false],
    ['author', 'editor', 'publish', false, false, false],
    ['editor', 'author', 'publish', true, true, true],
    ['editor', 'administrator', 'private', true, true, true],
    ['administrator', 'editor', 'pending', true, true, true],
  ]
  it.each(matrix)(
    '%s on an event of the %s with status %s: update %s, trash %s, delete %s',
    async (role, owner, status, mayUpdate, mayTrash, mayDelete) => {
      const event = await eventOf(owner, status)
      const updated = await call(role, 'PATCH', `/api/events/${event.id}`, { title: 'Changed' })
      expect(updated.status).toBe(mayUpdate ? 200 : 403)

      const trashed = await call(role, 'PATCH', `/api/events/${event.id}`, {
        deletedAt: new Date().toISOString(),
      })
      expect(trashed.status).toBe(mayTrash ? 200 : 403)

      const target = await eventOf(owner, status)
      const deleted = await call(role, 'DELETE', `/api/events/${target.id}`)
      expect(deleted.status).toBe(mayDelete ? 200 : 403)
      const stillThere = await call('administrator', 'GET', `/api/events/${target.id}?trash=true`)
      expect(stillThere.status).toBe(mayDelete ? 404 : 200)
    },
  )
})

describe('the trash belongs to editors', () => {
  it.each([
    ['author', 'publish'],
    ['contributor', 'draft'],
  ])(
    'a %s cannot change or restore their own %s record once it is in the trash',
    async (role, status) => {
      const event = await eventOf(role, status)
      expect(
        (
          await call(role, 'PATCH', `/api/events/${event.id}`, {
            deletedAt: new Date().toISOString(),
          })
        ).status,
      ).toBe(200)
      for (const body of [{ title: 'Changed in the trash' }, { deletedAt: null }]) {
        const response = await call(role, 'PATCH', `/api/events/${event.id}?trash=true`, body)
        expect(response.status).toBe(403)
        expect(JSON.stringify(response.body)).not.toContain(`${role} ${status}`)
      }
      const stored = await call('editor', 'GET', `/api/events/${event.id}?trash=true`)
      expect(stored.body).toMatchObject({
        title: `${role} ${status}`,
        deletedAt: expect.any(String),
      })
      expect(
        (await call('editor', 'PATCH', `/api/events/${event.id}?trash=true`, { deletedAt: null }))
          .status,
      ).toBe(200)
    },
  )
})

describe('reading by status', () => {
  let ids: Record<string, number>
  beforeAll(async () => {
    ids = {}
    for (const status of ['publish', 'draft', 'pending', 'private'])
      ids[status] = (await eventOf('editor', status, { title: `Visible ${status}` })).id
    ids.future = (
      await eventOf('editor', 'publish', {
        title: 'Visible future',
        publishedAt: '2099-01-01T00:00:00.000Z',
      })
    ).id
    ids.trashed = (await eventOf('editor', 'publish', { title: 'Visible trashed' })).id
    await call('administrator', 'PATCH', `/api/events/${ids.trashed}`, {
      deletedAt: new Date().toISOString(),
    })
  })
  const visible = async (who: string | undefined, query = '') => {
    const response = await call(
      who,
      'GET',
      `/api/events?limit=100&where[title][like]=Visible${query}`,
    )
    expect(response.status).toBe(200)
    return new Set(response.body.docs.map((doc: { id: number }) => doc.id))
  }

  it('anonymous callers and subscribers see only published events', async () => {
    for (const who of [undefined, 'subscriber']) {
      expect(await visible(who)).toEqual(new Set([ids.publish]))
      // Payload's REST does not say whether a record it hides exists.
      expect((await call(who, 'GET', `/api/events/${ids.draft}`)).status).toBe(404)
      expect(await visible(who, '&trash=true')).toEqual(new Set([ids.publish]))
    }
  })

  it('contributors and authors see every status but the trash', async () => {
    for (const who of ['contributor', 'author']) {
      expect(await visible(who, '&trash=true')).toEqual(
        new Set([ids.publish, ids.draft, ids.pending, ids.private, ids.future]),
      )
    }
  })

  it('editors and administrators also see the trash', async () => {
    expect(await visible('editor', '&trash=true')).toEqual(new Set(Object.values(ids)))
  })

  it('a future event whose publication date has passed reads as published', async () => {
    const event = await eventOf('editor', 'publish', { title: 'Visible soon' })
    // Back-date the scheduled event's publication directly, as time passing would.
    await server.payload.db.updateOne({
      collection: 'events',
      id: event.id,
      data: { status: 'future', publishedAt: '2020-01-01T00:00:00.000Z' },
    })
    const read = await call(undefined, 'GET', `/api/events/${event.id}`)
    expect(read.status).toBe(200)
    expect(read.body.status).toBe('publish')
  })
})

describe('taxonomies', () => {
  it('categories are managed by authors and above', async () => {
    for (const [role, expected] of [
      ['subscriber', 403],
      ['contributor', 403],
      ['author', 201],
      ['editor', 201],
    ] as const) {
      expect(
        (await call(role, 'POST', '/api/event-categories', { name: `Cat by ${role}` })).status,
      ).toBe(expected)
    }
  })

  it('tags are managed by editors and administrators', async () => {
    for (const [role, expected] of [
      ['contributor', 403],
      ['author', 403],
      ['editor', 201],
      ['administrator', 201],
    ] as const) {
      expect((await call(role, 'POST', '/api/event-tags', { name: `Tag by ${role}` })).status).toBe(
        expected,
      )
    }
  })

  it('anyone reads them', async () => {
    expect((await call(undefined, 'GET', '/api/event-categories')).status).toBe(200)
    expect((await call(undefined, 'GET', '/api/event-tags')).status).toBe(200)
  })
})

describe('passwords', () => {
  const SECRET = 'open-sesame-4711'
  let eventId: number
  let venueId: number
  let organizerId: number
  beforeAll(async () => {
    venueId = (
      await call('editor', 'POST', '/api/venues', {
        name: 'Secret venue',
        status: 'publish',
        password: SECRET,
      })
    ).body.doc.id
    organizerId = (
      await call('editor', 'POST', '/api/organizers', {
        name: 'Secret org',
        status: 'publish',
        password: SECRET,
      })
    ).body.doc.id
    eventId = (
      await call(
        'editor',
        'POST',
        '/api/events',
        eventData({
          title: 'Secret event',
          password: SECRET,
          venue: venueId,
          organizers: [organizerId],
        }),
      )
    ).body.doc.id
  })

  it('never appear in a response to anyone below editor, in any read', async () => {
    const routes = [
      `/api/events/${eventId}?depth=2`,
      `/api/events?depth=2&limit=100`,
      `/api/events?where[password][equals]=${SECRET}`,
      `/api/events/${eventId}?select[password]=true`,
      `/api/venues/${venueId}`,
      `/api/venues?limit=100`,
      `/api/organizers/${organizerId}`,
      `/fr/api/events/${eventId}?depth=1`,
    ]
    for (const who of [undefined, 'subscriber', 'contributor', 'author']) {
      for (const route of routes) {
        const response = await call(who, 'GET', route)
        expect(JSON.stringify(response.body)).not.toContain(SECRET)
      }
    }
  })

  it('cannot be set by authors and contributors', async () => {
    const created = await call(
      'author',
      'POST',
      '/api/events',
      eventData({ title: 'Author secret', password: 'mine' }),
    )
    const read = await call('editor', 'GET', `/api/events/${created.body.doc.id}`)
    expect(read.body.password ?? null).toBeNull()
  })

  it('are shown to editors and administrators, who set them (docs/v1-differences.md §4)', async () => {
    expect((await call('editor', 'GET', `/api/events/${eventId}`)).body.password).toBe(SECRET)
    expect((await call('administrator', 'GET', `/api/venues/${venueId}`)).body.password).toBe(
      SECRET,
    )
  })
})
