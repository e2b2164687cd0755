/**
 * The namespace index and `/doc` made from the route table, and who may read a post: pure
 * functions, no server.
 */
import { describe, expect, test } from '@jest/globals'
import type { PayloadRequest } from 'payload'
import { mayRead } from '../../collections/access.js'
import type { Context } from '../../endpoints/context.js'
import { describeNamespace, routeKey } from '../../endpoints/documentation/namespaceIndex.js'
import { calendarRoutes } from '../../endpoints/v1/routes.js'

const routes = calendarRoutes()
const ROOT = 'https://example.org/fr/api/cal/events/v1/'
const API_ROOT = 'https://example.org/fr/api'

describe('the namespace index', () => {
  const index = describeNamespace(routes, { root: ROOT, apiRoot: API_ROOT, linkLanguage: null })

  test('lists every route of the table, itself and /doc included, with its methods', () => {
    expect(Object.keys(index.routes)).toEqual(routes.map((route) => routeKey(route.path)))
    expect(index.routes[routeKey('')].methods).toEqual(['GET'])
    expect(index.routes[routeKey('/events/{id}')].methods).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ])
    expect(routeKey('/venues/by-slug/{slug}')).toBe('/cal/events/v1/venues/by-slug/(?P<slug>[^/]+)')
  })

  test("links routes without variables under the root it is given, and up to the calendar's root", () => {
    expect(index.routes[routeKey('/events')]._links).toEqual({ self: [{ href: `${ROOT}events` }] })
    expect(index.routes[routeKey('')]._links).toEqual({ self: [{ href: ROOT.slice(0, -1) }] })
    expect(index.routes[routeKey('/events/{id}')]._links).toBeUndefined()
    expect(index._links).toEqual({ up: [{ href: `${API_ROOT}/cal` }] })
  })

  test('links carry a language that came without a path segment as translation_language', () => {
    const root = 'https://example.org/api/cal/events/v1/'
    const apiRoot = 'https://example.org/api'
    const inSpanish = describeNamespace(routes, { root, apiRoot, linkLanguage: 'es' })
    expect(inSpanish.routes[routeKey('/events')]._links).toEqual({
      self: [{ href: `${root}events?translation_language=es` }],
    })
    expect(inSpanish._links).toEqual({
      up: [{ href: `${apiRoot}/cal?translation_language=es` }],
    })
  })
})

describe('/doc', () => {
  test('has a path per route and an operation per method, served from the namespace root', async () => {
    const doc = routes.find((route) => route.path === '/doc')!.operations.GET!
    const context = {
      options: { usersSlug: 'users' },
      apiRoot: 'https://example.org/es/api',
    }
    const { body } = (await doc.handle(context as unknown as Context, {})) as {
      body: { paths: Record<string, Record<string, unknown>>; servers: { url: string }[] }
    }
    expect(body.servers).toEqual([{ url: 'https://example.org/es/api/cal/events/v1' }])
    for (const route of routes) {
      const path = body.paths[route.path || '/']
      expect([
        route.path,
        Object.keys(path ?? {})
          .filter((key) => key !== 'parameters')
          .sort(),
      ]).toEqual([
        route.path,
        Object.keys(route.operations)
          .map((method) => method.toLowerCase())
          .sort(),
      ])
    }
  })
})

describe('mayRead', () => {
  const user = (id: number, role: string) => ({ id, role }) as unknown as PayloadRequest['user']
  const now = new Date('2030-05-15T10:00:00Z')

  test('published posts, and future ones whose date has come, are for everyone', () => {
    expect(mayRead({ status: 'publish' }, null, now)).toBe(true)
    expect(mayRead({ status: 'future', publishedAt: '2030-05-15T09:00:00Z' }, null, now)).toBe(true)
    expect(mayRead({ status: 'future', publishedAt: '2030-05-16T09:00:00Z' }, null, now)).toBe(
      false,
    )
  })

  test('other statuses: editors, and contributors and up for their own', () => {
    const draft = { status: 'draft', author: 7 }
    expect(mayRead(draft, null, now)).toBe(false)
    expect(mayRead(draft, user(8, 'subscriber'), now)).toBe(false)
    expect(mayRead(draft, user(8, 'author'), now)).toBe(false)
    expect(mayRead(draft, user(7, 'contributor'), now)).toBe(true)
    expect(mayRead({ ...draft, author: { id: 7 } }, user(7, 'author'), now)).toBe(true)
    expect(mayRead(draft, user(9, 'editor'), now)).toBe(true)
  })
})
