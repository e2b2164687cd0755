import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { clearRecordForms } from '../collections/recordForms.js'
import { calendarRoutes } from '../endpoints/v1/routes.js'
import { formsKept, holdFormKeeping } from '../endpoints/forms/formKeeper.js'
import { formsWarmed } from '../endpoints/records/formWarmer.js'
import { otherRoots } from '../src/roots.js'
import { suiteDatabase, suiteStore } from './support/database.js'
import { shortForm, statementRecorder, type StatementRecorder } from './support/statements.js'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

/**
 * The SQL statements each v1 read runs, in order, listed so that none is added unseen (issue #59),
 * beside test/write-statements.test.ts (whose short form, `select venues`, `count events`, they
 * share): every GET route of the namespace's table, anonymous and as an editor, cold (the first
 * read after the calendar changed: no kept forms, the calendar's generation read anew) and warm
 * (the same read again, its forms kept). The response cache and the kept totals are off: what a
 * read costs when nothing in the process answers it. A route added to the table without its lists
 * here fails `every GET route of the table is listed`. docs/benchmark.md ("What a read runs")
 * explains the parts; a change that adds or removes a statement changes the lists here and there.
 */

/**
 * The calendar's generation (endpoints/calendarState.ts), read when the change mark moved:
 * the mark, the next time boundary (the next start and end of an event, and the next due
 * publication of an event, venue and organizer: statements prepared once, which run before the
 * change log's read, built through the adapter), and the change log since the last generation.
 */
const GENERATION = `select cal_sequences, select events, select events, select events,
  select venues, select organizers, select cal_changes`
/** An editor's user, which Payload's authentication reads at each request. */
const USER = 'select users'
/** What a built page of events shows (endpoints/forms/load.ts): one query per kind. */
const RELATED = 'select venues, select organizers, select event_categories, select event_tags'
/** The public counts of the terms that built forms name (endpoints/forms/forms.ts). */
const TERM_COUNTS = 'select event_categories, select event_tags'
/**
 * An anonymous read of one record: the fields that decide access (`data.peek`), then its kept
 * form.
 */
const PEEK = (table: string) => `select ${table}, select cal_record_forms`
/**
 * The change log's page (endpoints/changes/log.ts): which events, venues and organizers the
 * caller may see, the page of entries and the one after it.
 */
const CHANGES =
  'select events, select venues, select organizers, select cal_changes, select cal_changes'

type Reads = {
  anonymousCold: string
  anonymousWarm: string
  editorCold: string
  editorWarm: string
}

/** A read whose only statement is its records' (terms; the index and `/doc` have none). */
const plain = (own: string): Reads => ({
  anonymousCold: `${GENERATION}, ${own}`,
  anonymousWarm: own,
  editorCold: `${USER}, ${GENERATION}, ${own}`,
  editorWarm: `${USER}, ${own}`,
})

/**
 * A venues or organizers archive: anonymous, its ids with their kept forms in one SELECT
 * (core/database/sqlPageIds.ts) and its total, the records of the missing forms when cold; an
 * editor's, the total and the page.
 */
const linkedArchive = (table: string): Reads => ({
  anonymousCold: `${GENERATION}, select ${table}, count ${table}, select ${table}`,
  anonymousWarm: `select ${table}, count ${table}`,
  editorCold: `${USER}, ${GENERATION}, count ${table}, select ${table}`,
  editorWarm: `${USER}, count ${table}, select ${table}`,
})

/** A venue or organizer alone: its form built from what the peek read when cold. */
const linkedSingle = (table: string): Reads => ({
  anonymousCold: `${GENERATION}, ${PEEK(table)}`,
  anonymousWarm: PEEK(table),
  editorCold: `${USER}, ${GENERATION}, select ${table}`,
  editorWarm: `${USER}, select ${table}`,
})

/** An event alone; by id, the event is read whole to be built, by slug the lookup read it. */
const eventSingle = (byId: boolean): Reads => ({
  anonymousCold: `${GENERATION}, ${PEEK('events')}, ${byId ? 'select events, ' : ''}${RELATED},
    ${TERM_COUNTS}`,
  anonymousWarm: PEEK('events'),
  editorCold: `${USER}, ${GENERATION}, select events, ${RELATED}`,
  editorWarm: `${USER}, select events, ${RELATED}`,
})

/** What each read runs, by route of the table, on SQLite. */
const EXPECTED: Record<string, Reads> = {
  '': plain(''),
  '/doc': plain(''),
  '/events': {
    anonymousCold: `${GENERATION}, select events, count events, select events, ${RELATED},
      ${TERM_COUNTS}`,
    anonymousWarm: 'select events, count events',
    editorCold: `${USER}, ${GENERATION}, count events, select events, ${RELATED}`,
    editorWarm: `${USER}, count events, select events, ${RELATED}`,
  },
  '/events/{id}': eventSingle(true),
  '/events/by-slug/{slug}': eventSingle(false),
  '/venues': linkedArchive('venues'),
  '/venues/{id}': linkedSingle('venues'),
  '/venues/by-slug/{slug}': linkedSingle('venues'),
  '/organizers': linkedArchive('organizers'),
  '/organizers/{id}': linkedSingle('organizers'),
  '/organizers/by-slug/{slug}': linkedSingle('organizers'),
  '/categories': plain('select event_categories'),
  '/categories/{id}': plain('select event_categories'),
  '/tags': plain('select event_tags'),
  '/tags/{id}': plain('select event_tags'),
  '/changes': {
    anonymousCold: `${GENERATION}, ${CHANGES}`,
    anonymousWarm: CHANGES,
    editorCold: `${USER}, ${GENERATION}, ${CHANGES}`,
    editorWarm: `${USER}, ${CHANGES}`,
  },
}

/** `list`'s reading of a list written across lines: short forms separated by commas. */
const list = (text: string) =>
  text
    .split(',')
    .map((statement) => statement.trim())
    .filter(Boolean)

let server: TestServer
let editor: TestUser
let recorder: StatementRecorder
const cacheSettings = {
  CAL_RESPONSE_CACHE_MB: process.env.CAL_RESPONSE_CACHE_MB,
  CAL_TOTALS_CACHE_SECONDS: process.env.CAL_TOTALS_CACHE_SECONDS,
}
process.env.CAL_RESPONSE_CACHE_MB = '0'
process.env.CAL_TOTALS_CACHE_SECONDS = '0'

useTestServer(['editor'], (setup) => {
  server = setup.server
  editor = setup.users.editor
})

/** The concrete path of each GET route of the table. */
let paths: Record<string, string>

beforeAll(async () => {
  recorder = await statementRecorder(server.payload)
  const write = async (route: string, body: Record<string, unknown>) =>
    (await server.request('POST', `${V1}${route}`, { token: editor.token, body })).body
  const venue = await write('/venues', { venue: 'Counted hall', city: 'Lyon', status: 'publish' })
  const organizer = await write('/organizers', { organizer: 'Counter', status: 'publish' })
  const category = await write('/categories', { name: 'Counted' })
  const tag = await write('/tags', { name: 'counted' })
  const event = await write('/events', {
    title: 'Counted reads',
    start_date: utcWallClock(3),
    end_date: utcWallClock(3, 2),
    status: 'publish',
    venue: venue.id,
    organizer: [organizer.id],
    categories: [category.id],
    tags: [tag.id],
  })
  await formsWarmed(server.payload)
  paths = {
    '': '',
    '/doc': '/doc',
    '/events': '/events',
    '/events/{id}': `/events/${event.id}`,
    '/events/by-slug/{slug}': `/events/by-slug/${event.slug}`,
    '/venues': '/venues',
    '/venues/{id}': `/venues/${venue.id}`,
    '/venues/by-slug/{slug}': `/venues/by-slug/${venue.slug}`,
    '/organizers': '/organizers',
    '/organizers/{id}': `/organizers/${organizer.id}`,
    '/organizers/by-slug/{slug}': `/organizers/by-slug/${organizer.slug}`,
    '/categories': '/categories',
    '/categories/{id}': `/categories/${category.id}`,
    '/tags': '/tags',
    '/tags/{id}': `/tags/${tag.id}`,
    '/changes': '/changes',
  }
})

afterAll(() => {
  recorder?.restore()
  for (const [name, value] of Object.entries(cacheSettings))
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
})

async function statementsOf(path: string, token?: string): Promise<string[]> {
  let status = 0
  const statements = await recorder.record(async () => {
    status = (await server.request('GET', `${V1}${path}`, { token })).status
  })
  expect({ path, status }).toEqual({ path, status: 200 })
  return statements.map(shortForm)
}

/** Cold and warm, anonymous and as an editor; no form kept while a read is recorded. */
async function readsOf(path: string): Promise<Record<keyof Reads, string[]>> {
  // Nothing built or kept after earlier writes and reads runs beside the recorded reads.
  await formsWarmed(server.payload)
  await formsKept(server.payload)
  const release = holdFormKeeping(server.payload)
  try {
    await clearRecordForms(server.payload)
    const anonymousCold = await statementsOf(path)
    release()
    await formsKept(server.payload)
    holdFormKeeping(server.payload)
    // Keeping the forms committed: this read reads the change mark again.
    await statementsOf(path)
    const anonymousWarm = await statementsOf(path)
    await clearRecordForms(server.payload)
    const editorCold = await statementsOf(path, editor.token)
    const editorWarm = await statementsOf(path, editor.token)
    return { anonymousCold, anonymousWarm, editorCold, editorWarm }
  } finally {
    release()
    await formsKept(server.payload)
  }
}

const describeSqlStore =
  suiteStore === 'generic' || suiteDatabase !== 'sqlite' ? describe.skip : describe

describeSqlStore('the statements of a read [SQLite: the other stores run their own]', () => {
  it('every GET route of the table is listed', () => {
    const routes = calendarRoutes(otherRoots())
      .filter((route) => route.operations.GET)
      .map((route) => route.path)
    expect(Object.keys(paths).sort()).toEqual([...routes].sort())
  })

  it('each read runs the statements listed', async () => {
    for (const [route, path] of Object.entries(paths)) {
      const expected = Object.fromEntries(
        Object.entries(EXPECTED[route]).map(([read, text]) => [read, list(text)]),
      )
      expect({ route, ...(await readsOf(path)) }).toEqual({ route, ...expected })
    }
  })

  it('an archive whose filter names no event answers its empty page without a statement', async () => {
    const path = '/events?translation_language=fr&translation_status=outdated'
    await formsWarmed(server.payload)
    await formsKept(server.payload)
    // The first counts the events with the status, once for the calendar's generation.
    await statementsOf(path)
    expect(await statementsOf(path)).toEqual([])
    const empty = (await server.request('GET', `${V1}${path}`)).body
    expect(empty).toMatchObject({ events: [], total: 0, total_pages: 0 })
    // With facets, the archive reads its page and total: the same answer, facets and link apart.
    const { facets, ...read } = (await server.request('GET', `${V1}${path}&facets=categories`)).body
    expect(facets).toBeDefined()
    expect({ ...empty, rest_url: null }).toEqual({ ...read, rest_url: null })
    // A query refused without the filter is refused with it.
    const refused = await server.request('GET', `${V1}/events?search=%00`)
    expect(refused.status).toBe(400)
    expect(await server.request('GET', `${V1}${path}&search=%00`)).toMatchObject({
      status: 400,
      body: refused.body,
    })
  })

  it("an anonymous CSV export of kept forms reads each batch's ids, order and forms in one SELECT", async () => {
    const path = '/api/cal/csv/events.csv?start_date=2000-01-01&end_date=2100-01-01'
    const read = async () => {
      let status = 0
      const statements = await recorder.record(async () => {
        status = (await server.request('GET', path)).status
      })
      expect({ path, status }).toEqual({ path, status: 200 })
      return statements.map(shortForm)
    }
    await formsWarmed(server.payload)
    await read()
    await formsKept(server.payload)
    // Keeping the forms committed: this read reads the change mark again.
    await read()
    const release = holdFormKeeping(server.payload)
    try {
      // One batch: its page (endpoints/forms/keptBatches.ts), nothing read again for the order.
      expect(await read()).toEqual(['select events'])
    } finally {
      release()
      await formsKept(server.payload)
    }
  })
})
