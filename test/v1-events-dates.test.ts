import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DateTime } from 'luxon'
import {
  createV1Event,
  registerAdministrator,
  startTestServer,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'

// A site west of UTC, where inclusive and strict bounds and the default window differ from UTC.
process.env.CAL_TIMEZONE = 'America/New_York'

let server: TestServer
let admin: TestUser

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
})
afterAll(async () => {
  await server?.stop()
  delete process.env.CAL_TIMEZONE
})

const titles = async (query: string) => {
  const response = await server.request('GET', `${V1}/events?${query}`)
  expect(response.status).toBe(200)
  return (response.body.events as { title: string }[]).map((event) => event.title)
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

describe('inclusive and strict dates (docs/v1-reference.md §5.1.2)', () => {
  beforeAll(async () => {
    // Wall-clock times in New York, the site zone and the events' zone.
    for (const [title, start, end] of [
      ['Early', '2018-01-01 10:00:00', '2018-01-01 10:30:00'],
      ['Afternoon', '2018-01-01 16:00:00', '2018-01-01 16:30:00'],
      ['Evening', '2018-01-01 20:00:00', '2018-01-01 20:30:00'],
      ['Next day', '2018-01-02 09:00:00', '2018-01-02 10:00:00'],
      ['Spanning', '2017-12-31 22:00:00', '2018-01-02 02:00:00'],
    ]) {
      await createV1Event(server, admin, {
        title,
        start_date: start,
        end_date: end,
        timezone: 'America/New_York',
        tags: 'dates',
      })
    }
  })

  it('inclusive mode widens each bound to whole days', async () => {
    expect(
      await titles(
        q({ start_date: '2018-01-01 15:00:00', end_date: '2018-01-01 18:00:00', tags: 'dates' }),
      ),
    ).toEqual(['Early', 'Afternoon', 'Evening'])
  })

  it('strict mode reads the values as UTC instants and compares them in the site zone', async () => {
    // 15:00 and 18:00 UTC are 10:00 and 13:00 in New York: only the 10:00–10:30 event lies within.
    expect(
      await titles(
        q({
          start_date: '2018-01-01 15:00:00',
          end_date: '2018-01-01 18:00:00',
          strict_dates: 'true',
          tags: 'dates',
        }),
      ),
    ).toEqual(['Early'])
    expect(
      await titles(
        q({
          start_date: '2018-01-01T16:00:00-05:00',
          end_date: '2018-01-01T17:00:00-05:00',
          strict_dates: '1',
          tags: 'dates',
        }),
      ),
    ).toEqual(['Afternoon'])
  })

  it('relative bounds: ends after one day and starts before the next, spanning events included', async () => {
    expect(
      await titles(q({ ends_after: '2017-12-31', starts_before: '2018-01-02', tags: 'dates' })),
    ).toEqual(['Spanning', 'Early', 'Afternoon', 'Evening', 'Next day'])
    expect(await titles(q({ starts_after: '2018-01-01', tags: 'dates' }))).toEqual(['Next day'])
    // Inclusive: before 2018-01-01 23:59:59.
    expect(await titles(q({ ends_before: '2018-01-01', tags: 'dates' }))).toEqual([
      'Early',
      'Afternoon',
      'Evening',
    ])
  })

  it('a running event is not in a window that starts after it began', async () => {
    expect(
      await titles(q({ start_date: '2018-01-01', end_date: '2018-01-03', tags: 'dates' })),
    ).not.toContain('Spanning')
  })

  it('an unparseable date is 400', async () => {
    const response = await server.request(
      'GET',
      `${V1}/events?${q({ start_date: 'before my birthday' })}`,
    )
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { start_date: expect.any(String) } },
    })
  })

  it('echoes the effective bounds in rest_url', async () => {
    const response = await server.request(
      'GET',
      `${V1}/events?${q({ start_date: '2018-01-01 15:00:00', end_date: '2018-01-01 18:00:00', tags: 'dates' })}`,
    )
    const echoed = new URL(response.body.rest_url).searchParams
    expect(echoed.get('start_date')).toBe('2018-01-01 00:00:00')
    expect(echoed.get('end_date')).toBe('2018-01-01 23:59:59')
  })
})

describe('the default window around now', () => {
  const ny = (days: number, time: string) =>
    DateTime.now().setZone('America/New_York').plus({ days }).toFormat(`yyyy-MM-dd ${time}`)
  beforeAll(async () => {
    const make = (title: string, start: string, end: string) =>
      createV1Event(server, admin, {
        title,
        start_date: start,
        end_date: end,
        timezone: 'America/New_York',
        tags: 'window',
      })
    await make('Two days ago', ny(-2, '12:00:00'), ny(-2, '13:00:00'))
    await make('In a week', ny(7, '12:00:00'), ny(7, '13:00:00'))
    await make('In a year', ny(365, '12:00:00'), ny(365, '13:00:00'))
    await make('In three years', ny(3 * 365, '12:00:00'), ny(3 * 365, '13:00:00'))
  })

  it('runs from the start of yesterday (UTC date, site clock) to 24 months ahead', async () => {
    expect(await titles('tags=window')).toEqual(['In a week', 'In a year'])
  })

  it('is dropped when a relative bound is given, and with include', async () => {
    expect(await titles(`tags=window&${q({ starts_after: '2000-01-01' })}`)).toEqual([
      'Two days ago',
      'In a week',
      'In a year',
      'In three years',
    ])
  })

  it('its bounds show in rest_url', async () => {
    const response = await server.request('GET', `${V1}/events?tags=window`)
    const echoed = new URL(response.body.rest_url).searchParams
    const yesterdayUtc = DateTime.utc()
      .minus({ days: 1 })
      .set({ hour: 23, minute: 59 })
      .setZone('America/New_York')
      .toFormat('yyyy-MM-dd')
    expect(echoed.get('start_date')).toBe(`${yesterdayUtc} 00:00:00`)
    expect(echoed.get('end_date')).toBe(
      `${DateTime.utc().plus({ months: 24 }).toFormat('yyyy-MM-dd')} 23:59:59`,
    )
  })
})

describe('event dates on create', () => {
  it('are read in the event zone, with UTC copies and the zone abbreviation', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Zoned',
      start_date: '2030-07-01 19:00:00',
      end_date: '2030-07-01 21:30:00',
      timezone: 'Europe/Paris',
    })
    expect(event).toMatchObject({
      start_date: '2030-07-01 19:00:00',
      end_date: '2030-07-01 21:30:00',
      utc_start_date: '2030-07-01 17:00:00',
      utc_end_date: '2030-07-01 19:30:00',
      timezone: 'Europe/Paris',
      timezone_abbr: 'CEST',
      start_date_details: {
        year: '2030',
        month: '07',
        day: '01',
        hour: '19',
        minutes: '00',
        seconds: '00',
      },
    })
  })

  it('default to the site zone; offsets such as UTC+2 are zones too', async () => {
    const site = await createV1Event(server, admin, {
      title: 'Site zone',
      start_date: '2030-01-10 09:00:00',
      end_date: '2030-01-10 10:00:00',
      timezone: '',
    })
    expect(site).toMatchObject({
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
      utc_start_date: '2030-01-10 14:00:00',
    })
    const offset = await createV1Event(server, admin, {
      title: 'Offset',
      start_date: '2030-01-10 09:00:00',
      end_date: '2030-01-10 10:00:00',
      timezone: 'UTC+2',
    })
    expect(offset).toMatchObject({
      timezone: 'UTC+2',
      timezone_abbr: 'UTC+2',
      utc_start_date: '2030-01-10 07:00:00',
    })
  })

  it('all-day events run from 00:00:00 of the first day to 23:59:59 of the last', async () => {
    const event = await createV1Event(server, admin, {
      title: 'All day',
      start_date: 'tomorrow 9am',
      end_date: '+5 days 11am',
      all_day: true,
      timezone: 'Europe/Paris',
    })
    const paris = DateTime.now().setZone('Europe/Paris')
    expect(event.all_day).toBe(true)
    expect(event.start_date).toBe(`${paris.plus({ days: 1 }).toFormat('yyyy-MM-dd')} 00:00:00`)
    expect(event.end_date).toBe(`${paris.plus({ days: 5 }).toFormat('yyyy-MM-dd')} 23:59:59`)
  })

  it('an end before the start becomes the start', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Backwards',
      start_date: '2030-03-01 12:00:00',
      end_date: '2030-03-01 10:00:00',
    })
    expect(event.end_date).toBe(event.start_date)
  })

  it('natural language works: next wednesday 4pm', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Words',
      start_date: 'next wednesday 4pm',
      end_date: 'next wednesday 6pm',
      timezone: 'Europe/Paris',
    })
    expect(event.start_date).toMatch(/ 16:00:00$/)
    expect(DateTime.fromFormat(event.start_date, 'yyyy-MM-dd HH:mm:ss').weekday).toBe(3)
  })
})

describe('the publication date is site time, in and out (whatever the record’s own zone)', () => {
  // The site is New York (UTC-5 in January); the event is in Paris (UTC+1).
  const published = { date: '2017-01-05 14:23:36', date_utc: '2017-01-05 19:23:36' }

  it('an event written with `date` reads it back unchanged, with its UTC form', async () => {
    for (const prefix of ['', '/es']) {
      const created = await server.request('POST', `${prefix}${V1}/events`, {
        token: admin.token,
        body: {
          title: `Published ${prefix}`,
          start_date: '2030-01-10 09:00:00',
          end_date: '2030-01-10 10:00:00',
          timezone: 'Europe/Paris',
          date: published.date,
        },
      })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject(published)
      const read = await server.request('GET', `${prefix}${V1}/events/${created.body.id}`)
      expect(read.body).toMatchObject({ ...published, timezone: 'Europe/Paris' })
      // `modified` is site time too: the same wall clock as its UTC form, five hours earlier.
      const modified = DateTime.fromFormat(read.body.modified, 'yyyy-MM-dd HH:mm:ss', {
        zone: 'America/New_York',
      })
      expect(modified.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')).toBe(read.body.modified_utc)
    }
  })

  it('an update with `date` or `date_utc` means the same instant', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Republished',
      start_date: '2030-01-10 09:00:00',
      end_date: '2030-01-10 10:00:00',
      timezone: 'Asia/Tokyo',
    })
    const byDate = await server.request('PATCH', `${V1}/events/${event.id}`, {
      token: admin.token,
      body: { date: published.date },
    })
    expect(byDate.body).toMatchObject(published)
    const byUtc = await server.request('PATCH', `${V1}/events/${event.id}`, {
      token: admin.token,
      body: { date_utc: '2017-02-05 19:23:36' },
    })
    expect(byUtc.body).toMatchObject({
      date: '2017-02-05 14:23:36',
      date_utc: '2017-02-05 19:23:36',
    })
  })

  it('venues and organizers: the same', async () => {
    for (const [resource, body] of [
      ['venues', { venue: 'Published hall' }],
      ['organizers', { organizer: 'Published org' }],
    ] as const) {
      const created = await server.request('POST', `${V1}/${resource}`, {
        token: admin.token,
        body: { ...body, date: published.date },
      })
      expect([resource, created.status]).toEqual([resource, 201])
      expect(created.body).toMatchObject(published)
      expect(
        (await server.request('GET', `/es${V1}/${resource}/${created.body.id}`)).body,
      ).toMatchObject(published)
    }
  })

  it('a publication date written through Payload’s REST (as the admin writes it: an instant) reads as site time', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Set in the admin',
      start_date: '2030-01-10 09:00:00',
      end_date: '2030-01-10 10:00:00',
      timezone: 'Europe/Paris',
    })
    const patched = await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { publishedAt: '2017-01-05T19:23:36.000Z' },
    })
    expect(patched.status).toBe(200)
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body).toMatchObject(published)
  })
})
