import { V1, type TestServer, type TestUser } from '../helpers.js'
import type { Cast } from './callers.js'

/**
 * A calendar written the same way every time (one request after another, explicit dates), so that
 * every answer of the v1 namespace and the feeds about it can be kept byte for byte
 * (test/wire-golden.test.ts): three languages, every status, a password, an image, a category
 * hierarchy, tags, venues with and without coordinates, organizers, all-day, multi-day and zoned
 * events, costs, a parent event and a recurring series. Nothing depends on today but the
 * publication of `future` posts, which lie far ahead.
 */
export type GoldenIds = {
  image: number
  categories: Record<'music' | 'jazz' | 'bebop' | 'family' | 'empty', number>
  tags: Record<'outdoor' | 'free' | 'late', number>
  venues: Record<'lyon' | 'newYork' | 'draft' | 'plain', number>
  organizers: Record<'alpha' | 'beta' | 'authors', number>
  events: Record<string, number>
  slugs: Record<string, string>
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export async function writeGoldenCalendar(server: TestServer, cast: Cast): Promise<GoldenIds> {
  const { administrator: admin, author } = cast.users

  const send = async (
    method: string,
    route: string,
    body: Record<string, unknown>,
    user: TestUser = admin,
  ) => {
    const response = await server.request(method, route, { token: user.token, body })
    if (response.status >= 300)
      throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(response.body)}`)
    return response.body as Record<string, any>
  }
  const v1 = (path: string, body: Record<string, unknown>, user?: TestUser) =>
    send('POST', `${V1}${path}`, body, user)

  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'golden-dot.png')
  form.append('_payload', JSON.stringify({ alt: 'A golden dot' }))
  const upload = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `JWT ${admin.token}` },
    body: form,
  })
  if (upload.status !== 201) throw new Error(`uploading the image: ${upload.status}`)
  const image = ((await upload.json()) as { doc: { id: number } }).doc.id

  const music = (await v1('/categories', { name: 'Music', description: 'All music' })).id
  const jazz = (await v1('/categories', { name: 'Jazz', parent: music })).id
  const bebop = (await v1('/categories', { name: 'Bebop', parent: jazz, slug: 'be-bop' })).id
  const family = (await v1('/categories', { name: 'Family & Kids' })).id
  const empty = (await v1('/categories', { name: 'Nothing yet' })).id
  await v1(`/categories/${jazz}`, { name: 'Jazz (fr)', translation_language: 'fr' })
  const outdoor = (await v1('/tags', { name: 'outdoor' })).id
  const free = (await v1('/tags', { name: 'free entry' })).id
  const late = (await v1('/tags', { name: 'évènement tardif' })).id

  const published = { status: 'publish', date: '2026-01-05 09:00:00' }
  const lyon = (
    await v1('/venues', {
      ...published,
      venue: 'Salle Rameau',
      description: '<p>A hall in <strong>Lyon</strong>.</p>',
      address: '29 rue de la Martinière',
      city: 'Lyon',
      country: 'France',
      zip: '69001',
      phone: '+33 4 00 00 00 00',
      website: 'https://rameau.example.org/',
      geo_lat: 45.7685,
      geo_lng: 4.8301,
      image,
    })
  ).id
  await v1(`/venues/${lyon}`, { venue: 'Salle Rameau (es)', translation_language: 'es' })
  const newYork = (
    await v1('/venues', {
      ...published,
      venue: 'Village Basement',
      address: '178 7th Ave S',
      city: 'New York',
      country: 'United States',
      stateprovince: 'NY',
      zip: '10014',
      geo_lat: 40.7358,
      geo_lng: -74.0036,
      show_map: false,
    })
  ).id
  const draftVenue = (
    await v1('/venues', { ...published, status: 'draft', venue: 'Unfinished Hall' })
  ).id
  const plain = (await v1('/venues', { ...published, venue: 'Plain Room' }, author)).id

  const alpha = (
    await v1('/organizers', {
      ...published,
      organizer: 'Alpha Productions',
      email: 'hello@alpha.example.org',
      phone: '555-0100',
      website: 'https://alpha.example.org/',
      description: '<p>We make <em>concerts</em>.</p>',
    })
  ).id
  await v1(`/organizers/${alpha}`, {
    organizer: 'Alpha Productions FR',
    translation_language: 'fr',
  })
  const beta = (await v1('/organizers', { ...published, organizer: 'Beta Collective' })).id
  const authors = (
    await v1('/organizers', { ...published, status: 'draft', organizer: 'Author Own' }, author)
  ).id

  const events: Record<string, number> = {}
  const slugs: Record<string, string> = {}
  const event = async (name: string, body: Record<string, unknown>, user?: TestUser) => {
    const record = await v1('/events', { timezone: 'UTC', ...published, ...body }, user)
    events[name] = record.id
    slugs[name] = record.slug
    return record
  }

  await event('concert', {
    title: 'Bebop night',
    description: '<p>The <strong>quartet</strong> plays.</p><p>Second paragraph.</p>',
    excerpt: '<p>Short.</p>',
    start_date: '2030-03-01 20:00:00',
    end_date: '2030-03-01 23:30:00',
    timezone: 'Europe/Paris',
    cost: '€15',
    categories: [bebop],
    tags: [late],
    venue: lyon,
    organizer: [alpha, beta],
    website: 'https://concert.example.org/',
    featured: true,
    image,
  })
  await send('POST', `${V1}/events/${events.concert}`, {
    title: 'Soirée bebop',
    description: '<p>Le <strong>quartette</strong> joue.</p>',
    translation_language: 'fr',
  })
  await send('POST', `${V1}/events/${events.concert}`, {
    title: 'Noche bebop',
    translation_language: 'es',
  })
  await event('festival', {
    title: 'Summer festival',
    description: '<p>Three days outside.</p>',
    all_day: true,
    start_date: '2030-06-12 00:00:00',
    end_date: '2030-06-14 23:59:59',
    cost: ['10', '25'],
    categories: [family, music],
    tags: [outdoor, free],
    venue: { venue: 'Parc de la Tête d’Or', city: 'Lyon', country: 'France', ...published },
    organizer: [{ organizer: 'City of Lyon', email: 'events@lyon.example.org', ...published }],
    sticky: true,
  })
  await event('newYork', {
    title: 'Midnight session',
    start_date: '2030-12-31 22:00:00',
    end_date: '2031-01-01 02:00:00',
    timezone: 'America/New_York',
    cost: '$35',
    currency_symbol: '$',
    categories: [jazz],
    venue: newYork,
    organizer: [beta],
  })
  await event('free', {
    title: 'Free rehearsal',
    start_date: '2030-03-02 14:00:00',
    end_date: '2030-03-02 16:00:00',
    cost: 'Free',
    tags: [free],
    venue: plain,
  })
  await event('hidden', {
    title: 'Hidden rehearsal',
    start_date: '2030-03-03 10:00:00',
    end_date: '2030-03-03 11:00:00',
    hide_from_listings: true,
  })
  await event('child', {
    title: 'Festival workshop',
    start_date: '2030-06-13 10:00:00',
    end_date: '2030-06-13 12:00:00',
    post_parent: events.festival,
    categories: [family],
  })
  await event('draft', {
    title: 'Draft gala',
    status: 'draft',
    start_date: '2030-04-01 19:00:00',
    end_date: '2030-04-01 22:00:00',
    venue: draftVenue,
  })
  await event(
    'pending',
    {
      title: 'Pending recital',
      status: 'pending',
      start_date: '2030-04-02 19:00:00',
      end_date: '2030-04-02 21:00:00',
      organizer: [authors],
    },
    cast.users.contributor,
  )
  await event('private', {
    title: 'Private dinner',
    status: 'private',
    start_date: '2030-04-03 19:00:00',
    end_date: '2030-04-03 21:00:00',
  })
  await event('future', {
    title: 'Scheduled announcement',
    status: 'future',
    date: '2099-01-01 00:00:00',
    start_date: '2030-04-04 19:00:00',
    end_date: '2030-04-04 21:00:00',
  })
  await event(
    'authors',
    {
      title: 'Author’s matinee',
      start_date: '2030-05-01 15:00:00',
      end_date: '2030-05-01 17:00:00',
      venue: plain,
      organizer: [authors],
      categories: [jazz],
    },
    author,
  )
  await event('locked', {
    title: 'Members only',
    description: '<p>The secret programme.</p>',
    excerpt: '<p>Secret.</p>',
    start_date: '2030-05-02 19:00:00',
    end_date: '2030-05-02 21:00:00',
    cost: '50',
    categories: [music],
  })
  const locked = await server.request('PATCH', `/api/events/${events.locked}`, {
    token: admin.token,
    body: { password: 'open sesame' },
  })
  if (locked.status !== 200) throw new Error(`setting a password: ${locked.status}`)
  await event('series', {
    title: 'Weekly jam',
    start_date: '2030-09-03 19:00:00',
    end_date: '2030-09-03 22:00:00',
    timezone: 'Europe/Paris',
    recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    categories: [jazz],
    venue: lyon,
  })
  for (let day = 1; day <= 12; day++) {
    await event(`listing${day}`, {
      title: `Listing ${day}: ${day % 2 ? 'Jazz' : 'Talk'} evening`,
      start_date: `2030-10-${String(day).padStart(2, '0')} 18:00:00`,
      end_date: `2030-10-${String(day).padStart(2, '0')} 19:30:00`,
      categories: day % 2 ? [jazz] : [],
      tags: day % 3 ? [] : [outdoor],
      venue: day % 2 ? lyon : newYork,
      featured: day === 5,
    })
  }
  await event('trashed', {
    title: 'Cancelled show',
    start_date: '2030-11-01 19:00:00',
    end_date: '2030-11-01 21:00:00',
  })
  const trashed = await server.request('DELETE', `${V1}/events/${events.trashed}`, {
    token: admin.token,
  })
  if (trashed.status !== 200) throw new Error(`trashing: ${trashed.status}`)

  return {
    image,
    categories: { music, jazz, bebop, family, empty },
    tags: { outdoor, free, late },
    venues: { lyon, newYork, draft: draftVenue, plain },
    organizers: { alpha, beta, authors },
    events,
    slugs,
  }
}
