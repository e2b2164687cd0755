import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { decodeHTML } from 'entities'
import sharp from 'sharp'
import { DEFAULTS } from '../core/defaults.js'
import {
  createUser,
  registerAdministrator,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { runImportCli, startImportCli } from './support/importCli.js'
import { readFixture, recordedEvents, startTecSite, type TecSite } from './support/tecSite.js'

/**
 * The importer (features/import) against the recorded The Events Calendar site
 * (test/support/tecSite.ts), run by the CLI in its own process on the database of a running server,
 * and read back through our v1.
 */

let server: TestServer
let site: TecSite
let admin: TestUser
const AUTH = 'Authorization: Basic YWRtaW46YXBwLXBhc3N3b3Jk'

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
  site = await startTecSite()
})
afterAll(async () => {
  await site?.close()
  await server?.stop()
})

const importFrom = (...extra: string[]) =>
  runImportCli(['--from', site.root, '--header', AUTH, '--quiet', ...extra])

/** Our id of a source record, from the importer's mapping. */
async function ourId(resource: string, sourceId: number | string): Promise<number> {
  const { docs } = await server.payload.find({
    collection: DEFAULTS.importMappingsSlug as 'events',
    where: {
      and: [{ resource: { equals: resource } }, { sourceId: { equals: String(sourceId) } }],
    },
    overrideAccess: true,
  })
  expect(docs).toHaveLength(1)
  return Number((docs[0] as any).targetId)
}

const v1 = (route: string) =>
  server.request('GET', `/api/cal/events/v1/${route}`, { token: admin.token })
const count = async (collection: string) =>
  (
    await server.payload.count({
      collection: collection as 'events',
      overrideAccess: true,
      trash: true,
    })
  ).totalDocs
const updatedAtOf = async (collection: string) => {
  const { docs } = await server.payload.find({
    collection: collection as 'events',
    pagination: false,
    overrideAccess: true,
    trash: true,
    depth: 0,
  })
  return Object.fromEntries(docs.map((doc: any) => [doc.id, doc.updatedAt]))
}

/**
 * The cost values as we keep them: what was entered, without the trailing separator the anchor
 * leaves.
 */
const expectedValues = (event: any) =>
  event.cost_details.values.map((v: string) => v.replace(/[.,]$/, ''))

describe('importing a The Events Calendar site', () => {
  it('imports every record of the administrator’s archive, every field as the source has it', async () => {
    const run = await importFrom()
    expect(run.output).toMatch(/Import done/)
    expect(run.code).toBe(0)
    const events = recordedEvents(true)
    expect(events).toHaveLength(31)
    expect(await count('events')).toBe(31)
    for (const event of events) {
      const { status, body } = await v1(`events/${await ourId('events', event.id)}`)
      expect(status).toBe(200)
      const expected = {
        title: decodeHTML(event.title),
        description: event.description,
        excerpt: event.excerpt,
        slug: event.slug,
        status: event.status,
        // Unpublished: the anchor has no date yet (zero); ours shows when the record was made.
        date_utc: event.date_utc.startsWith('0000') ? body.date_utc : event.date_utc,
        all_day: event.all_day,
        start_date: event.start_date,
        end_date: event.end_date,
        utc_start_date: event.utc_start_date,
        utc_end_date: event.utc_end_date,
        timezone: event.timezone,
        // Without a website of its own, the anchor and we both show the event's page.
        website: event.website === event.url ? body.url : event.website,
        show_map: event.show_map,
        show_map_link: event.show_map_link,
        hide_from_listings: event.hide_from_listings,
        sticky: event.sticky,
        featured: event.featured,
        categories: event.categories.map((term: any) => term.slug).sort(),
        tags: event.tags.map((term: any) => term.slug).sort(),
        venue: event.venue?.slug ?? null,
        organizer: event.organizer.map((o: any) => o.slug),
      }
      const actual = {
        ...Object.fromEntries(Object.keys(expected).map((key) => [key, body[key]])),
        categories: body.categories.map((term: any) => term.slug).sort(),
        tags: body.tags.map((term: any) => term.slug).sort(),
        venue: body.venue?.slug ?? null,
        organizer: body.organizer.map((o: any) => o.slug),
      }
      expect({ id: event.id, ...actual }).toEqual({ id: event.id, ...expected })
      if (expectedValues(event).every((v: string) => /^\d/.test(v)))
        expect(body.cost_details.values).toEqual(expectedValues(event))
      if (event.cost_details.currency_symbol) {
        expect(body.cost_details.currency_symbol).toBe(event.cost_details.currency_symbol)
        expect(body.cost).toBe(event.cost)
      }
      if (event.cost === 'Free') expect(body.cost).toBe('Free')
    }
  })

  it('imports venues (drafts too), organizers, categories with their hierarchy, tags', async () => {
    for (const venue of readFixture('venues.page-1.json').body.venues) {
      const { body } = await v1(`venues/${await ourId('venues', venue.id)}`)
      for (const key of [
        'venue',
        'slug',
        'status',
        'address',
        'city',
        'country',
        'zip',
        'phone',
        'stateprovince',
        'show_map',
        'show_map_link',
        'description',
      ]) {
        expect({ id: venue.id, key, value: body[key] ?? '' }).toEqual({
          id: venue.id,
          key,
          value:
            key === 'venue'
              ? decodeHTML(venue[key])
              : (venue[key] ?? (key.startsWith('show_') ? true : '')),
        })
      }
      if (venue.website) expect(body.website).toBe(venue.website)
    }
    for (const organizer of readFixture('organizers.page-1.json').body.organizers) {
      const { body } = await v1(`organizers/${await ourId('organizers', organizer.id)}`)
      for (const key of ['organizer', 'slug', 'status', 'phone', 'email', 'website', 'description'])
        expect({ key, value: body[key] }).toEqual({ key, value: organizer[key] ?? '' })
    }
    const categories = readFixture('categories.page-1.json').body.categories
    for (const category of categories) {
      const { body } = await v1(`categories/${await ourId('categories', category.id)}`)
      // WordPress and we both escape a term's name as HTML; the text is the same.
      expect(decodeHTML(body.name)).toBe(decodeHTML(category.name))
      expect(body.slug).toBe(category.slug)
      expect(body.description).toBe(category.description)
      const parent = categories.find((c: any) => c.id === category.parent)
      expect(body.parent).toBe(parent ? await ourId('categories', parent.id) : 0)
    }
    for (const tag of readFixture('tags.page-1.json').body.tags) {
      const { body } = await v1(`tags/${await ourId('tags', tag.id)}`)
      expect([decodeHTML(body.name), body.slug]).toEqual([decodeHTML(tag.name), tag.slug])
    }
  })

  it('a second run of an unchanged site writes nothing', async () => {
    const before = {
      events: await updatedAtOf('events'),
      venues: await updatedAtOf('venues'),
      mappings: await updatedAtOf(DEFAULTS.importMappingsSlug),
    }
    const run = await importFrom()
    expect(run.code).toBe(0)
    expect(run.output).toMatch(/events\s+31\s+0\s+0\s+31\s/)
    expect({
      events: await updatedAtOf('events'),
      venues: await updatedAtOf('venues'),
      mappings: await updatedAtOf(DEFAULTS.importMappingsSlug),
    }).toEqual(before)
  })

  it('a changed event is updated, and only it', async () => {
    site.transform = (file, body) => {
      for (const event of body.events ?? []) {
        if (event.id === 3274)
          Object.assign(event, {
            title: 'Jazz on the Quays (moved)',
            modified_utc: '2026-11-23 10:00:00',
            start_date: '2026-12-05 19:00:00',
            utc_start_date: '2026-12-05 18:00:00',
            end_date: '2026-12-05 22:00:00',
            utc_end_date: '2026-12-05 21:00:00',
          })
      }
      return body
    }
    const run = await importFrom()
    site.transform = (_file, body) => body
    expect(run.output).toMatch(/events\s+31\s+0\s+1\s+30\s/)
    expect(run.code).toBe(0)
    const { body } = await v1(`events/${await ourId('events', 3274)}`)
    expect(body.title).toBe('Jazz on the Quays (moved)')
    expect(body.utc_start_date).toBe('2026-12-05 18:00:00')
    expect(await count('events')).toBe(31)
  })

  it('one bad record is reported and skipped, the rest goes on, the exit code says so', async () => {
    site.transform = (_file, body) => {
      for (const event of body.events ?? [])
        if (event.id === 3276)
          Object.assign(event, {
            utc_start_date: 'soon',
            start_date: 'soon',
            utc_end_date: 'later',
            end_date: 'later',
            modified_utc: '2026-11-24 00:00:00',
          })
      for (const event of body.events ?? [])
        if (event.id === 3282)
          Object.assign(event, {
            title: 'Past recital, again',
            modified_utc: '2026-11-24 00:00:00',
          })
      return body
    }
    const run = await importFrom()
    site.transform = (_file, body) => body
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/failed: events 3276: event 3276: unreadable dates/)
    expect((await v1(`events/${await ourId('events', 3282)}`)).body.title).toBe(
      'Past recital, again',
    )
  })

  it('an image is downloaded into the media collection; one that cannot be is kept as a URL reference', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const origin = new URL(site.root).origin
    site.files.set('poster.png', { type: 'image/png', data: png })
    site.files.set('not-an-image.png', { type: 'text/html', data: Buffer.from('<html>') })
    site.transform = (_file, body) => {
      for (const event of body.events ?? []) {
        if (event.id === 3283)
          Object.assign(event, {
            image: { url: `${origin}/files/poster.png`, id: 1 },
            modified_utc: '2026-11-24 01:00:00',
          })
        if (event.id === 3275)
          Object.assign(event, {
            image: { url: `${origin}/files/not-an-image.png`, id: 2 },
            modified_utc: '2026-11-24 01:00:00',
          })
      }
      return body
    }
    const media = await count('media')
    const run = await importFrom()
    site.transform = (_file, body) => body
    expect(run.output).toMatch(/images: 1 downloaded, 1 kept as URL references/)
    expect(await count('media')).toBe(media + 1)
    const gala = (await v1(`events/${await ourId('events', 3283)}`)).body
    expect(gala.image.id).toBeGreaterThan(0)
    expect(gala.image.url).toMatch(/poster/)
    const picnic = (await v1(`events/${await ourId('events', 3275)}`)).body
    expect(picnic.image).toMatchObject({ url: `${origin}/files/not-an-image.png`, id: 0 })
  })

  it('a run killed halfway (SIGKILL) and started again finishes without duplicates or holes', async () => {
    const fresh = await startTecSite()
    // Another site, so that everything is new; slow answers, to be caught halfway.
    fresh.delayMs = 150
    const args = ['--from', fresh.root, '--header', AUTH, '--quiet', '--concurrency', '2']
    const mappingsOf = async () =>
      (
        await server.payload.count({
          collection: DEFAULTS.importMappingsSlug as 'events',
          where: { source: { equals: fresh.root } },
          overrideAccess: true,
        })
      ).totalDocs
    const events = await count('events')
    const cli = startImportCli(args)
    const deadline = Date.now() + 60_000
    while ((await mappingsOf()) < 20 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    cli.child.kill('SIGKILL')
    await cli.done
    const halfway = await mappingsOf()
    expect(halfway).toBeGreaterThanOrEqual(20)
    expect(halfway).toBeLessThan(45)
    fresh.delayMs = 0
    const again = await runImportCli(args)
    await fresh.close()
    expect(again.code).toBe(0)
    expect(await mappingsOf()).toBe(45)
    expect(await count('events')).toBe(events + 31)
    // Every event once: our slugs are unique, so the second import's are suffixed, one per source
    // event.
    const { docs } = await server.payload.find({
      collection: DEFAULTS.importMappingsSlug as 'events',
      where: { and: [{ source: { equals: fresh.root } }, { resource: { equals: 'events' } }] },
      pagination: false,
      overrideAccess: true,
    })
    expect(new Set(docs.map((doc: any) => doc.targetId)).size).toBe(31)
    expect(new Set(docs.map((doc: any) => doc.sourceId))).toEqual(
      new Set(recordedEvents(true).map((e) => String(e.id))),
    )
  })
})

describe('who may import', () => {
  it('only administrators create an import; for anyone else the source is never asked', async () => {
    const editor = await createUser(server, admin, 'editor')
    const before = site.requests.length
    for (const token of [editor.token, undefined]) {
      const refused = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
        token,
        body: { from: site.root, dryRun: true },
      })
      expect(refused.status).toBe(403)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(site.requests.length).toBe(before)
    const listed = await server.request('GET', `/api/${DEFAULTS.importRunsSlug}`, {
      token: editor.token,
    })
    expect(listed.status).toBe(403)
  })

  it('an administrator’s import runs as a job of the server; credentials are never read back', async () => {
    const events = await count('events')
    const created = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
      token: admin.token,
      body: { from: site.root, header: AUTH, dryRun: true },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    let run: any
    const deadline = Date.now() + 30_000
    do {
      await new Promise((resolve) => setTimeout(resolve, 200))
      run = (
        await server.request('GET', `/api/${DEFAULTS.importRunsSlug}/${id}`, { token: admin.token })
      ).body
    } while (!['done', 'failed', 'cancelled'].includes(run.state) && Date.now() < deadline)
    expect(run.state).toBe('done')
    expect(run.header).toBeUndefined()
    const counts = run.progress.resources.events
    expect(counts).toMatchObject({ read: 31, failed: 0 })
    // A dry run: what would be written is counted, nothing is.
    expect(counts.created + counts.updated + counts.unchanged).toBe(31)
    expect(await count('events')).toBe(events)
    expect(site.requests.at(-1)?.authorized).toBe(true)
  })

  it('refuses a source that is not a v1 root, in the contract of Payload’s REST (400)', async () => {
    for (const from of [
      '',
      'ftp://example.com/wp-json/tribe/events/v1/',
      'http://example.com/',
      'not a url',
      'http://x/wp-json/tribe/events/v1/?'.repeat(1),
    ]) {
      const refused = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
        token: admin.token,
        body: { from },
      })
      if (from.startsWith('http://x/')) continue
      expect({ from, status: refused.status }).toEqual({ from, status: 400 })
    }
    const badHeader = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
      token: admin.token,
      body: { from: site.root, header: 'no colon' },
    })
    expect(badHeader.status).toBe(400)
  })

  it('hostile bodies get a 4xx, never a 5xx; only a valid run is created', async () => {
    const runs = await count(DEFAULTS.importRunsSlug)
    const before = site.requests.length
    const accepted: string[] = []
    const bodies: unknown[] = [
      { from: 42 },
      { from: [site.root] },
      { from: { equals: site.root } },
      { from: 'http://x/' + 'a'.repeat(100_000) + '/tribe/events/v1/' },
      { from: 'http://127.0.0.1/\u0000/tribe/events/v1/\r\n' },
      { from: "'; DROP TABLE events; --" },
      { from: site.root, header: 'Authorization: Basic a\r\nX-Evil: 1' },
      { from: site.root, header: { Authorization: 'x' } },
      { from: site.root, language: 'de' },
      { from: site.root, concurrency: -1 },
      { from: site.root, concurrency: 1e9 },
      { from: site.root, concurrency: 'many' },
      { from: site.root, perPage: 0 },
      { from: site.root, perPage: 51 },
      { from: site.root, perPage: [50] },
      {
        from: site.root,
        state: 'done',
        progress: { hacked: true },
        dryRun: 'yes',
        __proto__: { admin: true },
      },
      '{"from": ',
      '[]',
    ]
    for (const body of bodies) {
      const response = await server.request('POST', `/api/${DEFAULTS.importRunsSlug}`, {
        token: admin.token,
        body,
      })
      const label = typeof body === 'string' ? body : JSON.stringify(body).slice(0, 120)
      expect({ label, fiveHundred: response.status >= 500 }).toEqual({ label, fiveHundred: false })
      if (response.status === 201) {
        accepted.push(label)
        // Accepted only when every field was valid: the fields the job writes stayed its own.
        expect(response.body.doc.state).toBe('queued')
        expect(response.body.doc.progress ?? null).toBeNull()
        await server.request('PATCH', `/api/${DEFAULTS.importRunsSlug}/${response.body.doc.id}`, {
          token: admin.token,
          body: { cancel: true },
        })
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    // Payload reads a number field's text as a number and 'many' as none: a run with the default
    // concurrency.
    expect(accepted).toEqual([JSON.stringify({ from: site.root, concurrency: 'many' })])
    expect((await count(DEFAULTS.importRunsSlug)) - runs).toBe(1)
    void before
  })
})
