import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { stringify } from 'csv-stringify/sync'
import { DEFAULT_SLUGS, DEFAULTS } from '../core/defaults.js'
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
 * CSV import (features/import/csv.ts): files as The Events Calendar's CSV import takes them and as
 * our export writes them, by the CLI and through the runs' REST; a second import changes nothing.
 */

let server: TestServer
let admin: TestUser
let dir: string

/** The import run once it has ended (or as it stands after 10 s), read through Payload's REST. */
async function endedRun(id: number): Promise<any> {
  let run: any
  for (let i = 0; i < 100; i++) {
    run = (
      await server.request('GET', `/api/${DEFAULTS.importRunsSlug}/${id}`, { token: admin.token })
    ).body
    if (['done', 'failed'].includes(run.state)) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return run
}

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
    /adjusted: organizers row 3: website www.smithjones.example had no scheme: http:\/\/ added/,
  )
  const events = await runImportCli(['--csv', write(TEC_EVENTS), '--type', 'events', '--quiet'])
  expect(events.output).toMatch(/events\s+4\s+3\s+0\s+0\s+0\s+1\s/)
  expect(events.output).toMatch(
    /failed: events row 5: Missing parameter\(s\): start_date, end_date/,
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
}, 180_000)

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
}, 180_000)

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
}, 180_000)

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
  const run = await endedRun(created.body.doc.id)
  expect(run).toMatchObject({ state: 'done', format: 'csv', type: 'organizers' })
  expect(run.csv).toBeUndefined()
  expect(run.progress.resources.organizers).toMatchObject({ read: 2, unchanged: 2 })
})

const CSV_API = '/api/cal/csv'
const upload = (path: string, file: string | Buffer, token = admin.token) =>
  server.request('POST', `${CSV_API}${path}`, {
    token,
    body: typeof file === 'string' ? Buffer.from(file) : file,
    headers: { 'content-type': 'text/csv' },
  })

it('preview: the columns, the proposed mapping, the first rows as they would be written, every row’s errors; an edited mapping; a dry run', async () => {
  const file = csv([
    ['Event Name', 'Event Start Date', 'Event End Date', 'Notes', 'Event Website'],
    ['Preview one', '2027-07-01 10:00', '2027-07-01 11:00', 'private', 'https://a.example'],
    ['Preview two', '2027-07-02 10:00', '2027-07-02 11:00', '', 'not a url'],
    ['Short row', '2027-07-03 10:00'],
  ])
  const before = await updatedAts()
  const preview = await upload('/preview?type=events', file)
  expect(preview.status).toBe(200)
  expect(preview.body).toMatchObject({
    type: 'events',
    encoding: 'UTF-8',
    delimiter: ',',
    rows: 3,
    columns: [
      { header: 'Event Name', column: 'title' },
      { header: 'Event Start Date', column: 'start_date' },
      { header: 'Event End Date', column: 'end_date' },
      { header: 'Notes', column: null },
      { header: 'Event Website', column: 'website' },
    ],
    failing: 2,
  })
  expect(preview.body.targets).toEqual(expect.arrayContaining(['title', 'venue', 'categories']))
  expect(preview.body.preview[0]).toMatchObject({
    row: 2,
    arguments: {
      title: 'Preview one',
      start_date: '2027-07-01 10:00:00',
      end_date: '2027-07-01 11:00:00',
      website: 'https://a.example',
    },
  })
  expect(preview.body.errors).toEqual([
    { row: 3, message: 'website: not a url is not a valid URL.' },
    { row: 4, message: 'row 4: 2 cells where the header has 5' },
  ])

  // The notes go into the excerpt instead; the website is left out.
  const mapping = encodeURIComponent(JSON.stringify({ Notes: 'excerpt', 'Event Website': null }))
  const edited = await upload(`/preview?type=events&dry_run=true&mapping=${mapping}`, file)
  expect(edited.status).toBe(200)
  expect(edited.body.columns[3]).toEqual({ header: 'Notes', column: 'excerpt' })
  expect(edited.body.preview[0].arguments).toEqual({
    title: 'Preview one',
    start_date: '2027-07-01 10:00:00',
    end_date: '2027-07-01 11:00:00',
    excerpt: 'private',
  })
  expect(edited.body.dry_run).toMatchObject({ created: 2, updated: 0, failed: 1 })
  expect(await updatedAts()).toEqual(before)

  for (const bad of [
    { query: 'type=tickets', code: 'rest_invalid_param' },
    { query: 'type=events&mapping=%5B%5D', code: 'rest_invalid_param' },
    {
      query: `type=events&mapping=${encodeURIComponent('{"Notes":"nonsense"}')}`,
      code: 'rest_invalid_param',
    },
    {
      query: `type=events&mapping=${encodeURIComponent('{"Notes":"title"}')}`,
      code: 'rest_invalid_param',
    },
    { query: 'type=venues', code: 'rest_invalid_csv' },
  ]) {
    const refused = await upload(`/preview?${bad.query}`, file)
    expect([refused.status, refused.body.code]).toEqual([400, bad.code])
  }
})

it('the import route queues a run as the administrator; nobody else may preview or import', async () => {
  const file = csv([
    ['Organizer Name', 'Organizer Email'],
    ['Queued organizer', 'queued@example.org'],
  ])
  for (const role of ['editor', 'author', 'subscriber']) {
    const user = await createUser(server, admin, role)
    for (const route of ['/preview?type=organizers', '/import?type=organizers'])
      expect([(await upload(route, file, user.token)).status, route]).toEqual([403, route])
  }
  const anonymous = await server.request('POST', `${CSV_API}/import?type=organizers`, {
    body: Buffer.from(file),
    headers: { 'content-type': 'text/csv' },
  })
  expect(anonymous.status).toBe(401)
  const queued = await upload('/import?type=organizers', file)
  expect(queued.status).toBe(202)
  expect(queued.body).toMatchObject({ state: 'queued', type: 'organizers', dry_run: false })
  const run = await endedRun(queued.body.id)
  expect(run).toMatchObject({ state: 'done', startedBy: { id: admin.id } })
  expect(run.progress.resources.organizers).toMatchObject({ read: 1, created: 1 })
})

it('hostile files: a clear 4xx or a row’s failure, never a 5xx or a partial write', async () => {
  const before = await updatedAts()
  const venues = await count('venues')
  // 50 MB: refused before it is read whole.
  const huge = Buffer.alloc(50 * 1024 * 1024, 'a,b,c\n')
  for (const route of ['/preview?type=events', '/import?type=events']) {
    const refused = await upload(route, huge)
    expect([refused.status, refused.body.code]).toEqual([413, 'rest_request_too_large'])
  }
  // Empty, blank, header only, an unclosed quote, NUL bytes: 400, nothing written.
  for (const [file, message] of [
    ['', /empty/],
    ['\r\n\r\n', /empty/],
    ['"Venue Name,Venue City\nx,y', /cannot be read as CSV/],
    [Buffer.from('V\u0000e\u0000n\u0000'), /NUL/],
  ] as const) {
    const refused = await upload('/import?type=venues', file)
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_csv'])
    expect(refused.body.message).toMatch(message)
  }
  const headerOnly = await upload('/preview?type=venues', 'Venue Name,Venue City\r\n')
  expect(headerOnly.body).toMatchObject({ rows: 0, preview: [], errors: [] })

  // UTF-16 with its byte-order mark, and Latin-1 (Windows-1252), semicolons: read as such.
  const text = 'Venue Name;Venue City\r\nThéâtre Ü;Zürich\r\n'
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
  const latin1 = Buffer.from(text, 'latin1')
  for (const [file, encoding] of [
    [utf16, 'UTF-16LE'],
    [latin1, 'Windows-1252'],
  ] as const) {
    const preview = await upload('/preview?type=venues', file)
    expect(preview.body).toMatchObject({ encoding, delimiter: ';', rows: 1 })
    expect(preview.body.preview[0].arguments).toEqual({ venue: 'Théâtre Ü', city: 'Zürich' })
  }

  // A ragged row and a formula: the ragged row fails alone; the formula is text.
  const ragged = csv([
    ['Venue Name', 'Venue City'],
    ['=cmd|" /C calc"!A0', 'Lyon'],
    ['Too', 'many', 'cells'],
    ['Fine hall', 'Paris'],
  ])
  const queued = await upload('/import?type=venues', ragged)
  expect(queued.status).toBe(202)
  const run = await endedRun(queued.body.id)
  expect(run.progress.resources.venues).toMatchObject({ read: 3, created: 2, failed: 1 })
  expect(run.failures).toEqual([
    { resource: 'venues', sourceId: 'row 3', message: 'row 3: 3 cells where the header has 2' },
  ])
  expect(await count('venues')).toBe(venues + 2)
  expect(await updatedAts()).toEqual(before)
  // Exported again, the formula is escaped.
  const exported = await server.request('GET', `${CSV_API}/venues.csv?search=calc`, {
    token: admin.token,
  })
  expect(exported.body).toContain(`"'=cmd|"" /C calc""!A0"`)
})
