import http from 'node:http'
import { beforeAll, describe, expect, it } from '@jest/globals'
import { parse } from 'csv-parse/sync'
import { createV1Event, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * The CSV exports (issue #24 item 5), read over HTTP: the same records as the v1 archives for the
 * same queries and callers, every cell as the record (or the stored text) says, RFC 4180 as
 * written on the wire, formulas neutralised, languages, errors and HTTP caching as the feeds have
 * them. Parsed with csv-parse; the raw text is checked for what a parser would forgive.
 */

let server: TestServer
let admin: TestUser
let author: TestUser

useTestServer(['author'], (setup) => {
  server = setup.server
  admin = setup.admin
  author = setup.users.author
})

const CSV = '/api/cal/csv'
const YEAR = 'start_date=2027-01-01&end_date=2027-12-31'

type Row = Record<string, string>

async function getCsv(route: string, user?: TestUser, headers: Record<string, string> = {}) {
  const response = await server.request('GET', route, {
    ...(user ? { token: user.token } : {}),
    headers,
  })
  const text = typeof response.body === 'string' ? response.body : ''
  const rows: Row[] =
    response.status === 200 ? parse(text, { columns: true, bom: true, relax_quotes: false }) : []
  return { ...response, text, rows }
}

/** Every record of a v1 archive, page by page. */
async function archive(resource: string, query: string, user?: TestUser) {
  const records: Record<string, any>[] = []
  for (let page = 1; ; page++) {
    const response = await server.request(
      'GET',
      `${V1}/${resource}?${query}&per_page=50&page=${page}`,
      user ? { token: user.token } : {},
    )
    if (response.status === 404) break
    expect(response.status).toBe(200)
    records.push(...response.body[resource])
    if (page >= response.body.total_pages) break
  }
  return records
}

const idOfRow = (row: Row) => Number(/\?id=(\d+)$/.exec(row.global_id)![1])

let paris: Record<string, any>
let festival: Record<string, any>
let hostile: Record<string, any>
let draft: Record<string, any>

beforeAll(async () => {
  paris = await createV1Event(server, admin, {
    title: 'Rock & Roll, "live"',
    description: '<p>First line, with a comma; and "quotes".</p>\n<p>Second line — été.</p>',
    start_date: '2027-03-28 01:30:00',
    end_date: '2027-03-28 04:00:00',
    timezone: 'Europe/Paris',
    cost: ['€6,50 - €8,50'],
    website: 'https://example.com/rock',
    venue: {
      venue: 'Salle Pleyel',
      address: '252 Rue du Faubourg Saint-Honoré',
      city: 'Paris',
      country: 'France',
      phone: '+33 1 42 56 13 13',
      geo_lat: 48.8771,
      geo_lng: -2.3009,
    },
    organizer: [{ organizer: 'Friends of Jazz' }, { organizer: 'Smith, Jones & Co' }],
    categories: ['Music', 'Jazz'],
    tags: ['evening'],
    featured: true,
  })
  festival = await createV1Event(server, admin, {
    title: 'Festival',
    start_date: '2027-06-10',
    end_date: '2027-06-12',
    all_day: true,
    timezone: 'Europe/Paris',
    cost: '0',
    categories: 'Outdoor',
  })
  hostile = await createV1Event(server, admin, {
    title: '=HYPERLINK("http://evil.example","click")',
    excerpt: '+1+1',
    description: '@SUM(A1:A2)',
    start_date: '2027-07-01 10:00:00',
    end_date: '2027-07-01 11:00:00',
    cost: '-5',
  })
  draft = await createV1Event(server, admin, {
    title: 'Unannounced',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 11:00:00',
    status: 'draft',
  })
  await server.request('PATCH', `/fr/api/events/${paris.id}`, {
    token: admin.token,
    body: { title: 'Rock et roll' },
  })
})

describe('GET /api/cal/csv/events.csv', () => {
  it('is RFC 4180 text/csv in UTF-8: a header row of the field table’s columns, CRLF line ends, quoted fields with commas, quotes and line breaks', async () => {
    const response = await getCsv(`${CSV}/events.csv?${YEAR}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="events.csv"')
    const { text } = response
    const header = text.slice(0, text.indexOf('\r\n'))
    expect(header.split(',')).toEqual([
      'id',
      'global_id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'rest_url',
      'title',
      'description',
      'excerpt',
      'slug',
      'image',
      'all_day',
      'start_date',
      'end_date',
      'utc_start_date',
      'utc_end_date',
      'timezone',
      'timezone_abbr',
      'cost',
      'cost_details.currency_symbol',
      'cost_details.currency_position',
      'cost_details.currency_code',
      'website',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'sticky',
      'featured',
      'categories',
      'tags',
      'venue',
      'venue.global_id',
      'organizer',
      'organizer.global_id',
      'ticketed',
      'post_parent',
      'event_status',
      'event_status_reason',
      'previous_start_date',
      'attendance_mode',
      'online_url',
      'translation_en',
      'translation_fr',
      'translation_es',
    ])
    expect(text.endsWith('\r\n')).toBe(true)
    // A quoted field holds its comma, its doubled quotes and its line break.
    expect(text).toContain('"Rock & Roll, ""live"""')
    expect(text).toContain('"<p>First line, with a comma; and ""quotes"".</p>\n<p>Second line')
    const row = response.rows.find((candidate) => idOfRow(candidate) === paris.id)!
    expect(row.title).toBe('Rock & Roll, "live"')
    expect(row.description).toBe(
      '<p>First line, with a comma; and "quotes".</p>\n<p>Second line — été.</p>',
    )
  })

  it('holds a row per event of the v1 archive for the same query, in its order, each cell as the record says', async () => {
    const { rows } = await getCsv(`${CSV}/events.csv?${YEAR}`)
    const records = await archive('events', YEAR)
    expect(rows.map(idOfRow)).toEqual(records.map((record) => record.id))
    for (const record of records) {
      const row = rows.find((candidate) => idOfRow(candidate) === record.id)!
      for (const key of [
        'id',
        'global_id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'url',
        'rest_url',
        'slug',
        'start_date',
        'end_date',
        'utc_start_date',
        'utc_end_date',
        'timezone',
        'timezone_abbr',
      ])
        expect([key, row[key]]).toEqual([key, String(record[key])])
      for (const flag of ['all_day', 'show_map', 'show_map_link', 'sticky', 'featured'])
        expect([flag, row[flag]]).toEqual([flag, String(record[flag])])
      for (const part of ['currency_symbol', 'currency_position', 'currency_code'])
        expect(row[`cost_details.${part}`]).toBe(record.cost_details[part])
      expect(row.categories).toBe(
        record.categories.map((term: { name: string }) => term.name).join(', '),
      )
      expect(row.post_parent).toBe(String(record.post_parent))
    }
    const pleyel = rows.find((row) => idOfRow(row) === paris.id)!
    // The costs as written, one per line (the record formats them); names in the record's order.
    expect(pleyel.cost).toBe('€6,50 - €8,50\n')
    expect(pleyel.categories).toBe('Jazz, Music')
    expect(pleyel.tags).toBe('evening')
    expect(pleyel.venue).toBe('Salle Pleyel')
    expect(pleyel['venue.global_id']).toBe(paris.venue.global_id)
    // A name with a comma puts every name of its cell on a line of its own.
    expect(pleyel.organizer).toBe('Friends of Jazz\nSmith, Jones & Co\n')
    expect(pleyel['organizer.global_id']).toBe(
      paris.organizer.map((organizer: { global_id: string }) => organizer.global_id).join(', '),
    )
    expect(pleyel.website).toBe('https://example.com/rock')
    // The title as written, not as the record shows it (`&` as `&#038;`).
    expect(pleyel.title).toBe('Rock & Roll, "live"')
    const all = rows.find((row) => idOfRow(row) === festival.id)!
    expect([all.all_day, all.start_date, all.end_date]).toEqual([
      'true',
      '2027-06-10 00:00:00',
      '2027-06-12 23:59:59',
    ])
    // No website given: blank (the record shows the event's page instead).
    expect(all.website).toBe('')
  })

  it('neutralises formulas: a cell that starts with =, +, -, @ is written after a quote mark; numbers are not', async () => {
    const { rows, text } = await getCsv(`${CSV}/events.csv?${YEAR}`)
    const row = rows.find((candidate) => idOfRow(candidate) === hostile.id)!
    expect(row.title).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(row.excerpt).toBe(`'+1+1`)
    expect(row.description).toBe(`'@SUM(A1:A2)`)
    expect(row.cost).toBe(`'-5\n`)
    // No cell of the file starts with a formula character.
    for (const cells of parse(text, { bom: true }) as string[][])
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
    // Post ids are numbers: written as they are.
    expect(rows.every((candidate) => /^\d+$/.test(candidate.post_parent))).toBe(true)
  })

  it('starts with a UTF-8 byte-order mark with bom=true, and only then', async () => {
    const bytes = async (query: string) =>
      Buffer.from(
        await (await fetch(`${server.url}${CSV}/events.csv?${YEAR}${query}`)).arrayBuffer(),
      )
    expect([...(await bytes('&bom=true')).subarray(0, 5)]).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64])
    expect([...(await bytes('')).subarray(0, 2)]).toEqual([0x69, 0x64])
    expect((await bytes('&bom=true')).subarray(3).equals(await bytes(''))).toBe(true)
  })

  it('lists what the archive lists for the same filters and caller', async () => {
    const queries = [
      YEAR,
      `${YEAR}&categories=jazz`,
      `${YEAR}&search=festival`,
      `${YEAR}&featured=true`,
      `${YEAR}&venue=${paris.venue.id}`,
      `${YEAR}&organizer=${paris.organizer[1].id}`,
      `${YEAR}&status=draft`,
      'start_date=2027-03-28&end_date=2027-03-28',
      '',
    ]
    for (const user of [undefined, author, admin]) {
      for (const query of queries) {
        const csv = await getCsv(`${CSV}/events.csv?${query}`, user)
        const v1 = await server.request(
          'GET',
          `${V1}/events?${query}&per_page=1`,
          user ? { token: user.token } : {},
        )
        expect([query, user?.role, csv.status]).toEqual([query, user?.role, v1.status])
        if (v1.status !== 200) {
          expect(csv.body.code).toBe(v1.body.code)
          continue
        }
        const records = await archive('events', query, user)
        expect([query, csv.rows.map(idOfRow)]).toEqual([query, records.map((r) => r.id)])
      }
    }
    // Drafts: only for those who may see them.
    const anonymous = await getCsv(`${CSV}/events.csv?${YEAR}`)
    expect(anonymous.rows.some((row) => idOfRow(row) === draft.id)).toBe(false)
    const editor = await getCsv(`${CSV}/events.csv?${YEAR}`, admin)
    expect(editor.rows.find((row) => idOfRow(row) === draft.id)?.status).toBe('draft')
  })

  it('answers the archive’s 400s for bad filters, in the contract’s shape', async () => {
    for (const query of [
      'start_date=not%20a%20date',
      'categories=no-such-term',
      'geoloc_lat=95&geoloc_lng=0',
      'bom=maybe',
    ]) {
      const csv = await server.request('GET', `${CSV}/events.csv?${query}`)
      expect([query, csv.status, csv.body.code]).toEqual([query, 400, 'rest_invalid_param'])
    }
  })

  it('speaks the language of its root or of translation_language, and its links keep that form', async () => {
    for (const [route, link] of [
      [`/fr${CSV}/events.csv?${YEAR}`, /\/fr\/api\/cal\/events\/v1\/events\/\d+$/],
      [
        `${CSV}/events.csv?${YEAR}&translation_language=fr`,
        /\/api\/cal\/events\/v1\/events\/\d+\?translation_language=fr$/,
      ],
    ] as const) {
      const { rows, headers } = await getCsv(route)
      expect(headers.get('content-language')).toBe('fr')
      const row = rows.find((candidate) => idOfRow(candidate) === paris.id)!
      expect(row.title).toBe('Rock et roll')
      expect(row.rest_url).toMatch(link)
      // Untranslated titles fall back to English, as in v1.
      expect(rows.find((candidate) => idOfRow(candidate) === festival.id)!.title).toBe('Festival')
    }
  })

  it('has validators like the feeds: ETag, Last-Modified and 304; a write changes them; public for anonymous callers only', async () => {
    const route = `${CSV}/events.csv?${YEAR}`
    const first = await getCsv(route)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('last-modified')).toBeTruthy()
    expect(first.headers.get('cache-control')).toBe('public, max-age=60')
    const again = await server.request('GET', route, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBeUndefined()
    const bom = await getCsv(`${route}&bom=true`)
    expect(bom.headers.get('etag')).not.toBe(etag)
    const authenticated = await getCsv(route, admin)
    expect(authenticated.headers.get('cache-control')).toBe('private, no-store')
    expect(authenticated.headers.get('etag')).not.toBe(etag)
    await createV1Event(server, admin, {
      title: 'Added later',
      start_date: '2027-08-01 10:00:00',
      end_date: '2027-08-01 11:00:00',
    })
    const after = await server.request('GET', route, { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(String(after.body)).toContain('Added later')
  })
})

describe('GET /api/cal/csv/venues.csv and organizers.csv', () => {
  it('hold the records of their v1 archives for the same query, each cell as the record says', async () => {
    for (const [resource, name] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
    ] as const) {
      for (const query of [
        '',
        `search=${resource === 'venues' ? 'pleyel' : 'jones'}`,
        'status=draft',
      ]) {
        const csv = await getCsv(`${CSV}/${resource}.csv?${query}`, admin)
        expect(csv.status).toBe(200)
        const records = await archive(resource, query, admin)
        expect(csv.rows.map(idOfRow).sort()).toEqual(records.map((record) => record.id).sort())
        for (const record of records) {
          const row = csv.rows.find((candidate) => idOfRow(candidate) === record.id)!
          expect(row[name]).toBe(record[name].replace(/&#038;/g, '&'))
          for (const key of ['status', 'date', 'slug', 'url', 'website'])
            expect([key, row[key]]).toEqual([key, String(record[key])])
        }
      }
    }
    const venues = await getCsv(`${CSV}/venues.csv?search=pleyel`)
    const [pleyel] = venues.rows
    expect(pleyel.venue).toBe('Salle Pleyel')
    expect([pleyel.geo_lat, pleyel.geo_lng]).toEqual(['48.8771', '-2.3009'])
    // A phone number that starts with + is not a formula for a spreadsheet either.
    expect(pleyel.phone).toBe(`'+33 1 42 56 13 13`)
    expect(venues.headers.get('content-disposition')).toBe('attachment; filename="venues.csv"')
  })
})

/** A GET read piece by piece as it arrives. */
function getChunks(
  route: string,
): Promise<{ headers: http.IncomingHttpHeaders; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${route}`, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, chunks }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

describe('an export of 450 events', () => {
  it('is streamed (chunked, several pieces) and holds every event in the archive’s order', async () => {
    const start = Date.UTC(2029, 0, 1, 12)
    for (let i = 0; i < 450; i++) {
      const at = new Date(start + i * 3_600_000)
      await server.payload.create({
        collection: 'events',
        data: {
          title: `Event ${i}`,
          startDate: at.toISOString(),
          endDate: new Date(at.getTime() + 1_800_000).toISOString(),
          timezone: 'UTC',
          status: 'publish',
        },
      })
    }
    const response = await getChunks(`${CSV}/events.csv?start_date=2029-01-01&end_date=2029-03-01`)
    expect(response.headers['transfer-encoding']).toBe('chunked')
    expect(response.chunks.length).toBeGreaterThan(2)
    const rows: Row[] = parse(Buffer.concat(response.chunks).toString('utf8'), { columns: true })
    expect(rows.map((row) => row.title)).toEqual(
      Array.from({ length: 450 }, (_, i) => `Event ${i}`),
    )
  }, 300_000)
})
