/**
 * The collections through Payload's Local API, without HTTP: the hooks (integer ids, unique slugs,
 * wall-clock dates, category paths, unlinking on delete) and the role matrix of the access
 * functions, each called with a user of that role and `overrideAccess: false`, as the v1 handlers
 * do.
 */
import { describe, expect, test } from '@jest/globals'
import type { Payload, PayloadRequest } from 'payload'
import { useTestServer, type TestUser } from './helpers.js'

let payload: Payload
let users: Record<string, TestUser>
useTestServer(['editor', 'author', 'contributor', 'subscriber'], (setup) => {
  payload = setup.server.payload
  users = setup.users
})

/** The stored user of a role, as Payload hands it to access functions. */
async function asUser(role: string): Promise<PayloadRequest['user']> {
  const user = await payload.findByID({
    collection: 'users',
    id: users[role].id,
    overrideAccess: true,
  })
  return { ...user, collection: 'users' } as PayloadRequest['user']
}

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2031-03-30T17:00:00.000Z',
  endDate: '2031-03-30T19:00:00.000Z',
  timezone: 'Europe/Paris',
  status: 'publish',
  ...extra,
})

describe('hooks', () => {
  test('ids are integers that only grow, and titles that collide get distinct slugs', async () => {
    const first = await payload.create({ collection: 'events', data: event('Spring Gala') })
    const second = await payload.create({ collection: 'events', data: event('Spring Gala') })
    expect(Number.isInteger(first.id)).toBe(true)
    expect(second.id).toBeGreaterThan(first.id as number)
    expect(first.slug).toBe('spring-gala')
    expect(second.slug).not.toBe(first.slug)
    expect(second.slug).toMatch(/^spring-gala-\d+$/)
  })

  test('the wall-clock start and end are kept in the event’s own zone (across a DST change)', async () => {
    // Europe/Paris is on summer time (UTC+2) from 2031-03-30 02:00.
    const created = await payload.create({
      collection: 'events',
      data: event('Concert on the change day'),
    })
    expect(created.startDateLocal).toBe('2031-03-30 19:00:00')
    expect(created.endDateLocal).toBe('2031-03-30 21:00:00')
  })

  test('a category knows its path, and a child follows a renamed parent', async () => {
    const music = await payload.create({ collection: 'event-categories', data: { name: 'Music' } })
    const jazz = await payload.create({
      collection: 'event-categories',
      data: { name: 'Jazz', parent: music.id },
    })
    expect(jazz.fullName).toBe('Music › Jazz')
    await payload.update({ collection: 'event-categories', id: music.id, data: { name: 'Sounds' } })
    const reread = await payload.findByID({ collection: 'event-categories', id: jazz.id })
    expect(reread.fullName).toBe('Sounds › Jazz')
  })

  test('deleting a venue for good unlinks it from its events', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: 'Hall', status: 'publish' },
    })
    const linked = await payload.create({
      collection: 'events',
      data: event('At the hall', { venue: venue.id }),
    })
    await payload.delete({ collection: 'venues', id: venue.id })
    const reread = await payload.findByID({ collection: 'events', id: linked.id, depth: 0 })
    expect(reread.venue ?? null).toBeNull()
  })
})

describe('access, through the Local API with the caller’s user', () => {
  test('reads: anonymous callers and subscribers see published events; contributors also drafts', async () => {
    const draft = await payload.create({
      collection: 'events',
      data: event('Draft plan', { status: 'draft' }),
    })
    const visible = async (role: string | null) => {
      const user = role ? await asUser(role) : null
      const found = await payload.find({
        collection: 'events',
        where: { id: { equals: draft.id } },
        overrideAccess: false,
        user,
      })
      return found.totalDocs
    }
    expect(await visible(null)).toBe(0)
    expect(await visible('subscriber')).toBe(0)
    expect(await visible('contributor')).toBe(1)
    expect(await visible('editor')).toBe(1)
  })

  test('writes: subscribers cannot create, authors cannot change others’ events, editors can', async () => {
    const editorsEvent = await payload.create({
      collection: 'events',
      data: event('Editors’ event', { author: users.editor.id }),
    })
    await expect(
      payload.create({
        collection: 'events',
        data: event('Not mine'),
        overrideAccess: false,
        user: await asUser('subscriber'),
      }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      payload.update({
        collection: 'events',
        id: editorsEvent.id,
        data: { title: 'Taken over' },
        overrideAccess: false,
        user: await asUser('author'),
      }),
    ).rejects.toMatchObject({ status: 403 })
    const changed = await payload.update({
      collection: 'events',
      id: editorsEvent.id,
      data: { title: 'Edited' },
      overrideAccess: false,
      user: await asUser('editor'),
    })
    expect(changed.title).toBe('Edited')
  })

  test('tags are managed by editors; categories by authors too', async () => {
    const author = await asUser('author')
    await expect(
      payload.create({
        collection: 'event-tags',
        data: { name: 'outdoor' },
        overrideAccess: false,
        user: author,
      }),
    ).rejects.toMatchObject({ status: 403 })
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: 'Theatre' },
      overrideAccess: false,
      user: author,
    })
    expect(category.name).toBe('Theatre')
  })
})
