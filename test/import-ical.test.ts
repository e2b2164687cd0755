import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import ical from 'ical-generator'
import { DEFAULTS } from '../core/defaults.js'
import { ICAL_SOURCE } from '../features/import/ical.js'
import {
  createUser,
  registerAdministrator,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { runImportCli } from './support/importCli.js'
import { startTecSite, type TecSite } from './support/tecSite.js'

/**
 * iCalendar import: a file written by another program (ical-generator), by the CLI and through the
 * runs' REST.
 */

let server: TestServer
let admin: TestUser
let site: TecSite
let dir: string

/** The calendar as ical-generator writes it; `fairTitle` changes one event. */
function calendar(fairTitle = 'Spring fair') {
  const cal = ical({ name: 'Club calendar', prodId: { company: 'example', product: 'club' } })
  cal.createEvent({
    id: 'jam@club.example',
    start: new Date('2027-03-01T18:00:00Z'),
    end: new Date('2027-03-01T20:00:00Z'),
    timezone: 'Europe/Paris',
    summary: 'Jazz, night',
    description: 'Bring your instrument; all levels. Under 18s <3 welcome.',
    location: 'Hall; 12 Quai Saint-Antoine, Lyon',
    categories: [{ name: 'Music' }],
    url: 'https://club.example/jam',
    repeating: { freq: 'WEEKLY' as never, count: 4 },
  })
  // One occurrence of the series moved: listed with its RECURRENCE-ID, it changes that date of the
  // series.
  cal.createEvent({
    id: 'jam@club.example',
    recurrenceId: new Date('2027-03-08T18:00:00Z'),
    start: new Date('2027-03-09T18:00:00Z'),
    end: new Date('2027-03-09T20:00:00Z'),
    timezone: 'Europe/Paris',
    summary: 'Jazz, night (moved)',
    location: 'Hall; 12 Quai Saint-Antoine, Lyon',
    categories: [{ name: 'Music' }],
  })
  cal.createEvent({
    id: 'fair@club.example',
    start: new Date('2027-04-05T00:00:00Z'),
    end: new Date('2027-04-07T00:00:00Z'),
    allDay: true,
    summary: fairTitle,
    categories: [{ name: 'Family' }, { name: 'Outdoor' }],
  })
  cal.createEvent({
    id: 'talk@club.example',
    start: new Date('2027-05-01T09:00:00Z'),
    end: new Date('2027-05-01T10:00:00Z'),
    summary: 'Talk',
    location: 'Hall; 12 Quai Saint-Antoine, Lyon',
  })
  // And one that no program should write: no start.
  return cal
    .toString()
    .replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:broken@club.example\r\nSUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR',
    )
}

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
  site = await startTecSite()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-ics-'))
})
afterAll(async () => {
  await site?.close()
  await server?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const write = (text: string) => {
  const file = path.join(dir, `calendar-${Math.random().toString(36).slice(2)}.ics`)
  fs.writeFileSync(file, text)
  return file
}

async function mapped(sourceId: string) {
  const { docs } = await server.payload.find({
    collection: DEFAULTS.importMappingsSlug as 'events',
    where: {
      and: [
        { source: { equals: ICAL_SOURCE } },
        { resource: { equals: 'events' } },
        { sourceId: { equals: sourceId } },
      ],
    },
    overrideAccess: true,
  })
  return docs[0] as any
}
const v1Event = async (sourceId: string) =>
  (
    await server.request('GET', `/api/cal/events/v1/events/${(await mapped(sourceId)).targetId}`, {
      token: admin.token,
    })
  ).body
const updatedAts = async () =>
  (
    await server.payload.find({
      collection: 'events',
      pagination: false,
      overrideAccess: true,
      depth: 0,
    })
  ).docs.map((doc: any) => [doc.id, doc.updatedAt])

it('imports a file: each event once by UID, LOCATION as one venue, CATEGORIES, RRULE as a series, a moved occurrence, an all-day event', async () => {
  const run = await runImportCli(['--ics', write(calendar()), '--quiet'])
  // The broken event fails, alone.
  expect(run.output).toMatch(
    /failed: events broken@club.example: broken@club.example: no readable DTSTART/,
  )
  // The moved occurrence updates the date its series generated.
  expect(run.output).toMatch(/events\s+5\s+3\s+1\s+0\s+0\s+1\s/)
  expect(run.code).toBe(1)

  const jam = await v1Event('jam@club.example')
  expect(jam).toMatchObject({
    title: 'Jazz, night',
    description: '<p>Bring your instrument; all levels. Under 18s &lt;3 welcome.</p>',
    timezone: 'Europe/Paris',
    start_date: '2027-03-01 18:00:00',
    utc_start_date: '2027-03-01 17:00:00',
    utc_end_date: '2027-03-01 19:00:00',
    all_day: false,
    website: 'https://club.example/jam',
  })
  expect(jam.venue.venue).toBe('Hall; 12 Quai Saint-Antoine, Lyon')
  expect(jam.categories.map((c: any) => c.name)).toEqual(['Music'])
  expect((await mapped('jam@club.example')).recurrence).toBe('FREQ=WEEKLY;COUNT=4')
  expect(jam.recurrence).toMatchObject({ rules: ['FREQ=WEEKLY;COUNT=4'], exdates: [] })

  const moved = await v1Event('jam@club.example@2027-03-08T18:00:00')
  expect(moved).toMatchObject({
    title: 'Jazz, night (moved)',
    utc_start_date: '2027-03-09 17:00:00',
    series: { id: jam.id, occurrence: '2027-03-08 18:00:00', detached: true },
  })
  const listed = await server.request(
    'GET',
    '/api/cal/events/v1/events?start_date=2027-03-01&end_date=2027-03-31&search=Jazz',
    { token: admin.token },
  )
  expect(listed.body.events.map((event: any) => [event.title, event.start_date])).toEqual([
    ['Jazz, night', '2027-03-01 18:00:00'],
    ['Jazz, night (moved)', '2027-03-09 18:00:00'],
    ['Jazz, night', '2027-03-15 18:00:00'],
    ['Jazz, night', '2027-03-22 18:00:00'],
  ])
  const talk = await v1Event('talk@club.example')
  expect([moved.venue.id, talk.venue.id]).toEqual([jam.venue.id, jam.venue.id])
  expect(
    (await server.payload.count({ collection: 'venues', overrideAccess: true })).totalDocs,
  ).toBe(1)

  const fair = await v1Event('fair@club.example')
  expect(fair).toMatchObject({
    all_day: true,
    start_date: '2027-04-05 00:00:00',
    end_date: '2027-04-06 23:59:59',
  })
  expect(fair.categories.map((c: any) => c.name).sort()).toEqual(['Family', 'Outdoor'])
})

it('a second import of the same calendar, from its address this time, writes nothing; a changed event is updated', async () => {
  const before = await updatedAts()
  site.files.set('club.ics', { type: 'text/calendar', data: Buffer.from(calendar()) })
  const again = await runImportCli([
    '--ics',
    `${new URL(site.root).origin}/files/club.ics`,
    '--quiet',
  ])
  expect(again.output).toMatch(/events\s+5\s+0\s+0\s+4\s+0\s+1\s/)
  expect(await updatedAts()).toEqual(before)

  const changed = await runImportCli([
    '--ics',
    write(calendar('Spring fair (two days)')),
    '--quiet',
  ])
  expect(changed.output).toMatch(/events\s+5\s+0\s+1\s+3\s+0\s+1\s/)
  expect((await v1Event('fair@club.example')).title).toBe('Spring fair (two days)')
  // The series, its four dates, the fair and the talk.
  expect(
    (await server.payload.count({ collection: 'events', overrideAccess: true })).totalDocs,
  ).toBe(7)
})

it('an administrator uploads a calendar through the runs’ REST; nobody else may', async () => {
  const editor = await createUser(server, admin, 'editor')
  const text = calendar()
  expect(
    (
      await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
        token: editor.token,
        body: { format: 'ical', ics: text },
      })
    ).status,
  ).toBe(403)
  for (const body of [
    { format: 'ical', ics: 'not a calendar' },
    { format: 'ical' },
    { format: 'ical', from: 'ftp://x/cal.ics' },
    { format: 'ical', ics: 42 },
  ]) {
    expect({
      body,
      status: (
        await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
          token: admin.token,
          body,
        })
      ).status,
    }).toEqual({ body, status: 400 })
  }
  const created = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
    token: admin.token,
    body: { format: 'ical', ics: text },
  })
  expect(created.status).toBe(201)
  let run: any
  const deadline = Date.now() + 30_000
  do {
    await new Promise((resolve) => setTimeout(resolve, 200))
    run = (
      await server.request('GET', `/api/${DEFAULTS.importRunsSlug}/${created.body.doc.id}`, {
        token: admin.token,
      })
    ).body
  } while (!['done', 'failed', 'cancelled'].includes(run.state) && Date.now() < deadline)
  // The broken event again: a failure of a run that ends done, the rest unchanged; the text is
  // not kept.
  expect(run.state).toBe('done')
  expect(run.failures).toHaveLength(1)
  expect(run.progress.resources.events).toMatchObject({
    read: 5,
    unchanged: 3,
    updated: 1,
    failed: 1,
  })
  expect(run.ics).toBeUndefined()
})
