import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { decodeHTML } from 'entities'
import { DEFAULT_SLUGS, DEFAULTS } from '../core/defaults.js'
import {
  registerAdministrator,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js'
import {
  RESOURCES,
  SHARED_TITLES,
  startFakeTec,
  type FakeTec,
  type Resource,
} from './support/fakeTec.js'
import { runImportCli, startImportCli } from './support/importCli.js'
import { runImportInProcess } from './support/importInProcess.js'

/**
 * The importer against generated The Events Calendar sites (test/support/fakeTec.ts) of several
 * pages per resource, with odd records, the real site's refusals and faults, on the database of a
 * running server, read back through our v1. Each behaviour of the CLI (`scripts/import.ts`, a
 * process of its own: its flags, its output, its exit code, a kill) is tested by running it; a run
 * whose subject is the import alone is run in this process as the CLI runs it
 * (test/support/importInProcess.ts), which spares booting a process (seconds each, more on CI).
 */

// A test runs the CLI, a process of its own, once at most (slower on PostgreSQL).
jest.setTimeout(180_000)

let server: TestServer
let admin: TestUser
let site: FakeTec
const AUTH = 'Authorization: Basic YWRtaW46YXBwLXBhc3N3b3Jk'
/** Short limits, so that a fault ends a run in seconds: 2 attempts of at most 1 s each. */
const FAST = {
  CAL_IMPORT_TIMEOUT_MS: '1000',
  CAL_IMPORT_CONNECT_TIMEOUT_MS: '1000',
  CAL_IMPORT_RETRIES: '1',
  CAL_IMPORT_BACKOFF_MS: '50',
}

beforeAll(async () => {
  // The same short limits for the runs in this process: the server's options come from its
  // environment at boot (the CLI's runs get FAST in theirs).
  Object.assign(process.env, FAST)
  server = await startTestServer()
  admin = await registerAdministrator(server)
  site = await startFakeTec()
}, 120_000)
afterAll(async () => {
  await site?.close()
  await server?.stop()
})

const RUNS = DEFAULTS.importRunsSlug as 'events'
const MAPPINGS = DEFAULTS.importMappingsSlug as 'events'

/** Source ids to ours, per site and resource, read once after each import (ourId). */
const mappingCache = new Map<string, Promise<Map<string, number>>>()

const importFrom = (from: FakeTec, ...extra: string[]) => {
  mappingCache.clear()
  return runImportCli(['--from', from.root, '--header', AUTH, '--quiet', ...extra], FAST)
}

/** A run as the CLI runs it, in this process (test/support/importInProcess.ts). */
const importHere = (data: Parameters<typeof runImportInProcess>[1]) => {
  mappingCache.clear()
  return runImportInProcess(server.payload, data)
}

/** The latest run, as Payload's REST shows it to the administrator. */
async function latestRun() {
  const { body } = await server.request('GET', `/api/${RUNS}?sort=-createdAt&limit=1`, {
    token: admin.token,
  })
  return body.docs[0]
}

async function mappingsOf(from: FakeTec, resource?: string) {
  const { docs } = await server.payload.find({
    collection: MAPPINGS,
    where: {
      and: [
        { source: { equals: from.root } },
        ...(resource ? [{ resource: { equals: resource } }] : []),
      ],
    },
    pagination: false,
    overrideAccess: true,
    depth: 0,
  })
  return docs as unknown as { sourceId: string; targetId: number; resource: string }[]
}

async function ourId(resource: Resource, sourceId: number) {
  const key = `${site.root} ${resource}`
  let index = mappingCache.get(key)
  if (!index) {
    index = mappingsOf(site, resource).then((mappings) => {
      const ids = new Map<string, number>()
      for (const m of mappings) if (!ids.has(m.sourceId)) ids.set(m.sourceId, m.targetId)
      return ids
    })
    mappingCache.set(key, index)
  }
  const found = (await index).get(String(sourceId))
  expect(found).toBeDefined()
  return found!
}

const v1 = (route: string) =>
  server.request('GET', `/api/cal/events/v1/${route}`, { token: admin.token })

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

const WHOLE_CALENDAR = 'start_date=1900-01-01&end_date=2199-12-31'

describe('a generated site of several pages per resource, with odd records', () => {
  it('imports every page of every resource: v1 lists as many records as the source', async () => {
    const started = Date.now()
    const run = await importFrom(site)
    expect(run.output).toMatch(/Import done/)
    expect(run.code).toBe(0)
    const record = await latestRun()
    expect(record.state).toBe('done')
    expect(record.failures ?? []).toEqual([])
    // Everything readable at the source: what its archives list, and the trashed venue and
    // organizer its events still show.
    for (const resource of RESOURCES) {
      const source = site.visible(resource, true)
      const reachable = site.reachable(resource, true)
      expect(source.length).toBeGreaterThan(50)
      expect({ resource, ...record.progress.resources[resource] }).toMatchObject({
        resource,
        total: source.length,
        read: reachable.size,
        created: reachable.size,
        failed: 0,
      })
      expect(new Set((await mappingsOf(site, resource)).map((m) => m.sourceId))).toEqual(reachable)
    }
    for (const resource of ['venues', 'organizers'] as const)
      expect(site.reachable(resource, true).size).toBe(site.visible(resource, true).length + 1)
    // At least three pages each, with the source's own page size of 50.
    for (const resource of ['venues', 'organizers', 'events'])
      expect(site.visible(resource as Resource, true).length).toBeGreaterThan(100)
    // The venues' and organizers' own next page was refused, and read without `status`.
    for (const resource of ['venues', 'organizers'] as const) {
      expect(site.requests).toContainEqual({
        path: `${resource}?per_page=50&status=any&page=2`,
        authorized: true,
      })
      expect(site.requests).toContainEqual({
        path: `${resource}?per_page=50&page=3`,
        authorized: true,
      })
      expect(record.progress.notices.join('\n')).toMatch(
        new RegExp(`${resource}: the source refused status=any`),
      )
      // Their pages shift (records tied in the site's order): walked as the importer first walks
      // them, they list fewer records than the site counts; read again, every one came.
      const listed = new Set<number>()
      for (let page = 1; ; page++) {
        const answer = await fetch(`${site.root}${resource}?per_page=50&page=${page}`, {
          headers: { authorization: AUTH.slice('Authorization: '.length) },
        })
        if (answer.status !== 200) break
        for (const { id } of (await answer.json())[resource]) listed.add(id)
      }
      expect(listed.size).toBeLessThan(site.visible(resource, true).length)
      expect(record.progress.notices.join('\n')).toMatch(
        new RegExp(
          `${resource}: the pages listed ${listed.size} of the ${site.visible(resource, true).length} records the source counts .* all came`,
        ),
      )
    }
    // v1 lists what the source lists.
    const statuses = 'status=publish,future,draft,pending,private'
    const totals = {
      events: (await v1(`events?per_page=1&${WHOLE_CALENDAR}&${statuses}`)).body.total,
      venues: (await v1('venues?per_page=1')).body.total,
      organizers: (await v1('organizers?per_page=1')).body.total,
      categories: (await v1('categories?per_page=1&hide_empty=false')).body.total,
      tags: (await v1('tags?per_page=1&hide_empty=false')).body.total,
    }
    expect(totals).toEqual(
      Object.fromEntries(
        Object.keys(totals).map((r) => [r, site.reachable(r as Resource, true).size]),
      ),
    )
    // Images: downloaded once per file, whichever record asks first.
    const files = new Set(
      site.requests.filter((r) => r.path.includes('/uploads/')).map((r) => r.path),
    )
    expect(record.progress.images).toEqual({ downloaded: files.size, fallbacks: 0 })
    process.stdout.write(
      `first import of ${RESOURCES.map((r) => site.visible(r, true).length).join('+')} records: ${Date.now() - started} ms\n`,
    )
  }, 300_000)

  it('compared record by record: slugs, costs, and what an anonymous reader sees embedded (#47 part 4)', async () => {
    // Slugs: the source's kept; a post without one (a draft or pending one: WordPress gives none
    // before publishing) gets one no slug of the source takes, though its title is a published
    // record's (SHARED_TITLES).
    for (const resource of ['events', 'venues', 'organizers'] as const) {
      const { docs } = await server.payload.find({
        collection: resource,
        pagination: false,
        overrideAccess: true,
        trash: true,
        depth: 0,
        select: { slug: true },
      })
      const slugs = new Map(docs.map((doc: any) => [doc.id, doc.slug]))
      const sourceSlugs = new Set(site.data[resource].map((record) => record.slug).filter(Boolean))
      const shared = SHARED_TITLES[resource]
      expect(site.data[resource][shared.published].slug).not.toBe('')
      for (const index of shared.unpublished) expect(site.data[resource][index].slug).toBe('')
      const imported = site.data[resource].filter((record) =>
        site.reachable(resource, true).has(String(record.id)),
      )
      const slugOf = async (record: any) => slugs.get(await ourId(resource, record.id))
      for (const record of imported.filter((one) => one.slug))
        expect({ resource, slug: await slugOf(record) }).toEqual({ resource, slug: record.slug })
      for (const record of imported.filter((one) => !one.slug)) {
        const slug = await slugOf(record)
        expect({ resource, slug, taken: sourceSlugs.has(slug) }).toEqual({
          resource,
          slug: expect.stringMatching(new RegExp(`-${record.id}$`)),
          taken: false,
        })
      }
    }
    // Costs, read by the administrator: each value's digits as the source gives them.
    const ours = new Map<number, any>()
    const anonymous = new Map<number, any>()
    const statuses = 'status=publish,future,draft,pending,private'
    for (const [into, token, query] of [
      [ours, admin.token, `&${statuses}`],
      [anonymous, undefined, ''],
    ] as const)
      for (let page = 1; ; page++) {
        const { status, body } = await server.request(
          'GET',
          `/api/cal/events/v1/events?per_page=50&page=${page}&${WHOLE_CALENDAR}${query}`,
          { token },
        )
        if (status !== 200) break
        for (const record of body.events) into.set(record.id, record)
      }
    let withCents = 0
    for (const event of site.visible('events', true)) {
      const record = ours.get(await ourId('events', event.id))
      if (!Array.isArray(event.cost_details?.values)) continue
      if (event.cost_details.values.some((value: string) => /\.\d*0$/.test(value))) withCents++
      // A password-protected event is listed without its cost (and comes so).
      expect({ id: event.id, values: record.cost_details.values }).toEqual({
        id: event.id,
        values: event.password ? [] : event.cost_details.values,
      })
    }
    expect(withCents).toBeGreaterThan(5)
    // What an anonymous reader sees of each event the source shows them: the venue and organizers
    // it embeds, whatever their status (drafts among them).
    const linkedDrafts = { venues: 0, organizers: 0 }
    for (const event of site.visible('events', false)) {
      const record = anonymous.get(await ourId('events', event.id))
      const embedded = event.password ? { venue: null, organizer: [] } : event
      const venue = embedded.venue ? await ourId('venues', embedded.venue) : null
      const organizers = []
      for (const id of embedded.organizer) organizers.push(await ourId('organizers', id))
      const status = (id: number) =>
        site.data.venues.concat(site.data.organizers).find((r) => r.id === id)?.status
      if (embedded.venue && status(embedded.venue) !== 'publish') linkedDrafts.venues++
      if (embedded.organizer.some((id: number) => status(id) !== 'publish'))
        linkedDrafts.organizers++
      expect({
        id: event.id,
        venue: Array.isArray(record.venue) ? null : record.venue.id,
        organizer: record.organizer.map((organizer: any) => organizer.id),
      }).toEqual({ id: event.id, venue, organizer: organizers })
    }
    expect(linkedDrafts.venues).toBeGreaterThan(3)
    expect(linkedDrafts.organizers).toBeGreaterThan(3)
  })

  it('odd records come in, adjusted, each with what was put right', async () => {
    const run = await latestRun()
    const notesOf = (resource: string, index: number) => {
      const sourceId = String(site.data[resource as Resource][index].id)
      return (
        run.progress.adjustments.find(
          (a: any) => a.resource === resource && a.sourceId === sourceId,
        )?.notes ?? []
      ).join('; ')
    }
    const venues = site.data.venues
    const venue = async (index: number) =>
      (await v1(`venues/${await ourId('venues', venues[index].id)}`)).body
    expect((await venue(0)).venue).toBe(`(no name) ${venues[0].slug}`)
    expect(notesOf('venues', 0)).toMatch(/name was \[\]: named "\(no name\) /)
    expect((await venue(1)).venue).toBe(`(no name) ${venues[1].slug}`)
    expect((await venue(2)).venue).toBe(`(no name) ${venues[2].slug}`)
    // v1 escapes names as WordPress does; the text is the source's.
    expect(decodeHTML((await venue(3)).venue)).toBe('Café & Bar “Le Zèbre”')
    expect((await venue(4)).venue.length).toBe(40_000)
    expect(notesOf('venues', 4)).toMatch(/name had 50000 characters: cut at 40000/)
    expect(await venue(5)).toMatchObject({
      zip: '69002',
      phone: '33478000000',
      website: 'http://www.example.org/hall',
    })
    expect(notesOf('venues', 5)).toMatch(/website "www.example.org\/hall" had no scheme/)
    expect(notesOf('venues', 6)).toMatch(/off the globe/)
    expect((await venue(7)).status).toBe('draft')
    expect(notesOf('venues', 7)).toMatch(/status was "inherit": imported as a draft/)
    // In the trash at the source, with an empty title, and shown by events: a draft here.
    expect(await venue(8)).toMatchObject({
      status: 'draft',
      venue: `(no name) ${venues[8].slug}`,
      address: venues[8].address,
    })
    expect(notesOf('venues', 8)).toMatch(/in the trash at the source, but an event shows it/)

    const organizers = site.data.organizers
    const organizer = async (index: number) =>
      (await v1(`organizers/${await ourId('organizers', organizers[index].id)}`)).body
    expect((await organizer(0)).organizer).toBe(`(no name) ${organizers[0].slug}`)
    expect((await organizer(1)).email).toBe('')
    expect(notesOf('organizers', 1)).toMatch(
      /email "bookings at example dot org" is not an address/,
    )
    expect((await organizer(2)).organizer).toBe('Nul and bell organizer')
    expect((await organizer(3)).phone).toBe('+33 1 00 00 00 00, +33 6 00 00 00 00')
    expect(await organizer(4)).toMatchObject({
      status: 'draft',
      organizer: organizers[4].organizer,
    })
    expect(notesOf('organizers', 4)).toMatch(/in the trash at the source, but an event shows it/)

    const categories = site.data.categories
    const category = async (index: number) =>
      (await v1(`categories/${await ourId('categories', categories[index].id)}`)).body
    expect(decodeHTML((await category(0)).name)).toBe('Rock & Roll')
    expect((await category(1)).name).toBe('Музыка')
    // Every parent, whatever page it came on.
    for (const term of categories) {
      const { body } = await v1(`categories/${await ourId('categories', term.id)}`)
      expect({ id: term.id, parent: body.parent }).toEqual({
        id: term.id,
        parent: term.parent ? await ourId('categories', term.parent) : 0,
      })
    }
    const tags = site.data.tags
    expect(decodeHTML((await v1(`tags/${await ourId('tags', tags[0].id)}`)).body.name)).toBe(
      tags[1].name.toUpperCase(),
    )

    const events = site.data.events
    const event = async (index: number) =>
      (await v1(`events/${await ourId('events', events[index].id)}`)).body
    expect((await event(0)).title).toBe(`(no title) ${events[0].slug}`)
    expect((await event(1)).title).toBe(`(no title) ${events[1].slug}`)
    const ended = await event(2)
    expect(ended.utc_end_date).toBe(ended.utc_start_date)
    expect(notesOf('events', 2)).toMatch(/ended before it started/)
    const zeroEnd = await event(3)
    expect(zeroEnd.utc_end_date).toBe(zeroEnd.utc_start_date)
    const offset = await event(4)
    expect([offset.timezone, offset.start_date]).toEqual(['UTC+2', events[4].start_date])
    expect((await event(5)).timezone).toBe('UTC')
    expect(notesOf('events', 5)).toMatch(/timezone "Mars\/Olympus" is not a zone/)
    expect((await event(6)).description.length).toBe(40_000)
    expect(await event(7)).toMatchObject({ description: '', excerpt: '' })
    expect((await event(8)).categories).toHaveLength(2)
    expect(await event(9)).toMatchObject({ all_day: true, featured: true, sticky: false })
    expect((await event(10)).website).toBe('http://www.tickets.example/e10')
    expect(decodeHTML((await event(11)).title)).toBe('Rock & Roll – Live')
    expect((await event(12)).cost).toBe('25')
    expect((await event(13)).image).toMatchObject({ url: expect.stringMatching(/poster/) })
    // Events keep the trashed venue and organizer they show at the source.
    expect((await event(14)).venue).toMatchObject({ id: await ourId('venues', venues[8].id) })
    expect((await event(15)).organizer).toEqual([
      expect.objectContaining({ id: await ourId('organizers', organizers[4].id) }),
    ])
    // A password-protected event, listed without its content: its null flags are the defaults.
    expect(await event(16)).toMatchObject({
      all_day: false,
      featured: false,
      sticky: false,
      hide_from_listings: false,
      show_map: true,
      show_map_link: true,
      venue: [],
      organizer: [],
    })
    expect(notesOf('events', 16)).toMatch(/password-protected at the source/)
    // Counted once per record: names, dates, zones, lengths, addresses (entities, lists, numbers
    // and flags in other shapes are read as they are meant, not adjusted).
    expect({
      events: run.progress.resources.events.adjusted,
      venues: run.progress.resources.venues.adjusted,
      organizers: run.progress.resources.organizers.adjusted,
    }).toEqual({ events: 8, venues: 8, organizers: 4 })
  })

  // The CLI's exit code and output are the first run's subject; this one is the import's own.
  it('a second run, in this process as the CLI runs it, writes nothing', async () => {
    const before = {
      events: await updatedAtOf('events'),
      venues: await updatedAtOf('venues'),
      organizers: await updatedAtOf('organizers'),
      categories: await updatedAtOf(DEFAULT_SLUGS.categories),
      mappings: await updatedAtOf(MAPPINGS),
    }
    const started = Date.now()
    const asked = site.requests.length
    site.mostArchivePagesAtOnce = 0
    // Each answer takes a while, so that pages asked ahead are seen at the site together.
    site.delayMs = 20
    const run = await importHere({ from: site.root, header: AUTH }).finally(
      () => (site.delayMs = 0),
    )
    const record = await latestRun()
    expect(record.id).toBe(run.id)
    // The next pages are asked before the walk gets to them (features/import/source.ts, ReadAhead),
    // and still each page once.
    expect(site.mostArchivePagesAtOnce).toBeGreaterThan(1)
    const pages = site.requests
      .slice(asked)
      .map(({ path }) => path)
      .filter((path) => /^events\/?\?/.test(path))
      .map((path) => new URLSearchParams(path.split('?')[1]).get('page') ?? '1')
    expect(pages.length).toBeGreaterThan(1)
    expect(pages.length).toBe(new Set(pages).size)
    // What the CLI's exit code 0 stands for: done, and nothing failed.
    expect(record.state).toBe('done')
    expect(record.failures ?? []).toEqual([])
    for (const resource of RESOURCES)
      expect({ resource, ...record.progress.resources[resource] }).toMatchObject({
        resource,
        read: site.visible(resource, true).length,
        unchanged: site.visible(resource, true).length,
        created: 0,
        updated: 0,
        failed: 0,
      })
    expect({
      events: await updatedAtOf('events'),
      venues: await updatedAtOf('venues'),
      organizers: await updatedAtOf('organizers'),
      categories: await updatedAtOf(DEFAULT_SLUGS.categories),
      mappings: await updatedAtOf(MAPPINGS),
    }).toEqual(before)
    process.stdout.write(`second import: ${Date.now() - started} ms\n`)
  }, 180_000)
})

describe('a small site with odd records, read without credentials', () => {
  it('an event keeps the trashed venue it shows, which has no name and no single read; --prune keeps it too', async () => {
    const small = await startFakeTec({ ...SMALL, odd: true })
    // The first run in this process, as the CLI runs it; the one with --prune by the CLI.
    const run = await importHere({ from: small.root })
    const record = await latestRun()
    expect(record.id).toBe(run.id)
    expect(record.state).toBe('done')
    expect(record.failures ?? []).toEqual([])
    for (const resource of RESOURCES)
      expect(new Set((await mappingsOf(small, resource)).map((m) => m.sourceId))).toEqual(
        small.reachable(resource, false),
      )
    // The site refuses its single read to a reader without credentials (it is not published):
    // the record the event embeds is what there is.
    const trashed = small.data.venues[8]
    const refused = await fetch(`${small.root}venues/${trashed.id}`)
    expect(refused.status).toBe(403)
    const ours = (await mappingsOf(small, 'venues')).find((m) => m.sourceId === String(trashed.id))
    const event = (await mappingsOf(small, 'events')).find(
      (m) => m.sourceId === String(small.data.events[14].id),
    )
    const { body } = await v1(`events/${event!.targetId}`)
    expect(body.venue).toMatchObject({ id: ours!.targetId, venue: `(no name) ${trashed.slug}` })
    // Reached only through an event, it is still at the source: a run with --prune keeps it.
    const again = await runImportCli(['--from', small.root, '--quiet', '--prune'], FAST)
    expect(again.code).toBe(0)
    expect(again.output).toMatch(/Import done/)
    const pruning = await latestRun()
    expect(pruning.prune).toBe(true)
    for (const resource of RESOURCES)
      expect({ resource, pruned: pruning.progress.resources[resource].pruned }).toEqual({
        resource,
        pruned: 0,
      })
    expect((await v1(`venues/${ours!.targetId}`)).body.status).toBe('draft')
    await small.close()
  })
})

/** A small site read 5 records a page, so that faults fall on pages in the middle. */
const SMALL = { events: 24, venues: 12, organizers: 12, categories: 12, tags: 12, odd: false }
const PAGE = ['--per-page', '5']

/** Source ids of a resource on the pages of a faulted walk that are read. */
function idsOnPages(from: FakeTec, resource: Resource, pages: number[]) {
  const list = from.visible(resource, true)
  return pages.flatMap((page) => list.slice((page - 1) * 5, page * 5).map((r) => String(r.id)))
}

/** Venues and organizers the events embed: they come in with the events whatever their pages. */
function embedded(from: FakeTec, resource: 'venues' | 'organizers') {
  return new Set(
    from.data.events.flatMap((event) =>
      resource === 'venues'
        ? event.venue
          ? [String(event.venue)]
          : []
        : event.organizer.map((id: number) => String(id)),
    ),
  )
}

describe('a run always ends, with the failures listed and a non-zero exit', () => {
  // A fault on a page (at that page number), or on a record (any page holding it, as a record
  // whose output breaks the JSON): the third record of page 2. The hang, the fault likeliest to
  // keep a process from ending, is run by the CLI: its exit code 1 and each failure printed. The
  // others are run in this process as the CLI runs them (their subject is the import's own).
  it.each([
    [
      'venues',
      'bad-request',
      'in this process',
      'page',
      /page 2: HTTP 400 \(rest_bad_request: The page could not/,
    ],
    [
      'organizers',
      'hang',
      'by the CLI: exit code 1, the failure printed',
      'page',
      /page 2: no complete answer within 1000 ms/,
    ],
    [
      'categories',
      'truncate',
      'in this process',
      'record',
      /page 2: .*(ECONNRESET|aborted|closed)/i,
    ],
    ['tags', 'malformed', 'in this process', 'record', /page 2: the answer is not JSON/],
  ] as const)('a %s page answered with %s, run %s', async (resource, fault, by, where, message) => {
    const small = await startFakeTec(SMALL)
    const broken = small.visible(resource, true)[7]
    small.faults.set(where === 'page' ? `${resource}:2` : `record:${broken.id}`, fault)
    const started = Date.now()
    let cli: { code: number | null; output: string } | null = null
    if (by === 'in this process') await importHere({ from: small.root, header: AUTH, perPage: 5 })
    else
      cli = await runImportCli(['--from', small.root, '--header', AUTH, '--quiet', ...PAGE], FAST)
    const elapsed = Date.now() - started
    await small.close()
    if (cli) expect(cli.code).toBe(1)
    const record = await latestRun()
    expect(record.state).toBe('done')
    expect(record.perPage).toBe(5)
    // The failure: which resource, the address asked, what came back. A page broken by a record
    // is read again record by record: only that record fails (`per_page=1&page=8`).
    expect(record.failures).toEqual([
      expect.objectContaining({
        resource,
        url: expect.stringContaining(`/${resource}`),
        message: expect.stringMatching(message),
      }),
    ])
    const asked = new URL(record.failures[0].url).searchParams
    expect([asked.get('per_page'), asked.get('page')]).toEqual(
      where === 'page' ? ['5', '2'] : ['1', '8'],
    )
    // The address asked (not the name the site gives itself in its links), as the CLI prints it.
    expect(record.failures[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    if (cli)
      expect(cli.output).toMatch(new RegExp(`failed: ${resource} http://127\\.0\\.0\\.1:\\d+/`))
    // Everything else came in: the other records of the resource, and what the events embed.
    const missing = new Set(
      where === 'page' ? idsOnPages(small, resource, [2]) : [String(broken.id)],
    )
    const expected = new Set(
      small
        .visible(resource, true)
        .map((r) => String(r.id))
        .filter((id) => !missing.has(id)),
    )
    if (resource === 'venues' || resource === 'organizers')
      for (const id of embedded(small, resource)) expected.add(id)
    if (resource === 'categories' || resource === 'tags')
      for (const event of small.data.events)
        for (const id of Object.values(event[resource])) expected.add(String(id))
    const counts = record.progress.resources[resource]
    expect({ read: counts.read, failed: counts.failed }).toEqual({
      read: expected.size,
      failed: 1,
    })
    const mapped = (await mappingsOf(small, resource)).map((m) => m.sourceId)
    expect(new Set(mapped)).toEqual(expected)
    for (const other of RESOURCES.filter((r) => r !== resource))
      expect(record.progress.resources[other]).toMatchObject({
        read: small.visible(other, true).length,
        failed: 0,
      })
    // Within its bounds: 2 attempts of at most 1 s per request that fails, the rest is writing.
    expect(elapsed).toBeLessThan(60_000)
  })

  // In this process as the CLI runs it: a failure's line in the CLI's output (the same for an
  // image's) and its exit code 1 are the hang's test above.
  it('an image URL that never answers: the record keeps it as a URL reference, the run lists it failed', async () => {
    const small = await startFakeTec({ ...SMALL, images: 2 })
    small.faults.set('poster-2.png', 'hang')
    const run = await importHere({ from: small.root, header: AUTH, perPage: 5, concurrency: 1 })
    await small.close()
    const record = await latestRun()
    expect(record.id).toBe(run.id)
    expect(record.state).toBe('done')
    expect(record.progress.images).toEqual({ downloaded: 1, fallbacks: 1 })
    expect(record.failures).toEqual([
      expect.objectContaining({
        resource: 'images',
        url: `${small.origin}/wp-content/uploads/poster-2.png`,
        message: expect.stringMatching(/no complete answer within 1000 ms/),
      }),
    ])
    for (const resource of RESOURCES)
      expect(record.progress.resources[resource].read).toBe(small.visible(resource, true).length)
  })

  it('429 and 503 answers are retried until the page comes', async () => {
    const small = await startFakeTec(SMALL)
    small.faults.set('events:2', { flaky: 1, status: 503 })
    small.faults.set('events:3', { flaky: 1, status: 429 })
    small.faults.set('venues:1', 'truncate')
    const run = await runImportCli(['--from', small.root, '--header', AUTH, '--quiet', ...PAGE], {
      ...FAST,
      CAL_IMPORT_RETRIES: '2',
    })
    // The truncated page answered the same each time: it failed; the others came.
    small.faults.delete('venues:1')
    expect(run.code).toBe(1)
    const record = await latestRun()
    expect(record.progress.resources.events).toMatchObject({
      read: small.visible('events', true).length,
      failed: 0,
    })
    expect(small.requests.filter((r) => /^events\/?\?.*page=2/.test(r.path))).toHaveLength(2)
    await small.close()
  })

  // In this process as the CLI runs it (--concurrency by the CLI: the kill's test below).
  it('with a concurrency of 1 and images on every kind of record, the run ends, nothing failed', async () => {
    const small = await startFakeTec({ ...SMALL, images: 3 })
    const run = await importHere({ from: small.root, header: AUTH, perPage: 5, concurrency: 1 })
    await small.close()
    const record = await latestRun()
    expect(record.id).toBe(run.id)
    expect(record.concurrency).toBe(1)
    // What the CLI's "Import done" and exit code 0 stand for.
    expect(record.state).toBe('done')
    expect(record.failures ?? []).toEqual([])
    expect(record.progress.images).toEqual({ downloaded: 3, fallbacks: 0 })
  })
})

describe('a run killed in the middle of a page', () => {
  // The run killed is the CLI's process; the next start is in this process as the CLI runs it.
  it('SIGKILL, then the next start: the killed run reads failed, and the import finishes without duplicates or holes', async () => {
    const medium = await startFakeTec({
      events: 60,
      venues: 40,
      organizers: 30,
      categories: 10,
      tags: 10,
    })
    medium.delayMs = 100
    const args = ['--from', medium.root, '--header', AUTH, '--quiet', '--per-page', '10']
    const cli = startImportCli([...args, '--concurrency', '2'], FAST)
    const deadline = Date.now() + 60_000
    let mapped = 0
    while (mapped < 15 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      mapped = (await mappingsOf(medium)).length
    }
    cli.child.kill('SIGKILL')
    await cli.done
    const halfway = (await mappingsOf(medium)).length
    expect(halfway).toBeGreaterThanOrEqual(15)
    expect(halfway).toBeLessThan(40)
    // Mid-page: the venues' pages hold 10 records.
    const killed = await latestRun()
    expect(killed.state).toBe('failed')
    expect(killed.error).toMatch(/interrupted: the process running it \(pid \d+\) stopped/)

    medium.delayMs = 0
    const again = await importHere({ from: medium.root, header: AUTH, perPage: 10 })
    const resumed = await latestRun()
    expect(resumed.id).toBe(again.id)
    // What the CLI's exit code 0 stands for: done, and nothing failed.
    expect(resumed.state).toBe('done')
    expect(resumed.failures ?? []).toEqual([])
    const stored = await server.payload.findByID({
      collection: RUNS,
      id: killed.id,
      overrideAccess: true,
    })
    expect((stored as any).state).toBe('failed')
    for (const resource of RESOURCES) {
      const mappings = await mappingsOf(medium, resource)
      const source = [...medium.reachable(resource, true)]
      expect({ resource, ids: mappings.map((m) => m.sourceId).sort() }).toEqual({
        resource,
        ids: [...source].sort(),
      })
      expect(new Set(mappings.map((m) => m.targetId)).size).toBe(source.length)
    }
    await medium.close()
  })
})
