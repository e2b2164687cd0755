import { beforeAll, describe, expect, it } from '@jest/globals'
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

const call = (method: string, path: string, user?: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: user ? users[user].token : undefined, body })
const create = async (taxonomy: string, body: Record<string, unknown>, user = 'editor') => {
  const response = await call('POST', `/${taxonomy}`, user, body)
  expect(response.status).toBe(201)
  return response.body
}

describe('create, read, update, delete', () => {
  it('create answers 201 with the record (count 0) and a Location header', async () => {
    const response = await call('POST', '/categories', 'author', {
      name: 'Concerts',
      description: 'Live music',
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('location')).toMatch(
      new RegExp(`${V1}/categories/${response.body.id}$`),
    )
    expect(Object.keys(response.body)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
      'translations',
    ])
    expect(response.body).toMatchObject({
      count: 0,
      name: 'Concerts',
      slug: 'concerts',
      taxonomy: 'tribe_events_cat',
      parent: 0,
      meta: [],
    })
    const tag = await create('tags', { name: 'Outdoor' })
    expect(Object.keys(tag)).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'meta',
      'url',
      'urls',
      'translations',
    ])
    expect(tag.taxonomy).toBe('post_tag')
  })

  it('an existing name (in the request language) is 400 term_exists', async () => {
    const first = await create('tags', { name: 'Unique tag' })
    const again = await call('POST', '/tags', 'editor', { name: 'unique TAG' })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({
      code: 'term_exists',
      data: { status: 400, term_id: first.id },
    })
    expect(
      (await call('POST', '/tags', 'editor', { name: 'Unique tag', translation_language: 'fr' }))
        .status,
    ).toBe(201)
  })

  it('an existing name is found whatever its length and number of words', async () => {
    for (const name of [`Long ${'y'.repeat(60_000)}`, `${'t '.repeat(40_000)}end`]) {
      await create('tags', { name })
      const again = await call('POST', '/tags', 'editor', { name: name.toUpperCase() })
      expect(again.status).toBe(400)
      expect(again.body.code).toBe('term_exists')
    }
  })

  it('parents: must exist, urls.up points to them, no loops', async () => {
    const parent = await create('categories', { name: 'Music' })
    const child = await create('categories', { name: 'Jazz', parent: parent.id })
    expect(child.parent).toBe(parent.id)
    expect(child.urls.up).toMatch(new RegExp(`/categories/${parent.id}$`))
    for (const bad of [2389, '', 'foo'])
      expect(
        (await call('POST', '/categories', 'editor', { name: `Bad ${bad}`, parent: bad })).status,
      ).toBe(400)
    expect(
      (await call('PATCH', `/categories/${parent.id}`, 'editor', { parent: child.id })).status,
    ).toBe(400)
  })

  it('rights: categories need authors, tags editors; validation comes after authentication', async () => {
    expect((await call('POST', '/categories', undefined, {})).status).toBe(401)
    expect((await call('POST', '/categories', 'contributor', {})).status).toBe(403)
    expect((await call('POST', '/categories', 'subscriber', { name: 'x' })).status).toBe(403)
    expect((await call('POST', '/tags', 'author', { name: 'x' })).status).toBe(403)
    expect((await call('DELETE', '/categories/99999', 'subscriber')).status).toBe(403)
    expect((await call('DELETE', '/categories/99999', 'editor')).status).toBe(400)
  })

  it('read by id; unknown or other-taxonomy ids are 400, non-numeric ones 404', async () => {
    const tag = await create('tags', { name: 'Readable' })
    expect((await call('GET', `/tags/${tag.id}`)).body.name).toBe('Readable')
    expect((await call('GET', '/tags/99999')).body.code).toBe('rest_invalid_param')
    expect((await call('GET', '/tags/foo')).body.code).toBe('rest_no_route')
  })

  it('update (POST, PUT, PATCH) and delete, which answers the record as it was', async () => {
    const tag = await create('tags', { name: 'Before' })
    const event = await createV1Event(server, users.editor, {
      title: 'Uses tag',
      start_date: utcWallClock(4),
      end_date: utcWallClock(4, 1),
      tags: [tag.id],
    })
    for (const method of ['POST', 'PUT', 'PATCH'])
      expect(
        (await call(method, `/tags/${tag.id}`, 'editor', { description: method })).body.description,
      ).toBe(method)
    expect((await call('PATCH', `/tags/${tag.id}`, 'editor', { name: '' })).status).toBe(400)
    const deleted = await call('DELETE', `/tags/${tag.id}`, 'editor')
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ id: tag.id, name: 'Before', count: 1 })
    expect((await call('GET', `/tags/${tag.id}`)).status).toBe(400)
    expect((await call('GET', `/events/${event.id}`)).body.tags).toEqual([])
  })
})

describe('archives', () => {
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    for (const name of ['alpha', 'Bravo', 'charlie', 'Delta'])
      ids[name] = (await create('categories', { name, description: `About ${name}` })).id
    ids.child = (await create('categories', { name: 'Echo', parent: ids.alpha })).id
    const when = { start_date: utcWallClock(6), end_date: utcWallClock(6, 1) }
    ids.event = (
      await createV1Event(server, users.editor, {
        title: 'Counts',
        ...when,
        categories: [ids.alpha, ids.Bravo],
      })
    ).id
    ids.event2 = (
      await createV1Event(server, users.editor, {
        title: 'Counts 2',
        ...when,
        categories: [ids.alpha],
      })
    ).id
    await createV1Event(server, users.editor, {
      title: 'Draft counts',
      ...when,
      status: 'draft',
      categories: [ids.charlie],
    })
  })
  const names = async (query: string, user?: string) =>
    (
      (await call('GET', `/categories?per_page=50&${query}`, user)).body.categories as {
        name: string
      }[]
    ).map((c) => c.name)

  it('hide_empty (default true) keeps terms some event the caller may see uses; counts as the caller may see', async () => {
    expect(
      await names('include=' + [ids.alpha, ids.Bravo, ids.charlie, ids.Delta].join(',')),
    ).toEqual(['alpha', 'Bravo'])
    expect(await names(`include=${ids.alpha},${ids.charlie}`, 'contributor')).toEqual([
      'alpha',
      'charlie',
    ])
    const all = (
      await call('GET', `/categories?hide_empty=false&include=${ids.alpha},${ids.Delta}`)
    ).body.categories
    expect(all.map((c: { name: string; count: number }) => [c.name, c.count])).toEqual([
      ['alpha', 2],
      ['Delta', 0],
    ])
  })

  it('order and orderby: name case-insensitive, count, id, slug, include; desc', async () => {
    const four = [ids.alpha, ids.Bravo, ids.charlie, ids.Delta].join(',')
    expect(await names(`hide_empty=false&include=${four}`)).toEqual([
      'alpha',
      'Bravo',
      'charlie',
      'Delta',
    ])
    expect(await names(`hide_empty=false&include=${four}&order=desc`)).toEqual([
      'Delta',
      'charlie',
      'Bravo',
      'alpha',
    ])
    expect(await names(`hide_empty=false&include=${four}&orderby=count&order=desc`)).toEqual([
      'alpha',
      'Bravo',
      'charlie',
      'Delta',
    ])
    expect(
      await names(`hide_empty=false&include=${[ids.Delta, ids.alpha].join(',')}&orderby=include`),
    ).toEqual(['Delta', 'alpha'])
    expect((await call('GET', '/categories?order=')).status).toBe(400)
    expect((await call('GET', '/categories?orderby=')).status).toBe(400)
    expect((await call('GET', '/categories?orderby=weight')).status).toBe(400)
  })

  it('search, exclude, parent, post/event, slug', async () => {
    expect(await names('hide_empty=false&search=ALPH')).toEqual(['alpha'])
    expect(await names(`hide_empty=false&parent=${ids.alpha}`)).toEqual(['Echo'])
    expect(await names(`hide_empty=false&post=${ids.event}`)).toEqual(['alpha', 'Bravo'])
    expect(await names(`hide_empty=false&event=${ids.event}&post=${ids.event2}`)).toEqual([
      'alpha',
      'Bravo',
    ])
    expect(await names(`hide_empty=false&event=${ids.event}`)).toEqual(['alpha', 'Bravo'])
    expect(await names('hide_empty=false&slug=delta')).toEqual(['Delta'])
    expect(
      await names(`hide_empty=false&search=a&exclude=${ids.alpha},${ids.Bravo}`),
    ).not.toContain('alpha')
    for (const query of [
      'include=99999',
      'exclude=foo',
      'parent=2389',
      'parent=',
      'post=',
      'post=23',
      'event=foo',
    ]) {
      expect((await call('GET', `/categories?${query}`)).status).toBe(400)
    }
  })

  it('paging: keys in order, bare rest_url, links, headers, and 200 with an empty list past the end', async () => {
    const first = await call('GET', '/categories?hide_empty=false&per_page=2')
    expect(Object.keys(first.body)).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'categories',
      'next_rest_url',
    ])
    expect(first.body.rest_url).toMatch(/\/categories$/)
    expect(first.body.next_rest_url).toMatch(/\/categories\?page=2$/)
    expect(first.headers.get('x-tec-total')).toBe(String(first.body.total))
    const second = await call('GET', '/categories?hide_empty=false&per_page=2&page=2')
    expect(second.body.previous_rest_url).toMatch(/\/categories$/)
    const past = await call('GET', '/categories?hide_empty=false&per_page=2&page=99')
    expect(past.status).toBe(200)
    expect(past.body.categories).toEqual([])
  })

  it('names are localized', async () => {
    await call('PATCH', `/categories/${ids.Delta}`, 'editor', {
      name: 'Delta (fr)',
      translation_language: 'fr',
    })
    expect(await names(`hide_empty=false&include=${ids.Delta}&translation_language=fr`)).toEqual([
      'Delta (fr)',
    ])
    expect(await names(`hide_empty=false&include=${ids.Delta}&translation_language=es`)).toEqual([
      'Delta',
    ])
  })
})

describe('counts follow events', () => {
  it('after events are created, trashed and deleted', async () => {
    const tag = await create('tags', { name: 'Counted tag' })
    const when = { start_date: utcWallClock(8), end_date: utcWallClock(8, 1) }
    const a = await createV1Event(server, users.editor, { title: 'A', ...when, tags: [tag.id] })
    const b = await createV1Event(server, users.editor, { title: 'B', ...when, tags: [tag.id] })
    const count = async () => (await call('GET', `/tags/${tag.id}`)).body.count
    expect(await count()).toBe(2)
    await call('DELETE', `/events/${a.id}`, 'editor')
    expect(await count()).toBe(1)
    await call('DELETE', `/events/${b.id}?force=true`, 'editor')
    expect(await count()).toBe(0)
    expect(b.tags[0].count).toBe(2)
  })

  /**
   * An event published 3 seconds from now (a scheduled post: `date` in the future, whole seconds);
   * `comeDue` waits until it is.
   */
  const scheduledEvent = async (title: string, category: number) => {
    const due = Math.ceil(Date.now() / 1000) * 1000 + 3000
    const date = new Date(due).toISOString().slice(0, 19).replace('T', ' ')
    const when = { start_date: utcWallClock(9), end_date: utcWallClock(9, 1), timezone: 'UTC' }
    await createV1Event(server, users.editor, { title, ...when, categories: [category], date })
    return () => new Promise((resolve) => setTimeout(resolve, due + 200 - Date.now()))
  }
  const publicCount = async (id: number) => (await call('GET', `/categories/${id}`)).body.count

  it('a scheduled event counts for everyone once it comes due, settled by the next sync', async () => {
    const category = await create('categories', { name: 'Due by sync' })
    const comeDue = await scheduledEvent('Due by sync', category.id)
    expect(await publicCount(category.id)).toBe(0)
    expect((await call('GET', `/categories/${category.id}`, 'editor')).body.count).toBe(1)
    await comeDue()
    expect((await call('GET', '/changes')).status).toBe(200)
    expect(await publicCount(category.id)).toBe(1)
  })

  it('a scheduled event counts once it comes due, settled by the jobs queue task every minute', async () => {
    const { DUE_POSTS_TASK } = await import('../collections/hooks/duePosts.js')
    const { CALENDAR_QUEUE } = await import('../collections/scheduledTask.js')
    const task = server.payload.config.jobs.tasks!.find(({ slug }) => slug === DUE_POSTS_TASK)!
    expect(task.schedule).toEqual([{ cron: '* * * * *', queue: CALENDAR_QUEUE }])
    const category = await create('categories', { name: 'Due by task' })
    const comeDue = await scheduledEvent('Due by task', category.id)
    expect(await publicCount(category.id)).toBe(0)
    const since = (await call('GET', '/changes')).body.next_since
    await comeDue()
    expect(await publicCount(category.id)).toBe(0)
    await server.payload.jobs.queue({
      task: DUE_POSTS_TASK as never,
      input: {} as never,
      queue: CALENDAR_QUEUE,
    })
    await server.payload.jobs.run({ queue: CALENDAR_QUEUE })
    expect(await publicCount(category.id)).toBe(1)
    // The term's change is in the log, for sync clients and caches.
    const { changes } = (await call('GET', `/changes?since=${since}`)).body
    expect(changes).toContainEqual(expect.objectContaining({ id: category.id }))
  })
})
