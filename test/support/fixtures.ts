import crypto from 'node:crypto'
import type { Payload } from 'payload'
import type { TestServer } from '../helpers.js'
import type { Caller, RoleName } from './callers.js'
import type { TestUser } from '../helpers.js'

/**
 * A small calendar with something of everything, for checks that look for what leaks: published,
 * draft, pending, private, future, trashed and password-protected events, venues and organizers,
 * owned by different roles. Every text that some caller must not see carries a marker
 * (`SECRET_xxxxxxxx_`), so that a response can be searched for it.
 */

export const MARKER = /SECRET_[a-z0-9]{8}_/g
const marker = () =>
  `SECRET_${crypto
    .randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 8)}_`

export type Seeded = { password: string }

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export async function seedCalendar(
  server: TestServer,
  users: Record<RoleName, TestUser>,
): Promise<Seeded> {
  const password = `pw-${crypto.randomBytes(9).toString('hex')}`
  const admin = users.administrator.token
  const create = async (collection: string, data: Record<string, unknown>) => {
    const response = await server.request('POST', `/api/${collection}`, {
      token: admin,
      body: data,
    })
    if (response.status !== 201)
      throw new Error(
        `seeding ${collection} failed: ${response.status} ${JSON.stringify(response.body)}`,
      )
    return response.body.doc.id as number
  }
  const trash = (collection: string, id: number) =>
    server.request('PATCH', `/api/${collection}/${id}`, {
      token: admin,
      body: { deletedAt: new Date().toISOString() },
    })

  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'poster.png')
  await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `JWT ${admin}` },
    body: form,
  })

  const categories = [
    await create('event-categories', { name: 'Jazz' }),
    await create('event-categories', { name: 'Rock' }),
  ]
  const tags = [await create('event-tags', { name: 'outdoor' })]

  const linked = async (collection: 'venues' | 'organizers') => {
    const ids: number[] = []
    ids.push(
      await create(collection, {
        name: `Main ${collection}`,
        status: 'publish',
        author: users.editor.id,
      }),
    )
    ids.push(
      await create(collection, {
        name: `Draft ${marker()}`,
        description: marker(),
        status: 'draft',
        slug: `${collection}-draft`,
        author: users.author.id,
      }),
    )
    ids.push(
      await create(collection, {
        name: `Locked ${marker()}`,
        description: marker(),
        phone: marker(),
        status: 'publish',
        password,
        slug: `${collection}-locked`,
        author: users.editor.id,
      }),
    )
    const gone = await create(collection, {
      name: `Gone ${marker()}`,
      description: marker(),
      status: 'publish',
      slug: `${collection}-gone`,
      author: users.author.id,
    })
    await trash(collection, gone)
    return ids
  }
  const venues = await linked('venues')
  const organizers = await linked('organizers')

  const event = (title: string, extra: Record<string, unknown>) =>
    create('events', {
      title,
      startDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 5 * 86_400_000 + 7_200_000).toISOString(),
      status: 'publish',
      venue: venues[0],
      organizers: [organizers[0]],
      categories,
      tags,
      cost: ['€10'],
      ...extra,
    })
  const main = await event('Open concert', { author: users.editor.id })
  await event('Author concert', { author: users.author.id, parent: main })
  await event(`Draft ${marker()}`, {
    description: marker(),
    status: 'draft',
    slug: 'event-draft',
    author: users.contributor.id,
  })
  await event(`Pending ${marker()}`, {
    excerpt: marker(),
    status: 'pending',
    slug: 'event-pending',
    author: users.contributor.id,
  })
  await event(`Private ${marker()}`, {
    description: marker(),
    status: 'private',
    slug: 'event-private',
    author: users.editor.id,
  })
  await event(`Future ${marker()}`, {
    description: marker(),
    publishedAt: '2099-01-01T00:00:00.000Z',
    slug: 'event-future',
    author: users.author.id,
  })
  await event('Locked concert', {
    description: marker(),
    excerpt: marker(),
    password,
    slug: 'event-locked',
    venue: venues[2],
    organizers: [organizers[2]],
  })
  await event('Draft-linked concert', { venue: venues[1], organizers: [organizers[1]] })
  await trash(
    'events',
    await event(`Gone ${marker()}`, {
      description: marker(),
      slug: 'event-gone',
      author: users.editor.id,
    }),
  )
  return { password }
}

/**
 * Markers that a caller may not see now, with the reason: worked out from the stored records as
 * they are.
 */
export type Secrets = { unpublished: Set<string>; trashed: Set<string>; locked: Set<string> }

const isPublished = (doc: Record<string, any>, now: Date) =>
  doc.status === 'publish' ||
  (doc.status === 'future' && doc.publishedAt && new Date(doc.publishedAt) <= now)

const markersIn = (value: unknown): string[] => JSON.stringify(value ?? null).match(MARKER) ?? []

export async function currentSecrets(payload: Payload): Promise<Secrets> {
  const secrets: Secrets = { unpublished: new Set(), trashed: new Set(), locked: new Set() }
  // A marker can be held by several records (the dates of a recurring series copy it, a split
  // copies the series): it is secret only when every record holding it is.
  const open = {
    trashed: new Set<string>(),
    unpublished: new Set<string>(),
    locked: new Set<string>(),
  }
  const now = new Date()
  // A readable event shows its venue and organizers whatever their status, as The Events
  // Calendar embeds them (endpoints/forms/load.ts): a draft one linked from a published event
  // is no secret.
  const shown = { venues: new Set<unknown>(), organizers: new Set<unknown>() }
  for (const collection of ['events', 'venues', 'organizers'] as const) {
    const { docs } = await payload.find({
      collection,
      locale: 'all',
      trash: true,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs as Record<string, any>[]) {
      const all = markersIn(doc)
      if (collection === 'events' && !doc.deletedAt && isPublished(doc, now)) {
        shown.venues.add(doc.venue)
        for (const organizer of doc.organizers ?? []) shown.organizers.add(organizer)
      }
      const embedded = collection !== 'events' && shown[collection].has(doc.id)
      if (doc.deletedAt) all.forEach((m) => secrets.trashed.add(m))
      else {
        all.forEach((m) => open.trashed.add(m))
        if (!isPublished(doc, now) && !embedded) all.forEach((m) => secrets.unpublished.add(m))
        else all.forEach((m) => open.unpublished.add(m))
      }
      // A locked event keeps its title in lists; a locked venue or organizer shows nothing.
      const hidden = doc.password
        ? collection === 'events'
          ? markersIn({ ...doc, title: null })
          : all
        : []
      hidden.forEach((m) => secrets.locked.add(m))
      all.filter((m) => !hidden.includes(m)).forEach((m) => open.locked.add(m))
    }
  }
  for (const kind of ['trashed', 'unpublished', 'locked'] as const)
    for (const m of open[kind]) secrets[kind].delete(m)
  return secrets
}

/**
 * What of the secrets a response to `caller` shows that it may not; `sent` is the request as sent.
 */
export function leaksIn(
  text: string,
  caller: Caller,
  secrets: Secrets,
  password: string,
  sent: string,
): string[] {
  const found: string[] = []
  const rank = caller.role
    ? ['subscriber', 'contributor', 'author', 'editor', 'administrator'].indexOf(caller.role)
    : -1
  if (text.includes(password) && !sent.includes(password)) found.push('a record password')
  for (const seen of new Set(text.match(MARKER) ?? [])) {
    if (secrets.trashed.has(seen) && rank < 3) found.push(`${seen} of a trashed record`)
    else if (secrets.unpublished.has(seen) && rank < 1)
      found.push(`${seen} of an unpublished record`)
    if (secrets.locked.has(seen) && !sent.includes(password))
      found.push(`${seen} of a password-protected record`)
  }
  return found
}
