import { beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { facetCounting } from '../endpoints/events/facets.js'
import { usesSql } from '../core/database/store.js'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * Facet counts of the v1 events archive (issue #41): every count is checked against what paging
 * the archive gives, with the value added as a filter where the archive has one.
 */

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => {
  server = setup.server
  admin = setup.admin
})

const ALL =
  'categories,tags,venue,organizer,city,country,event_status,attendance_mode,featured,day_of_week,time_of_day,cost'
const WINDOW = 'start_date=2031-03-01&end_date=2031-04-30'

const get = (query: string, user?: TestUser) =>
  server.request('GET', `${V1}/events?${query}`, user ? { token: user.token } : {})

type Ids = { categories: string[]; tags: string[]; venues: number[]; organizers: number[] }
const ids: Ids = { categories: [], tags: [], venues: [], organizers: [] }

/** A small deterministic generator (the calendar is the same on every run). */
function generator(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % n
  }
}

const COSTS = [[], ['10'], ['Free'], ['0'], ['€6.50 - €8.50'], ['5', 'Free'], ['45$']]
const WORDS = ['jazz', 'opera', 'lecture']

beforeAll(async () => {
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await server.request('POST', `${V1}${path}`, { token: admin.token, body })
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.body)}`)
    return response.body
  }
  for (const name of ['Music', 'Theatre', 'Talks']) {
    const term = await post('/categories', { name })
    ids.categories.push(term.slug)
    await server.request('PATCH', `${V1}/categories/${term.id}`, {
      token: admin.token,
      body: { name: `${name} (fr)`, translation_language: 'fr' },
    })
  }
  for (const name of ['outdoor', 'family', 'late'])
    ids.tags.push((await post('/tags', { name })).slug)
  for (const [venue, city, country] of [
    ['Hall A', 'Lyon', 'France'],
    ['Hall B', 'Lyon', 'France'],
    ['Club C', 'Berlin', 'Germany'],
    ['Hidden D', 'Oslo', 'Norway'],
  ])
    ids.venues.push((await post('/venues', { venue, city, country })).id)
  for (const organizer of ['Org One', 'Org Two', 'Org Three'])
    ids.organizers.push((await post('/organizers', { organizer })).id)

  const pick = generator(41)
  const some = <T>(list: T[]) => list.filter(() => pick(3) === 0)
  for (let i = 0; i < 36; i++) {
    const day = 1 + pick(28)
    const hour = pick(24)
    const date = (h: number) =>
      `2031-03-${String(day).padStart(2, '0')} ${String(h).padStart(2, '0')}:30:00`
    await createV1Event(server, admin, {
      title: `Event ${i} ${WORDS[i % WORDS.length]}`,
      start_date: date(hour),
      end_date: date(Math.min(hour + 1, 23)),
      all_day: pick(8) === 0,
      categories: some(ids.categories).join(','),
      tags: some(ids.tags).join(','),
      venue: pick(5) === 0 ? undefined : ids.venues[pick(3)],
      organizer: some(ids.organizers),
      featured: pick(4) === 0,
      event_status: ['scheduled', 'canceled', 'postponed'][pick(3)],
      attendance_mode: ['offline', 'online', 'mixed'][pick(3)],
      cost: COSTS[pick(COSTS.length)],
    })
  }
  for (const special of [
    // A weekly series: each date is an event of the archive, and counts as one.
    { title: 'Series jazz', recurrence: 'FREQ=WEEKLY;COUNT=4', day: '03', category: 0, venue: 2 },
    // A draft at the hidden venue: counted only for those who may read drafts.
    { title: 'Draft jazz', status: 'draft', day: '10', category: 2, venue: 3 },
  ]) {
    const { day, category, venue, ...rest } = special
    await createV1Event(server, admin, {
      ...rest,
      start_date: `2031-03-${day} 19:00:00`,
      end_date: `2031-03-${day} 21:00:00`,
      categories: ids.categories[category],
      venue: ids.venues[venue],
    })
  }
}, 120_000)

type Record_ = Record<string, any>

/** Every event of the archive for this query, page by page. */
async function everyEvent(query: string, user?: TestUser): Promise<Record_[]> {
  const events: Record_[] = []
  for (let page = 1; ; page++) {
    const response = await get(`${query}&per_page=50&page=${page}`, user)
    if (response.status === 404 && page > 1) return events
    expect(response.status).toBe(200)
    events.push(...response.body.events)
    if (page >= response.body.total_pages) return events
  }
}

const ISO_DAY = (local: string) => {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7
}
const TIME_OF_DAY = (event: Record_) => {
  if (event.all_day) return 'all_day'
  const hour = event.start_date.slice(11, 13)
  return hour < '06'
    ? 'night'
    : hour < '12'
      ? 'morning'
      : hour < '17'
        ? 'afternoon'
        : hour < '21'
          ? 'evening'
          : 'night'
}

/** A group's values of one record, as its facet names them. */
function valuesOf(group: string, event: Record_): unknown[] {
  switch (group) {
    case 'categories':
    case 'tags':
      return event[group].map((term: Record_) => term.id)
    case 'venue':
      return Array.isArray(event.venue) ? [] : [event.venue.id]
    case 'organizer':
      return event.organizer.map((organizer: Record_) => organizer.id)
    case 'city':
    case 'country':
      return Array.isArray(event.venue) || !event.venue[group] ? [] : [event.venue[group]]
    case 'day_of_week':
      return [ISO_DAY(event.start_date)]
    case 'time_of_day':
      return [TIME_OF_DAY(event)]
    default:
      return [event[group]]
  }
}

/** Events per value of a group among records, as a facet lists them (unordered). */
function countsOf(group: string, events: Record_[]): Map<unknown, number> {
  const counts = new Map<unknown, number>()
  for (const event of events)
    for (const value of new Set(valuesOf(group, event)))
      counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}

const facetMap = (facet: Record_[]) =>
  new Map(facet.map((item) => [item.id ?? item.value, item.count]))

/** The cost facet of records: their lowest and highest value, and how many are free. */
function costOf(events: Record_[]) {
  const values = events.flatMap((event) => event.cost_details.values as string[])
  const numbers = values.map(Number).filter((n) => Number.isFinite(n))
  return {
    min: numbers.length ? Math.min(...numbers) : null,
    max: numbers.length ? Math.max(...numbers) : null,
    free: events.filter((event) =>
      (event.cost_details.values as string[]).some((v) => v === '0' || v === 'free'),
    ).length,
  }
}

/** The groups the archive also filters by, with a parameter of the same name. */
const FILTERED = ['categories', 'tags', 'venue', 'organizer', 'event_status', 'attendance_mode']
const filterOf = (group: string) =>
  FILTERED.includes(group) || group === 'featured' ? group : undefined
const GROUPS = ALL.split(',')

const queryOf = (filters: Record<string, string>) =>
  Object.entries(filters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')

/**
 * Checks every facet of one answer against paging: each group's counts equal those of the
 * archive's records (with the group's own filter dropped), and each value's count equals the
 * total of the archive with that value as the group's filter.
 */
async function expectExact(filters: Record<string, string>, user?: TestUser) {
  const response = await get(`${queryOf(filters)}&facets=${ALL}`, user)
  expect(response.status).toBe(200)
  const { facets } = response.body
  expect(Object.keys(facets)).toEqual(GROUPS)
  const pages = new Map<string, Promise<Record_[]>>()
  const recordsWithout = (filter?: string) => {
    const rest = { ...filters }
    if (filter) delete rest[filter]
    const query = queryOf(rest)
    if (!pages.has(query)) pages.set(query, everyEvent(query, user))
    return pages.get(query)!
  }
  for (const group of GROUPS) {
    const own = filterOf(group)
    const records = await recordsWithout(own && filters[own] !== undefined ? own : undefined)
    if (group === 'cost') {
      expect(facets.cost).toEqual(costOf(records))
      continue
    }
    expect([group, facetMap(facets[group])]).toEqual([group, countsOf(group, records)])
    if (!own) continue
    for (const { id, value, count } of facets[group]) {
      const added = queryOf({ ...filters, [own]: String(id ?? value) })
      const total = (await get(`${added}&per_page=1`, user)).body.total
      expect([group, id ?? value, count]).toEqual([group, id ?? value, total])
    }
  }
  return facets
}

describe('facets on the events archive', () => {
  it('adds facets and leaves every other key as it was', async () => {
    const plain = await get(`${WINDOW}&per_page=5`)
    const faceted = await get(`${WINDOW}&per_page=5&facets=${ALL}`)
    expect(faceted.status).toBe(200)
    const { facets, ...rest } = faceted.body
    expect(Object.keys(rest)).toEqual(Object.keys(plain.body))
    expect(rest.events).toEqual(plain.body.events)
    expect([rest.total, rest.total_pages]).toEqual([plain.body.total, plain.body.total_pages])
    expect(Object.keys(facets)).toEqual(GROUPS)
    expect(facets.cost).toEqual({ min: expect.any(Number), max: 45, free: expect.any(Number) })
    // The links carry the facets asked, so that the next page answers them too.
    expect(rest.next_rest_url).toContain('facets=')
  })

  it('counts are exact against paging the archive', async () => {
    await expectExact({ start_date: '2031-03-01', end_date: '2031-04-30' })
  })

  it('is disjunctive within a group: a chosen category leaves the other categories counted', async () => {
    const [music] = ids.categories
    const chosen = await get(`${WINDOW}&categories=${music}&facets=categories,tags`)
    const unfiltered = await get(`${WINDOW}&facets=categories,tags`)
    expect(chosen.body.facets.categories).toEqual(unfiltered.body.facets.categories)
    expect(chosen.body.facets.categories.length).toBeGreaterThan(1)
    const musicOnly = await everyEvent(`${WINDOW}&categories=${music}`)
    expect(facetMap(chosen.body.facets.tags)).toEqual(countsOf('tags', musicOnly))
  })

  it('names values in the language asked', async () => {
    const fr = await get(`${WINDOW}&facets=categories&translation_language=fr`)
    expect(fr.body.facets.categories.map((c: Record_) => c.name).sort()).toEqual(
      ['Music (fr)', 'Talks (fr)', 'Theatre (fr)']
        .slice(0, fr.body.facets.categories.length)
        .sort(),
    )
    const en = await get(`${WINDOW}&facets=categories`)
    expect(en.body.facets.categories.every((c: Record_) => !c.name.endsWith('(fr)'))).toBe(true)
  })

  it('sorts by count then name, and keeps facets_limit values per group', async () => {
    const groups = 'categories,tags,venue,organizer,city,day_of_week'
    const { body } = await get(`${WINDOW}&facets=${groups}&facets_limit=2`)
    const whole = (await get(`${WINDOW}&facets=${groups}`)).body
    for (const group of groups.split(',')) {
      const counts = whole.facets[group].map((item: Record_) => item.count)
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a))
      // Ties by name: the first two of the whole list, whichever way they were counted.
      expect([group, body.facets[group]]).toEqual([group, whole.facets[group].slice(0, 2)])
    }
  })

  it('counts a series by its dates, as the archive lists them', async () => {
    const { body } = await get(`${WINDOW}&search=Series&facets=venue,day_of_week`)
    expect(body.total).toBe(4)
    expect(body.facets.venue).toEqual([expect.objectContaining({ id: ids.venues[2], count: 4 })])
  })

  it('never counts drafts for anonymous callers; editors asking for drafts get them', async () => {
    const hidden = ids.venues[3]
    const anonymous = await get(`${WINDOW}&facets=venue,city,categories`)
    expect(anonymous.body.facets.venue.some((v: Record_) => v.id === hidden)).toBe(false)
    expect(anonymous.body.facets.city.some((v: Record_) => v.value === 'Oslo')).toBe(false)
    const drafts = await get(`${WINDOW}&status=draft&facets=venue,city`, admin)
    expect(drafts.body.facets.venue).toEqual([expect.objectContaining({ id: hidden, count: 1 })])
    expect(drafts.body.facets.city).toEqual([{ value: 'Oslo', count: 1 }])
    await expectExact(
      { ...Object.fromEntries(new URLSearchParams(WINDOW)), status: 'draft,publish' },
      admin,
    )
  })

  it('a write shows in the next answer of a repeated (cached) query', async () => {
    const query = `start_date=2031-04-01&end_date=2031-04-30&facets=tags,venue`
    const before = await get(query)
    expect((await get(query)).headers.get('x-cal-cache')).toBe('hit')
    const event = await createV1Event(server, admin, {
      title: 'April late',
      start_date: '2031-04-20 22:00:00',
      end_date: '2031-04-20 23:00:00',
      tags: ids.tags[2],
      venue: ids.venues[0],
    })
    const after = await get(query)
    const countOf = (body: Record_, group: string, id: unknown) =>
      body.facets[group].find((item: Record_) => item.id === id)?.count ?? 0
    expect(after.body.total).toBe(before.body.total + 1)
    for (const [group, id] of [
      ['tags', event.tags[0].id],
      ['venue', ids.venues[0]],
    ])
      expect(countOf(after.body, group, id)).toBe(countOf(before.body, group, id) + 1)
    await server.request('DELETE', `${V1}/events/${event.id}?force=true`, { token: admin.token })
    expect((await get(query)).body.facets).toEqual(before.body.facets)
  })

  it('unknown names and bad limits are 400 in the contract shape, listing the known names', async () => {
    const unknown = await get(`${WINDOW}&facets=categories,colour`)
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('rest_invalid_param')
    expect(unknown.body.data.params.facets).toContain('colour')
    for (const group of GROUPS) expect(unknown.body.data.params.facets).toContain(group)
    for (const limit of ['0', '501', 'many'])
      expect((await get(`${WINDOW}&facets=tags&facets_limit=${limit}`)).status).toBe(400)
  })

  /**
   * A window and up to three other filters, each with one or more values: most sets still match
   * events (a count of 0 checks little), and the test says how many did.
   */
  const filterSets = () => {
    const subset = (list: string[]) =>
      fc.subarray(list, { minLength: 1 }).map((items) => items.join(','))
    const values = {
      end_date: fc.constantFrom('2031-03-20', '2031-04-30'),
      categories: subset(ids.categories),
      tags: subset(ids.tags),
      venue: subset(ids.venues.map(String)),
      organizer: subset(ids.organizers.map(String)),
      event_status: subset(['scheduled', 'canceled', 'postponed']),
      attendance_mode: subset(['offline', 'online', 'mixed']),
      featured: fc.constantFrom('true', 'false'),
      search: fc.constantFrom(...WORDS),
    }
    const names = Object.keys(values) as (keyof typeof values)[]
    return fc
      .tuple(
        fc.constantFrom('2031-03-01', '2031-03-08', '2031-03-15'),
        fc.subarray(names, { maxLength: 3 }),
        fc.record(values),
      )
      .map(([start_date, chosen, all]) => ({
        start_date,
        ...Object.fromEntries(chosen.map((name) => [name, all[name]])),
      }))
  }

  const RUNS = Number(process.env.FACETS_RUNS ?? 25)
  const SEED = Number(process.env.FUZZ_SEED ?? 41)

  it.each([
    ['SQL aggregation', true],
    ['the Local API (other adapters)', false],
  ])(
    'property: for random filter sets, every count equals what paging the archive gives (%s)',
    async (_name, sql) => {
      // A write ends the answers and counts kept for the run before (no cached answer checked).
      await createV1Event(server, admin, {
        title: `Elsewhere ${sql}`,
        start_date: '2035-01-01 10:00:00',
        end_date: '2035-01-01 11:00:00',
      })
      facetCounting.sql = sql
      let matched = 0
      try {
        await fc.assert(
          fc.asyncProperty(filterSets(), async (given) => {
            const facets = await expectExact(given)
            if (facets.featured.length) matched++
          }),
          { numRuns: RUNS, seed: SEED },
        )
      } finally {
        facetCounting.sql = true
      }
      expect(matched).toBeGreaterThanOrEqual(RUNS / 2)
      // The generic store has no SQL aggregation: both runs count through the Local API there.
      expect(facetCounting.last).toBe(sql && usesSql(server.payload.db) ? 'sql' : 'local api')
    },
    600_000,
  )
})
