import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { routeKey } from '../endpoints/documentation/namespaceIndex.js'
import { calendarRoutes } from '../endpoints/v1/routes.js'
import {
  createV1Event,
  registerAdministrator,
  startTestServer,
  utcWallClock,
  V1,
  type TestServer,
} from './helpers.js'

let server: TestServer
let index: Record<string, any>
let event: Record<string, any>

beforeAll(async () => {
  server = await startTestServer()
  const admin = await registerAdministrator(server)
  event = await createV1Event(server, admin, {
    title: 'Indexed',
    start_date: utcWallClock(5),
    end_date: utcWallClock(5, 1),
  })
  index = (await server.request('GET', V1)).body
})
afterAll(async () => {
  await server?.stop()
})

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** A request path for an index route key, its variables filled with those of an existing event. */
const pathOf = (key: string) =>
  key
    .replace('/cal/events/v1', V1)
    .replace(/\(\?P<(\w+)>[^)]*\)/g, (_, name: string) =>
      name === 'id' ? String(event.id) : event.slug,
    )

describe('GET /api/cal/events/v1: the namespace index (docs/v1-reference.md §11)', () => {
  it('answers at the namespace root, with or without a trailing slash, under a language segment too', async () => {
    expect(index.namespace).toBe('cal/events/v1')
    expect(index._links).toEqual({ up: [{ href: `${server.url}/api/cal` }] })
    expect((await server.request('GET', `${V1}/`)).body).toEqual(index)
    const french = await server.request('GET', `/fr${V1}`)
    expect(french.status).toBe(200)
    expect(french.body._links.up).toEqual([{ href: `${server.url}/fr/api/cal` }])
    expect(french.body.routes[`/cal/events/v1/events`]._links.self).toEqual([
      { href: `${server.url}/fr/api/cal/events/v1/events` },
    ])
  })

  it('accepts namespace and context; another namespace is 404 rest_invalid_namespace', async () => {
    expect(
      (await server.request('GET', `${V1}?namespace=cal/events/v1&context=view`)).body,
    ).toEqual(index)
    const other = await server.request('GET', `${V1}?namespace=wp/v2`)
    expect(other.status).toBe(404)
    expect(other.body).toEqual({
      code: 'rest_invalid_namespace',
      message: expect.any(String),
      data: { status: 404 },
    })
    const args = index.routes['/cal/events/v1'].endpoints[0].args
    expect(args.namespace).toMatchObject({
      required: false,
      type: 'string',
      default: 'cal/events/v1',
    })
    expect(args.context).toMatchObject({ required: false, type: 'string', default: 'view' })
  })

  it('lists every route of the table as a pattern, with its methods; self links only without variables', () => {
    expect(Object.keys(index.routes)).toEqual(calendarRoutes().map((route) => routeKey(route.path)))
    expect(Object.keys(index.routes)).toEqual(
      expect.arrayContaining([
        '/cal/events/v1',
        '/cal/events/v1/doc',
        '/cal/events/v1/events',
        '/cal/events/v1/events/(?P<id>\\d+)',
        '/cal/events/v1/events/by-slug/(?P<slug>[^/]+)',
      ]),
    )
    for (const [key, route] of Object.entries<any>(index.routes)) {
      expect(route.namespace).toBe('cal/events/v1')
      if (key.includes('(?P<')) expect(route._links).toBeUndefined()
      else expect(route._links).toEqual({ self: [{ href: `${server.url}/api${key}` }] })
    }
    expect(index.routes['/cal/events/v1/events'].methods).toEqual(['GET', 'POST'])
    expect(index.routes['/cal/events/v1/events/(?P<id>\\d+)'].methods).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ])
  })

  it('groups methods that share an operation, and describes every argument', () => {
    const single = index.routes['/cal/events/v1/events/(?P<id>\\d+)']
    expect(single.endpoints.map((endpoint: any) => endpoint.methods)).toEqual([
      ['GET'],
      ['POST', 'PUT', 'PATCH'],
      ['DELETE'],
    ])
    expect(single.endpoints[0].args.id).toEqual({
      required: true,
      type: 'integer',
      minimum: 0,
      description: 'Id of the event.',
    })
    expect(single.endpoints[2].args.force).toMatchObject({
      required: false,
      type: 'boolean',
      default: false,
    })
    const archive = index.routes['/cal/events/v1/events'].endpoints
    expect(archive[0].args.page).toMatchObject({
      required: false,
      type: 'integer',
      default: 1,
      description: expect.any(String),
    })
    expect(archive[0].args.venue).toMatchObject({ type: 'array', items: { type: 'integer' } })
    expect(archive[1].args.title).toMatchObject({ required: true, type: 'string' })
    expect(archive[1].args.status).toMatchObject({
      required: false,
      enum: ['publish', 'future', 'draft', 'pending', 'private'],
    })
    for (const route of Object.values<any>(index.routes)) {
      for (const endpoint of route.endpoints)
        expect(endpoint.args.translation_language).toMatchObject({
          required: false,
          enum: ['en', 'fr', 'es'],
        })
    }
  })
})

describe('the index against the server', () => {
  it('every listed route and method answers (never 404 rest_no_route or 405); others are 405', async () => {
    for (const [key, route] of Object.entries<any>(index.routes)) {
      for (const method of ALL_METHODS) {
        const response = await server.request(method, pathOf(key))
        if (route.methods.includes(method)) {
          expect([method, key, response.status, response.body?.code]).not.toEqual([
            method,
            key,
            404,
            'rest_no_route',
          ])
          expect(response.status).not.toBe(405)
        } else {
          expect(response.status).toBe(405)
          expect(response.headers.get('allow')).toBe([...route.methods, 'HEAD'].join(', '))
        }
      }
    }
  })

  it('every path the server answers is listed: unknown paths are 404 rest_no_route and match no route', async () => {
    const patterns = Object.keys(index.routes).map(
      (key) => new RegExp(`^${key.replace('(?P<', '(?<')}/?$`),
    )
    for (const path of [
      '/venuez',
      '/events/abc',
      '/events/by-slug/',
      '/events/1/2',
      '/doc/x',
      '/events/by-slug/a/b',
      '/Events',
      '/eventsx',
    ]) {
      const response = await server.request('GET', `${V1}${path}`)
      expect([path, response.status, response.body.code]).toEqual([path, 404, 'rest_no_route'])
      expect(patterns.some((pattern) => pattern.test(`/cal/events/v1${path}`))).toBe(false)
    }
  })
})
