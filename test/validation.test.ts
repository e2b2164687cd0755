import { describe, expect, it } from '@jest/globals'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => ({ server, admin } = setup))

type FieldError = { path: string; message: string }
const fieldErrors = (body: { errors?: { data?: { errors?: FieldError[] } }[] }): FieldError[] =>
  body.errors?.[0]?.data?.errors ?? []

const post = (collection: string, body: unknown, language?: string) =>
  server.request('POST', `/api/${collection}`, {
    token: admin.token,
    body,
    headers: language ? { 'accept-language': language } : {},
  })

describe('validation messages', () => {
  it.each([
    ['en', 'The end must not be before the start.'],
    ['fr', 'La fin ne peut pas précéder le début.'],
    ['es', 'El final no puede ser anterior al inicio.'],
    ['de', 'The end must not be before the start.'],
  ])(
    'an end before the start is refused, in the language of the request (%s)',
    async (language, text) => {
      const response = await post(
        'events',
        eventData({ startDate: '2030-05-02T18:00:00Z', endDate: '2030-05-01T18:00:00Z' }),
        language,
      )
      expect(response.status).toBe(400)
      expect(fieldErrors(response.body)).toEqual([
        expect.objectContaining({ path: 'endDate', message: text }),
      ])
    },
  )

  it('a latitude without a longitude is refused, in the language of the request', async () => {
    const response = await post('venues', { name: 'Halle', geoLat: 48.85 }, 'fr-FR,fr;q=0.9')
    expect(response.status).toBe(400)
    expect(fieldErrors(response.body).map((error) => [error.path, error.message])).toEqual([
      ['geoLat', 'Indiquez la latitude et la longitude, ou aucune des deux.'],
      ['geoLng', 'Indiquez la latitude et la longitude, ou aucune des deux.'],
    ])
  })

  it('latitudes and longitudes out of range are refused', async () => {
    expect((await post('venues', { name: 'Nowhere', geoLat: 91, geoLng: 2 })).status).toBe(400)
    expect((await post('venues', { name: 'Nowhere', geoLat: 48, geoLng: -181 })).status).toBe(400)
    expect((await post('venues', { name: 'Somewhere', geoLat: -90, geoLng: 180 })).status).toBe(201)
  })

  it('unreadable dates and time zones are refused as bad input, also for all-day events', async () => {
    const endGarbage = await post('events', eventData({ endDate: 'soon' }))
    expect(endGarbage.status).toBe(400)
    expect(fieldErrors(endGarbage.body).map((error) => error.path)).toEqual(['endDate'])
    const badZone = await post('events', eventData({ allDay: true, timezone: 'Mars/Olympus' }))
    expect(badZone.status).toBe(400)
    expect(fieldErrors(badZone.body).map((error) => error.path)).toEqual(['timezone'])
  })
})

describe('category full names', () => {
  const create = async (body: Record<string, unknown>, locale = 'en') => {
    const response = await server.request('POST', `/api/event-categories?locale=${locale}`, {
      token: admin.token,
      body,
    })
    expect(response.status).toBe(201)
    return response.body.doc as { id: number; fullName: string }
  }
  const fullName = async (id: number, locale: string) =>
    (await server.request('GET', `/api/event-categories/${id}?locale=${locale}`)).body
      .fullName as string

  it('join the names of the ancestors and the category, in the language read', async () => {
    const music = await create({ name: 'Music' })
    await server.request('PATCH', `/api/event-categories/${music.id}?locale=fr`, {
      token: admin.token,
      body: { name: 'Musique' },
    })
    const jazz = await create({ name: 'Jazz', parent: music.id })
    const bebop = await create({ name: 'Bebop', parent: jazz.id })
    expect(music.fullName).toBe('Music')
    expect(jazz.fullName).toBe('Music › Jazz')
    expect(await fullName(bebop.id, 'en')).toBe('Music › Jazz › Bebop')
    // Full names are stored when a category (or an ancestor) is saved in a language; Bebop was
    // never saved in French, so a French read falls back to its English full name, like any
    // localized field.
    expect(await fullName(bebop.id, 'fr')).toBe('Music › Jazz › Bebop')
    await server.request('PATCH', `/api/event-categories/${bebop.id}?locale=fr`, {
      token: admin.token,
      body: { name: 'Bebop' },
    })
    expect(await fullName(bebop.id, 'fr')).toBe('Musique › Jazz › Bebop')
  })

  it('follow a renamed or moved ancestor', async () => {
    const stage = await create({ name: 'Stage' })
    const dance = await create({ name: 'Dance', parent: stage.id })
    await server.request('PATCH', `/api/event-categories/${stage.id}`, {
      token: admin.token,
      body: { name: 'Theatre' },
    })
    expect(await fullName(dance.id, 'en')).toBe('Theatre › Dance')
    await server.request('PATCH', `/api/event-categories/${dance.id}`, {
      token: admin.token,
      body: { parent: null },
    })
    expect(await fullName(dance.id, 'en')).toBe('Dance')
  })

  it('are what the admin picker shows and searches', async () => {
    const folk = await create({ name: 'Folk', parent: (await create({ name: 'World' })).id })
    const picked = await server.request(
      'GET',
      `/api/event-categories?select[fullName]=true&where[fullName][like]=folk&depth=0`,
      { token: admin.token },
    )
    expect(picked.body.docs).toEqual([{ id: folk.id, fullName: 'World › Folk' }])
  })

  it('cannot be written', async () => {
    const own = await create({ name: 'Poetry', fullName: 'Anything' })
    expect(own.fullName).toBe('Poetry')
  })
})
