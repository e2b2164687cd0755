import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { stringify } from 'csv-stringify/sync'
import type { Where } from 'payload'
import { recountAllTerms } from '../collections/hooks/termRecount.js'
import { runCsvImport } from '../features/import/csv.js'
import { resolveOptions, type ResolvedCalendarOptions } from '../core/options.js'
import { calendarOptionsFromEnvironment } from '../dev/environment.js'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

/**
 * The counts of categories and tags move by difference at each event write
 * (collections/hooks/termCounts.ts); the full recount (collections/hooks/termRecount.ts) is their
 * repair. After a random mix of writes through every writer (v1, Payload's REST, the CSV
 * importer, series and their dates), the stored counts are the ones counting the events gives,
 * and the repair finds nothing to correct.
 */

let server: TestServer
let admin: TestUser
let options: ResolvedCalendarOptions

useTestServer([], (setup) => {
  ;({ server, admin } = setup)
  options = resolveOptions(calendarOptionsFromEnvironment(), server.payload.config as never)
})

const v1 = (method: string, path: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: admin.token, body })
const rest = (method: string, path: string, body?: unknown) =>
  server.request(method, `/api${path}`, { token: admin.token, body })

type Terms = { categories: number[]; tags: number[] }
const TERMS: Terms = { categories: [], tags: [] }
const CATEGORY_NAMES = ['Music', 'Theatre', 'Talks']
const TAG_NAMES = ['Free', 'Outdoor', 'Family']

/** The events the mix has made (ids), the series among them apart. */
const made = { events: [] as number[], series: [] as number[] }

type Operation =
  | { kind: 'create'; terms: Terms; status: 'publish' | 'draft' | 'scheduled' }
  | { kind: 'retag'; pick: number; terms: Terms }
  | { kind: 'status'; pick: number; status: 'publish' | 'draft' | 'pending' | 'scheduled' }
  | { kind: 'trash' | 'restore' | 'delete'; pick: number }
  | { kind: 'series'; terms: Terms; status: 'publish' | 'draft' }
  | { kind: 'seriesEdit'; pick: number; terms: Terms; status: 'publish' | 'draft' }
  | { kind: 'dateTrash'; pick: number }
  | { kind: 'import'; terms: Terms; rows: number }

const subset = (of: () => number[]) =>
  fc.subarray([0, 1, 2]).map((indexes) => indexes.map((index) => of()[index]))
const terms = fc.record({
  categories: subset(() => TERMS.categories),
  tags: subset(() => TERMS.tags),
})
const pick = fc.nat(1_000)
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    terms,
    status: fc.constantFrom('publish' as const, 'draft' as const, 'scheduled' as const),
  }),
  fc.record({ kind: fc.constant('retag' as const), pick, terms }),
  fc.record({
    kind: fc.constant('status' as const),
    pick,
    status: fc.constantFrom(
      'publish' as const,
      'draft' as const,
      'pending' as const,
      'scheduled' as const,
    ),
  }),
  fc.record({ kind: fc.constantFrom('trash' as const, 'restore' as const), pick }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
  fc.record({
    kind: fc.constant('series' as const),
    terms,
    status: fc.constantFrom('publish' as const, 'draft' as const),
  }),
  fc.record({
    kind: fc.constant('seriesEdit' as const),
    pick,
    terms,
    status: fc.constantFrom('publish' as const, 'draft' as const),
  }),
  fc.record({ kind: fc.constant('dateTrash' as const), pick }),
  fc.record({ kind: fc.constant('import' as const), terms, rows: fc.integer({ min: 1, max: 3 }) }),
)

const chosen = (list: number[], index: number) => (list.length ? list[index % list.length] : null)
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString()
/** Payload's REST body for a status, a scheduled one with its date a year ahead. */
const statusBody = (status: string) =>
  status === 'scheduled' ? { status: 'publish', publishedAt: inAYear() } : { status }
const namesOf = (ids: number[], all: number[], names: string[]) =>
  ids.map((id) => names[all.indexOf(id)])

let imported = 0

/** Runs one operation; what it answers is not the subject (some pick an event now gone). */
async function run(step: Operation): Promise<void> {
  switch (step.kind) {
    case 'create': {
      const { body, status } = await rest('POST', '/events', {
        title: `Mixed ${made.events.length}`,
        startDate: '2031-03-01T18:00:00.000Z',
        endDate: '2031-03-01T20:00:00.000Z',
        ...step.terms,
        ...statusBody(step.status),
      })
      if (status === 201) made.events.push(body.doc.id)
      return
    }
    case 'retag': {
      const id = chosen(made.events, step.pick)
      if (id) await v1('POST', `/events/${id}`, step.terms)
      return
    }
    case 'status': {
      const id = chosen(made.events, step.pick)
      if (id) await rest('PATCH', `/events/${id}?trash=true`, statusBody(step.status))
      return
    }
    case 'trash': {
      const id = chosen(made.events, step.pick)
      if (id) await v1('DELETE', `/events/${id}`)
      return
    }
    case 'restore': {
      const id = chosen(made.events, step.pick)
      if (id) await rest('PATCH', `/events/${id}?trash=true`, { deletedAt: null })
      return
    }
    case 'delete': {
      const id = chosen(made.events, step.pick)
      if (!id) return
      await v1('DELETE', `/events/${id}?force=true`)
      made.events.splice(made.events.indexOf(id), 1)
      return
    }
    case 'series': {
      const { body, status } = await v1('POST', '/events', {
        title: `Series ${made.series.length}`,
        start_date: `${utcWallClock(30).slice(0, 10)} 10:00:00`,
        end_date: `${utcWallClock(30).slice(0, 10)} 11:00:00`,
        timezone: 'UTC',
        recurrence: 'FREQ=DAILY;COUNT=3',
        status: step.status,
        ...step.terms,
      })
      if (status === 201) made.series.push(body.id)
      return
    }
    case 'seriesEdit': {
      const id = chosen(made.series, step.pick)
      if (id) await rest('PATCH', `/events/${id}`, { ...step.terms, status: step.status })
      return
    }
    case 'dateTrash': {
      const series = chosen(made.series, step.pick)
      if (!series) return
      const { docs } = await server.payload.find({
        collection: 'events',
        where: { series: { equals: series } },
        limit: 1,
        sort: 'occurrence',
        overrideAccess: true,
      })
      if (docs[0]) await v1('DELETE', `/events/${docs[0].id}`)
      return
    }
    case 'import': {
      const rows = Array.from({ length: step.rows }, () => {
        imported++
        return [
          `Imported ${imported}`,
          '2031-04-01',
          '19:00:00',
          '2031-04-01',
          '21:00:00',
          namesOf(step.terms.categories, TERMS.categories, CATEGORY_NAMES).join(','),
          namesOf(step.terms.tags, TERMS.tags, TAG_NAMES).join(','),
        ]
      })
      const csv = stringify([
        [
          'Event Name',
          'Event Start Date',
          'Event Start Time',
          'Event End Date',
          'Event End Time',
          'Event Category',
          'Event Tags',
        ],
        ...rows,
      ])
      await runCsvImport(server.payload, { csv, type: 'events' }, options)
      return
    }
  }
}

type Counts = Record<string, { eventCount: number; publicEventCount: number }>

/** The stored counts of every term, by `collection:id`. */
async function storedCounts(): Promise<Counts> {
  const counts: Counts = {}
  for (const collection of ['event-categories', 'event-tags'] as const) {
    const { docs } = await server.payload.find({
      collection,
      pagination: false,
      overrideAccess: true,
    })
    for (const term of docs)
      counts[`${collection}:${term.id}`] = {
        eventCount: term.eventCount ?? 0,
        publicEventCount: term.publicEventCount ?? 0,
      }
  }
  return counts
}

/** The counts by counting the events, as the archives' `count` means them. */
async function countedCounts(): Promise<Counts> {
  const counts: Counts = {}
  const now = new Date().toISOString()
  for (const [collection, field] of [
    ['event-categories', 'categories'],
    ['event-tags', 'tags'],
  ] as const) {
    const { docs } = await server.payload.find({ collection, pagination: false })
    for (const term of docs) {
      const uses: Where[] = [
        { [field]: { in: [term.id] } },
        { isSeries: { not_equals: true } },
        { deletedAt: { exists: false } },
      ]
      const count = async (where: Where[]) =>
        (
          await server.payload.count({
            collection: 'events',
            where: { and: where },
            overrideAccess: true,
          })
        ).totalDocs
      counts[`${collection}:${term.id}`] = {
        eventCount: await count(uses),
        publicEventCount: await count([
          ...uses,
          {
            or: [
              { status: { equals: 'publish' } },
              {
                and: [{ status: { equals: 'future' } }, { publishedAt: { less_than_equal: now } }],
              },
            ],
          },
        ]),
      }
    }
  }
  return counts
}

describe('term counts moved by difference', () => {
  it('equal the counts of the events after a random mix of writes, trashes, restores, status changes, series edits and imports; the repair corrects nothing', async () => {
    for (const name of CATEGORY_NAMES)
      TERMS.categories.push((await v1('POST', '/categories', { name })).body.id)
    for (const name of TAG_NAMES) TERMS.tags.push((await v1('POST', '/tags', { name })).body.id)
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const step of steps) await run(step)
        const stored = await storedCounts()
        expect(stored).toEqual(await countedCounts())
        expect(await recountAllTerms(server.payload, options)).toEqual({
          terms: TERMS.categories.length + TERMS.tags.length,
          corrected: 0,
        })
      }),
      { numRuns: 4, endOnFailure: true },
    )
    // The mix reached every writer: the counts are not all zero.
    const stored = Object.values(await storedCounts())
    expect(stored.some((counts) => counts.eventCount > 0)).toBe(true)
  })

  it('a scheduled event whose date passed is counted again at its next write, publicly', async () => {
    const [category] = TERMS.categories
    const before = (await storedCounts())[`event-categories:${category}`]
    const soon = new Date(Date.now() + 1_500).toISOString()
    const created = await rest('POST', '/events', {
      title: 'Soon',
      startDate: '2031-05-01T18:00:00.000Z',
      endDate: '2031-05-01T20:00:00.000Z',
      categories: [category],
      status: 'publish',
      publishedAt: soon,
    })
    expect(created.body.doc.status).toBe('future')
    expect((await storedCounts())[`event-categories:${category}`]).toEqual({
      eventCount: before.eventCount + 1,
      publicEventCount: before.publicEventCount,
    })
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    await rest('PATCH', `/events/${created.body.doc.id}`, { title: 'Soon, renamed', tags: [] })
    await rest('PATCH', `/events/${created.body.doc.id}`, {
      categories: [category],
      tags: [TERMS.tags[0]],
    })
    expect(await storedCounts()).toEqual(await countedCounts())
    expect((await storedCounts())[`event-categories:${category}`].publicEventCount).toBe(
      before.publicEventCount + 1,
    )
  })

  it('a v1 create answers with its terms as they are after it, counts moved, without reading them again', async () => {
    const [category] = TERMS.categories
    const [tag] = TERMS.tags
    const { body } = await v1('POST', '/events', {
      title: 'Answered counts',
      start_date: `${utcWallClock(40).slice(0, 10)} 10:00:00`,
      end_date: `${utcWallClock(40).slice(0, 10)} 11:00:00`,
      categories: [category],
      tags: [tag],
    })
    const stored = await storedCounts()
    // An administrator's records show the counts of every event not in the trash.
    expect(body.categories.map((term: { count: number }) => term.count)).toEqual([
      stored[`event-categories:${category}`].eventCount,
    ])
    expect(body.tags.map((term: { count: number }) => term.count)).toEqual([
      stored[`event-tags:${tag}`].eventCount,
    ])
  })

  it('a series whose rules give more dates counts them in its terms', async () => {
    const [, , category] = TERMS.categories
    const before = (await storedCounts())[`event-categories:${category}`]
    const day = utcWallClock(60).slice(0, 10)
    const { body } = await v1('POST', '/events', {
      title: 'Growing series',
      start_date: `${day} 10:00:00`,
      end_date: `${day} 11:00:00`,
      timezone: 'UTC',
      recurrence: 'FREQ=DAILY;COUNT=2',
      categories: [category],
    })
    await rest('PATCH', `/events/${body.id}`, { recurrence: { rules: ['FREQ=DAILY;COUNT=5'] } })
    expect((await storedCounts())[`event-categories:${category}`]).toEqual({
      eventCount: before.eventCount + 5,
      publicEventCount: before.publicEventCount + 5,
    })
  })

  it('the repair puts right a count changed behind the calendar’s back, and logs the term', async () => {
    const [, category] = TERMS.categories
    const right = (await storedCounts())[`event-categories:${category}`]
    await server.payload.db.updateOne({
      collection: 'event-categories',
      id: category,
      data: { eventCount: right.eventCount + 7, publicEventCount: 99 },
      returning: false,
    })
    const { totalDocs: logged } = await server.payload.count({
      collection: options.changeLog.slug as 'cal-changes',
      overrideAccess: true,
    })
    expect(await recountAllTerms(server.payload, options)).toEqual({
      terms: TERMS.categories.length + TERMS.tags.length,
      corrected: 1,
    })
    expect((await storedCounts())[`event-categories:${category}`]).toEqual(right)
    const { docs } = await server.payload.find({
      collection: options.changeLog.slug as 'cal-changes',
      sort: '-sequence',
      limit: 1,
      overrideAccess: true,
    })
    expect((docs[0] as Record<string, unknown>).resource).toBe('categories')
    expect(
      (
        await server.payload.count({
          collection: options.changeLog.slug as 'cal-changes',
          overrideAccess: true,
        })
      ).totalDocs,
    ).toBe(logged + 1)
  })
})
