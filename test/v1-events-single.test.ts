import { describe, expect, it } from '@jest/globals'
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
let author: TestUser
let contributor: TestUser

useTestServer(['author', 'contributor'], (setup) => {
  server = setup.server
  admin = setup.admin
  author = setup.users.author
  contributor = setup.users.contributor
})

const read = (path: string, user?: TestUser) =>
  server.request('GET', `${V1}${path}`, user ? { token: user.token } : {})
const when = { start_date: utcWallClock(10), end_date: utcWallClock(10, 2) }

describe('GET /events/{id} and by slug (docs/v1-reference.md §5.2)', () => {
  it('answers the full record with json_ld: schema.org Event with its venue as Place and organizers', async () => {
    const event = await createV1Event(server, admin, {
      ...when,
      title: 'Gala',
      description: 'An evening of music',
      venue: {
        venue: 'Opera House',
        city: 'Lyon',
        country: 'France',
        geo_lat: 45.76,
        geo_lng: 4.83,
      },
      organizer: [{ organizer: 'Friends of the Opera', email: 'friends@example.com' }],
      cost: '€25',
    })
    const response = await read(`/events/${event.id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-language')).toBe('en')
    const { json_ld: jsonLd, venue, organizer } = response.body
    expect(jsonLd).toMatchObject({
      '@context': 'http://schema.org',
      '@type': 'Event',
      name: 'Gala',
      description: 'An evening of music',
      url: event.url,
    })
    expect(jsonLd.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(jsonLd.location).toMatchObject({
      '@type': 'Place',
      name: 'Opera House',
      address: { addressLocality: 'Lyon', addressCountry: 'France' },
      geo: { latitude: 45.76, longitude: 4.83 },
    })
    expect(jsonLd.organizer[0]).toMatchObject({
      '@type': 'Organization',
      name: 'Friends of the Opera',
      email: 'friends@example.com',
    })
    expect(venue.json_ld['@type']).toBe('Place')
    expect(organizer[0].json_ld['@type']).toBe('Organization')
    expect(response.body.cost).toBe('€25')
  })

  it('has no json_ld in the archive', async () => {
    const list = await server.request('GET', `${V1}/events?per_page=50`)
    for (const event of list.body.events) expect(event).not.toHaveProperty('json_ld')
  })

  it('has the keys of docs/v1-reference.md §4.1 in order', async () => {
    const event = await createV1Event(server, admin, { ...when, title: 'Shape' })
    expect(Object.keys((await read(`/events/${event.id}`)).body)).toEqual([
      'id',
      'global_id',
      'global_id_lineage',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'rest_url',
      'title',
      'description',
      'excerpt',
      'slug',
      'image',
      'all_day',
      'start_date',
      'start_date_details',
      'end_date',
      'end_date_details',
      'utc_start_date',
      'utc_start_date_details',
      'utc_end_date',
      'utc_end_date_details',
      'timezone',
      'timezone_abbr',
      'cost',
      'cost_details',
      'website',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'sticky',
      'featured',
      'categories',
      'tags',
      'venue',
      'organizer',
      'custom_fields',
      'ticketed',
      'post_parent',
      'event_status',
      'event_status_reason',
      'previous_start_date',
      'attendance_mode',
      'online_url',
      'translations',
      'json_ld',
    ])
    expect(typeof (await read(`/events/${event.id}`)).body.author).toBe('string')
  })

  it('404 rest-event-not-found for an unknown id, 404 rest_no_route for a non-numeric one', async () => {
    const unknown = await read('/events/99999')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'rest-event-not-found', data: { status: 404 } })
    expect(unknown.body.message).toContain('does not exist')
    expect((await read('/events/foo')).body.code).toBe('rest_no_route')
    expect((await read('/events/by-slug/')).status).toBe(404)
  })

  it('id 0 is an id with no event: 404 rest-event-not-found to read, update and delete it, also through /es/api', async () => {
    for (const prefix of ['', '/es']) {
      const zero = await server.request('GET', `${prefix}${V1}/events/0`)
      expect(zero.status).toBe(404)
      expect(zero.body).toMatchObject({ code: 'rest-event-not-found', data: { status: 404 } })
      expect(zero.body.message).toContain('does not exist')
      const update = await server.request('PATCH', `${prefix}${V1}/events/0`, {
        token: admin.token,
        body: { title: 'Nothing' },
      })
      expect([update.status, update.body.code]).toEqual([404, 'rest-event-not-found'])
      const remove = await server.request('DELETE', `${prefix}${V1}/events/0`, {
        token: admin.token,
      })
      expect([remove.status, remove.body.code]).toEqual([404, 'rest-event-not-found'])
    }
  })

  it('id 0 of the other resources stays 400 rest_invalid_param, as in the reference', async () => {
    for (const prefix of ['', '/es']) {
      for (const resource of ['venues', 'organizers', 'categories', 'tags']) {
        const zero = await server.request('GET', `${prefix}${V1}/${resource}/0`)
        expect([resource, zero.status, zero.body.code]).toEqual([
          resource,
          400,
          'rest_invalid_param',
        ])
        expect(zero.body.data.params).toHaveProperty('id')
      }
    }
  })

  it('403 event-no-longer-available for a trashed event', async () => {
    const event = await createV1Event(server, admin, { ...when, title: 'Trashed' })
    await server.request('DELETE', `${V1}/events/${event.id}`, { token: admin.token })
    const response = await read(`/events/${event.id}`)
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({
      code: 'event-no-longer-available',
      message: 'This event is no longer available',
    })
  })

  it('403 event-not-accessible for an unpublished event the caller may not read, by id and by slug', async () => {
    const draft = await createV1Event(server, author, {
      ...when,
      title: 'Author draft',
      status: 'draft',
    })
    for (const path of [`/events/${draft.id}`, `/events/by-slug/${draft.slug}`]) {
      for (const user of [undefined, contributor]) {
        const response = await read(path, user)
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({
          code: 'event-not-accessible',
          message: 'The requested event is not accessible',
        })
      }
      expect((await read(path, author)).status).toBe(200)
      expect((await read(path, admin)).status).toBe(200)
    }
  })

  it('403 event-password-protected without the right password; 200 with it', async () => {
    const event = await createV1Event(server, admin, { ...when, title: 'Locked' })
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { password: 's3cret' },
    })
    for (const query of ['', '?password=wrong']) {
      const response = await read(`/events/${event.id}${query}`)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({
        code: 'event-password-protected',
        message: 'The requested event is not accessible without a password',
      })
    }
    const unlocked = await read(`/events/${event.id}?password=s3cret`)
    expect(unlocked.status).toBe(200)
    expect(JSON.stringify(unlocked.body)).not.toContain('s3cret')
    expect((await read(`/events/${event.id}?password=`)).status).toBe(400)
  })

  it('by slug: an unknown slug is 400 rest_invalid_param', async () => {
    const response = await read('/events/by-slug/no-such-event')
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('rest_invalid_param')
  })

  it('reads in the language asked: parameter, then path segment; links keep the segment', async () => {
    const event = await createV1Event(server, admin, { ...when, title: 'Concert' })
    await server.request('POST', `${V1}/events/${event.id}`, {
      token: admin.token,
      body: { title: 'Concierto', translation_language: 'es' },
    })
    await server.request('POST', `/fr${V1}/events/${event.id}`, {
      token: admin.token,
      body: { title: 'Concert du soir' },
    })
    expect((await read(`/events/${event.id}?translation_language=es`)).body.title).toBe('Concierto')
    const french = await server.request('GET', `/fr${V1}/events/${event.id}`)
    expect(french.body.title).toBe('Concert du soir')
    expect(french.headers.get('content-language')).toBe('fr')
    expect(french.body.rest_url).toMatch(new RegExp(`/fr${V1}/events/${event.id}$`))
    expect(french.body.url).toMatch(/\/fr\/event\/concert\/$/)
    expect(
      (await server.request('GET', `/fr${V1}/events/${event.id}?translation_language=es`)).body
        .title,
    ).toBe('Concierto')
    const invalid = await read(`/events/${event.id}?translation_language=de`)
    expect(invalid.status).toBe(400)
    expect(invalid.body.code).toBe('rest_invalid_param')
  })
})
