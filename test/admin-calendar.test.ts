/**
 * The admin calendar's window query (features/admin/calendar/grid.ts) against the real server:
 * Payload's REST with each role's own credentials places events by their local dates, applies the
 * filters and shows each role what its list view shows, and the database answers it from an index.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import {
  calendarQuery,
  toCalendarEvent,
  visibleDays,
  windowOf,
} from '../features/admin/calendar/grid.js'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'
import { suiteDatabase } from './support/database.js'

let server: TestServer
let users: Record<string, TestUser>
useTestServer(['editor', 'contributor', 'subscriber'], (setup) => ({ server, users } = setup))

const march = windowOf(visibleDays('2031-03-15', 'month')) // 2031-02-24 … 2031-04-06
const ids: Record<string, number> = {}

async function create(name: string, body: Record<string, unknown>) {
  const created = await server.request('POST', '/api/events', {
    token: users.administrator.token,
    body: eventData({ title: name, ...body }),
  })
  expect(created.status).toBe(201)
  ids[name] = created.body.doc.id
}

const calendarAs = async (role: string, filters = {}) => {
  const response = await server.request(
    'GET',
    `/api/events?${calendarQuery(march, filters, 500)}`,
    { token: users[role].token },
  )
  expect(response.status).toBe(200)
  return response.body as { docs: Array<Record<string, unknown>>; totalDocs: number }
}
const titles = (docs: Array<Record<string, unknown>>) => docs.map((doc) => doc.title).sort()

beforeAll(async () => {
  const category = await server.request('POST', '/api/event-categories', {
    token: users.administrator.token,
    body: { name: 'Jazz' },
  })
  // 00:30 on 24 February in Paris is still 23 February in UTC: placed (and loaded) by its local
  // day.
  await create('paris-night', {
    startDate: '2031-02-23T23:30:00.000Z',
    endDate: '2031-02-24T01:00:00.000Z',
    timezone: 'Europe/Paris',
    categories: [category.body.doc.id],
  })
  await create('before-window', {
    startDate: '2031-02-23T10:00:00.000Z',
    endDate: '2031-02-23T11:00:00.000Z',
  })
  await create('festival', {
    startDate: '2031-02-01T10:00:00.000Z',
    endDate: '2031-03-02T18:00:00.000Z',
  })
  await create('all-day', {
    startDate: '2031-03-10T00:00:00.000Z',
    endDate: '2031-03-10T00:00:00.000Z',
    allDay: true,
  })
  await create('after-window', {
    startDate: '2031-04-07T10:00:00.000Z',
    endDate: '2031-04-07T11:00:00.000Z',
  })
  await create('editor-draft', {
    startDate: '2031-03-12T10:00:00.000Z',
    endDate: '2031-03-12T11:00:00.000Z',
    status: 'draft',
    author: users.editor.id,
  })
  await create('contributor-draft', {
    startDate: '2031-03-13T10:00:00.000Z',
    endDate: '2031-03-13T11:00:00.000Z',
    status: 'draft',
    author: users.contributor.id,
  })
})

describe('the calendar’s window', () => {
  it('holds the events that overlap the shown days by their local dates, in order of start, with only the fields shown', async () => {
    const { docs } = await calendarAs('administrator')
    expect(docs.map((doc) => doc.title)).toEqual([
      'festival',
      'paris-night',
      'all-day',
      'editor-draft',
      'contributor-draft',
    ])
    const night = toCalendarEvent(docs[1])
    expect(night).toMatchObject({
      start: '2031-02-24 00:30:00',
      end: '2031-02-24 02:00:00',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    expect(toCalendarEvent(docs[2])).toMatchObject({
      allDay: true,
      start: '2031-03-10 00:00:00',
      end: '2031-03-10 23:59:59',
    })
    // Payload adds what access and hooks read (author, hasPassword); nothing else of the event
    // comes.
    for (const field of [
      'description',
      'excerpt',
      'venue',
      'organizers',
      'categories',
      'cost',
      'slug',
    ])
      expect(docs[0]).not.toHaveProperty(field)
  })

  it('filters by category', async () => {
    expect(titles((await calendarAs('administrator', { category: '999' })).docs)).toEqual([])
    const { docs } = await calendarAs('administrator', {
      category: String(
        (
          await server.request('GET', '/api/event-categories?where[name][equals]=Jazz', {
            token: users.administrator.token,
          })
        ).body.docs[0].id,
      ),
    })
    expect(titles(docs)).toEqual(['paris-night'])
  })

  // Contributors read every status but the trash (collections/access.ts, as the anchor's archives
  // do): the calendar shows them what their list view does, no more and no less.
  it('shows each role what its list view shows; a subscriber sees no drafts', async () => {
    for (const role of ['editor', 'contributor', 'subscriber']) {
      const list = await server.request('GET', '/api/events?limit=100&depth=0', {
        token: users[role].token,
      })
      const inWindow = (list.body.docs as Array<Record<string, unknown>>).filter(
        (doc) => !['before-window', 'after-window'].includes(doc.title as string),
      )
      expect(titles((await calendarAs(role)).docs)).toEqual(titles(inWindow))
    }
    expect(titles((await calendarAs('contributor')).docs)).toContain('contributor-draft')
    expect(titles((await calendarAs('subscriber')).docs)).toEqual([
      'all-day',
      'festival',
      'paris-night',
    ])
  })
})

// Last: the roles' test above compares the calendar with every event of the list view.
describe('a recurring series', () => {
  // Within the two years ahead that dates are generated for.
  it('is left out, its dates shown in its place, each marked as repeating and opening its own record', async () => {
    const created = await server.request('POST', '/api/events', {
      token: users.administrator.token,
      body: eventData({
        title: 'weekly-class',
        startDate: '2027-05-04T17:00:00.000Z',
        endDate: '2027-05-04T18:00:00.000Z',
        timezone: 'Europe/Paris',
        recurrence: { rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=3'] },
      }),
    })
    expect(created.status).toBe(201)
    const seriesId = created.body.doc.id
    const may = windowOf(visibleDays('2027-05-15', 'month'))
    const response = await server.request('GET', `/api/events?${calendarQuery(may, {}, 500)}`, {
      token: users.administrator.token,
    })
    expect(response.status).toBe(200)
    const events = (response.body.docs as Array<Record<string, unknown>>).map(toCalendarEvent)
    expect(events.map((event) => [event?.title, event?.start, event?.repeats])).toEqual([
      ['weekly-class', '2027-05-04 19:00:00', true],
      ['weekly-class', '2027-05-11 19:00:00', true],
      ['weekly-class', '2027-05-18 19:00:00', true],
    ])
    expect(events.map((event) => event?.id)).not.toContain(seriesId)
    for (const event of events) {
      const own = await server.request('GET', `/api/events/${event!.id}?depth=0`, {
        token: users.administrator.token,
      })
      expect(own.body).toMatchObject({ startDateLocal: event!.start, series: seriesId })
    }
  })
})

describe('at scale', () => {
  const sqliteOnly = suiteDatabase === 'sqlite' ? it : it.skip
  sqliteOnly(
    'the window is read through an index on the local start, not by scanning the events',
    async () => {
      const client = (
        server.payload.db as unknown as {
          client: {
            execute: (sql: { sql: string; args: unknown[] }) => Promise<{ rows: unknown[] }>
          }
        }
      ).client
      const plan = await client.execute({
        sql: 'EXPLAIN QUERY PLAN SELECT id FROM events WHERE start_date_local < ? AND end_date_local >= ? ORDER BY start_date_local LIMIT 500',
        args: [march.before, march.from],
      })
      const steps = plan.rows
        .map((row) => String((row as Record<string, unknown>).detail))
        .join('\n')
      expect(steps).toMatch(/USING (COVERING )?INDEX/)
      expect(steps).not.toMatch(/SCAN events\b(?! USING)/)
    },
  )
})
