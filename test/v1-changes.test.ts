/**
 * `GET /changes` (sync) and `modified_since`: the answers and errors, and the sync property: a
 * client that reads the archives once and then applies the changes (reading each upserted record)
 * holds what a full read gives, after random writes of every kind, for an anonymous caller and for
 * an administrator.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor', 'contributor'], (setup) => ({ server, users } = setup))

const call = (method: string, path: string, user?: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: user ? users[user].token : undefined, body })

const ok = async (method: string, path: string, user?: string, body?: unknown) => {
  const response = await call(method, path, user, body)
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body
}

const cursorNow = async (user?: string) => (await ok('GET', '/changes', user)).next_since as string

/** What a client keeps of each record: enough to see every kind of change. */
type Held = Map<string, string>

const RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags'] as const

function summary(resource: string, record: Record<string, any>): string {
  if (resource === 'events')
    return JSON.stringify([
      record.title,
      record.status,
      record.venue?.id ?? null,
      record.venue?.venue ?? null,
      // The count an event shows for a term is the term's: a count that moves is a change of the
      // term (held below), not of every event that shows it (collections/hooks/logEntries.ts).
      (record.categories ?? []).map((term: any) => [term.id, term.name]),
    ])
  if (resource === 'venues') return JSON.stringify([record.venue, record.status])
  if (resource === 'organizers') return JSON.stringify([record.organizer, record.status])
  return JSON.stringify([record.name, record.count])
}

/** Every record a full read of the archives gives the caller. */
async function fullRead(user?: string): Promise<Held> {
  const held: Held = new Map()
  const queries: Record<string, string> = {
    events: 'start_date=2000-01-01&end_date=2100-12-31',
    venues: '',
    organizers: '',
    categories: 'hide_empty=false',
    tags: 'hide_empty=false',
  }
  for (const resource of RESOURCES) {
    for (let page = 1; ; page++) {
      const response = await call(
        'GET',
        `/${resource}?per_page=50&page=${page}&${queries[resource]}`,
        user,
      )
      if (response.status === 404) break
      expect(response.status).toBe(200)
      for (const record of response.body[resource])
        held.set(`${resource}:${record.id}`, summary(resource, record))
      if (page >= response.body.total_pages) break
    }
  }
  return held
}

/** A client that reads the archives once and then syncs. */
async function syncingClient(user?: string) {
  let cursor = await cursorNow(user)
  const held = await fullRead(user)
  const sync = async () => {
    for (;;) {
      const answer = await ok('GET', `/changes?since=${cursor}&per_page=7`, user)
      for (const { resource, id, change } of answer.changes) {
        const key = `${resource}:${id}`
        if (change === 'delete') {
          held.delete(key)
          continue
        }
        const record = await ok('GET', `/${resource}/${id}`, user)
        held.set(key, summary(resource, record))
      }
      cursor = answer.next_since
      if (!answer.more) return
    }
  }
  return { held, sync }
}

type Op =
  | { op: 'createEvent'; status: 'publish' | 'draft' | 'due'; venue: number; category: number }
  | { op: 'editEvent' | 'publishEvent' | 'unpublishEvent' | 'trashEvent'; pick: number }
  | { op: 'restoreEvent' | 'deleteEvent'; pick: number }
  | { op: 'createVenue'; status: 'publish' | 'draft' }
  | { op: 'editVenue' | 'trashVenue' | 'publishVenue'; pick: number }
  | { op: 'createCategory' | 'editCategory' | 'deleteCategory'; pick: number }
  | { op: 'sync' }

const pick = fc.nat(1000)
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('createEvent' as const),
    status: fc.constantFrom('publish' as const, 'draft' as const, 'due' as const),
    venue: pick,
    category: pick,
  }),
  fc.record({
    op: fc.constantFrom(
      'editEvent' as const,
      'publishEvent' as const,
      'unpublishEvent' as const,
      'trashEvent' as const,
      'restoreEvent' as const,
      'deleteEvent' as const,
    ),
    pick,
  }),
  fc.record({
    op: fc.constant('createVenue' as const),
    status: fc.constantFrom('publish' as const, 'draft' as const),
  }),
  fc.record({
    op: fc.constantFrom('editVenue' as const, 'trashVenue' as const, 'publishVenue' as const),
    pick,
  }),
  fc.record({
    op: fc.constantFrom(
      'createCategory' as const,
      'editCategory' as const,
      'deleteCategory' as const,
    ),
    pick,
  }),
  fc.constant({ op: 'sync' as const }),
)

let counter = 0
const known = { events: [] as number[], venues: [] as number[], categories: [] as number[] }
const chosen = (list: number[], index: number) => (list.length ? list[index % list.length] : null)

async function apply(step: Op): Promise<void> {
  counter++
  const admin = 'administrator'
  switch (step.op) {
    case 'createEvent': {
      const venue = chosen(known.venues, step.venue)
      const category = chosen(known.categories, step.category)
      const body: Record<string, unknown> = {
        title: `Event ${counter}`,
        start_date: utcWallClock(3 + (counter % 20)),
        end_date: utcWallClock(3 + (counter % 20), 2),
        timezone: 'UTC',
        status: step.status === 'draft' ? 'draft' : 'publish',
        ...(venue ? { venue } : {}),
        ...(category ? { categories: [category] } : {}),
      }
      // Comes due a second from now, with no write.
      if (step.status === 'due')
        body.date = new Date(Date.now() + 1000).toISOString().slice(0, 19).replace('T', ' ')
      known.events.push((await ok('POST', '/events', admin, body)).id)
      return
    }
    case 'editEvent':
    case 'publishEvent':
    case 'unpublishEvent': {
      const id = chosen(known.events, step.pick)
      if (!id) return
      const body =
        step.op === 'editEvent'
          ? { title: `Edited ${counter}` }
          : { status: step.op === 'publishEvent' ? 'publish' : 'draft' }
      const response = await call('POST', `/events/${id}`, admin, body)
      expect([200, 410]).toContain(response.status) // 410: in the trash
      return
    }
    case 'trashEvent': {
      const id = chosen(known.events, step.pick)
      if (id) expect([200, 410]).toContain((await call('DELETE', `/events/${id}`, admin)).status)
      return
    }
    case 'restoreEvent': {
      const id = chosen(known.events, step.pick)
      if (!id) return
      await server.payload.update({
        collection: 'events',
        id,
        data: { deletedAt: null } as never,
        trash: true,
        overrideAccess: true,
      })
      return
    }
    case 'deleteEvent': {
      const id = chosen(known.events, step.pick)
      if (!id) return
      await ok('DELETE', `/events/${id}?force=true`, admin)
      known.events = known.events.filter((known) => known !== id)
      return
    }
    case 'createVenue':
      known.venues.push(
        (await ok('POST', '/venues', admin, { venue: `Venue ${counter}`, status: step.status })).id,
      )
      return
    case 'editVenue':
    case 'publishVenue': {
      const id = chosen(known.venues, step.pick)
      if (!id) return
      const body = step.op === 'editVenue' ? { venue: `Hall ${counter}` } : { status: 'publish' }
      await ok('POST', `/venues/${id}`, admin, body)
      return
    }
    case 'trashVenue': {
      const id = chosen(known.venues, step.pick)
      if (!id) return
      await ok('DELETE', `/venues/${id}`, admin)
      known.venues = known.venues.filter((known) => known !== id)
      return
    }
    case 'createCategory':
      known.categories.push(
        (await ok('POST', '/categories', admin, { name: `Category ${counter}` })).id,
      )
      return
    case 'editCategory': {
      const id = chosen(known.categories, step.pick)
      if (id) await ok('POST', `/categories/${id}`, admin, { name: `Renamed ${counter}` })
      return
    }
    case 'deleteCategory': {
      const id = chosen(known.categories, step.pick)
      if (!id) return
      await ok('DELETE', `/categories/${id}?force=true`, admin)
      known.categories = known.categories.filter((known) => known !== id)
      return
    }
    case 'sync':
      return
  }
}

const sorted = (held: Held) => [...held].sort(([a], [b]) => (a < b ? -1 : 1))

describe('GET /changes', () => {
  it('without since: no changes and the current cursor, which moves with each write', async () => {
    const first = await ok('GET', '/changes')
    expect(first).toEqual({ changes: [], next_since: expect.stringMatching(/^c\d+$/), more: false })
    const event = await ok('POST', '/events', 'editor', {
      title: 'Cursor',
      start_date: utcWallClock(5),
      end_date: utcWallClock(5, 1),
      status: 'publish',
    })
    const after = await ok('GET', `/changes?since=${first.next_since}`)
    expect(after.changes).toEqual([{ resource: 'events', id: event.id, change: 'upsert' }])
    expect(after.next_since).not.toBe(first.next_since)
    expect((await ok('GET', `/changes?since=${after.next_since}`)).changes).toEqual([])
  })

  it('400 on a malformed cursor, resource or page size; 410 on a cursor it never gave', async () => {
    for (const query of [
      'since=12',
      'since=c',
      'since=c-1',
      'since=cx1',
      'since=2026-01-01',
      'resources=events,users',
      'per_page=501',
      'per_page=0',
    ]) {
      const response = await call('GET', `/changes?${query}`)
      expect([query, response.status, response.body.code]).toEqual([
        query,
        400,
        'rest_invalid_param',
      ])
    }
    const future = await call('GET', '/changes?since=c999999999')
    expect(future.status).toBe(410)
    expect(future.body).toEqual({
      code: 'rest-sync-expired',
      message: expect.stringContaining('read the archives again'),
      data: { status: 410 },
    })
  })

  it('anonymous callers never learn of a draft; its author and administrators do', async () => {
    const since = await cursorNow()
    const draft = await ok('POST', '/events', 'contributor', {
      title: 'Secret draft',
      start_date: utcWallClock(6),
      end_date: utcWallClock(6, 1),
    })
    expect((await ok('GET', `/changes?since=${since}`)).changes).toEqual([])
    for (const user of ['administrator', 'contributor'])
      expect((await ok('GET', `/changes?since=${since}`, user)).changes).toContainEqual({
        resource: 'events',
        id: draft.id,
        change: 'upsert',
      })
    expect((await ok('GET', `/changes?since=${since}`, 'editor')).changes).toContainEqual({
      resource: 'events',
      id: draft.id,
      change: 'upsert',
    })
  })

  it('a venue change is a change of the events that show it; resources filters', async () => {
    const venue = await ok('POST', '/venues', 'editor', { venue: 'Linked Hall', status: 'publish' })
    const event = await ok('POST', '/events', 'editor', {
      title: 'At the hall',
      start_date: utcWallClock(7),
      end_date: utcWallClock(7, 1),
      status: 'publish',
      venue: venue.id,
    })
    const since = await cursorNow()
    await ok('POST', `/venues/${venue.id}`, 'editor', { venue: 'Renamed Hall' })
    const changes = (await ok('GET', `/changes?since=${since}`)).changes
    expect(changes).toEqual([
      { resource: 'venues', id: venue.id, change: 'upsert' },
      { resource: 'events', id: event.id, change: 'upsert' },
    ])
    expect((await ok('GET', `/changes?since=${since}&resources=venues`)).changes).toEqual([
      { resource: 'venues', id: venue.id, change: 'upsert' },
    ])
  })

  it("an event written in a category of many events is a change of that event and the category only; the others' records show the new count, read alone or in archives", async () => {
    const category = await ok('POST', '/categories', 'editor', { name: 'Crowded' })
    const events = []
    for (let i = 0; i < 25; i++)
      events.push(
        await ok('POST', '/events', 'editor', {
          title: `Crowded ${i}`,
          start_date: utcWallClock(9, i),
          end_date: utcWallClock(9, i + 1),
          status: 'publish',
          categories: [category.id],
        }),
      )
    const countIn = (record: any) =>
      record.categories.find((term: any) => term.id === category.id).count
    // Read before the write (kept forms, response cache), as a reader would.
    expect(countIn(await ok('GET', `/events/${events[0].id}`))).toBe(25)
    expect(countIn(await ok('GET', `/events/${events[0].id}`))).toBe(25)
    const since = await cursorNow()
    const added = await ok('POST', '/events', 'editor', {
      title: 'One more',
      start_date: utcWallClock(10),
      end_date: utcWallClock(10, 1),
      status: 'publish',
      categories: [category.id],
    })
    expect((await ok('GET', `/changes?since=${since}`)).changes).toEqual([
      { resource: 'events', id: added.id, change: 'upsert' },
      { resource: 'categories', id: category.id, change: 'upsert' },
    ])
    expect(countIn(await ok('GET', `/events/${events[0].id}`))).toBe(26)
    expect(countIn(await ok('GET', `/events/${events[0].id}`, 'administrator'))).toBe(26)
    const archive = await ok('GET', `/events?categories=${category.id}&per_page=50`)
    expect(archive.events.map(countIn)).toEqual(new Array(26).fill(26))
    expect((await ok('GET', `/categories/${category.id}`)).count).toBe(26)
  })

  it('modified_since on the archives: a cursor or a date; 400 on neither', async () => {
    const since = await cursorNow()
    const started = utcWallClock(0)
    const event = await ok('POST', '/events', 'editor', {
      title: 'Modified lately',
      start_date: utcWallClock(8),
      end_date: utcWallClock(8, 1),
      status: 'publish',
    })
    const byCursor = await ok('GET', `/events?modified_since=${since}`)
    expect(byCursor.events.map((record: any) => record.id)).toEqual([event.id])
    expect(byCursor.rest_url).toContain(`modified_since=${since}`)
    const byDate = await ok('GET', `/events?modified_since=${encodeURIComponent(started)}`)
    expect(byDate.events.map((record: any) => record.id)).toContain(event.id)
    expect((await ok('GET', `/venues?modified_since=${await cursorNow()}`)).venues).toEqual([])
    expect((await ok('GET', `/categories?modified_since=${since}`)).categories).toEqual([])
    const bad = await call('GET', '/events?modified_since=whenever')
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param'])
    expect((await call('GET', '/tags?modified_since=c999999999')).status).toBe(410)
  })

  it('random writes of every kind, then sync: the client holds what a full read gives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 15, maxLength: 30 }), async (ops) => {
        const anonymous = await syncingClient()
        const administrator = await syncingClient('administrator')
        for (const step of ops) {
          await apply(step)
          if (step.op === 'sync') {
            await anonymous.sync()
            await administrator.sync()
          }
        }
        // Scheduled events come due a second after they were written.
        await new Promise((resolve) => setTimeout(resolve, 1200))
        await anonymous.sync()
        await administrator.sync()
        expect(sorted(anonymous.held)).toEqual(sorted(await fullRead()))
        expect(sorted(administrator.held)).toEqual(sorted(await fullRead('administrator')))
      }),
      { numRuns: 4 },
    )
  }, 180_000)
})
