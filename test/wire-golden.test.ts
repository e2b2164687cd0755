import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { FACET_NAMES } from '../endpoints/events/facets.js'
import { startTestServer, V1, type TestServer } from './helpers.js'
import { registerCast, type Cast } from './support/callers.js'
import { writeGoldenCalendar, type GoldenIds } from './support/goldenCalendar.js'

/**
 * The wire, byte for byte: every read route of the v1 namespace and of the feeds, with each filter,
 * each role and each language, on a calendar written the same way every time
 * (test/support/goldenCalendar.ts), answers exactly what `test/fixtures/wire-golden/` holds. Only
 * what cannot repeat is blanked (the server's address, last-change times, entity tags, DTSTAMP).
 *
 * A change to the wire format is a change of these files: `UPDATE_GOLDEN=1 npm test --
 * test/wire-golden.test.ts` writes them anew, and the diff shows every answer that moved. Refactors
 * and speed work (a new query path, stored records) must leave them as they are, on SQLite and on
 * PostgreSQL alike.
 */

const GOLDEN_DIR = path.resolve('test/fixtures/wire-golden')
const UPDATE = process.env.UPDATE_GOLDEN === '1'
const CALLERS = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator']

/** Headers that say what an answer is; validators and dates are left out. */
const KEPT_HEADERS = [
  'content-type',
  'content-language',
  'cache-control',
  'vary',
  'allow',
  'link',
  'x-tec-total',
  'x-tec-totalpages',
  'content-disposition',
]
/** Record keys whose values are the time of a write. */
const WRITE_TIMES = new Set(['modified', 'modified_utc'])

let server: TestServer
let cast: Cast
let ids: GoldenIds

beforeAll(async () => {
  server = await startTestServer()
  cast = await registerCast(server)
  ids = await writeGoldenCalendar(server, cast)
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

type Answer = { status: number; headers: Record<string, string>; body: unknown }

function normalizeText(text: string): string {
  const host = new URL(server.url).host
  return text.split(server.url).join('http://HOST').split(host).join('HOST')
}

function normalizeBody(value: unknown, key?: string): unknown {
  if (typeof value === 'string')
    return key && WRITE_TIMES.has(key) ? '<write time>' : normalizeText(value)
  if (Array.isArray(value)) return value.map((item) => normalizeBody(item))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, normalizeBody(inner, name)]),
    )
  }
  return value
}

/** iCalendar lines that hold the time of the request or of a write. */
const ICAL_TIMES = /^(DTSTAMP|LAST-MODIFIED|CREATED)[;:].*$/gm

async function fetchAnswer(route: string, caller: string): Promise<Answer> {
  const user = caller === 'anonymous' ? undefined : cast.users[caller as keyof Cast['users']]
  const response = await fetch(`${server.url}${route}`, {
    headers: user ? { authorization: `JWT ${user.token}` } : {},
  })
  const text = await response.text()
  const headers = Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = response.headers.get(name)
      return value === null ? [] : [[name, normalizeText(value)]]
    }),
  )
  const json = (response.headers.get('content-type') ?? '').includes('json')
  const body = json
    ? normalizeBody(JSON.parse(text))
    : normalizeText(text.replace(/\r\n[ \t]/g, '')).replace(ICAL_TIMES, '$1:<time>')
  return { status: response.status, headers, body }
}

/** The reads asked of each caller, by a name that stays stable when ids change. */
/** Every facet group of the events archive (endpoints/events/facets.ts). */
const FACETS = FACET_NAMES.join(',')

function readsOf(): Record<string, string> {
  const { events, slugs, categories, tags, venues, organizers } = ids
  const window = 'start_date=2030-01-01&end_date=2031-12-31'
  const archive = `${V1}/events?${window}`
  return {
    'events: window': archive,
    'events: page 2 of 4': `${archive}&per_page=4&page=2`,
    'events: page of 50': `${archive}&per_page=50`,
    'events: page past the last': `${archive}&page=99`,
    'events: search jazz': `${archive}&search=jazz`,
    'events: search two words': `${archive}&search=bebop%20night`,
    'events: category id': `${archive}&categories=${categories.jazz}`,
    'events: category slug': `${archive}&categories=be-bop`,
    'events: two categories': `${archive}&categories=${categories.family},${categories.bebop}`,
    'events: tag': `${archive}&tags=${tags.free}`,
    'events: venue': `${archive}&venue=${venues.lyon}`,
    'events: organizer': `${archive}&organizer=${organizers.beta}`,
    'events: featured': `${archive}&featured=true`,
    'events: not featured': `${archive}&featured=false&per_page=50`,
    'events: statuses': `${archive}&status=draft,pending,private,future`,
    'events: geoloc': `${archive}&geoloc=true&geoloc_lat=45.76&geoloc_lng=4.83&geoloc_radius=20`,
    'events: include': `${V1}/events?include=${events.concert},${events.free},${events.draft}`,
    'events: post_parent': `${archive}&post_parent=${events.festival}`,
    'events: ticketed false': `${archive}&ticketed=false&per_page=3`,
    'events: strict dates': `${V1}/events?start_date=2030-03-01%2018:00:00&end_date=2030-03-02%2017:00:00&strict_dates=true`,
    'events: one day': `${V1}/events?start_date=2030-06-13&end_date=2030-06-13`,
    'events: series dates': `${V1}/events?start_date=2030-09-01&end_date=2030-09-30`,
    'events: password': `${archive}&per_page=50&password=open%20sesame`,
    'events: French': `${archive}&translation_language=fr&per_page=5`,
    'events: Spanish root': `/es${archive}&per_page=5`,
    'events: French root, search': `/fr${archive}&search=bebop`,
    'events: every facet': `${archive}&per_page=2&facets=${FACETS}`,
    'events: facets, a category chosen, French root': `/fr${archive}&per_page=1&categories=${categories.jazz}&facets=categories,tags,venue,organizer,city,country`,
    'events: facets of every status': `${archive}&per_page=1&status=draft,pending,private,future,publish&facets=venue,event_status,featured`,
    'event: concert': `${V1}/events/${events.concert}`,
    'event: concert in French': `/fr${V1}/events/${events.concert}`,
    'event: concert in Spanish': `${V1}/events/${events.concert}?translation_language=es`,
    'event: by slug': `${V1}/events/by-slug/${slugs.concert}`,
    'event: festival (all day, inline venue)': `${V1}/events/${events.festival}`,
    'event: New York': `${V1}/events/${events.newYork}`,
    'event: child': `${V1}/events/${events.child}`,
    'event: hidden': `${V1}/events/${events.hidden}`,
    'event: draft': `${V1}/events/${events.draft}`,
    'event: pending': `${V1}/events/${events.pending}`,
    'event: private': `${V1}/events/${events.private}`,
    'event: future': `${V1}/events/${events.future}`,
    'event: author’s': `${V1}/events/${events.authors}`,
    'event: locked': `${V1}/events/${events.locked}`,
    'event: unlocked': `${V1}/events/${events.locked}?password=open%20sesame`,
    'event: wrong password': `${V1}/events/${events.locked}?password=nope`,
    'event: series': `${V1}/events/${events.series}`,
    'event: trashed': `${V1}/events/${events.trashed}`,
    'event: missing': `${V1}/events/999999`,
    'venues: archive': `${V1}/venues`,
    'venues: page 2 of 2': `${V1}/venues?per_page=2&page=2`,
    'venues: search': `${V1}/venues?search=lyon`,
    'venues: has events': `${V1}/venues?has_events=true`,
    'venues: without events': `${V1}/venues?has_events=false`,
    'venues: of an event': `${V1}/venues?event=${events.concert}`,
    'venues: statuses': `${V1}/venues?status=publish,draft`,
    'venues: Spanish': `/es${V1}/venues`,
    'venue: Lyon': `${V1}/venues/${venues.lyon}`,
    'venue: New York by slug': `${V1}/venues/by-slug/village-basement`,
    'venue: draft': `${V1}/venues/${venues.draft}`,
    'organizers: archive': `${V1}/organizers`,
    'organizers: search': `${V1}/organizers?search=alpha`,
    'organizers: of an event': `${V1}/organizers?event=${events.concert}`,
    'organizers: French': `${V1}/organizers?translation_language=fr`,
    'organizer: alpha': `${V1}/organizers/${organizers.alpha}`,
    'organizer: author’s draft': `${V1}/organizers/${organizers.authors}`,
    'categories: archive': `${V1}/categories`,
    'categories: with empty': `${V1}/categories?hide_empty=false`,
    'categories: children of music': `${V1}/categories?parent=${categories.music}&hide_empty=false`,
    'categories: search': `${V1}/categories?search=jaz&hide_empty=false`,
    'categories: by id, descending': `${V1}/categories?orderby=id&order=desc&hide_empty=false`,
    'categories: of an event': `${V1}/categories?post=${events.festival}`,
    'categories: French': `/fr${V1}/categories?hide_empty=false`,
    'category: jazz': `${V1}/categories/${categories.jazz}`,
    'category: bebop in French': `${V1}/categories/${categories.bebop}?translation_language=fr`,
    'tags: archive': `${V1}/tags?hide_empty=false`,
    'tags: by count': `${V1}/tags?orderby=count&order=desc`,
    'tag: late': `${V1}/tags/${tags.late}`,
    'feed: window': `/api/cal/ical/events.ics?${window}`,
    'feed: category in French': `/fr/api/cal/ical/events.ics?${window}&categories=${categories.jazz}`,
    'feed: one event': `/api/cal/ical/events/${events.concert}.ics`,
    'feed: one event by slug': `/api/cal/ical/events/by-slug/${slugs.newYork}.ics`,
    'feed: locked event': `/api/cal/ical/events/${events.locked}.ics`,
  }
}

/** Reads that do not depend on the caller: asked once. */
const SHARED_READS: Record<string, string> = {
  'namespace index': V1,
  'OpenAPI document': `${V1}/doc`,
  'no such route': `${V1}/nothing`,
  'bad parameter': `${V1}/events?per_page=many`,
}

function compare(name: string, answers: Record<string, Answer>) {
  const file = path.join(GOLDEN_DIR, `${name}.json`)
  if (UPDATE) {
    fs.mkdirSync(GOLDEN_DIR, { recursive: true })
    fs.writeFileSync(file, `${JSON.stringify(answers, null, 1)}\n`)
    return
  }
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run with UPDATE_GOLDEN=1`)
  const golden = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Answer>
  expect(Object.keys(answers)).toEqual(Object.keys(golden))
  for (const [read, answer] of Object.entries(answers)) {
    // Named, so that a failure says which read moved.
    expect({ read, ...answer }).toEqual({ read, ...golden[read] })
  }
}

describe('the wire, byte for byte', () => {
  for (const caller of CALLERS) {
    it(`answers every read of ${caller} as recorded`, async () => {
      const answers: Record<string, Answer> = {}
      for (const [read, route] of Object.entries(readsOf()))
        answers[read] = await fetchAnswer(route, caller)
      compare(caller, answers)
    }, 120_000)
  }

  it('answers the index, the document and errors as recorded', async () => {
    const answers: Record<string, Answer> = {}
    for (const [read, route] of Object.entries(SHARED_READS))
      answers[read] = await fetchAnswer(route, 'anonymous')
    compare('shared', answers)
  })
})
