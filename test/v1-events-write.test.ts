import { describe, expect, it } from '@jest/globals'
import { formsKept } from '../endpoints/forms/formKeeper.js'
import { formsWarmed } from '../endpoints/records/formWarmer.js'
import { totalsOf } from '../endpoints/events/totals.js'
import { DEFAULTS } from '../core/defaults.js'
import { usesSql } from '../core/database/store.js'
import {
  createV1Event,
  type TestServer,
  type TestUser,
  useTestServer,
  utcWallClock,
  V1,
} from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>

useTestServer(
  ['editor', 'author', 'contributor', 'subscriber'],
  (setup) => ({ server, users } = setup),
)

const when = () => ({ start_date: utcWallClock(12), end_date: utcWallClock(12, 2) })
const call = (
  method: string,
  path: string,
  user?: string,
  body?: unknown,
  headers?: Record<string, string>,
) =>
  server.request(method, `${V1}${path}`, {
    token: user ? users[user].token : undefined,
    body,
    headers,
  })
const countEvents = async () =>
  (await server.payload.count({ collection: 'events', trash: true, overrideAccess: true }))
    .totalDocs

describe('POST /events: who may create (authentication before validation)', () => {
  it('anonymous callers get 401 and subscribers 403, even with invalid arguments', async () => {
    expect((await call('POST', '/events', undefined, {})).body).toMatchObject({
      code: 'rest_forbidden',
      data: { status: 401 },
    })
    expect((await call('POST', '/events', 'subscriber', {})).body).toMatchObject({
      code: 'rest_forbidden',
      data: { status: 403 },
    })
  })

  it('a bad token or API key is 401 rest_invalid_credentials, reads included', async () => {
    const response = await server.request('GET', `${V1}/events`, {
      headers: { authorization: 'JWT not-a-token' },
    })
    expect(response.status).toBe(401)
    expect(response.body.code).toBe('rest_invalid_credentials')
    expect(
      (
        await server.request('GET', `${V1}/events`, {
          headers: { authorization: 'users API-Key nope' },
        })
      ).status,
    ).toBe(401)
  })

  it('API keys work like tokens', async () => {
    const response = await server.request('POST', `${V1}/events`, {
      apiKey: users.author.apiKey,
      body: { title: 'By key', ...when() },
    })
    expect(response.status).toBe(201)
    expect(response.body.author).toBe(String(users.author.id))
  })
})

describe('POST /events: arguments', () => {
  it('201 with the record (no json_ld)', async () => {
    const response = await call('POST', '/events', 'author', {
      title: 'New',
      ...when(),
      website: 'https://new.example',
      featured: true,
      sticky: '1',
      hide_from_listings: 'false',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      title: 'New',
      status: 'publish',
      website: 'https://new.example',
      featured: true,
      sticky: true,
      hide_from_listings: false,
      show_map: true,
      show_map_link: true,
    })
    expect(response.body).not.toHaveProperty('json_ld')
  })

  it('title, start_date and end_date are required', async () => {
    const response = await call('POST', '/events', 'author', { title: 'No dates' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['start_date', 'end_date'] },
    })
  })

  it.each([
    ['title', ''],
    ['start_date', 'before my birthday'],
    ['start_date', 1700000000],
    ['status', 'kinda_thinking_about_it'],
    ['timezone', 'Mars/Olympus'],
    ['website', 'foo'],
    ['author', 99999],
    ['author', ''],
    ['image', 'bogus'],
    ['image', 99999],
    ['featured', 'maybe'],
    ['date', 'someday'],
    ['post_parent', 99999],
    ['cost', { amount: 1 }],
  ])('%s = %j is 400 rest_invalid_param, and nothing is written', async (name, value) => {
    const before = await countEvents()
    const response = await call('POST', '/events', 'editor', {
      title: 'Bad',
      ...when(),
      [name]: value,
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { [name]: expect.any(String) } },
    })
    expect(await countEvents()).toBe(before)
  })

  it('status is scaled to the caller: contributors cannot publish', async () => {
    expect(
      (await call('POST', '/events', 'contributor', { title: 'C1', ...when(), status: 'publish' }))
        .body.status,
    ).toBe('pending')
    expect(
      (await call('POST', '/events', 'contributor', { title: 'C2', ...when() })).body.status,
    ).toBe('draft')
    expect((await call('POST', '/events', 'author', { title: 'A1', ...when() })).body.status).toBe(
      'publish',
    )
    expect(
      (
        await call('POST', '/events', 'author', {
          title: 'A2',
          ...when(),
          status: 'publish',
          date: '+1 month',
        })
      ).body.status,
    ).toBe('future')
  })

  it.each([
    ['20$', '20$', { currency_symbol: '$', currency_position: 'postfix', values: ['20'] }],
    [['0$', '20$', '30$'], 'Free – 30$', { currency_symbol: '$', values: ['0', '20', '30'] }],
    [
      '€6.50 - €8.50',
      '€6.50 – €8.50',
      { currency_symbol: '€', currency_position: 'prefix', values: ['6.50', '8.50'] },
    ],
    // Each number's digits as written, trailing zeros too, as The Events Calendar gives them (#47).
    [
      '$6.50 – $8.50',
      '$6.50 – $8.50',
      { currency_symbol: '$', currency_position: 'prefix', values: ['6.50', '8.50'] },
    ],
    ['1,000.00', '1,000.00', { values: ['1000.00'] }],
    ['5,50 7,50', '5,50 – 7,50', { values: ['5.5', '7.5'] }],
    ['0', 'Free', { values: ['0'] }],
    ['10', '10', { currency_symbol: '', values: ['10'] }],
    ['Donation', 'Donation', { values: ['donation'] }],
  ])('cost %j shows as %j', async (cost, shown, details) => {
    const event = await createV1Event(server, users.editor, { title: 'Priced', ...when(), cost })
    expect(event.cost).toBe(shown)
    expect(event.cost_details).toMatchObject(details)
  })

  it('categories and tags by id, slug or name; missing names are created in the request language', async () => {
    const music = (
      await server.request('POST', '/api/event-categories', {
        token: users.editor.token,
        body: { name: 'Music' },
      })
    ).body.doc
    const event = await createV1Event(server, users.editor, {
      title: 'Tagged',
      ...when(),
      categories: [music.id, 'Théâtre'],
      tags: 'outdoor, Late night',
    })
    expect(event.categories.map((c: { name: string }) => c.name)).toEqual(['Music', 'Théâtre'])
    expect(event.tags.map((t: { slug: string }) => t.slug)).toEqual(['late-night', 'outdoor'])
    const french = await server.request('POST', `/fr${V1}/events`, {
      token: users.editor.token,
      body: { title: 'Soirée', ...when(), categories: 'Danse' },
    })
    const dance = french.body.categories[0]
    const english = (await server.request('GET', `/api/event-categories/${dance.id}?locale=all`))
      .body
    expect(english.name).toEqual({ fr: 'Danse' })
    const bySlug = await createV1Event(server, users.editor, {
      title: 'By slug',
      ...when(),
      categories: 'theatre',
    })
    expect(bySlug.categories.map((c: { id: number }) => c.id)).toEqual([event.categories[1].id])
  })

  it('an inline venue is created, and an identical one reused', async () => {
    const first = await createV1Event(server, users.editor, {
      title: 'V1',
      ...when(),
      venue: { venue: 'Town Hall', city: 'Springfield', state: 'IL', country: 'United States' },
    })
    expect(first.venue).toMatchObject({
      venue: 'Town Hall',
      city: 'Springfield',
      stateprovince: 'IL',
    })
    const second = await createV1Event(server, users.editor, {
      title: 'V2',
      ...when(),
      venue: { venue: 'town hall', phone: '555' },
    })
    expect(second.venue.id).toBe(first.venue.id)
    const byId = await createV1Event(server, users.editor, {
      title: 'V3',
      ...when(),
      venue: first.venue.id,
    })
    const byObject = await createV1Event(server, users.editor, {
      title: 'V4',
      ...when(),
      venue: { id: first.venue.id },
    })
    expect([byId.venue.id, byObject.venue.id]).toEqual([first.venue.id, first.venue.id])
    expect(
      (await createV1Event(server, users.editor, { title: 'V5', ...when(), venue: '' })).venue,
    ).toEqual([])
  })

  it('bad venues and organizers are 400 and create nothing', async () => {
    const venues = async () =>
      (await server.payload.count({ collection: 'venues', overrideAccess: true })).totalDocs
    const before = { events: await countEvents(), venues: await venues() }
    const cases: [unknown, unknown, string][] = [
      [99999, undefined, 'rest_invalid_param'],
      [[1, 2], undefined, 'rest_invalid_param'],
      [{ city: 'No name' }, undefined, 'could-not-create-venue'],
      [{ venue: 'Half geo', geo_lat: 10 }, undefined, 'could-not-create-venue'],
      [{ venue: 'Fine new venue' }, [{ organizer: '' }], 'could-not-create-organizer'],
      [undefined, [99999], 'rest_invalid_param'],
    ]
    for (const [venue, organizer, code] of cases) {
      const response = await call('POST', '/events', 'editor', {
        title: 'Bad links',
        ...when(),
        venue,
        organizer,
      })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe(code)
    }
    expect({ events: await countEvents(), venues: await venues() }).toEqual(before)
  })

  it('lists of more than 100 items are 400 and write nothing (the database takes only so many parameters)', async () => {
    const before = await countEvents()
    const many = (n: number, prefix = '') =>
      Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`)
    const cases: [string, unknown][] = [
      ['categories', many(40_000, 'c')],
      ['tags', many(60_000).join(',')],
      ['organizer', many(30_000).map(Number)],
      ['cost', many(50_000)],
    ]
    for (const [name, value] of cases) {
      const response = await call('POST', '/events', 'editor', {
        title: 'Long lists',
        ...when(),
        [name]: value,
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { [name]: expect.stringMatching(/at most 100/i) } },
      })
    }
    expect(await countEvents()).toBe(before)
    expect(
      (
        await call('POST', '/events', 'editor', {
          title: 'Hundred costs',
          ...when(),
          cost: many(100),
        })
      ).status,
    ).toBe(201)
    expect((await call('GET', `/events?include=${many(101).join(',')}`)).status).toBe(400)
  })

  it('organizers: ids, objects, a bare object or a comma list, in order', async () => {
    const a = await createV1Event(server, users.editor, {
      title: 'O1',
      ...when(),
      organizer: [{ organizer: 'Zed Org' }, { organizer: 'Alpha Org', email: 'a@example.com' }],
    })
    expect(a.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Zed Org',
      'Alpha Org',
    ])
    const [zed, alpha] = a.organizer.map((o: { id: number }) => o.id)
    expect(
      (
        await createV1Event(server, users.editor, {
          title: 'O2',
          ...when(),
          organizer: `${alpha},${zed}`,
        })
      ).organizer.map((o: { id: number }) => o.id),
    ).toEqual([alpha, zed])
    expect(
      (
        await createV1Event(server, users.editor, {
          title: 'O3',
          ...when(),
          organizer: { organizer: 'Alpha Org' },
        })
      ).organizer.map((o: { id: number }) => o.id),
    ).toEqual([alpha])
  })
})

describe('images', () => {
  it('an uploaded image by id, or an outside URL kept as a reference', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const form = new FormData()
    form.append('file', new Blob([png], { type: 'image/png' }), 'poster.png')
    const upload = await fetch(`${server.url}/api/media`, {
      method: 'POST',
      headers: { authorization: `JWT ${users.editor.token}` },
      body: form,
    })
    const mediaId = ((await upload.json()) as { doc: { id: number } }).doc.id
    const withUpload = await createV1Event(server, users.editor, {
      title: 'Poster',
      ...when(),
      image: mediaId,
    })
    expect(withUpload.image).toMatchObject({
      id: mediaId,
      extension: 'png',
      width: 1,
      height: 1,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/media\/file\/poster\.png$/),
    })
    const withUrl = await createV1Event(server, users.editor, {
      title: 'Linked poster',
      ...when(),
      image: 'https://images.example/poster.jpg',
    })
    expect(withUrl.image).toEqual({
      url: 'https://images.example/poster.jpg',
      id: 0,
      extension: 'jpg',
    })
    expect((await call('PATCH', `/events/${withUrl.id}`, 'editor', { image: '' })).body.image).toBe(
      false,
    )
  })
})

describe('search in the request language', () => {
  it('matches the localized title of that language', async () => {
    const event = await createV1Event(server, users.editor, {
      title: 'Harvest festival',
      ...when(),
      tags: 'harvest',
    })
    await call('PATCH', `/events/${event.id}`, 'editor', {
      title: 'Fête des vendanges',
      translation_language: 'fr',
    })
    const search = async (lang: string, words: string) =>
      (
        await call(
          'GET',
          `/events?tags=harvest&search=${encodeURIComponent(words)}&translation_language=${lang}`,
        )
      ).body.total
    expect(await search('fr', 'vendanges')).toBe(1)
    expect(await search('en', 'vendanges')).toBe(0)
    expect(await search('en', 'harvest')).toBe(1)
  })
})

describe('updates', () => {
  it('are partial with POST, PUT and PATCH: omitted fields keep their value', async () => {
    const event = await createV1Event(server, users.editor, {
      title: 'Keep',
      ...when(),
      timezone: 'Europe/Paris',
      website: 'https://keep.example',
      cost: '$5',
      featured: true,
      show_map: false,
      organizer: [{ organizer: 'Keeper' }],
      venue: { venue: 'Keep Hall' },
      categories: 'Kept',
      status: 'private',
    })
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const response = await call(method, `/events/${event.id}`, 'editor', {
        title: `Kept by ${method}`,
      })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({
        title: `Kept by ${method}`,
        timezone: 'Europe/Paris',
        website: 'https://keep.example',
        cost: '$5',
        featured: true,
        show_map: false,
        status: 'private',
        start_date: event.start_date,
        end_date: event.end_date,
      })
      expect(response.body.organizer.map((o: { id: number }) => o.id)).toEqual(
        event.organizer.map((o: { id: number }) => o.id),
      )
      expect(response.body.venue.id).toBe(event.venue.id)
      expect(response.body.categories).toHaveLength(1)
    }
  })

  it('an empty venue unlinks it; empty categories remove them all', async () => {
    const event = await createV1Event(server, users.editor, {
      title: 'Unlink',
      ...when(),
      venue: { venue: 'Gone Hall' },
      categories: 'Gone',
    })
    for (const empty of [0, '', []]) {
      await call('PATCH', `/events/${event.id}`, 'editor', { venue: event.venue.id })
      expect(
        (await call('PATCH', `/events/${event.id}`, 'editor', { venue: empty })).body.venue,
      ).toEqual([])
    }
    expect(
      (await call('PATCH', `/events/${event.id}`, 'editor', { categories: [] })).body.categories,
    ).toEqual([])
  })

  it('sending only start_date moves the start, and the end with it when it would come first', async () => {
    const event = await createV1Event(server, users.editor, {
      title: 'Move',
      start_date: '2030-05-01 10:00:00',
      end_date: '2030-05-01 12:00:00',
    })
    expect(
      (await call('PATCH', `/events/${event.id}`, 'editor', { start_date: '2030-05-01 11:00:00' }))
        .body,
    ).toMatchObject({ start_date: '2030-05-01 11:00:00', end_date: '2030-05-01 12:00:00' })
    expect(
      (await call('PATCH', `/events/${event.id}`, 'editor', { start_date: '2030-05-02 09:00:00' }))
        .body,
    ).toMatchObject({ start_date: '2030-05-02 09:00:00', end_date: '2030-05-02 09:00:00' })
  })

  it('writes in fr and es leave the other languages as they were', async () => {
    const event = await createV1Event(server, users.editor, {
      title: 'Market',
      ...when(),
      description: 'Fresh food',
    })
    await call('POST', `/events/${event.id}`, 'editor', {
      title: 'Marché',
      description: 'Produits frais',
      translation_language: 'fr',
    })
    await server.request('PATCH', `/es${V1}/events/${event.id}`, {
      token: users.editor.token,
      body: { title: 'Mercado' },
    })
    const read = async (lang: string) =>
      (await call('GET', `/events/${event.id}?translation_language=${lang}`)).body
    expect(await read('en')).toMatchObject({ title: 'Market', description: '<p>Fresh food</p>' })
    expect(await read('fr')).toMatchObject({
      title: 'Marché',
      description: '<p>Produits frais</p>',
    })
    expect(await read('es')).toMatchObject({ title: 'Mercado', description: '<p>Fresh food</p>' })
    const created = await server.request('POST', `/es${V1}/events`, {
      token: users.editor.token,
      body: { title: 'Solo español', ...when() },
    })
    expect((await call('GET', `/events/${created.body.id}`)).body.title).toBe('Solo español')
  })

  it('rights: authors update their own events only; contributors their own drafts; 404 for unknown ids', async () => {
    const editors = await createV1Event(server, users.editor, { title: 'Editor owned', ...when() })
    const authors = await createV1Event(server, users.author, { title: 'Author owned', ...when() })
    expect((await call('PATCH', `/events/${editors.id}`, 'author', { title: 'x' })).status).toBe(
      403,
    )
    expect((await call('PATCH', `/events/${authors.id}`, 'author', { title: 'Mine' })).status).toBe(
      200,
    )
    expect(
      (await call('PATCH', `/events/${authors.id}`, 'contributor', { title: 'x' })).status,
    ).toBe(403)
    expect((await call('PATCH', `/events/${authors.id}`, undefined, { title: '' })).status).toBe(
      401,
    )
    expect((await call('PATCH', '/events/99999', 'editor', { title: 'x' })).body.code).toBe(
      'rest-event-not-found',
    )
    expect(
      (await call('PATCH', `/events/by-slug/${authors.slug}`, 'editor', { title: 'By slug' })).body
        .title,
    ).toBe('By slug')
  })
})

describe('DELETE /events', () => {
  it('moves to the trash (200, status trash), then 410; force deletes for good', async () => {
    const event = await createV1Event(server, users.editor, { title: 'Bin', ...when() })
    const trashed = await call('DELETE', `/events/${event.id}`, 'editor')
    expect(trashed.status).toBe(200)
    expect(trashed.body).toMatchObject({ id: event.id, status: 'trash' })
    const again = await call('DELETE', `/events/${event.id}`, 'editor')
    expect(again.status).toBe(410)
    expect(again.body.code).toBe('event-is-in-trash')
    const forced = await call('DELETE', `/events/${event.id}?force=true`, 'editor')
    expect(forced.status).toBe(200)
    expect(forced.body.id).toBe(event.id)
    expect((await call('GET', `/events/${event.id}`)).status).toBe(404)
  })

  it('below editors, an event in the trash cannot be updated (403, nothing shown); deleting it again is 410', async () => {
    const own = await createV1Event(server, users.author, { title: 'Author bin', ...when() })
    expect((await call('DELETE', `/events/${own.id}`, 'author')).status).toBe(200)
    for (const path of [`/events/${own.id}`, `/events/by-slug/${own.slug}`]) {
      const response = await call('PATCH', path, 'author', { title: 'Still mine?' })
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } })
    }
    expect((await call('DELETE', `/events/${own.id}`, 'author')).status).toBe(410)
    expect(
      (await call('PATCH', `/events/${own.id}`, 'editor', { title: 'Editors may' })).status,
    ).toBe(200)
  })

  it('force needs an editor; unknown ids are 404; by slug works', async () => {
    const own = await createV1Event(server, users.author, { title: 'Own', ...when() })
    expect((await call('DELETE', `/events/${own.id}?force=true`, 'author')).status).toBe(403)
    expect((await call('DELETE', `/events/${own.id}`, 'author')).status).toBe(200)
    expect((await call('DELETE', '/events/99999', 'editor')).body.code).toBe('rest-event-not-found')
    const bySlug = await createV1Event(server, users.editor, { title: 'Slugged bin', ...when() })
    expect((await call('DELETE', `/events/by-slug/${bySlug.slug}`, 'editor')).body.status).toBe(
      'trash',
    )
    expect((await call('DELETE', `/events/${own.id}`, undefined)).status).toBe(401)
  })
})

describe('bad requests change nothing', () => {
  it.each([
    [
      'malformed JSON',
      '{"title": "x",',
      { 'content-type': 'application/json' },
      400,
      'rest_invalid_json',
    ],
    ['a JSON array', '[1,2]', { 'content-type': 'application/json' }, 400, 'rest_invalid_json'],
    [
      'a prototype key',
      '{"title":"x","__proto__":{"admin":true}}',
      { 'content-type': 'application/json' },
      400,
      'rest_invalid_param',
    ],
    [
      'an operator object',
      JSON.stringify({
        title: 'x',
        start_date: 'tomorrow',
        end_date: 'tomorrow',
        venue: { $ne: 1 },
      }),
      { 'content-type': 'application/json' },
      400,
      'could-not-create-venue',
    ],
    ['plain text', 'title=x', { 'content-type': 'text/plain' }, 415, 'rest_unsupported_media_type'],
    [
      'a body over 1 MiB',
      JSON.stringify({ title: 'x'.repeat(1_100_000) }),
      { 'content-type': 'application/json' },
      413,
      'rest_request_too_large',
    ],
  ])('%s', async (_name, body, headers, status, code) => {
    const before = await countEvents()
    const response = await server.request('POST', `${V1}/events`, {
      token: users.editor.token,
      body,
      headers,
    })
    expect(response.status).toBe(status)
    expect(response.body).toMatchObject({ code, message: expect.any(String), data: { status } })
    expect(await countEvents()).toBe(before)
  })

  it('a form-encoded body works like JSON', async () => {
    const body = new URLSearchParams({
      title: 'Form',
      start_date: utcWallClock(3),
      end_date: utcWallClock(3, 1),
      'tags[]': 'form',
    }).toString()
    const response = await server.request('POST', `${V1}/events`, {
      token: users.editor.token,
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(201)
    expect(response.body.tags[0].slug).toBe('form')
  })

  it('unknown paths are 404 and known paths with other methods 405 with Allow', async () => {
    expect((await call('GET', '/nothing-here')).body).toMatchObject({
      code: 'rest_no_route',
      data: { status: 404 },
    })
    const wrong = await call('DELETE', '/events', 'editor')
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, POST, HEAD')
    const head = await server.request('HEAD', `${V1}/events`)
    expect(head.status).toBe(200)
    expect(head.headers.get('x-tec-total')).not.toBeNull()
    expect((await call('GET', '/events/')).status).toBe(200)
    const preflight = await server.request('OPTIONS', `${V1}/events`, {
      headers: { origin: 'http://example.com', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(200)
  })

  it('a path that is not valid percent-encoding is 404 rest_no_route, not a 500', async () => {
    for (const path of ['/events/by-slug/%E0%A4%A', '/events/by-slug/100%', '/%ZZ']) {
      const response = await call('GET', path)
      expect([path, response.status, response.body]).toEqual([
        path,
        404,
        { code: 'rest_no_route', message: expect.any(String), data: { status: 404 } },
      ])
    }
    expect((await call('GET', '/events/by-slug/caf%C3%A9')).body.code).toBe('rest_invalid_param')
  })
})

describe('database work per page', () => {
  it('is the same for per_page=10 and per_page=50', async () => {
    const venue = (
      await server.request('POST', '/api/venues', {
        token: users.editor.token,
        body: { name: 'Counted', status: 'publish' },
      })
    ).body.doc.id
    // Categories in a hierarchy: reading one must not walk up to its ancestors.
    let parent: number | undefined
    for (let i = 0; i < 5; i++) {
      parent = (
        await server.request('POST', '/api/event-categories', {
          token: users.editor.token,
          body: { name: `cat-${i}`, parent },
        })
      ).body.doc.id
    }
    for (let i = 0; i < 60; i++) {
      await createV1Event(server, users.editor, {
        title: `Counted ${i}`,
        ...when(),
        venue,
        organizer: [{ organizer: `Org ${i % 7}` }],
        categories: `cat-${i % 5}`,
        tags: 'counted',
      })
    }
    const db = server.payload.db as unknown as Record<string, (...args: unknown[]) => unknown>
    const methods = [
      'find',
      'findOne',
      'count',
      'queryDrafts',
      'findGlobal',
      'findVersions',
      'countVersions',
      'findDistinct',
    ]
    const originals = Object.fromEntries(
      methods.filter((m) => typeof db[m] === 'function').map((m) => [m, db[m]]),
    )
    let calls = 0
    // The change mark's reads apart: on SQL stores a statement prepared once (no call of the
    // adapter's methods), in the generic store one `find` per read.
    let markReads = 0
    for (const [name, original] of Object.entries(originals)) {
      db[name] = (...args: unknown[]) => {
        if ((args[0] as { collection?: string })?.collection === DEFAULTS.sequencesSlug) markReads++
        else calls++
        return original.apply(db, args)
      }
    }
    const markReadsPerRead = usesSql(server.payload.db) ? 0 : 1
    const measure = async (perPage: number) => {
      totalsOf(server.payload, 10).clear()
      calls = 0
      const response = await call('GET', `/events?tags=counted&per_page=${perPage}`)
      expect(response.body.events).toHaveLength(perPage)
      return calls
    }
    try {
      // The events' forms are built after their writes (endpoints/records/formWarmer.ts): done
      // before measuring, so that the warmer's own reads are not counted with a page's.
      await formsWarmed(server.payload)
      await formsKept(server.payload)
      // The first read after writes also works out when answers may next change (the response
      // cache's time boundary, endpoints/cache/responses.ts), once: read once before measuring.
      await call('GET', '/events?tags=counted&per_page=5')
      // A form the warmer built while later writes still named its event is dropped, and built
      // again by the next read (seen on the generic store, where a write's steps are not one
      // transaction): every event is read once, at other page sizes, and its form kept.
      await call('GET', '/events?tags=counted&per_page=30&page=1')
      await call('GET', '/events?tags=counted&per_page=30&page=2')
      await formsKept(server.payload)
      const ten = await measure(10)
      const fifty = await measure(50)
      expect(fifty).toBe(ten)
      expect(ten).toBeLessThanOrEqual(15)
      // Now every event's form is kept (endpoints/forms/forms.ts) and the total is reused
      // (endpoints/events/totals.ts): a page costs its ids, its term filter and the forms, the
      // same few calls for any size. Other page sizes, since the same request would be answered
      // from the response cache.
      calls = 0
      expect((await call('GET', '/events?tags=counted&per_page=20')).body.total).toBe(60)
      const joined = calls
      calls = 0
      expect((await call('GET', '/events?tags=counted&per_page=40')).body.total).toBe(60)
      expect(calls).toBe(joined)
      expect(joined).toBeLessThanOrEqual(3)
      // The same request again is an anonymous read the response cache answers before Payload: only
      // the change mark is read (on SQL stores by a statement prepared once, no call of the
      // adapter's methods).
      calls = 0
      markReads = 0
      const again = await call('GET', '/events?tags=counted&per_page=20')
      expect(again.body.total).toBe(60)
      expect(again.headers.get('x-cal-early')).toBe('1')
      expect(calls).toBe(0)
      expect(markReads).toBe(markReadsPerRead)
    } finally {
      Object.assign(db, originals)
    }
  })
})
