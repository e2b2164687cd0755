import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { parse } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { DEFAULTS } from '../core/defaults.js'
import { ICAL_SOURCE } from '../features/import/ical.js'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'
import { runImportCli } from './support/importCli.js'

/**
 * Event status and attendance wherever an event goes (issue #28 item 3): JSON-LD of single reads,
 * the calendar feeds (parsed with ical.js, a maintained parser that is not ours), CSV export and
 * import (The Events Calendar's meta names as columns), and the iCalendar import.
 */

let server: TestServer
let admin: TestUser
let dir: string

useTestServer([], (setup) => ({ server, admin } = setup))
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-status-'))
})
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const TAG = 'status-outputs'
const WINDOW = 'start_date=2029-01-01&end_date=2029-12-31'
let canceled: Record<string, any>
let rescheduled: Record<string, any>
let online: Record<string, any>
let mixed: Record<string, any>
let postponed: Record<string, any>
let plain: Record<string, any>

beforeAll(async () => {
  const venue = { venue: 'Status Hall', city: 'Lyon', country: 'France' }
  const at = (day: number) => ({
    start_date: `2029-06-${String(day).padStart(2, '0')} 19:00:00`,
    end_date: `2029-06-${String(day).padStart(2, '0')} 21:00:00`,
    timezone: 'Europe/Paris',
    tags: TAG,
  })
  canceled = await createV1Event(server, admin, {
    title: 'Canceled concert',
    description: '<p>An evening of songs.</p>',
    ...at(1),
    venue,
    event_status: 'canceled',
    event_status_reason: 'The singer is ill.',
  })
  rescheduled = await createV1Event(server, admin, {
    title: 'Rescheduled concert',
    ...at(2),
    venue,
    event_status: 'rescheduled',
    previous_start_date: '2029-05-20 19:00:00',
  })
  online = await createV1Event(server, admin, {
    title: 'Online talk',
    ...at(3),
    venue,
    event_status: 'moved_online',
    event_status_reason: 'The hall is closed.',
    online_url: 'https://stream.example/talk',
  })
  mixed = await createV1Event(server, admin, {
    title: 'Hybrid workshop',
    ...at(4),
    venue,
    attendance_mode: 'mixed',
    online_url: 'https://stream.example/workshop',
  })
  postponed = await createV1Event(server, admin, {
    title: 'Postponed fair',
    ...at(5),
    event_status: 'postponed',
  })
  plain = await createV1Event(server, admin, { title: 'Plain evening', ...at(6), venue })
})

const single = async (id: number) => (await server.request('GET', `${V1}/events/${id}`)).body

describe('JSON-LD of single reads', () => {
  it('eventStatus and eventAttendanceMode as schema.org names; a scheduled, offline event as before', async () => {
    const ld = (await single(plain.id)).json_ld
    expect(ld.eventStatus).toBe('https://schema.org/EventScheduled')
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode')
    expect(ld.location['@type']).toBe('Place')
    expect(ld).not.toHaveProperty('previousStartDate')
    expect((await single(canceled.id)).json_ld.eventStatus).toBe(
      'https://schema.org/EventCancelled',
    )
    expect((await single(postponed.id)).json_ld.eventStatus).toBe(
      'https://schema.org/EventPostponed',
    )
  })

  it('a rescheduled event gives its previous start with its offset', async () => {
    const ld = (await single(rescheduled.id)).json_ld
    expect(ld).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2029-05-20T19:00:00+02:00',
      startDate: '2029-06-02T19:00:00+02:00',
    })
  })

  it('an event moved online is attended online, at a VirtualLocation; a mixed one at both', async () => {
    const moved = (await single(online.id)).json_ld
    expect(moved).toMatchObject({
      eventStatus: 'https://schema.org/EventMovedOnline',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://stream.example/talk' },
    })
    const both = (await single(mixed.id)).json_ld
    expect(both.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode')
    expect(both.location).toEqual([
      expect.objectContaining({ '@type': 'Place', name: 'Status Hall' }),
      { '@type': 'VirtualLocation', url: 'https://stream.example/workshop' },
    ])
  })
})

/** A feed parsed by ical.js, its events by UID. */
async function feed(query: string) {
  const response = await server.request('GET', `/api/cal/ical/events.ics?${query}`)
  expect(response.status).toBe(200)
  const calendar = new ICAL.Component(ICAL.parse(response.body as string))
  const events = new Map<string, ICAL.Component>()
  for (const vevent of calendar.getAllSubcomponents('vevent'))
    events.set(String(vevent.getFirstPropertyValue('uid')), vevent)
  return events
}
const uidOf = (id: number) => `event-${id}@${new URL(server.url).host}`

describe('calendar feeds', () => {
  it('STATUS: CANCELLED, TENTATIVE for postponed, CONFIRMED otherwise; the reason first in DESCRIPTION', async () => {
    const events = await feed(`${WINDOW}&tags=${TAG}`)
    const prop = (event: Record<string, any>, name: string) =>
      events.get(uidOf(event.id))!.getFirstPropertyValue(name)
    expect(prop(canceled, 'status')).toBe('CANCELLED')
    expect(prop(postponed, 'status')).toBe('TENTATIVE')
    expect(prop(rescheduled, 'status')).toBe('CONFIRMED')
    expect(prop(plain, 'status')).toBe('CONFIRMED')
    expect(prop(canceled, 'description')).toBe('The singer is ill.\n\nAn evening of songs.')
    expect(prop(plain, 'description')).toBeNull()
  })

  it('an event attended online has its address as LOCATION and URL; a mixed one keeps its venue', async () => {
    const events = await feed(`${WINDOW}&tags=${TAG}`)
    const talk = events.get(uidOf(online.id))!
    expect(talk.getFirstPropertyValue('location')).toBe('https://stream.example/talk')
    expect(talk.getFirstPropertyValue('url')).toBe('https://stream.example/talk')
    expect(talk.getFirstPropertyValue('description')).toBe(
      'The hall is closed.\n\nhttps://stream.example/talk',
    )
    const workshop = events.get(uidOf(mixed.id))!
    expect(String(workshop.getFirstPropertyValue('location'))).toContain('Status Hall')
    expect(workshop.getFirstPropertyValue('url')).toBe('https://stream.example/workshop')
    expect(events.get(uidOf(plain.id))!.getFirstPropertyValue('url')).toBe(plain.url)
  })

  it('the feeds take the archive’s event_status and attendance_mode filters', async () => {
    const events = await feed(`${WINDOW}&tags=${TAG}&event_status=canceled,postponed`)
    expect([...events.keys()].sort()).toEqual([uidOf(canceled.id), uidOf(postponed.id)].sort())
    const attended = await feed(`${WINDOW}&tags=${TAG}&attendance_mode=mixed`)
    expect([...attended.keys()]).toEqual([uidOf(mixed.id)])
  })
})

describe('CSV', () => {
  it('the export has a column per key', async () => {
    const response = await server.request('GET', `/api/cal/csv/events.csv?${WINDOW}&tags=${TAG}`, {
      token: admin.token,
    })
    const rows = parse(response.body as string, { columns: true, bom: true }) as Record<
      string,
      string
    >[]
    const row = rows.find((candidate) => candidate.title === 'Online talk')!
    expect(row).toMatchObject({
      event_status: 'moved_online',
      event_status_reason: 'The hall is closed.',
      attendance_mode: 'offline',
      online_url: 'https://stream.example/talk',
    })
    expect(rows.find((candidate) => candidate.title === 'Rescheduled concert')).toMatchObject({
      previous_start_date: '2029-05-20 19:00:00',
    })
  })

  it('the import reads The Events Calendar’s meta names and words as spreadsheets write them', async () => {
    const file = [
      'Event Name,Event Start Date,Event End Date,_tribe_events_status,_tribe_events_status_reason,Event Attendance Mode,_tribe_events_virtual_url',
      'Meta one,2029-07-01 10:00,2029-07-01 11:00,Canceled,Rain,Online,https://stream.example/one',
      'Meta two,2029-07-02 10:00,2029-07-02 11:00,,,,',
      'Meta three,2029-07-03 10:00,2029-07-03 11:00,Moved Online,,mixed,',
    ].join('\r\n')
    const preview = await server.request('POST', '/api/cal/csv/preview?type=events', {
      token: admin.token,
      body: Buffer.from(file),
      headers: { 'content-type': 'text/csv' },
    })
    expect(preview.status).toBe(200)
    expect(preview.body.columns).toEqual(
      expect.arrayContaining([
        { header: '_tribe_events_status', column: 'event_status' },
        { header: '_tribe_events_status_reason', column: 'event_status_reason' },
        { header: 'Event Attendance Mode', column: 'attendance_mode' },
        { header: '_tribe_events_virtual_url', column: 'online_url' },
      ]),
    )
    expect(preview.body.errors).toEqual([])
    expect(preview.body.preview.map((row: any) => row.arguments)).toEqual([
      expect.objectContaining({
        event_status: 'canceled',
        event_status_reason: 'Rain',
        attendance_mode: 'online',
        online_url: 'https://stream.example/one',
      }),
      expect.not.objectContaining({ event_status: expect.anything() }),
      expect.objectContaining({ event_status: 'moved_online', attendance_mode: 'mixed' }),
    ])
  })
})

describe('iCalendar import', () => {
  it('STATUS:CANCELLED is canceled; a LOCATION that is an address is attended online there', async () => {
    const file = path.join(dir, 'status.ics')
    fs.writeFileSync(
      file,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//status//EN',
        'BEGIN:VEVENT',
        'UID:gone@status.example',
        'DTSTAMP:20290101T000000Z',
        'DTSTART:20290801T180000Z',
        'DTEND:20290801T200000Z',
        'SUMMARY:Gone',
        'STATUS:CANCELLED',
        'LOCATION:Old Hall',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:stream@status.example',
        'DTSTAMP:20290101T000000Z',
        'DTSTART:20290802T180000Z',
        'DTEND:20290802T200000Z',
        'SUMMARY:Stream',
        'STATUS:CONFIRMED',
        'LOCATION:https://stream.example/ics',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )
    const run = await runImportCli(['--ics', file, '--quiet'])
    expect(run.code).toBe(0)
    const byUid = async (uid: string) => {
      const { docs } = await server.payload.find({
        collection: DEFAULTS.importMappingsSlug as 'events',
        where: {
          and: [{ source: { equals: ICAL_SOURCE } }, { sourceId: { equals: uid } }],
        },
        overrideAccess: true,
      })
      return (
        await server.request('GET', `${V1}/events/${(docs[0] as any).targetId}`, {
          token: admin.token,
        })
      ).body
    }
    expect(await byUid('gone@status.example')).toMatchObject({
      event_status: 'canceled',
      attendance_mode: 'offline',
      venue: { venue: 'Old Hall' },
    })
    expect(await byUid('stream@status.example')).toMatchObject({
      event_status: 'scheduled',
      attendance_mode: 'online',
      online_url: 'https://stream.example/ics',
      venue: [],
    })
  })
})
