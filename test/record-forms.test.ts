import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import http from 'node:http'
import { parse } from 'csv-parse/sync'
import pLimit from 'p-limit'
import { createLocalReq, type Where } from 'payload'
import { clearRecordForms } from '../collections/recordForms.js'
import { formsKept, holdFormKeeping } from '../endpoints/forms/formKeeper.js'
import { formsWarmed, warmMissingForms } from '../endpoints/records/formWarmer.js'
import { pageIdsBySql } from '../core/database/sqlPageIds.js'
import { itOnSqlStores, startTestServer, V1, type TestServer } from './helpers.js'
import { registerCast, type Cast } from './support/callers.js'
import { writeGoldenCalendar, type GoldenIds } from './support/goldenCalendar.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * Kept record forms (issue #27, collections/recordForms.ts): anonymous reads that no cache answers
 * join the kept v1 forms of their records. This server keeps them; a second process on the same
 * database builds every record on every read (CAL_RECORD_FORMS=false). Both run without the
 * response cache, so every read below is a miss. This server also takes each page's ids in one
 * SELECT built by the adapter's query builder (core/database/sqlPageIds.ts), the other from
 * Payload's `find`, so the pages' order is compared too. After each write of every kind, every
 * anonymous read (the CSV export and the feeds included) answers the same bytes on both, read twice
 * here (built and kept, then joined from what was kept), in three languages.
 */

let server: TestServer
let builder: ServerProcess
let cast: Cast
let ids: GoldenIds
const saved = { ...process.env }

beforeAll(async () => {
  process.env.CAL_RESPONSE_CACHE_MB = '0'
  delete process.env.CAL_SITE_URL
  server = await startTestServer()
  cast = await registerCast(server)
  ids = await writeGoldenCalendar(server, cast)
  builder = await startServerProcess({
    DATABASE_URI: process.env.DATABASE_URI!,
    CAL_MEDIA_DIR: process.env.CAL_MEDIA_DIR!,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET!,
    CAL_RESPONSE_CACHE_MB: '0',
    CAL_RECORD_FORMS: 'false',
  })
}, 240_000)

afterAll(async () => {
  builder?.child.kill('SIGTERM')
  await builder?.exited
  const mediaDir = process.env.CAL_MEDIA_DIR
  await server?.close()
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
  process.env = saved
})

const WIDE = 'start_date=2000-01-01&end_date=2100-12-31'
const CSV = '/api/cal/csv'
const FULLCALENDAR = '/api/cal/fullcalendar/events'

/** Every anonymous read about the calendar, in each language. */
function reads(): string[] {
  const events = Object.values(ids.events)
  const paths = [
    `${V1}/events`,
    `${V1}/events?${WIDE}&per_page=50`,
    `${V1}/events?${WIDE}&per_page=3&page=2`,
    `${V1}/events?${WIDE}&categories=${ids.categories.music}`,
    `${V1}/events?${WIDE}&tags=${ids.tags.outdoor}`,
    `${V1}/events?${WIDE}&search=bebop`,
    `${V1}/events?${WIDE}&venue=${ids.venues.lyon}`,
    ...events.map((id) => `${V1}/events/${id}`),
    ...Object.values(ids.slugs).map((slug) => `${V1}/events/by-slug/${slug}`),
    `${V1}/venues?per_page=50`,
    `${V1}/organizers?per_page=50`,
    `${V1}/venues?per_page=2&page=2`,
    ...Object.values(ids.venues).map((id) => `${V1}/venues/${id}`),
    ...Object.values(ids.organizers).map((id) => `${V1}/organizers/${id}`),
    // The CSV export's rows are forms too (issue #59 item 3).
    `${CSV}/events.csv`,
    `${CSV}/events.csv?${WIDE}`,
    `${CSV}/events.csv?${WIDE}&categories=${ids.categories.music}&bom=true`,
    // So are the records of the iCalendar and FullCalendar feeds.
    '/api/cal/ical/events.ics',
    `/api/cal/ical/events.ics?${WIDE}`,
    `/api/cal/ical/events.ics?${WIDE}&categories=${ids.categories.music}`,
    `${FULLCALENDAR}?start=2030-01-01&end=2031-02-01`,
    `${FULLCALENDAR}?start=2030-01-01&end=2031-02-01&timeZone=Europe/Paris`,
  ]
  return ['', '/fr', '/es'].flatMap((segment) => paths.map((path) => `${segment}${path}`))
}

/**
 * The answer as status and text, each server's own address (links are made from the request's)
 * written as `http://HOST`.
 */
async function text(base: string, path: string) {
  const response = await fetch(`${base}${path}`)
  const host = base.replace(/^http:\/\//, '')
  return `${response.status} ${(await response.text()).replaceAll(host, 'HOST')}`
}

/** Each path's answer from one server, four requests at a time. */
function answersOf(base: string, paths: string[]): Promise<string[]> {
  const limit = pLimit(4)
  return Promise.all(paths.map((path) => limit(() => text(base, path))))
}

/**
 * Every read answers the same bytes on both servers, built or joined. The builder and this
 * server are two processes: the builder's answers and this server's first pass (built, or joined
 * from forms an earlier read of the pass kept) run side by side.
 */
async function expectSameAnswers() {
  const paths = reads()
  const [expected, built] = await Promise.all([
    answersOf(builder.url, paths),
    answersOf(server.url, paths),
  ])
  const compare = (answers: string[]) =>
    expect(paths.map((path, at) => ({ path, answer: answers[at] }))).toEqual(
      paths.map((path, at) => ({ path, answer: expected[at] })),
    )
  compare(built)
  // Forms are kept after the read answers (endpoints/forms/formKeeper.ts): joined now.
  await formsKept(server.payload)
  compare(await answersOf(server.url, paths))
}

const kept = async (where: Record<string, unknown> = {}) => {
  // The forms of events that writes named are built after them (formWarmer.ts), then kept.
  await formsWarmed(server.payload)
  await formsKept(server.payload)
  return (await server.payload.db.count({ collection: 'cal-record-forms', where } as never))
    .totalDocs
}

async function write(method: string, route: string, body: Record<string, unknown>) {
  const response = await server.request(method, route, {
    token: cast.users.administrator.token,
    body,
  })
  if (response.status >= 300)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body
}

describe('kept record forms', () => {
  it('answer every anonymous read as built records do, before and after writes of every kind', async () => {
    await expectSameAnswers()
    expect(await kept()).toBeGreaterThan(20)
    // The export's rows came from its own forms (and the warmer built them with the archive's).
    const exported = parse(await (await fetch(`${server.url}${CSV}/events.csv?${WIDE}`)).text(), {
      columns: true,
    }) as unknown[]
    expect(exported.length).toBeGreaterThan(3)
    expect(await kept({ key: { contains: ':csv:' } })).toBeGreaterThanOrEqual(exported.length)
    const { lyon } = ids.venues
    const atLyon = await kept({
      and: [{ resource: { equals: 'venues' } }, { record: { equals: lyon } }],
    })
    expect(atLyon).toBeGreaterThan(0)

    // A venue renamed in French: its forms and those of the events that show it go (and come
    // back, built after the write: held here to see them gone).
    let release = holdFormKeeping(server.payload)
    await write('POST', `${V1}/venues/${lyon}`, {
      venue: 'Salle Rameau rénovée',
      translation_language: 'fr',
    })
    expect(
      await kept({ and: [{ resource: { equals: 'venues' } }, { record: { equals: lyon } }] }),
    ).toBe(0)
    expect(
      await kept({
        and: [{ resource: { equals: 'events' } }, { record: { equals: ids.events.concert } }],
      }),
    ).toBe(0)
    release()
    await expectSameAnswers()

    // The venue unpublished: the events at it still show it, in draft, as The Events Calendar
    // embeds it (#47 part 4); then published again.
    await write('POST', `${V1}/venues/${lyon}`, { status: 'draft' })
    const concert = await text(server.url, `${V1}/events/${ids.events.concert}`)
    expect(JSON.parse(concert.slice(4)).venue).toMatchObject({ id: lyon, status: 'draft' })
    await expectSameAnswers()
    await write('POST', `${V1}/venues/${lyon}`, { status: 'publish' })

    // A category renamed; an organizer changed; a tag renamed.
    await write('POST', `${V1}/categories/${ids.categories.jazz}`, { name: 'Modern jazz' })
    await write('POST', `${V1}/organizers/${ids.organizers.beta}`, {
      organizer: 'Beta Ensemble',
      phone: '+33 1 23',
    })
    await write('POST', `${V1}/tags/${ids.tags.outdoor}`, { name: 'open air' })
    await expectSameAnswers()

    // A new event in a category: the counts every event of that category shows move.
    await write('POST', `${V1}/events`, {
      title: 'Late addition',
      start_date: '2030-03-03 10:00:00',
      end_date: '2030-03-03 11:00:00',
      timezone: 'UTC',
      status: 'publish',
      categories: [ids.categories.music],
      venue: lyon,
    })
    await expectSameAnswers()

    // An event's title in Spanish, an event unpublished, another protected, another trashed.
    const [first, second, third, fourth] = Object.values(ids.events)
    await write('POST', `${V1}/events/${first}`, {
      title: 'Título nuevo',
      translation_language: 'es',
    })
    await write('POST', `${V1}/events/${second}`, { status: 'draft' })
    await write('POST', `${V1}/events/${third}`, { password: 'open-sesame' })
    await write('DELETE', `${V1}/events/${fourth}`, {})
    await expectSameAnswers()

    // The image's alternative text: every record may show it.
    await kept()
    release = holdFormKeeping(server.payload)
    await write('PATCH', `/api/media/${ids.image}`, { alt: 'A brighter dot' })
    expect(await kept()).toBe(0)
    release()
    await expectSameAnswers()
  }, 600_000)

  it('are the same whatever host a request names: its links have it, and no form is added', async () => {
    const path = `${V1}/events?${WIDE}&per_page=50`
    await text(server.url, path)
    const before = await kept()
    const response = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        `${server.url}${path}`,
        { headers: { host: 'elsewhere.example:8080' } },
        (answer) => {
          let body = ''
          answer.setEncoding('utf8')
          answer.on('data', (chunk: string) => (body += chunk))
          answer.on('end', () => resolve(body))
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(response).toContain('"url":"http://elsewhere.example:8080/event/')
    expect(response).toContain('"global_id":"elsewhere.example:8080?id=')
    expect(response).not.toContain(server.url.replace('http://', ''))
    expect(response).not.toContain('\\u0000')
    expect(await kept()).toBe(before)
  })

  itOnSqlStores('pageIdsBySql is the SQL stores’ page query; the generic store pages with find')(
    'come in the SELECT of their page’s ids, built once per shape and run with each page’s values',
    async () => {
      await text(server.url, `${V1}/venues?per_page=50`)
      await formsKept(server.payload)
      const { docs } = await server.payload.db.find<{ key: string; record: number; body: string }>({
        collection: 'cal-record-forms',
        where: { key: { like: 'venues:' }, resource: { equals: 'venues' } },
        pagination: false,
        limit: 0,
      } as never)
      const lists = docs.filter((row) => row.key.includes(':list:'))
      const suffix = lists[0].key.slice(lists[0].key.indexOf(':list:'))
      // The list forms of one language.
      const kept = lists.filter((row) => row.key.endsWith(suffix))
      expect(kept.length).toBeGreaterThan(3)
      const visible = (at: string): Where => ({
        and: [{ publishedAt: { less_than_equal: at } }, { deletedAt: { exists: false } }],
      })
      const req = await createLocalReq({}, server.payload)
      const page = (pageNumber: number, at: string) =>
        pageIdsBySql(server.payload, req, {
          slug: 'venues',
          where: visible(at),
          sort: ['-publishedAt', '-id'],
          limit: 2,
          page: pageNumber,
          locale: 'en',
          forms: { slug: 'cal-record-forms', prefix: 'venues:', suffix },
        })
      const all = await server.payload.find({
        collection: 'venues',
        where: visible(new Date().toISOString()),
        sort: ['-publishedAt', '-id'],
        limit: 4,
        depth: 0,
      })
      const first = await page(1, new Date().toISOString())
      // Another time, the same shape: the kept statement with this request's values.
      const second = await page(2, new Date(Date.now() + 1000).toISOString())
      expect([...first!.ids, ...second!.ids]).toEqual(all.docs.map((doc) => doc.id))
      for (const found of [first!, second!])
        for (const id of found.ids) {
          const row = kept.find((form) => form.record === id)
          expect(found.forms!.get(id)).toBe(row?.body)
        }
      // A time before every venue: no ids, whatever the kept statement was built with.
      expect((await page(1, '2000-01-01T00:00:00.000Z'))!.ids).toEqual([])
    },
  )

  itOnSqlStores('pageIdsBySql is the SQL stores’ page query; the generic store pages with find')(
    "take the date window's wall-clock bounds out of the shape: each day asked gets its own page",
    async () => {
      const req = await createLocalReq({}, server.payload)
      const from = (day: string): Where => ({
        and: [
          { startDateLocal: { greater_than_equal: `${day} 00:00:00` } },
          { status: { equals: 'publish' } },
          { deletedAt: { exists: false } },
        ],
      })
      const days = ['2000-01-01', '2026-01-01', '2100-01-01']
      for (const day of [...days, ...days]) {
        const found = await pageIdsBySql(server.payload, req, {
          slug: 'events',
          where: from(day),
          sort: ['startDateLocal', 'id'],
          limit: 3,
          page: 1,
          locale: 'en',
        })
        const expected = await server.payload.find({
          collection: 'events',
          where: from(day),
          sort: ['startDateLocal', 'id'],
          limit: 3,
          depth: 0,
        })
        expect(found!.ids).toEqual(expected.docs.map((doc) => doc.id))
      }
    },
  )

  it('are all removed by clearRecordForms after a change made outside Payload', async () => {
    const organizer = `${V1}/organizers/${ids.organizers.alpha}`
    // Archives read their kept forms in the query of their page's ids
    // (core/database/sqlPageIds.ts).
    const organizers = `${V1}/organizers?per_page=50`
    const events = `${V1}/events?${WIDE}&per_page=50`
    const eventsFound = `${V1}/events?${WIDE}&search=bebop`
    const archives = [organizers, events, eventsFound]
    for (const path of [organizer, ...archives]) await text(server.url, path)
    expect(await kept()).toBeGreaterThan(0)
    // What SQL or a restore would do: no hook runs, no change is logged.
    await server.payload.db.updateOne({
      collection: 'organizers',
      where: { id: { equals: ids.organizers.alpha } },
      data: { phone: '+33 9 99 99 99 99' },
    } as never)
    for (const path of [organizer, ...archives]) {
      const answer = await text(server.url, path)
      expect({ path, changed: answer.includes('+33 9 99 99 99 99') }).toEqual({
        path,
        changed: false,
      })
    }
    expect(await clearRecordForms(server.payload)).toBeGreaterThan(0)
    expect(await kept()).toBe(0)
    for (const path of [organizer, ...archives]) {
      const answer = await text(server.url, path)
      expect({ path, changed: answer.includes('+33 9 99 99 99 99') }).toEqual({
        path,
        changed: true,
      })
    }
    await expectSameAnswers()
  }, 300_000)

  it('are built at start for every event anonymous callers read, when they are missing', async () => {
    await clearRecordForms(server.payload)
    await warmMissingForms(server.payload)
    // What anonymous callers may read, as Payload's own REST counts it.
    const { body } = await server.request('GET', '/api/events?limit=1&depth=0')
    const lists = await kept({
      and: [{ resource: { equals: 'events' } }, { key: { contains: ':list:' } }],
    })
    expect(lists).toBe(body.totalDocs)
    // And the VEVENTs of the iCalendar feed (`null` for a series' dates, which it writes from
    // their series).
    const vevents = await kept({
      and: [{ resource: { equals: 'events' } }, { key: { contains: ':vevent:' } }],
    })
    expect(vevents).toBe(body.totalDocs)
    await expectSameAnswers()
  }, 300_000)

  it('built before a write are kept, but for the records it named, and answer as built', async () => {
    await clearRecordForms(server.payload)
    const release = holdFormKeeping(server.payload)
    const page = await server.request('GET', `${V1}/events?${WIDE}&per_page=50`)
    const shown: number[] = page.body.events.map((event: { id: number }) => event.id)
    // A write commits while the page's forms wait to be kept: the change log names one event.
    await write('POST', `${V1}/events/${shown[0]}`, { title: 'Renamed while its form waited' })
    release()
    const lists = await kept({
      and: [{ resource: { equals: 'events' } }, { key: { contains: ':list:' } }],
    })
    expect(lists).toBe(shown.length)
    await expectSameAnswers()
  }, 300_000)
})
