import { describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'
import { type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor', 'author', 'contributor'], (setup) => ({ server, users } = setup))

const call = (method: string, path: string, user?: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: user ? users[user].token : undefined, body })

type EventRecord = {
  id: number
  title: string
  start_date: string
  end_date: string
  utc_start_date: string
  series?: { id: number; occurrence: string; detached: boolean }
  recurrence?: Record<string, unknown>
}

/** Every event of the archive in a window, all pages. */
async function listed(query: string, user?: string): Promise<EventRecord[]> {
  const response = await call('GET', `/events?per_page=50&${query}`, user)
  expect(response.status).toBe(200)
  const events = response.body.events as EventRecord[]
  if (response.body.total_pages > 1) {
    for (let page = 2; page <= response.body.total_pages; page++)
      events.push(
        ...(await call('GET', `/events?per_page=50&page=${page}&${query}`, user)).body.events,
      )
  }
  return events
}

async function createSeries(body: Record<string, unknown>, user = 'editor') {
  const response = await call('POST', '/events', user, body)
  expect(response.status).toBe(201)
  return response.body as EventRecord
}

describe('a weekly series through v1 (DST in two zones)', () => {
  it('Paris: every Tuesday 19:00 stays at 19:00 local across the change of 28 March 2027', async () => {
    const series = await createSeries({
      title: 'Choir rehearsal',
      start_date: '2027-03-16 19:00:00',
      end_date: '2027-03-16 21:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    })
    expect(series.recurrence).toEqual({
      rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=4'],
      rdates: [],
      exdates: [],
      text: 'Every week on Tuesday, 4 times',
    })
    expect(series).not.toHaveProperty('series')

    const dates = (await listed('start_date=2027-03-01&end_date=2027-04-30&search=Choir')).filter(
      (event) => event.series?.id === series.id,
    )
    expect(dates.map((event) => [event.start_date, event.end_date, event.utc_start_date])).toEqual([
      ['2027-03-16 19:00:00', '2027-03-16 21:00:00', '2027-03-16 18:00:00'],
      ['2027-03-23 19:00:00', '2027-03-23 21:00:00', '2027-03-23 18:00:00'],
      ['2027-03-30 19:00:00', '2027-03-30 21:00:00', '2027-03-30 17:00:00'],
      ['2027-04-06 19:00:00', '2027-04-06 21:00:00', '2027-04-06 17:00:00'],
    ])
    // The series itself is not listed: a client that knows nothing of recurrence sees four dated
    // events.
    expect(dates.every((event) => event.id !== series.id && !('recurrence' in event))).toBe(true)
    expect(dates[1].series).toEqual({
      id: series.id,
      rest_url: expect.stringMatching(new RegExp(`events/${series.id}$`)),
      occurrence: '2027-03-23 19:00:00',
      detached: false,
    })

    // Each date answers its own id, and the series stays readable by its own.
    expect((await call('GET', `/events/${dates[2].id}`)).body).toMatchObject({
      id: dates[2].id,
      start_date: '2027-03-30 19:00:00',
      title: 'Choir rehearsal',
    })
    expect((await call('GET', `/events/${series.id}`)).body).toMatchObject({
      id: series.id,
      recurrence: { rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=4'] },
    })
  })

  it('New York: every Thursday 09:30 stays at 09:30 local across the change of 7 November 2027', async () => {
    const series = await createSeries({
      title: 'Standup NY',
      start_date: '2027-10-28 09:30:00',
      end_date: '2027-10-28 10:00:00',
      timezone: 'America/New_York',
      recurrence: ['FREQ=WEEKLY;BYDAY=TH;UNTIL=20271112T000000Z'],
    })
    const dates = (await listed('start_date=2027-10-01&end_date=2027-11-30&search=Standup')).filter(
      (event) => event.series?.id === series.id,
    )
    expect(dates.map((event) => [event.start_date, event.utc_start_date])).toEqual([
      ['2027-10-28 09:30:00', '2027-10-28 13:30:00'],
      ['2027-11-04 09:30:00', '2027-11-04 13:30:00'],
      ['2027-11-11 09:30:00', '2027-11-11 14:30:00'],
    ])
  })
})

describe('exceptions', () => {
  it('cancelling one date (DELETE) takes it out of the archive and adds it to the series’ excluded dates', async () => {
    const series = await createSeries({
      title: 'Yoga cancel',
      start_date: '2027-05-03 08:00:00',
      end_date: '2027-05-03 09:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=DAILY;COUNT=5',
    })
    const before = (
      await listed('start_date=2027-05-01&end_date=2027-05-31&search=Yoga+cancel')
    ).filter((event) => event.series?.id === series.id)
    expect(before).toHaveLength(5)
    expect((await call('DELETE', `/events/${before[2].id}`, 'editor')).status).toBe(200)
    const after = (
      await listed('start_date=2027-05-01&end_date=2027-05-31&search=Yoga+cancel')
    ).filter((event) => event.series?.id === series.id)
    expect(after.map((event) => event.start_date)).toEqual([
      '2027-05-03 08:00:00',
      '2027-05-04 08:00:00',
      '2027-05-06 08:00:00',
      '2027-05-07 08:00:00',
    ])
    expect((await call('GET', `/events/${series.id}`)).body.recurrence.exdates).toEqual([
      '2027-05-05 08:00:00',
    ])

    // An edit of the series keeps the cancelled date out and the other dates' ids.
    expect(
      (await call('POST', `/events/${series.id}`, 'editor', { title: 'Yoga cancel renamed' }))
        .status,
    ).toBe(200)
    const renamed = (
      await listed('start_date=2027-05-01&end_date=2027-05-31&search=renamed')
    ).filter((event) => event.series?.id === series.id)
    expect(renamed.map((event) => event.id)).toEqual(after.map((event) => event.id))
    expect(renamed.every((event) => event.title === 'Yoga cancel renamed')).toBe(true)
  })

  it('changing one date (time, title) leaves the others, and edits of the series no longer overwrite it', async () => {
    const series = await createSeries({
      title: 'Book club',
      start_date: '2027-06-01 18:00:00',
      end_date: '2027-06-01 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=3',
    })
    const dates = (
      await listed('start_date=2027-06-01&end_date=2027-06-30&search=Book+club')
    ).filter((event) => event.series?.id === series.id)
    const changed = await call('POST', `/events/${dates[1].id}`, 'editor', {
      title: 'Book club (author visit)',
      start_date: '2027-06-08 20:00:00',
      end_date: '2027-06-08 22:00:00',
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      title: 'Book club (author visit)',
      start_date: '2027-06-08 20:00:00',
      series: { id: series.id, occurrence: '2027-06-08 18:00:00', detached: true },
    })
    await call('POST', `/events/${series.id}`, 'editor', { title: 'Book club monthly' })
    const after = (
      await listed('start_date=2027-06-01&end_date=2027-06-30&search=Book+club')
    ).filter((event) => event.series?.id === series.id)
    expect(after.map((event) => [event.title, event.start_date])).toEqual([
      ['Book club monthly', '2027-06-01 18:00:00'],
      ['Book club (author visit)', '2027-06-08 20:00:00'],
      ['Book club monthly', '2027-06-15 18:00:00'],
    ])
  })

  it('deleting the series takes every date with it', async () => {
    const series = await createSeries({
      title: 'Gone series',
      start_date: '2027-07-01 10:00:00',
      end_date: '2027-07-01 11:00:00',
      recurrence: 'FREQ=DAILY;COUNT=3',
    })
    expect(
      (await listed('start_date=2027-07-01&end_date=2027-07-31&search=Gone+series')).length,
    ).toBe(3)
    expect((await call('DELETE', `/events/${series.id}`, 'editor')).body.status).toBe('trash')
    expect(await listed('start_date=2027-07-01&end_date=2027-07-31&search=Gone+series')).toEqual([])
    expect((await call('DELETE', `/events/${series.id}?force=true`, 'editor')).status).toBe(200)
    expect(
      (
        await server.payload.count({
          collection: 'events',
          where: { series: { equals: series.id } },
          trash: true,
          overrideAccess: true,
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('an event stops repeating when its recurrence is emptied', async () => {
    const series = await createSeries({
      title: 'Stops repeating',
      start_date: '2027-08-02 10:00:00',
      end_date: '2027-08-02 11:00:00',
      recurrence: { rules: ['FREQ=DAILY;COUNT=3'], rdates: ['2027-08-20'] },
    })
    expect(
      (await listed('start_date=2027-08-01&end_date=2027-08-31&search=Stops+repeating')).map(
        (event) => event.start_date,
      ),
    ).toEqual([
      '2027-08-02 10:00:00',
      '2027-08-03 10:00:00',
      '2027-08-04 10:00:00',
      '2027-08-20 10:00:00',
    ])
    const single = await call('POST', `/events/${series.id}`, 'editor', { recurrence: '' })
    expect(single.body).not.toHaveProperty('recurrence')
    expect(
      (await listed('start_date=2027-08-01&end_date=2027-08-31&search=Stops+repeating')).map(
        (event) => [event.id, event.start_date],
      ),
    ).toEqual([[series.id, '2027-08-02 10:00:00']])
  })
})

describe('bad recurrence is a 400 and writes nothing', () => {
  it.each([
    ['not a rule', 'every tuesday'],
    ['hourly', 'FREQ=HOURLY'],
    ['own DTSTART', 'DTSTART=20270101T000000Z;FREQ=DAILY'],
    ['huge COUNT', 'FREQ=DAILY;COUNT=999999'],
    ['a number', 42],
    ['unknown key', { rules: ['FREQ=DAILY'], every: 'day' }],
    ['bad excluded date', { rules: ['FREQ=DAILY'], exdates: ['someday'] }],
    ['too many rules', Array.from({ length: 11 }, () => 'FREQ=DAILY')],
  ])('%s', async (_name, recurrence) => {
    const before = (
      await server.payload.count({ collection: 'events', trash: true, overrideAccess: true })
    ).totalDocs
    const response = await call('POST', '/events', 'editor', {
      title: 'Bad',
      start_date: '2027-01-01 10:00:00',
      end_date: '2027-01-01 11:00:00',
      recurrence,
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { recurrence: expect.any(String) } },
    })
    expect(
      (await server.payload.count({ collection: 'events', trash: true, overrideAccess: true }))
        .totalDocs,
    ).toBe(before)
  })

  it('a date of a series cannot repeat itself', async () => {
    const series = await createSeries({
      title: 'Parent rule',
      start_date: '2027-09-01 10:00:00',
      end_date: '2027-09-01 11:00:00',
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const [first] = (
      await listed('start_date=2027-09-01&end_date=2027-09-30&search=Parent+rule')
    ).filter((event) => event.series?.id === series.id)
    const response = await call('POST', `/events/${first.id}`, 'editor', {
      recurrence: 'FREQ=DAILY',
    })
    expect(response.status).toBe(400)
  })
})

describe('apply_to: this and the following ones, all', () => {
  const window = 'start_date=2027-10-01&end_date=2027-10-31'

  it('following: the series splits at the date; the dates from it on change and keep their ids', async () => {
    const series = await createSeries({
      title: 'Split me',
      start_date: '2027-10-04 18:00:00',
      end_date: '2027-10-04 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    })
    const dates = (await listed(`${window}&search=Split+me`)).filter(
      (event) => event.series?.id === series.id,
    )
    expect(dates).toHaveLength(4)
    const response = await call('POST', `/events/${dates[2].id}`, 'editor', {
      title: 'Split me later',
      start_date: '2027-10-18 20:00:00',
      end_date: '2027-10-18 21:00:00',
      apply_to: 'following',
    })
    expect(response.status).toBe(200)
    const second = response.body.series.id
    expect(second).not.toBe(series.id)
    expect(response.body).toMatchObject({
      id: dates[2].id,
      title: 'Split me later',
      start_date: '2027-10-18 20:00:00',
    })

    const after = await listed(`${window}&search=Split+me`)
    expect(
      after.map((event) => [event.id, event.title, event.start_date, event.series!.id]),
    ).toEqual([
      [dates[0].id, 'Split me', '2027-10-04 18:00:00', series.id],
      [dates[1].id, 'Split me', '2027-10-11 18:00:00', series.id],
      [dates[2].id, 'Split me later', '2027-10-18 20:00:00', second],
      [dates[3].id, 'Split me later', '2027-10-25 20:00:00', second],
    ])
    expect((await call('GET', `/events/${series.id}`)).body.recurrence.rules).toEqual([
      'FREQ=WEEKLY;UNTIL=20271018T155959Z',
    ])
    expect((await call('GET', `/events/${second}`)).body.recurrence.rules).toEqual([
      'FREQ=WEEKLY;COUNT=2',
    ])
  })

  it('all: a change of one date’s time moves every date, keeping their ids', async () => {
    const series = await createSeries({
      title: 'Move all',
      start_date: '2027-10-05 18:00:00',
      end_date: '2027-10-05 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=3',
    })
    const dates = (await listed(`${window}&search=Move+all`)).filter(
      (event) => event.series?.id === series.id,
    )
    const response = await call('POST', `/events/${dates[1].id}`, 'editor', {
      title: 'Moved all',
      start_date: '2027-10-12 19:30:00',
      end_date: '2027-10-12 21:00:00',
      apply_to: 'all',
    })
    expect(response.status).toBe(200)
    const after = await listed(`${window}&search=Moved+all`)
    expect(after.map((event) => [event.id, event.start_date, event.end_date])).toEqual([
      [dates[0].id, '2027-10-05 19:30:00', '2027-10-05 21:00:00'],
      [dates[1].id, '2027-10-12 19:30:00', '2027-10-12 21:00:00'],
      [dates[2].id, '2027-10-19 19:30:00', '2027-10-19 21:00:00'],
    ])
  })

  it('DELETE following ends the series before the date; DELETE all trashes the series and its dates', async () => {
    const series = await createSeries({
      title: 'End early',
      start_date: '2027-10-06 18:00:00',
      end_date: '2027-10-06 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    })
    const dates = (await listed(`${window}&search=End+early`)).filter(
      (event) => event.series?.id === series.id,
    )
    expect(
      (await call('DELETE', `/events/${dates[2].id}?apply_to=following`, 'editor')).status,
    ).toBe(200)
    expect((await listed(`${window}&search=End+early`)).map((event) => event.id)).toEqual([
      dates[0].id,
      dates[1].id,
    ])

    const gone = await call('DELETE', `/events/${dates[0].id}?apply_to=all`, 'editor')
    expect(gone.body).toMatchObject({ id: series.id, status: 'trash' })
    expect(await listed(`${window}&search=End+early`)).toEqual([])
  })

  it('apply_to takes only this, following or all; a single event ignores it', async () => {
    const series = await createSeries({
      title: 'Bad apply',
      start_date: '2027-10-07 18:00:00',
      end_date: '2027-10-07 19:00:00',
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const [first] = (await listed(`${window}&search=Bad+apply`)).filter(
      (event) => event.series?.id === series.id,
    )
    const bad = await call('POST', `/events/${first.id}`, 'editor', {
      title: 'x',
      apply_to: 'everything',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { apply_to: expect.any(String) } },
    })
    const single = await createSeries({
      title: 'Plain one',
      start_date: '2027-10-08 18:00:00',
      end_date: '2027-10-08 19:00:00',
    })
    expect(
      (
        await call('POST', `/events/${single.id}`, 'editor', {
          title: 'Plain two',
          apply_to: 'all',
        })
      ).body.title,
    ).toBe('Plain two')
  })

  it('a contributor cannot change a series of someone else’s through one of its dates', async () => {
    const series = await createSeries({
      title: 'Editors series',
      start_date: '2027-10-09 18:00:00',
      end_date: '2027-10-09 19:00:00',
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const [first] = (await listed(`${window}&search=Editors+series`)).filter(
      (event) => event.series?.id === series.id,
    )
    const response = await call('POST', `/events/${first.id}`, 'contributor', {
      title: 'Hijack',
      apply_to: 'all',
    })
    expect(response.status).toBe(403)
    expect((await call('GET', `/events/${series.id}`)).body.title).toBe('Editors series')
  })
})

/** The VEVENTs of a feed, with ical.js resolving TZIDs by the feed's own VTIMEZONEs. */
function veventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone))
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
}

describe('the iCalendar feed gives a series as one VEVENT with its rules', () => {
  it('RRULE, EXDATE for a cancelled date, RECURRENCE-ID for a changed one; ical.js expands it to the v1 dates', async () => {
    const series = await createSeries({
      title: 'Feed series',
      start_date: '2027-03-23 19:00:00',
      end_date: '2027-03-23 20:30:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
    })
    const dates = (
      await listed('start_date=2027-03-01&end_date=2027-04-30&search=Feed+series')
    ).filter((event) => event.series?.id === series.id)
    await call('DELETE', `/events/${dates[1].id}`, 'editor')
    await call('POST', `/events/${dates[2].id}`, 'editor', {
      title: 'Feed series (moved)',
      start_date: '2027-04-06 20:00:00',
      end_date: '2027-04-06 21:30:00',
    })

    const response = await server.request(
      'GET',
      '/api/cal/ical/events.ics?start_date=2027-03-01&end_date=2027-04-30&search=Feed+series',
    )
    expect(response.status).toBe(200)
    const text = response.body as string
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4')
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20270330T190000')
    const vevents = veventsOf(text)
    const host = new URL(server.url).host
    const master = vevents.find((event) => !event.isRecurrenceException())!
    const exception = vevents.find((event) => event.isRecurrenceException())!
    expect(vevents).toHaveLength(2)
    expect(master.uid).toBe(`event-${series.id}@${host}`)
    expect(exception.uid).toBe(master.uid)
    expect(exception.recurrenceId.toString()).toBe('2027-04-06T19:00:00')
    expect(exception.summary).toBe('Feed series (moved)')

    // Expanded by ical.js (with the exception relating to its master), the feed gives the dates v1
    // lists.
    master.relateException(exception)
    const iterator = master.iterator()
    const expanded: string[] = []
    for (let next = iterator.next(); next && expanded.length < 10; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next)
      expanded.push(details.startDate.toJSDate().toISOString())
    }
    const listedNow = (
      await listed('start_date=2027-03-01&end_date=2027-04-30&search=Feed+series')
    ).map((event) => `${event.utc_start_date.replace(' ', 'T')}.000Z`)
    expect(expanded).toEqual(listedNow)
  })

  it('a series’ own .ics has its rules and its changed dates', async () => {
    const series = await createSeries({
      title: 'One series ics',
      start_date: '2027-05-04 10:00:00',
      end_date: '2027-05-04 11:00:00',
      timezone: 'America/New_York',
      recurrence: 'FREQ=DAILY;COUNT=3',
    })
    const dates = (
      await listed('start_date=2027-05-01&end_date=2027-05-31&search=One+series+ics')
    ).filter((event) => event.series?.id === series.id)
    await call('POST', `/events/${dates[1].id}`, 'editor', { title: 'One series ics (changed)' })
    const text = (await server.request('GET', `/api/cal/ical/events/${series.id}.ics`))
      .body as string
    const vevents = veventsOf(text)
    expect(vevents.map((event) => [event.summary, event.isRecurrenceException()])).toEqual([
      ['One series ics', false],
      ['One series ics (changed)', true],
    ])
    expect(text).toContain('RRULE:FREQ=DAILY;COUNT=3')
  })
})

describe('the admin’s save of a date (Payload’s REST, as the edit view sends it): applyTo', () => {
  const rest = (method: string, path: string, body?: unknown) =>
    server.request(method, `/api/events${path}`, { token: users.editor.token, body })

  it('following splits the series, all changes it; this (the default) changes the date alone', async () => {
    const series = await createSeries({
      title: 'Admin reach',
      start_date: '2027-11-01 18:00:00',
      end_date: '2027-11-01 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    })
    const window = 'start_date=2027-11-01&end_date=2027-11-30&search=Admin+reach'
    const dates = (await listed(window)).filter((event) => event.series?.id === series.id)

    expect(
      (await rest('PATCH', `/${dates[0].id}`, { title: 'Admin reach (first only)' })).status,
    ).toBe(200)
    expect(
      (await rest('PATCH', `/${dates[2].id}`, { title: 'Admin reach later', applyTo: 'following' }))
        .status,
    ).toBe(200)
    let after = await listed(window)
    expect(after.map((event) => [event.id, event.title, event.series?.detached])).toEqual([
      [dates[0].id, 'Admin reach (first only)', true],
      [dates[1].id, 'Admin reach', false],
      [dates[2].id, 'Admin reach later', false],
      [dates[3].id, 'Admin reach later', false],
    ])
    const second = after[2].series!.id
    expect(second).not.toBe(series.id)

    expect(
      (await rest('PATCH', `/${dates[3].id}`, { title: 'Admin reach renamed', applyTo: 'all' }))
        .status,
    ).toBe(200)
    after = await listed(window)
    expect(after.slice(2).map((event) => [event.title, event.series?.id])).toEqual([
      ['Admin reach renamed', second],
      ['Admin reach renamed', second],
    ])
    expect((await call('GET', `/events/${second}`)).body.title).toBe('Admin reach renamed')
  })
})

describe('the dates of a series carry all of it', () => {
  it('in every language, with its venue, organizers, categories, tags and cost; an edit in French reaches them', async () => {
    const series = await createSeries({
      title: 'Polyglot series',
      description: '<p>English words</p>',
      start_date: '2027-12-01 18:00:00',
      end_date: '2027-12-01 19:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY;COUNT=3',
      venue: { venue: 'Series Hall', city: 'Lyon' },
      organizer: [{ organizer: 'Series Org', email: 'org@example.org' }],
      categories: ['Series category'],
      tags: ['series-tag'],
      cost: '€5',
    })
    expect(
      (
        await server.request('POST', `/fr${V1}/events/${series.id}`, {
          token: users.editor.token,
          body: { title: 'Série polyglotte', description: '<p>Des mots</p>' },
        })
      ).status,
    ).toBe(200)
    const dates = (
      await listed('start_date=2027-12-01&end_date=2027-12-31&search=Polyglot')
    ).filter((event) => event.series?.id === series.id)
    expect(dates).toHaveLength(3)
    for (const date of dates as any[]) {
      expect(date).toMatchObject({
        title: 'Polyglot series',
        description: '<p>English words</p>',
        cost: '€5',
        venue: { venue: 'Series Hall' },
        organizer: [{ organizer: 'Series Org' }],
      })
      expect(date.categories.map((term: any) => term.name)).toEqual(['Series category'])
      expect(date.tags.map((term: any) => term.name)).toEqual(['series-tag'])
      const french = (await server.request('GET', `/fr${V1}/events/${date.id}`)).body
      expect(french).toMatchObject({ title: 'Série polyglotte', description: '<p>Des mots</p>' })
    }
    // Each category counts the dates (what the archive lists), not the series.
    const category = (await call('GET', '/categories?search=Series+category')).body.categories[0]
    expect(category.count).toBe(3)
  })
})

describe('the slugs of a series’ dates', () => {
  it('are the series’ slug and the day, made unique past every slug the calendar already has (-2, -3, …)', async () => {
    for (const slug of ['lantern-walk-2028-01-05', 'lantern-walk-2028-01-05-2']) {
      const single = await call('POST', '/events', 'editor', {
        title: 'Lantern walk',
        slug,
        start_date: '2028-02-01 18:00:00',
        end_date: '2028-02-01 19:00:00',
      })
      expect(single.status).toBe(201)
    }
    const series = await createSeries({
      title: 'Lantern walk',
      slug: 'lantern-walk',
      start_date: '2028-01-05 18:00:00',
      end_date: '2028-01-05 19:00:00',
      recurrence: 'FREQ=DAILY;COUNT=2',
    })
    const dates = (await listed('start_date=2028-01-01&end_date=2028-01-31&search=Lantern')).filter(
      (event) => event.series?.id === series.id,
    ) as Array<EventRecord & { slug: string }>
    expect(dates.map((event) => event.slug)).toEqual([
      'lantern-walk-2028-01-05-3',
      'lantern-walk-2028-01-06',
    ])
  })
})
