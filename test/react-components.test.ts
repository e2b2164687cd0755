import { beforeAll, describe, expect, it } from '@jest/globals'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { TypedUser } from 'payload'
import { AddToCalendar } from '../features/react/AddToCalendar.js'
import { getEvent, getEvents } from '../features/react/data.js'
import { EventDetails } from '../features/react/EventDetails.js'
import { EventJsonLd } from '../features/react/EventJsonLd.js'
import { UpcomingEvents } from '../features/react/UpcomingEvents.js'
import { createV1Event, type TestServer, type TestUser, useTestServer } from './helpers.js'

/**
 * `payload-events-calendar/react`'s server side on the real server's Payload: the data helpers
 * read the v1 namespace in process with the visitor's rights, and the server components render
 * what they give (HTML, no client JavaScript).
 */

let server: TestServer
let admin: TestUser
let adminUser: TypedUser
let concert: Record<string, any>
let draft: Record<string, any>
let locked: Record<string, any>

useTestServer([], (setup) => {
  server = setup.server
  admin = setup.admin
})

/** The site as server components read it: its Payload and its public origin. */
const site = () => ({ payload: server.payload, origin: server.url })

/** Days from now, as `YYYY-MM-DD HH:MM:SS` in UTC. */
const inDays = (days: number, hour: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`

beforeAll(async () => {
  adminUser = (await server.payload.findByID({
    collection: 'users',
    id: admin.id,
    overrideAccess: true,
  })) as unknown as TypedUser
  concert = await createV1Event(server, admin, {
    title: 'Concert <script>alert(1)</script> & friends',
    description: '<p>Bring a friend.</p>',
    start_date: inDays(3, 19),
    end_date: inDays(3, 21),
    timezone: 'Europe/Paris',
    venue: { venue: 'Salle Pleyel', city: 'Paris', geo_lat: 48.8771, geo_lng: 2.3009 },
    organizer: [{ organizer: 'Friends of Jazz', website: 'https://jazz.example.org' }],
    cost: '10',
    event_status: 'postponed',
    event_status_reason: 'The pianist is ill',
    online_url: 'https://stream.example.org/live',
    attendance_mode: 'mixed',
  })
  draft = await createV1Event(server, admin, {
    title: 'Draft concert',
    start_date: inDays(4, 19),
    end_date: inDays(4, 20),
    status: 'draft',
  })
  locked = await createV1Event(server, admin, {
    title: 'Members only',
    description: '<p>The secret handshake.</p>',
    start_date: inDays(5, 19),
    end_date: inDays(5, 20),
  })
  // v1 writes take no password: Payload's Local API sets it, as the admin does.
  await server.payload.update({
    collection: 'events',
    id: locked.id,
    data: { password: 'open sesame' } as never,
    overrideAccess: true,
  })
})

describe('data helpers', () => {
  it('getEvents gives the visitor what the v1 archive gives them: published events to anonymous ones', async () => {
    const anonymous = await getEvents(site(), { per_page: 50 })
    const ids = anonymous.events.map((event) => event.id)
    expect(ids).toContain(concert.id)
    expect(ids).not.toContain(draft.id)
    expect(anonymous.total).toBe(anonymous.events.length)
    const asAdmin = await getEvents({ ...site(), user: adminUser }, { per_page: 50 })
    expect(asAdmin.events.map((event) => event.id)).toContain(draft.id)
    const archive = await server.request('GET', '/api/cal/events/v1/events?per_page=50')
    expect(anonymous.events).toEqual(archive.body.events)
  })

  it('getEvents takes the archive’s filters and language, and refuses what it refuses', async () => {
    const filtered = await getEvents(
      { ...site(), lang: 'fr' },
      {
        event_status: ['postponed'],
      },
    )
    expect(filtered.events.map((event) => event.id)).toEqual([concert.id])
    await expect(getEvents(site(), { status: 'draft' })).rejects.toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
    })
  })

  it('getEvent reads one event by slug or id with its JSON-LD, or null when the visitor may not (a protected one without its password)', async () => {
    const bySlug = await getEvent(site(), { slug: concert.slug })
    expect(bySlug).toMatchObject({ id: concert.id, json_ld: { '@type': 'Event' } })
    expect(await getEvent(site(), { id: concert.id })).toEqual(bySlug)
    expect(await getEvent(site(), { id: draft.id })).toBeNull()
    expect(await getEvent({ ...site(), user: adminUser }, { id: draft.id })).not.toBeNull()
    expect(await getEvent(site(), { slug: 'no-such-event' })).toBeNull()
    // A protected event without its password: v1 refuses it (403).
    expect(await getEvent(site(), { id: locked.id })).toBeNull()
    expect(await getEvent(site(), { id: locked.id }, 'open sesame')).toMatchObject({
      id: locked.id,
      description: '<p>The secret handshake.</p>',
    })
  })
})

describe('server components', () => {
  it('EventDetails: when in the event’s zone and the visitor’s, status and reason, venue with a map, online link, organizers, cost', async () => {
    const event = (await getEvent(site(), { id: concert.id }))!
    const html = renderToStaticMarkup(
      createElement(EventDetails, { event, lang: 'fr', visitorTimeZone: 'America/New_York' }),
    )
    expect(html).toContain('Reporté')
    expect(html).toContain('The pianist is ill')
    expect(html).toContain('Salle Pleyel')
    expect(html).toContain('https://www.openstreetmap.org/?mlat=48.8771&amp;mlon=2.3009')
    expect(html).toContain('href="https://stream.example.org/live"')
    expect(html).toContain('href="https://jazz.example.org"')
    expect(html).toContain('Votre heure')
    expect(html).toMatch(/UTC[−-]4|UTC[−-]5/)
    expect(html).toContain('10')
    expect(html).not.toContain('<script>')
  })

  it('AddToCalendar: the five links, the files at the event’s own calendar', async () => {
    const event = (await getEvent(site(), { id: concert.id }))!
    const html = renderToStaticMarkup(createElement(AddToCalendar, { event, lang: 'en' }))
    expect(html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE')
    expect(html).toContain('https://outlook.office.com/calendar/0/deeplink/compose?')
    expect(html).toContain('https://outlook.live.com/calendar/0/deeplink/compose?')
    expect(html).toContain(
      `webcal://${new URL(server.url).host}/api/cal/ical/events/${concert.id}.ics`,
    )
    expect([...html.matchAll(/data-calendar="(\w+)"/g)].map((found) => found[1])).toEqual([
      'google',
      'outlook365',
      'outlookCom',
      'apple',
      'ics',
    ])
    const ics = await fetch(`${server.url}/api/cal/ical/events/${concert.id}.ics`)
    expect(ics.status).toBe(200)
  })

  it('EventJsonLd: the record’s json_ld, with no way out of its script', async () => {
    const event = (await getEvent(site(), { id: concert.id }))!
    const html = renderToStaticMarkup(createElement(EventJsonLd, { event }))
    const text = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html)![1]
    expect(text).not.toContain('</script')
    expect(JSON.parse(text)).toEqual(event.json_ld)
  })

  it('UpcomingEvents: the next events the visitor may read, with links to their pages', async () => {
    const html = renderToStaticMarkup(
      await UpcomingEvents({ ...site(), lang: 'fr', eventPath: '/events/{slug}' }),
    )
    expect(html).toContain(`href="/events/${concert.slug}"`)
    expect(html).toContain('(Reporté)')
    expect(html).not.toContain('Draft concert')
    expect(html).not.toContain('<script>alert')
  })
})
