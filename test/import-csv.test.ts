import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { stringify } from 'csv-stringify/sync'
import { DEFAULT_SLUGS, DEFAULTS } from '../src/defaults.js'
import {
  createUser,
  registerAdministrator,
  startTestServer,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { runImportCli } from './support/importCli.js'

/**
 * CSV import (src/import/csv.ts): files as The Events Calendar's CSV import takes them and as our
 * export writes them, by the CLI and through the runs' REST; a second import changes nothing.
 */

let server: TestServer
let admin: TestUser
let dir: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-csv-'))
})
afterAll(async () => {
  await server?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const write = (content: string | Buffer) => {
  const file = path.join(dir, `file-${Math.random().toString(36).slice(2)}.csv`)
  fs.writeFileSync(file, content)
  return file
}
const csv = (rows: string[][]) => stringify(rows)

const count = async (collection: string) =>
  (await server.payload.count({ collection: collection as 'events', overrideAccess: true }))
    .totalDocs
const updatedAts = async (collection = 'events') =>
  (
    await server.payload.find({
      collection: collection as 'events',
      pagination: false,
      overrideAccess: true,
      depth: 0,
      sort: 'id',
    })
  ).docs.map((doc: any) => [doc.id, doc.updatedAt])

const TEC_VENUES = csv([
  [
    'Venue Name',
    'Venue Address',
    'Venue City',
    'Venue Country',
    'Venue State/Province',
    'Venue Zip',
    'Venue Phone',
  ],
  ['Salle Rameau', '29 Rue de la Martinière', 'Lyon', 'France', '', '69001', '+33 4 78 00 00 00'],
  ['Blue Note', '131 W 3rd St', 'New York', 'United States', 'NY', '10012', ''],
])

const TEC_ORGANIZERS = csv([
  ['Organizer Name', 'Organizer Email', 'Organizer Phone', 'Organizer Website'],
  ['Friends of Jazz', 'jazz@example.org', '555-0100', 'https://jazz.example.org'],
  ['Smith, Jones & Co', '', '', 'www.smithjones.example'],
])

const TEC_EVENTS = csv([
  [
    'Event Name',
    'Event Description',
    'Event Start Date',
    'Event Start Time',
    'Event End Date',
    'Event End Time',
    'All Day Event',
    'Event Time Zone',
    'Event Venue Name',
    'Event Organizer Name',
    'Event Category',
    'Event Tags',
    'Event Website',
    'Event Cost',
    'Event Currency Symbol',
    'Something else',
  ],
  [
    'Jazz night',
    '<p>Bring your instrument</p>',
    '2027-03-01',
    '8:00 PM',
    '2027-03-01',
    '11:00 PM',
    'no',
    'Europe/Paris',
    'Salle Rameau',
    'Friends of Jazz',
    'Music, Jazz',
    'night',
    'https://club.example/jam',
    '12',
    '€',
    'ignored',
  ],
  [
    'Spring fair',
    '',
    '04/05/2027',
    '',
    '04/07/2027',
    '',
    'yes',
    '',
    'A new hall',
    '',
    'Family',
    '',
    '',
    '',
    '',
    '',
  ],
  // Formulas are text: kept as written.
  [
    '=HYPERLINK("http://evil.example","click")',
    '',
    '2027-05-01 09:00',
    '',
    '2027-05-01 10:00',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '-5',
    '',
    '',
  ],
  // No start: fails alone.
  ['No date', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
])

it('imports The Events Calendar’s CSV columns: venues, organizers, then events linking to them', async () => {
  const venues = await runImportCli(['--csv', write(TEC_VENUES), '--type', 'venues', '--quiet'])
  expect(venues.output).toMatch(/venues\s+2\s+2\s+0\s+0\s/)
  expect(venues.code).toBe(0)
  const organizers = await runImportCli([
    '--csv',
    write(TEC_ORGANIZERS),
    '--type',
    'organizers',
    '--quiet',
  ])
  expect(organizers.output).toMatch(/organizers\s+2\s+2\s+0\s+0\s+0\s+0\s+0\s+1\s/)
  expect(organizers.output).toMatch(
    /adjusted: organizers line 3: website www.smithjones.example had no scheme: http:\/\/ added/,
  )
  const events = await runImportCli(['--csv', write(TEC_EVENTS), '--type', 'events', '--quiet'])
  expect(events.output).toMatch(/events\s+4\s+3\s+0\s+0\s+0\s+1\s/)
  expect(events.output).toMatch(
    /failed: events line 5: Missing parameter\(s\): start_date, end_date/,
  )
  expect(events.output).toMatch(/notice: columns not imported: Something else/)
  expect(events.code).toBe(1)

  const { body } = await server.request(
    'GET',
    `${V1}/events?start_date=2027-01-01&end_date=2027-12-31`,
    { token: admin.token },
  )
  const [jazz, fair, formula] = body.events
  expect(jazz).toMatchObject({
    title: 'Jazz night',
    description: '<p>Bring your instrument</p>',
    start_date: '2027-03-01 20:00:00',
    end_date: '2027-03-01 23:00:00',
    timezone: 'Europe/Paris',
    all_day: false,
    website: 'https://club.example/jam',
    cost: '€12',
    status: 'publish',
    author: String(admin.id),
  })
  expect(jazz.venue).toMatchObject({ venue: 'Salle Rameau', city: 'Lyon', zip: '69001' })
  expect(jazz.organizer.map((o: any) => o.organizer)).toEqual(['Friends of Jazz'])
  expect(jazz.categories.map((c: any) => c.name).sort()).toEqual(['Jazz', 'Music'])
  expect(jazz.tags.map((t: any) => t.name)).toEqual(['night'])
  expect(fair).toMatchObject({
    title: 'Spring fair',
    all_day: true,
    start_date: '2027-04-05 00:00:00',
    end_date: '2027-04-07 23:59:59',
  })
  expect(fair.venue.venue).toBe('A new hall')
  const stored = await server.payload.findByID({
    collection: 'events',
    id: formula.id,
    overrideAccess: true,
  })
  expect(stored).toMatchObject({ title: '=HYPERLINK("http://evil.example","click")', cost: ['-5'] })
  expect(await count('venues')).toBe(3)
  expect(await count('organizers')).toBe(2)
})

it('a second import of the same files changes nothing; a changed cell updates its record', async () => {
  const before = await updatedAts()
  const again = await runImportCli(['--csv', write(TEC_EVENTS), '--type', 'events', '--quiet'])
  expect(again.output).toMatch(/events\s+4\s+0\s+0\s+3\s+0\s+1\s/)
  expect(await updatedAts()).toEqual(before)
  const venues = await runImportCli(['--csv', write(TEC_VENUES), '--type', 'venues', '--quiet'])
  expect(venues.output).toMatch(/venues\s+2\s+0\s+0\s+2\s/)

  const changed = TEC_EVENTS.replace('Bring your instrument', 'Bring your voice')
  const third = await runImportCli(['--csv', write(changed), '--type', 'events', '--quiet'])
  expect(third.output).toMatch(/events\s+4\s+0\s+1\s+2\s+0\s+1\s/)
  expect(await count('events')).toBe(3)
})

it('a dry run counts what would be written and writes nothing', async () => {
  const before = await updatedAts()
  const file = csv([
    ['Event Name', 'Event Start Date', 'Event End Date', 'Event Category'],
    ['Brand new', '2027-06-01 10:00', '2027-06-01 11:00', 'Brand new category'],
    ['Jazz night', '2027-03-01 20:00', '2027-03-01 22:00', ''],
    ['Broken', 'not a date at all', '', ''],
  ])
  const run = await runImportCli(['--csv', write(file), '--type', 'events', '--dry-run', '--quiet'])
  expect(run.output).toMatch(/dry run/)
  expect(run.output).toMatch(/events\s+3\s+1\s+1\s+0\s+0\s+1\s/)
  expect(run.code).toBe(1)
  expect(await updatedAts()).toEqual(before)
  expect(await count(DEFAULT_SLUGS.categories)).toBe(3)
})

it('an administrator imports through the runs’ REST; nobody else may', async () => {
  const editor = await createUser(server, admin, 'editor')
  const runs = `/api/${DEFAULTS.importRunsSlug}`
  const body = { format: 'csv', type: 'organizers', csv: TEC_ORGANIZERS }
  expect((await server.request('POST', runs, { token: editor.token, body })).status).toBe(403)
  for (const bad of [
    { format: 'csv', csv: TEC_ORGANIZERS },
    { format: 'csv', type: 'organizers' },
    { format: 'csv', type: 'tickets', csv: TEC_ORGANIZERS },
    { format: 'csv', type: 'organizers', csv: TEC_ORGANIZERS, mapping: ['x'] },
  ]) {
    const refused = await server.request('POST', runs, { token: admin.token, body: bad })
    expect(refused.status).toBe(400)
  }
  const created = await server.request('POST', runs, { token: admin.token, body })
  expect(created.status).toBe(201)
  let run: any
  for (let i = 0; i < 100; i++) {
    run = (await server.request('GET', `${runs}/${created.body.doc.id}`, { token: admin.token }))
      .body
    if (['done', 'failed'].includes(run.state)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(run).toMatchObject({ state: 'done', format: 'csv', type: 'organizers' })
  expect(run.csv).toBeUndefined()
  expect(run.progress.resources.organizers).toMatchObject({ read: 2, unchanged: 2 })
})
