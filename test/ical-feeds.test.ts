import http from 'node:http'
import { beforeAll, describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * The calendar feeds (issue #16 items 1-2), read through HTTP and parsed with ical.js (a maintained
 * parser that is not ours); every property is compared with the event's v1 record.
 */

let server: TestServer
let admin: TestUser
let author: TestUser

useTestServer(['author'], (setup) => {
  server = setup.server
  admin = setup.admin
  author = setup.users.author
})

const ICS = '/api/cal/ical'
/**
 * The whole of 2027 in the site zone (UTC): explicit dates, so that the default window does not
 * matter.
 */
const YEAR = 'start_date=2027-01-01&end_date=2027-12-31'

type Parsed = {
  text: string
  calendar: ICAL.Component
  events: Map<string, ICAL.Event>
  zones: Map<string, ICAL.Timezone>
}

/**
 * Parses a calendar with ical.js; its VTIMEZONEs are what resolves TZID times (no other zone data).
 */
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const zones = new Map<string, ICAL.Timezone>()
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone)
    zones.set(zone.tzid, zone)
  }
  const events = new Map<string, ICAL.Event>()
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const name of ['dtstart', 'dtend']) {
      const value = vevent.getFirstPropertyValue(name) as ICAL.Time
      const tzid = vevent.getFirstProperty(name)!.getParameter('tzid') as string | undefined
      if (tzid) {
        const zone = zones.get(tzid)
        if (!zone) throw new Error(`no VTIMEZONE for ${tzid}`)
        value.zone = zone
      }
    }
    const event = new ICAL.Event(vevent)
    events.set(event.uid, event)
  }
  return { text, calendar, events, zones }
}

async function getCalendar(route: string, user?: TestUser, headers: Record<string, string> = {}) {
  const response = await server.request('GET', route, {
    ...(user ? { token: user.token } : {}),
    headers,
  })
  return { ...response, text: response.body as string }
}

const uidOf = (id: number) => `event-${id}@${new URL(server.url).host}`
const utcOf = (wallClock: string) => new Date(`${wallClock.replace(' ', 'T')}Z`).getTime()
const readV1 = async (id: number, query = '') =>
  (await server.request('GET', `${V1}/events/${id}${query}`, { token: admin.token })).body

/** What ical.js reads back as text (it unescapes), and the lines of the raw text for parameters. */
const property = (event: ICAL.Event, name: string) => event.component.getFirstPropertyValue(name)

let paris: Record<string, any>
let newYork: Record<string, any>
let allDay: Record<string, any>
let multiDay: Record<string, any>
let draft: Record<string, any>

beforeAll(async () => {
  // 28 March 2027 is the night Paris moves from +01:00 to +02:00: 01:30 is before, 04:00 after.
  paris = await createV1Event(server, admin, {
    title:
      'Soirée « jazz », with ; and \\ and a title long enough to be folded over more than one line of seventy-five octets',
    description:
      '<p>First line, with a comma; a semicolon and a \\ backslash.</p><p>Second paragraph — été.</p>',
    start_date: '2027-03-28 01:30:00',
    end_date: '2027-03-28 04:00:00',
    timezone: 'Europe/Paris',
    venue: {
      venue: 'Salle Pleyel',
      address: '252 Rue du Faubourg Saint-Honoré',
      city: 'Paris',
      zip: '75008',
      country: 'France',
      geo_lat: 48.8771,
      geo_lng: 2.3009,
    },
    organizer: [{ organizer: 'Friends of Jazz', email: 'friends@example.com' }],
    categories: ['Jazz', 'Music'],
    image: 'https://images.example.com/pleyel.jpg',
  })
  // 7 November 2027: New York goes back from -04:00 to -05:00 at 02:00; the event spans it.
  newYork = await createV1Event(server, admin, {
    title: 'Late show',
    start_date: '2027-11-07 00:30:00',
    end_date: '2027-11-07 03:30:00',
    timezone: 'America/New_York',
  })
  allDay = await createV1Event(server, admin, {
    title: 'Festival',
    start_date: '2027-06-10',
    end_date: '2027-06-12',
    all_day: true,
    timezone: 'Europe/Paris',
  })
  multiDay = await createV1Event(server, admin, {
    title: 'Conference',
    start_date: '2027-09-01 09:00:00',
    end_date: '2027-09-03 17:00:00',
    timezone: 'Asia/Tokyo',
  })
  draft = await createV1Event(server, admin, {
    title: 'Unannounced',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 11:00:00',
    status: 'draft',
  })
})

describe('GET /api/cal/ical/events.ics', () => {
  it('is an RFC 5545 calendar: CRLF lines of at most 75 octets, VERSION, PRODID, METHOD, X-WR-CALNAME, X-WR-TIMEZONE', async () => {
    const response = await getCalendar(`${ICS}/events.ics?${YEAR}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="events.ics"')
    const { text } = response
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n').slice(0, -1)
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
    const { calendar } = parse(text)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(
      /^-\/\/.+\/\/Payload Events Calendar\/\/EN$/,
    )
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      `${new URL(server.url).host} events`,
    )
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('UTC')
  })

  it('has a VTIMEZONE for every zone used, whose rules give each event its stored instants (DST transitions included)', async () => {
    const { events, zones, calendar } = parse((await getCalendar(`${ICS}/events.ics?${YEAR}`)).text)
    expect([...zones.keys()].sort()).toEqual(['America/New_York', 'Asia/Tokyo', 'Europe/Paris'])
    const tzids = new Set<string>()
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      for (const name of ['dtstart', 'dtend']) {
        const tzid = vevent.getFirstProperty(name)!.getParameter('tzid')
        if (typeof tzid === 'string') tzids.add(tzid)
      }
    }
    expect([...tzids].sort()).toEqual([...zones.keys()].sort())
    for (const created of [paris, newYork, multiDay]) {
      const event = events.get(uidOf(created.id))!
      const record = await readV1(created.id)
      expect(event.startDate.zone!.tzid).toBe(record.timezone)
      expect(event.startDate.toJSDate().getTime()).toBe(utcOf(record.utc_start_date))
      expect(event.endDate.toJSDate().getTime()).toBe(utcOf(record.utc_end_date))
      // The wall clock written is the event's own.
      expect(event.startDate.toString().replace('T', ' ')).toBe(record.start_date)
    }
    // Paris: 01:30 +01:00 to 04:00 +02:00 is 1.5 hours; New York: 00:30 -04:00 to 03:30 -05:00 is 4
    // hours.
    const hours = (created: Record<string, any>) => {
      const event = events.get(uidOf(created.id))!
      return (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 3_600_000
    }
    expect(hours(paris)).toBe(1.5)
    expect(hours(newYork)).toBe(4)
  })

  it('gives each event its properties: UID, DTSTAMP, SUMMARY, DESCRIPTION, URL, LOCATION, GEO, ORGANIZER, CATEGORIES, LAST-MODIFIED, SEQUENCE, STATUS, ATTACH', async () => {
    const { events, text } = parse((await getCalendar(`${ICS}/events.ics?${YEAR}`)).text)
    const record = await readV1(paris.id)
    const event = events.get(uidOf(paris.id))!
    expect(event.summary).toBe(paris.title.replace('&#038;', '&'))
    expect(event.description).toBe(
      'First line, with a comma; a semicolon and a \\ backslash.\n\nSecond paragraph — été.',
    )
    expect(text.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:First line\\, with a comma\\; a semicolon and a \\\\ backslash.\\n\\nSecond',
    )
    expect(property(event, 'url')).toBe(record.url)
    expect(event.location).toBe(
      'Salle Pleyel\n252 Rue du Faubourg Saint-Honoré, Paris, 75008, France',
    )
    expect(property(event, 'geo')).toEqual([48.8771, 2.3009])
    const organizer = event.component.getFirstProperty('organizer')!
    expect(organizer.getFirstValue()).toBe('mailto:friends@example.com')
    expect(organizer.getParameter('cn')).toBe('Friends of Jazz')
    const categories = event.component
      .getAllProperties('categories')
      .flatMap((prop) => prop.getValues())
    expect(categories.sort()).toEqual(
      record.categories.map((category: { name: string }) => category.name).sort(),
    )
    const modified = utcOf(record.modified_utc)
    expect((property(event, 'last-modified') as ICAL.Time).toJSDate().getTime()).toBe(modified)
    expect((property(event, 'dtstamp') as ICAL.Time).toJSDate().getTime()).toBe(modified)
    expect(event.sequence).toBe(0)
    expect(property(event, 'status')).toBe('CONFIRMED')
    expect(property(event, 'attach')).toBe('https://images.example.com/pleyel.jpg')
  })

  it('writes an all-day event as VALUE=DATE with the exclusive end, and a multi-day event across its days', async () => {
    const { events, text } = parse((await getCalendar(`${ICS}/events.ics?${YEAR}`)).text)
    const festival = events.get(uidOf(allDay.id))!
    expect(festival.startDate.isDate).toBe(true)
    expect(festival.startDate.toString()).toBe('2027-06-10')
    expect(festival.endDate.toString()).toBe('2027-06-13')
    expect(text).toContain('DTSTART;VALUE=DATE:20270610\r\nDTEND;VALUE=DATE:20270613\r\n')
    const conference = events.get(uidOf(multiDay.id))!
    expect(conference.startDate.toString()).toBe('2027-09-01T09:00:00')
    expect(conference.endDate.toString()).toBe('2027-09-03T17:00:00')
    expect(conference.duration.toSeconds()).toBe((2 * 24 + 8) * 3600)
  })

  it('keeps the UID through edits and renames, and SEQUENCE grows with each edit', async () => {
    const event = await createV1Event(server, admin, {
      title: 'Renamed later',
      start_date: '2027-04-01 10:00:00',
      end_date: '2027-04-01 11:00:00',
    })
    const sequenceOf = async () =>
      parse((await getCalendar(`${ICS}/events/${event.id}.ics`)).text).events.get(uidOf(event.id))
        ?.sequence
    expect(await sequenceOf()).toBe(0)
    await server.request('PATCH', `${V1}/events/${event.id}`, {
      token: admin.token,
      body: { title: 'Renamed', slug: 'renamed-now' },
    })
    expect(await sequenceOf()).toBe(1)
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { excerpt: 'Edited in Payload’s REST' },
    })
    expect(await sequenceOf()).toBe(2)
    // A write cannot set it.
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { sequence: 0 },
    })
    expect(await sequenceOf()).toBe(3)
  })

  it('holds the events the v1 archive holds for the same query (default window, filters), in its order', async () => {
    for (const query of [
      '',
      YEAR,
      `${YEAR}&categories=jazz`,
      `${YEAR}&search=conference`,
      'start_date=2027-06-01&end_date=2027-06-30',
      `${YEAR}&featured=false`,
    ]) {
      const archive = await server.request('GET', `${V1}/events?per_page=50&${query}`)
      expect(archive.status).toBe(200)
      const feed = parse((await getCalendar(`${ICS}/events.ics?${query}`)).text)
      expect([...feed.events.keys()]).toEqual(
        archive.body.events.map((event: { id: number }) => uidOf(event.id)),
      )
    }
  })

  it('answers bad filters with the archive’s 400, as JSON in the contract’s error shape', async () => {
    for (const query of [
      'start_date=not-a-date',
      'categories=no-such-category',
      'geoloc_lat=45',
      'venue=abc',
      'status=nonsense',
      'translation_language=de',
    ]) {
      const feed = await server.request('GET', `${ICS}/events.ics?${query}`)
      const archive = await server.request('GET', `${V1}/events?${query}`)
      expect(feed.status).toBe(400)
      expect(feed.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(feed.body).toEqual(archive.body)
    }
  })

  it('holds only what the caller may read: no drafts for anonymous callers, no content of a protected event', async () => {
    const protectedEvent = await createV1Event(server, admin, {
      title: 'Members only',
      description: 'SECRET description',
      start_date: '2027-07-01 10:00:00',
      end_date: '2027-07-01 11:00:00',
      venue: { venue: 'SECRET venue', city: 'Lyon' },
      categories: ['Jazz'],
    })
    await server.request('PATCH', `/api/events/${protectedEvent.id}`, {
      token: admin.token,
      body: { password: 'opensesame' },
    })
    const anonymous = parse((await getCalendar(`${ICS}/events.ics?${YEAR}`)).text)
    expect(anonymous.events.has(uidOf(draft.id))).toBe(false)
    expect(anonymous.text).not.toContain('Unannounced')
    const locked = anonymous.events.get(uidOf(protectedEvent.id))!
    expect(locked.summary).toBe('Members only')
    expect(anonymous.text).not.toContain('SECRET')
    expect(locked.location).toBeNull()
    expect(locked.component.getAllProperties('categories')).toEqual([])
    const unlocked = parse(
      (await getCalendar(`${ICS}/events.ics?${YEAR}&password=opensesame`)).text,
    )
    expect(unlocked.events.get(uidOf(protectedEvent.id))!.description).toBe('SECRET description')

    const drafts = parse((await getCalendar(`${ICS}/events.ics?${YEAR}&status=draft`, admin)).text)
    expect([...drafts.events.keys()]).toEqual([uidOf(draft.id)])
    expect(property(drafts.events.get(uidOf(draft.id))!, 'status')).toBe('TENTATIVE')
    const refused = await server.request('GET', `${ICS}/events.ics?${YEAR}&status=draft`)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(
      (await server.request('GET', `${V1}/events?${YEAR}&status=draft`)).body,
    )
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(`${server.url}${ICS}/events.ics?${YEAR}`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(await response.text()).toBe('')
  })
})

describe('GET /api/cal/ical/events/{id}.ics and /events/by-slug/{slug}.ics', () => {
  it('is one event in a calendar named after it, by id and by slug, with its file name', async () => {
    for (const route of [
      `${ICS}/events/${paris.id}.ics`,
      `${ICS}/events/by-slug/${paris.slug}.ics`,
    ]) {
      const response = await getCalendar(route)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${paris.slug}.ics"`,
      )
      const parsed = parse(response.text)
      expect([...parsed.events.keys()]).toEqual([uidOf(paris.id)])
      expect([...parsed.zones.keys()]).toEqual(['Europe/Paris'])
      expect(parsed.calendar.getFirstPropertyValue('x-wr-calname')).toBe(
        parsed.events.get(uidOf(paris.id))!.summary,
      )
    }
  })

  it('answers as the v1 single read does: 404 for no event, 403 for a draft (anonymous) and for a protected event without its password', async () => {
    const unknown = await server.request('GET', `${ICS}/events/99999.ics`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('rest-event-not-found')
    expect((await server.request('GET', `${ICS}/events/by-slug/no-such-slug.ics`)).status).toBe(400)
    expect((await server.request('GET', `${ICS}/events/${draft.id}.ics`)).body.code).toBe(
      'event-not-accessible',
    )
    expect((await getCalendar(`${ICS}/events/${draft.id}.ics`, admin)).status).toBe(200)
    for (const user of [admin, author]) {
      const v1 = await server.request('GET', `${V1}/events/${draft.id}`, { token: user.token })
      expect((await getCalendar(`${ICS}/events/${draft.id}.ics`, user)).status).toBe(v1.status)
    }
    const event = await createV1Event(server, admin, {
      title: 'Locked',
      start_date: '2027-08-01 10:00:00',
      end_date: '2027-08-01 11:00:00',
    })
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: { password: 'p4ss' },
    })
    expect((await server.request('GET', `${ICS}/events/${event.id}.ics`)).body.code).toBe(
      'event-password-protected',
    )
    expect((await getCalendar(`${ICS}/events/${event.id}.ics?password=p4ss`)).status).toBe(200)
  })

  it('speaks the language of the path segment or of translation_language', async () => {
    await server.request('PATCH', `${V1}/events/${newYork.id}`, {
      token: admin.token,
      body: { title: 'Spectacle tardif', translation_language: 'fr' },
    })
    for (const route of [
      `/fr${ICS}/events/${newYork.id}.ics`,
      `${ICS}/events/${newYork.id}.ics?translation_language=fr`,
    ]) {
      const response = await getCalendar(route)
      expect(response.headers.get('content-language')).toBe('fr')
      const event = parse(response.text).events.get(uidOf(newYork.id))!
      expect(event.summary).toBe('Spectacle tardif')
      expect(property(event, 'url')).toBe(
        (await readV1(newYork.id, '?translation_language=fr')).url,
      )
    }
    expect(
      parse((await getCalendar(`${ICS}/events/${newYork.id}.ics`)).text).events.get(
        uidOf(newYork.id),
      )!.summary,
    ).toBe('Late show')
  })
})

/**
 * A GET on a connection of its own (after a long pause the shared keep-alive one may be closing),
 * with the body as it arrived.
 */
function getFresh(
  route: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${route}`, { agent: false }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, chunks }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('a feed of 1,000 events', () => {
  it('is streamed (chunked, no Content-Length) and holds every event the archive holds, in order', async () => {
    const start = Date.UTC(2028, 0, 1, 12)
    for (let i = 0; i < 1000; i++) {
      const at = new Date(start + i * 3_600_000)
      await server.payload.create({
        collection: 'events',
        data: {
          title: `Event ${i}`,
          startDate: at.toISOString(),
          endDate: new Date(at.getTime() + 1_800_000).toISOString(),
          timezone: i % 2 ? 'Europe/Paris' : 'America/New_York',
          status: 'publish',
        },
      })
    }
    const response = await getFresh(`${ICS}/events.ics?start_date=2028-01-01&end_date=2028-03-01`)
    expect(response.status).toBe(200)
    expect(response.headers['transfer-encoding']).toBe('chunked')
    expect(response.headers['content-length']).toBeUndefined()
    const parsed = parse(Buffer.concat(response.chunks).toString('utf8'))
    const events = [...parsed.events.values()]
    expect(events.map((event) => event.summary).sort()).toEqual(
      Array.from({ length: 1000 }, (_, i) => `Event ${i}`).sort(),
    )
    expect([...parsed.zones.keys()].sort()).toEqual(['America/New_York', 'Europe/Paris'])
    for (const event of events) {
      const i = Number(event.summary.slice('Event '.length))
      expect(event.startDate.toJSDate().getTime()).toBe(start + i * 3_600_000)
    }
    // The archive's order: by the start's wall clock in each event's own zone.
    const walls = events.map((event) => event.startDate.toString())
    expect(walls).toEqual([...walls].sort())
    // Written as it was read, in several pieces.
    expect(response.chunks.length).toBeGreaterThan(1)
  }, 300_000)
})
