import { beforeAll, describe, expect, it } from '@jest/globals'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * The FullCalendar feed (issue #40 item 1) through HTTP: FullCalendar's events JSON feed, each
 * event compared with its v1 record; times in the asked zone across the DST changes of Paris and
 * New York; all-day events, dates of series, filters, languages, rights, caching and bad input.
 */

let server: TestServer
let admin: TestUser
let author: TestUser

useTestServer(['author'], (setup) => {
  server = setup.server
  admin = setup.admin
  author = setup.users.author
})

const FEED = '/api/cal/fullcalendar/events'

type FeedEvent = {
  id: string
  title: string
  start: string
  end: string
  allDay: boolean
  url: string
  classNames: string[]
  backgroundColor?: string
  extendedProps: Record<string, any>
}

async function feed(query: string, user?: TestUser, headers: Record<string, string> = {}) {
  return server.request('GET', `${FEED}?${query}`, {
    ...(user ? { token: user.token } : {}),
    headers,
  })
}

/** The events of a feed, asserting it answered 200. */
async function events(query: string, user?: TestUser): Promise<FeedEvent[]> {
  const response = await feed(query, user)
  expect(response.status).toBe(200)
  return response.body as FeedEvent[]
}

const find = (list: FeedEvent[], id: number) => list.find((event) => event.id === String(id))
const times = (event: FeedEvent | undefined) => event && [event.start, event.end]

let paris: Record<string, any>
let parisLate: Record<string, any>
let parisAfterMidnight: Record<string, any>
let newYork: Record<string, any>
let newYorkLate: Record<string, any>
let festival: Record<string, any>
let canceled: Record<string, any>
let draft: Record<string, any>

beforeAll(async () => {
  // 28 March 2027: Paris moves from +01:00 to +02:00 at 02:00; 01:30 is before, 04:00 after.
  paris = await createV1Event(server, admin, {
    title: 'Spring forward & jazz',
    start_date: '2027-03-28 01:30:00',
    end_date: '2027-03-28 04:00:00',
    timezone: 'Europe/Paris',
    venue: { venue: 'Salle Pleyel', city: 'Paris' },
    organizer: [{ organizer: 'Friends of Jazz' }],
    categories: ['Jazz'],
    cost: '10',
  })
  // The day of 28 March 2027 in Paris is 23 hours long: 23:30 is in it, 00:30 the next day is not.
  parisLate = await createV1Event(server, admin, {
    title: 'Late in Paris',
    start_date: '2027-03-28 23:30:00',
    end_date: '2027-03-28 23:45:00',
    timezone: 'Europe/Paris',
  })
  parisAfterMidnight = await createV1Event(server, admin, {
    title: 'After midnight in Paris',
    start_date: '2027-03-29 00:30:00',
    end_date: '2027-03-29 01:00:00',
    timezone: 'Europe/Paris',
  })
  // 7 November 2027: New York goes back from -04:00 to -05:00 at 02:00; the event spans it.
  newYork = await createV1Event(server, admin, {
    title: 'Fall back show',
    start_date: '2027-11-07 00:30:00',
    end_date: '2027-11-07 03:30:00',
    timezone: 'America/New_York',
  })
  // That day is 25 hours long in New York: 23:30 is still in it.
  newYorkLate = await createV1Event(server, admin, {
    title: 'Late in New York',
    start_date: '2027-11-07 23:30:00',
    end_date: '2027-11-07 23:50:00',
    timezone: 'America/New_York',
  })
  festival = await createV1Event(server, admin, {
    title: 'Festival',
    start_date: '2027-06-10',
    end_date: '2027-06-12',
    all_day: true,
    timezone: 'Europe/Paris',
    categories: ['Music'],
  })
  canceled = await createV1Event(server, admin, {
    title: 'Called off',
    start_date: '2027-06-20 18:00:00',
    end_date: '2027-06-20 19:00:00',
    timezone: 'Europe/Paris',
    event_status: 'canceled',
    event_status_reason: 'Storm',
  })
  draft = await createV1Event(server, admin, {
    title: 'Draft concert',
    start_date: '2027-06-21 18:00:00',
    end_date: '2027-06-21 19:00:00',
    status: 'draft',
  })
})

describe('the feed', () => {
  it('answers FullCalendar’s event objects, each made from the event’s v1 record', async () => {
    const list = await events('start=2027-03-22&end=2027-04-05&timeZone=Europe/Paris')
    const event = find(list, paris.id)!
    const record = (await server.request('GET', `${V1}/events/${paris.id}`)).body
    expect(event).toEqual({
      id: String(paris.id),
      title: 'Spring forward & jazz',
      start: '2027-03-28T01:30:00',
      end: '2027-03-28T04:00:00',
      allDay: false,
      url: record.url,
      classNames: ['cal-status-scheduled', `cal-category-${record.categories[0].slug}`],
      backgroundColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
      borderColor: event.backgroundColor,
      extendedProps: {
        slug: record.slug,
        rest_url: record.rest_url,
        timezone: 'Europe/Paris',
        venue: { id: record.venue.id, name: 'Salle Pleyel', url: record.venue.url },
        organizers: [
          { id: record.organizer[0].id, name: 'Friends of Jazz', url: record.organizer[0].url },
        ],
        categories: [
          {
            id: record.categories[0].id,
            name: 'Jazz',
            slug: record.categories[0].slug,
            color: event.backgroundColor,
          },
        ],
        event_status: 'scheduled',
        event_status_reason: '',
        attendance_mode: 'offline',
        online_url: '',
        cost: record.cost,
        series: null,
        translation_status: 'source',
      },
    })
    expect(event.extendedProps.cost).not.toBe('')
  })

  it('lists the events that overlap the range, in start order, with the end exclusive', async () => {
    const list = await events('start=2027-03-28T00:00:00Z&end=2027-03-28T01:00:00Z&timeZone=UTC')
    // 01:30 in Paris is 00:30 UTC: in the range; an event that starts at its end is not.
    expect(list.map((event) => event.id)).toEqual([String(paris.id)])
    expect(
      await events('start=2027-03-27T00:00:00Z&end=2027-03-28T00:30:00Z&timeZone=UTC'),
    ).toEqual([])
    // An event that began before the range and ends in it is listed.
    expect(
      (await events('start=2027-03-28T01:00:00Z&end=2027-03-28T01:30:00Z&timeZone=UTC')).map(
        (event) => event.id,
      ),
    ).toEqual([String(paris.id)])
    const month = await events('start=2027-03-01&end=2027-04-12&timeZone=Europe/Paris')
    const starts = month.map((event) => Date.parse(`${event.start}Z`))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
  })
})

describe('time zones across DST changes', () => {
  it('Paris spring forward: the same instants in Paris, UTC, New York and with offsets', async () => {
    const range = 'start=2027-03-22T00:00:00Z&end=2027-04-05T00:00:00Z'
    expect(times(find(await events(`${range}&timeZone=Europe/Paris`), paris.id))).toEqual([
      '2027-03-28T01:30:00',
      '2027-03-28T04:00:00',
    ])
    expect(times(find(await events(`${range}&timeZone=UTC`), paris.id))).toEqual([
      '2027-03-28T00:30:00Z',
      '2027-03-28T02:00:00Z',
    ])
    expect(times(find(await events(`${range}&timeZone=America/New_York`), paris.id))).toEqual([
      '2027-03-27T20:30:00',
      '2027-03-27T22:00:00',
    ])
    // No zone: the site's (UTC here), with offsets, which FullCalendar moves to the browser's zone.
    expect(times(find(await events(range), paris.id))).toEqual([
      '2027-03-28T00:30:00Z',
      '2027-03-28T02:00:00Z',
    ])
  })

  it('Paris spring forward: the 23-hour day of 28 March holds 23:30 and not 00:30 the next day', async () => {
    const day = await events(
      'start=2027-03-28T00:00:00&end=2027-03-29T00:00:00&timeZone=Europe/Paris',
    )
    expect(day.map((event) => event.id)).toEqual([paris.id, parisLate.id].map((id) => String(id)))
    expect(times(find(day, parisLate.id))).toEqual(['2027-03-28T23:30:00', '2027-03-28T23:45:00'])
    const next = await events(
      'start=2027-03-29T00:00:00&end=2027-03-30T00:00:00&timeZone=Europe/Paris',
    )
    expect(next.map((event) => event.id)).toEqual([String(parisAfterMidnight.id)])
  })

  it('New York fall back: the event spans the change, and the 25-hour day holds 23:30', async () => {
    const day = await events(
      'start=2027-11-07T00:00:00&end=2027-11-08T00:00:00&timeZone=America/New_York',
    )
    expect(day.map((event) => event.id)).toEqual(
      [newYork.id, newYorkLate.id].map((id) => String(id)),
    )
    // 00:30 EDT is 04:30 UTC, 03:30 EST is 08:30 UTC: four hours apart, not three.
    expect(times(find(day, newYork.id))).toEqual(['2027-11-07T00:30:00', '2027-11-07T03:30:00'])
    expect(times(find(day, newYorkLate.id))).toEqual(['2027-11-07T23:30:00', '2027-11-07T23:50:00'])
    const utc = await events('start=2027-11-07T00:00:00Z&end=2027-11-09T00:00:00Z&timeZone=UTC')
    expect(times(find(utc, newYork.id))).toEqual(['2027-11-07T04:30:00Z', '2027-11-07T08:30:00Z'])
    expect(times(find(utc, newYorkLate.id))).toEqual([
      '2027-11-08T04:30:00Z',
      '2027-11-08T04:50:00Z',
    ])
    // Paris is already on winter time (+01:00) that day.
    const inParis = await events(
      'start=2027-11-07T00:00:00&end=2027-11-08T00:00:00&timeZone=Europe/Paris',
    )
    expect(times(find(inParis, newYork.id))).toEqual(['2027-11-07T05:30:00', '2027-11-07T09:30:00'])
    expect(find(inParis, newYorkLate.id)).toBeUndefined()
  })

  it('an offset in the range makes it an instant whatever the asked zone', async () => {
    const list = await events(
      'start=2027-11-07T00:00:00-05:00&end=2027-11-07T01:00:00-05:00&timeZone=Europe/Paris',
    )
    // 00:00-01:00 EST is 05:00-06:00 UTC, during the show (04:30-08:30 UTC).
    expect(list.map((event) => event.id)).toEqual([String(newYork.id)])
  })

  it('an all-day event keeps its days in every zone, its end exclusive', async () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'UTC']) {
      const list = await events(`start=2027-06-01&end=2027-07-01&timeZone=${zone}`)
      expect(find(list, festival.id)).toMatchObject({
        start: '2027-06-10',
        end: '2027-06-13',
        allDay: true,
      })
    }
    // A range that ends on its first day (exclusive) does not hold it; one that starts on its last
    // does.
    expect(
      find(await events('start=2027-06-01&end=2027-06-10&timeZone=Europe/Paris'), festival.id),
    ).toBeUndefined()
    expect(
      find(await events('start=2027-06-12&end=2027-06-13&timeZone=Europe/Paris'), festival.id),
    ).toBeDefined()
  })
})

describe('series, statuses, filters and languages', () => {
  it('lists a recurring series as its dates, each with its series id', async () => {
    const series = await createV1Event(server, admin, {
      title: 'Choir',
      start_date: '2027-09-07 19:00:00',
      end_date: '2027-09-07 21:00:00',
      timezone: 'Europe/Paris',
      recurrence: { rules: ['FREQ=WEEKLY;COUNT=3'] },
    })
    const list = (await events('start=2027-09-01&end=2027-10-01&timeZone=Europe/Paris')).filter(
      (event) => event.title === 'Choir',
    )
    expect(list.map((event) => [event.start, event.extendedProps.series])).toEqual([
      ['2027-09-07T19:00:00', series.id],
      ['2027-09-14T19:00:00', series.id],
      ['2027-09-21T19:00:00', series.id],
    ])
    expect(list.every((event) => event.id !== String(series.id))).toBe(true)
    expect(list.every((event) => event.classNames.includes('cal-series'))).toBe(true)
  })

  it('marks the event status in classNames and extendedProps', async () => {
    const event = find(
      await events('start=2027-06-01&end=2027-07-01&timeZone=Europe/Paris'),
      canceled.id,
    )!
    expect(event.classNames).toContain('cal-status-canceled')
    expect(event.extendedProps).toMatchObject({
      event_status: 'canceled',
      event_status_reason: 'Storm',
    })
  })

  it('takes the archive’s filters', async () => {
    const range = 'start=2027-01-01&end=2027-12-31&timeZone=UTC'
    const ids = async (query: string) => (await events(`${range}&${query}`)).map((e) => e.id)
    expect(await ids('categories=jazz')).toEqual([String(paris.id)])
    expect(await ids(`venue=${paris.venue.id}`)).toEqual([String(paris.id)])
    expect(await ids(`organizer=${paris.organizer[0].id}`)).toEqual([String(paris.id)])
    expect(await ids('search=Fall+back')).toEqual([String(newYork.id)])
    expect(await ids('event_status=canceled')).toEqual([String(canceled.id)])
    expect(await ids('attendance_mode=online')).toEqual([])
    expect(await ids('featured=true')).toEqual([])
    expect((await feed(`${range}&categories=no-such-category`)).status).toBe(400)
  })

  it('gives titles in the asked language', async () => {
    const update = await server.request('POST', `${V1}/events/${festival.id}`, {
      token: admin.token,
      body: { title: 'Fête', translation_language: 'fr' },
    })
    expect(update.status).toBe(200)
    const range = 'start=2027-06-01&end=2027-07-01&timeZone=Europe/Paris'
    expect(find(await events(`${range}&translation_language=fr`), festival.id)?.title).toBe('Fête')
    const viaRoot = await server.request('GET', `/fr/api/cal/fullcalendar/events?${range}`)
    expect(viaRoot.status).toBe(200)
    expect(viaRoot.headers.get('content-language')).toBe('fr')
    expect(find(viaRoot.body as FeedEvent[], festival.id)?.title).toBe('Fête')
    expect(find(await events(range), festival.id)?.title).toBe('Festival')
  })
})

describe('rights', () => {
  const range = 'start=2027-06-01&end=2027-07-01&timeZone=UTC'

  it('shows drafts to those who may read them, as the v1 archive does, never to anonymous callers', async () => {
    expect(find(await events(range), draft.id)).toBeUndefined()
    expect(find(await events(range, admin), draft.id)).toBeDefined()
    expect(find(await events(`${range}&status=draft`, admin), draft.id)).toBeDefined()
    expect((await feed(`${range}&status=draft`)).status).toBe(400)
    for (const user of [undefined, author, admin]) {
      const archive = await server.request(
        'GET',
        `${V1}/events?start_date=2027-06-01&end_date=2027-06-30&per_page=50`,
        user ? { token: user.token } : {},
      )
      expect((await events(range, user)).map((event) => Number(event.id))).toEqual(
        archive.body.events.map((event: { id: number }) => event.id),
      )
    }
  })

  it('refuses credentials that do not authenticate', async () => {
    const response = await server.request('GET', `${FEED}?${range}`, {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.status).toBe(401)
  })
})

describe('caching', () => {
  it('has an ETag, answers 304 to it, and a new one after an edit', async () => {
    const query = 'start=2027-06-01&end=2027-07-01&timeZone=Europe/Paris'
    const first = await feed(query)
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(first.headers.get('cache-control')).toMatch(/^public/)
    expect((await feed(query, undefined, { 'if-none-match': etag })).status).toBe(304)
    const edit = await server.request('POST', `${V1}/events/${canceled.id}`, {
      token: admin.token,
      body: { title: 'Called off, again' },
    })
    expect(edit.status).toBe(200)
    const after = await feed(query, undefined, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(find(after.body as FeedEvent[], canceled.id)?.title).toBe('Called off, again')
    expect(after.headers.get('etag')).not.toBe(etag)
    // Authenticated answers are private.
    expect((await feed(query, admin)).headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('bad input', () => {
  it('answers 400 in the contract’s shape', async () => {
    const cases: [string, string][] = [
      ['end=2027-07-01', 'rest_missing_callback_param'],
      ['start=2027-06-01', 'rest_missing_callback_param'],
      ['start=tomorrow&end=2027-07-01', 'rest_invalid_param'],
      ['start=2027-13-01&end=2027-07-01', 'rest_invalid_param'],
      ['start=2027-07-01&end=2027-06-01', 'rest_invalid_param'],
      ['start=2027-07-01&end=2027-07-01', 'rest_invalid_param'],
      ['start=2027-01-01&end=2029-01-01', 'rest_invalid_param'],
      ['start=2027-06-01&end=2027-07-01&timeZone=Mars/Olympus', 'rest_invalid_param'],
      ['start=2027-06-01&end=2027-07-01&event_status=maybe', 'rest_invalid_param'],
      ['start[$ne]=1&end=2027-07-01', 'rest_invalid_param'],
    ]
    for (const [query, code] of cases) {
      const response = await feed(query)
      expect([query, response.status, response.body.code]).toEqual([query, 400, code])
    }
  })

  it('is described in /doc under /fullcalendar/events, served from /api/cal', async () => {
    const doc = (await server.request('GET', `${V1}/doc`)).body
    expect(doc.paths['/fullcalendar/events'].servers).toEqual([{ url: `${server.url}/api/cal` }])
    expect(doc.paths['/fullcalendar/events'].get.operationId).toBe('getFullcalendarEvents')
    expect(doc.paths['/events'].get.operationId).toBe('getEvents')
  })
})
