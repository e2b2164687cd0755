import { beforeAll, describe, expect, it } from '@jest/globals'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => ({ server, admin } = setup))

const call = (method: string, route: string, body?: unknown) =>
  server.request(method, route, { token: admin.token, body })
const create = async (collection: string, body: Record<string, unknown>) => {
  const response = await call('POST', `/api/${collection}`, body)
  expect(response.status).toBe(201)
  return response.body.doc.id as number
}
const links = async (eventId: number) => {
  const { body } = await call('GET', `/api/events/${eventId}?depth=0&trash=true`)
  return {
    venue: body.venue,
    organizers: body.organizers,
    categories: body.categories,
    tags: body.tags,
    parent: body.parent,
    image: body.image,
  }
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

async function uploadImage(): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png')
  form.append('_payload', JSON.stringify({ alt: 'A dot' }))
  const response = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `JWT ${admin.token}` },
    body: form,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { doc: { id: number } }).doc.id
}

describe('deleting a linked record', () => {
  let ids: Record<string, number>
  let event: number
  let trashedEvent: number

  beforeAll(async () => {
    ids = {
      venue: await create('venues', { name: 'Arena' }),
      organizerA: await create('organizers', { name: 'A' }),
      organizerB: await create('organizers', { name: 'B' }),
      organizerC: await create('organizers', { name: 'C' }),
      category: await create('event-categories', { name: 'Rock' }),
      otherCategory: await create('event-categories', { name: 'Pop' }),
      tag: await create('event-tags', { name: 'Loud' }),
      otherTag: await create('event-tags', { name: 'Late' }),
      parent: await create('events', eventData({ title: 'Festival' })),
      image: await uploadImage(),
    }
    const linked = {
      venue: ids.venue,
      organizers: [ids.organizerA, ids.organizerB, ids.organizerC],
      categories: [ids.category, ids.otherCategory],
      tags: [ids.tag, ids.otherTag],
      parent: ids.parent,
      image: ids.image,
    }
    event = await create('events', eventData({ title: 'Gig', ...linked }))
    trashedEvent = await create('events', eventData({ title: 'Old gig', ...linked }))
    await call('PATCH', `/api/events/${trashedEvent}`, { deletedAt: new Date().toISOString() })
  })

  it('moving a venue to the trash unlinks it too, as the anchor does; other events keep theirs', async () => {
    const spare = await create('venues', { name: 'Spare' })
    const other = await create('events', eventData({ title: 'Other gig', venue: ids.venue }))
    const own = await create('events', eventData({ title: 'Spare gig', venue: spare }))
    const trashed = await call('PATCH', `/api/venues/${spare}`, {
      deletedAt: new Date().toISOString(),
    })
    expect(trashed.status).toBe(200)
    expect((await links(own)).venue).toBeNull()
    expect((await links(other)).venue).toBe(ids.venue)
  })

  it('a venue deleted for good is unlinked from every event, trashed ones included', async () => {
    const updatedAt = async (id: number) =>
      (await call('GET', `/api/events/${id}?trash=true`)).body.updatedAt
    const before = await updatedAt(trashedEvent)
    expect((await call('DELETE', `/api/venues/${ids.venue}`)).status).toBe(200)
    expect((await links(event)).venue).toBeNull()
    expect((await links(trashedEvent)).venue).toBeNull()
    // The plugin's own unlinking did it (as it must on MongoDB, which has no foreign keys), not
    // SQLite's.
    expect(await updatedAt(trashedEvent)).not.toBe(before)
  })

  it('an organizer deleted for good leaves the others in their order', async () => {
    expect((await call('DELETE', `/api/organizers/${ids.organizerB}`)).status).toBe(200)
    expect((await links(event)).organizers).toEqual([ids.organizerA, ids.organizerC])
    expect((await links(trashedEvent)).organizers).toEqual([ids.organizerA, ids.organizerC])
  })

  it('a deleted category or tag is removed from every event', async () => {
    expect((await call('DELETE', `/api/event-categories/${ids.category}`)).status).toBe(200)
    expect((await call('DELETE', `/api/event-tags/${ids.tag}`)).status).toBe(200)
    const after = await links(event)
    expect(after.categories).toEqual([ids.otherCategory])
    expect(after.tags).toEqual([ids.otherTag])
  })

  it('a deleted parent category leaves its children at the top level', async () => {
    const parent = await create('event-categories', { name: 'Music' })
    const child = await create('event-categories', { name: 'Jazz', parent })
    expect((await call('DELETE', `/api/event-categories/${parent}`)).status).toBe(200)
    expect((await call('GET', `/api/event-categories/${child}?depth=0`)).body.parent).toBeNull()
  })

  it('a deleted parent event or image is unlinked', async () => {
    expect((await call('DELETE', `/api/events/${ids.parent}`)).status).toBe(200)
    expect((await call('DELETE', `/api/media/${ids.image}`)).status).toBe(200)
    const after = await links(event)
    expect(after.parent).toBeNull()
    expect(after.image).toBeNull()
  })

  it('nothing anywhere points at a missing record', async () => {
    const { docs } = await server.payload.find({
      collection: 'events',
      trash: true,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    const exists = async (collection: string, id: number) =>
      (
        await server.payload.count({
          collection: collection as 'events',
          where: { id: { equals: id } },
          trash: true,
          overrideAccess: true,
        })
      ).totalDocs === 1
    for (const doc of docs as Record<string, unknown>[]) {
      for (const [field, collection] of [
        ['venue', 'venues'],
        ['parent', 'events'],
        ['image', 'media'],
      ]) {
        if (doc[field] != null) expect(await exists(collection, doc[field] as number)).toBe(true)
      }
      for (const [field, collection] of [
        ['organizers', 'organizers'],
        ['categories', 'event-categories'],
        ['tags', 'event-tags'],
      ]) {
        for (const id of (doc[field] as number[]) ?? [])
          expect(await exists(collection, id)).toBe(true)
      }
    }
  })
})

describe('links to records that do not exist', () => {
  it('are refused with 400 on Payload REST, and nothing is written', async () => {
    const before = (
      await server.payload.count({ collection: 'events', trash: true, overrideAccess: true })
    ).totalDocs
    for (const link of [
      { venue: 99999 },
      { organizers: [99999] },
      { categories: [99999] },
      { tags: [99999] },
      { parent: 99999 },
      { image: 99999 },
    ]) {
      const response = await call('POST', '/api/events', eventData({ title: 'Dangling', ...link }))
      expect(response.status).toBe(400)
    }
    expect(
      (await call('POST', '/api/event-categories', { name: 'Orphan', parent: 99999 })).status,
    ).toBe(400)
    expect(
      (await server.payload.count({ collection: 'events', trash: true, overrideAccess: true }))
        .totalDocs,
    ).toBe(before)
  })
})
