import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { faker } from '@faker-js/faker'
import { DateTime } from 'luxon'

/**
 * A generated The Events Calendar site (6.17-like) on 127.0.0.1, for the importer's tests and its
 * bench: seeded data of any size, served the way the real site answers (the recorded responses in
 * test/fixtures/tec-site and the reference of the v1 contract), faults on demand.
 *
 * What it does as the real site does:
 * - archives of events, venues, organizers, categories and tags: `per_page` (default 10, clamped to
 *   50), `page`, bodies with `rest_url`, `next_rest_url`, `previous_rest_url`, `total`,
 *   `total_pages` in the site's key order, `X-TEC-Total`/`X-TEC-TotalPages` and the site's `Link`
 *   header; the site names itself by another address than the one asked (`innerOrigin`, as behind
 *   a proxy);
 * - `status`: a reader with credentials may ask for any registered statuses and gets them all by
 *   default; an anonymous one only `publish`; `any` is refused (`400 rest_invalid_param`, naming
 *   `status` in `data.params`). The venues and organizers archives echo `status=any` in their
 *   `rest_url` for a reader with credentials, so their own `next_rest_url` is refused;
 * - a posts archive answers a page past the last with `404 <type>-archive-page-not-found`; a terms
 *   archive with an empty list. The terms' `next_rest_url` is `…/categories/?page=N` (no
 *   `per_page`, no `hide_empty`);
 * - single routes `events/<id>`, `venues/<id>`, `organizers/<id>` (`403 <type>-not-accessible`
 *   for a record that is not published, to a reader without credentials); images under
 *   `/wp-content/uploads/`; anything else `404 rest_no_route`;
 * - venues and organizers are listed by publication date alone (WordPress's `ORDER BY post_date
 *   DESC`): records made in the same second tie, and a query of several statuses (what a reader
 *   with credentials gets by default) sorts them with a filesort whose order of ties depends on
 *   the page's LIMIT, so a tie across a page boundary can list one record twice and another never;
 *   a query of one status reads them in an index's order (date, then id), the same on every page;
 * - trashed records are in no archive, but an event linked to one still embeds it;
 * - a password-protected event is listed with its content hidden, as The Events Calendar hides it
 *   from a reader without the password (`all_day`, `featured` and the other flags `null`; no venue,
 *   organizers or terms).
 *
 * Odd records, as PHP and WordPress send them (see `ODD` below), come with `odd: true` (default).
 */

export type Resource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags'
export const RESOURCES: Resource[] = ['venues', 'organizers', 'categories', 'tags', 'events']

export type FakeTecOptions = {
  seed?: number
  events?: number
  venues?: number
  organizers?: number
  categories?: number
  tags?: number
  /** The odd records (default true). */
  odd?: boolean
  /** Distinct image files the records share (default 6). */
  images?: number
  /** The port on 127.0.0.1 (default: one the system picks). */
  port?: number
}

/** What a page, or an image, does instead of answering. */
export type Fault =
  /** `400` with a WordPress error that names no parameter. */
  | 'bad-request'
  /** The request is taken and never answered. */
  | 'hang'
  /** Headers and half the body, then the connection closes. */
  | 'truncate'
  /** `200` with JSON cut short. */
  | 'malformed'
  /** `503`, or `429` with `Retry-After: 1`, this many times, then the page. */
  | { flaky: number; status: 429 | 503 }

export type FakeTec = {
  /** The v1 root, as a WordPress site names it: …/wp-json/tribe/events/v1/ */
  root: string
  origin: string
  data: Record<Resource, any[]>
  /**
   * Faults by `resource:page` (e.g. `venues:2`: that page at any size), by `record:<id>` (any page
   * holding that record: a record whose output breaks the page), or by image file name.
   */
  faults: Map<string, Fault>
  /** Requests received: path and query after the root (images: their path), with credentials. */
  requests: { path: string; authorized: boolean }[]
  /** The most archive pages asked at the same time, since the site started or this was reset. */
  mostArchivePagesAtOnce: number
  /** Delay before each answer. */
  delayMs: number
  /** What a reader (with credentials or not) finds in an archive, in the site's order. */
  visible: (resource: Resource, authorized: boolean) => any[]
  /**
   * What such a reader can read at all: the archive's records, and those its events embed (a
   * venue or organizer in the trash among them), by id.
   */
  reachable: (resource: Resource, authorized: boolean) => Set<string>
  close: () => Promise<void>
}

const WP_STATUSES = ['publish', 'future', 'draft', 'pending', 'private']
const SITE_ZONE = 'UTC'
const wall = (date: DateTime) => date.toFormat('yyyy-MM-dd HH:mm:ss')
const details = (text: string) => {
  const [day, time] = text.split(' ')
  const [year, month, date] = day.split('-')
  const [hour, minutes, seconds] = time.split(':')
  return { year, month, day: date, hour, minutes, seconds }
}

/** A PNG of one pixel; each image file gets a different color byte so that they differ. */
function png(seed: number): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  // A tEXt chunk after IHDR makes each file's bytes differ without touching the pixel data.
  const text = Buffer.from(`Comment\0image ${seed}`)
  const chunk = Buffer.alloc(12 + text.length)
  chunk.writeUInt32BE(text.length, 0)
  chunk.write('tEXt', 4)
  text.copy(chunk, 8)
  chunk.writeUInt32BE(crc32(Buffer.concat([Buffer.from('tEXt'), text])), 8 + text.length)
  return Buffer.concat([base.subarray(0, 33), chunk, base.subarray(33)])
}

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/** The generated calendar: plain data, the same for the same options. */
export function generateCalendar(options: FakeTecOptions, origin: string) {
  const seed = options.seed ?? 1
  faker.seed(seed)
  const odd = options.odd ?? true
  const base = DateTime.fromISO('2026-06-01T09:00:00', { zone: SITE_ZONE })
  let nextId = 1000
  const images = Array.from({ length: options.images ?? 6 }, (_, i) => `poster-${i + 1}.png`)
  const imageOf = (i: number) =>
    i % 7 === 0 && images.length > 0
      ? {
          url: `${origin}/wp-content/uploads/${images[i % images.length]}`,
          id: 900 + (i % images.length),
          extension: 'png',
          width: 1,
          height: 1,
          filesize: 80,
          sizes: {},
        }
      : false
  const post = (i: number, type: string, slug: string, status: string) => {
    const date = base.minus({ days: 400 - (i % 300), minutes: i })
    const published = status === 'publish' || status === 'future' || status === 'private'
    const id = nextId++
    return {
      id,
      author: '1',
      status,
      // WordPress gives a post its slug when it is published: a draft or pending one has none.
      slug: published ? slug : '',
      date: wall(date),
      date_utc: published ? wall(date) : '0000-00-00 00:00:00',
      modified: wall(date.plus({ hours: 1 })),
      modified_utc: published ? wall(date.plus({ hours: 1 })) : '0000-00-00 00:00:00',
      url: published ? `${origin}/${type}/${slug}/` : `${origin}/?post_type=tribe_${type}&p=${id}`,
    }
  }
  const statusOf = (i: number) =>
    i % 17 === 5 ? 'draft' : i % 23 === 7 ? 'pending' : i % 29 === 11 ? 'private' : 'publish'

  const venues = Array.from({ length: options.venues ?? 130 }, (_, i) => {
    const name = `${faker.company.name()} Hall ${i + 1}`
    const slug = wpSlug(name)
    const country = faker.helpers.arrayElement(['France', 'United States', 'Canada', ''])
    const record: Record<string, any> = {
      ...post(i, 'venue', slug, statusOf(i)),
      venue: name,
      description: i % 3 === 0 ? `<p>${faker.lorem.sentence()}</p>` : undefined,
      address: faker.location.streetAddress(),
      city: faker.location.city(),
      country: country || undefined,
      zip: faker.location.zipCode('#####'),
      phone: i % 2 ? faker.phone.number({ style: 'international' }) : undefined,
      website: i % 4 === 0 ? `https://${slug}.example` : undefined,
      stateprovince:
        country === 'United States' ? faker.location.state({ abbreviated: true }) : undefined,
      show_map: true,
      show_map_link: true,
      image: imageOf(i),
    }
    return clean(record)
  })
  const organizers = Array.from({ length: options.organizers ?? 125 }, (_, i) => {
    const name = `${faker.person.fullName()} Productions ${i + 1}`
    const slug = wpSlug(name)
    return clean({
      ...post(i, 'organizer', slug, statusOf(i + 3)),
      organizer: name,
      description: i % 4 === 0 ? `<p>${faker.lorem.sentence()}</p>` : undefined,
      phone: faker.phone.number({ style: 'national' }),
      website: i % 3 === 0 ? `https://${slug}.example` : undefined,
      email: i % 2 === 0 ? faker.internet.email().toLowerCase() : undefined,
      image: imageOf(i + 1),
    })
  })
  // Three levels: roots, children, grandchildren; sorted by name, so that children often come on
  // an earlier page than their parent.
  const categoryCount = options.categories ?? 60
  const categories: Record<string, any>[] = []
  for (let i = 0; i < categoryCount; i++) {
    const level = i < categoryCount / 4 ? 0 : i < categoryCount / 2 ? 1 : 2
    const parents = categories.filter((c) => c.level === level - 1)
    const parent = level === 0 ? 0 : parents[i % parents.length].id
    const name = `${faker.word.adjective()} ${faker.music.genre()} ${i + 1}`
    const slug = faker.helpers.slugify(name).toLowerCase()
    categories.push({
      id: nextId++,
      name,
      slug,
      taxonomy: 'tribe_events_cat',
      description: i % 5 === 0 ? faker.lorem.sentence() : '',
      parent,
      count: 0,
      level,
    })
  }
  const tags = Array.from({ length: options.tags ?? 70 }, (_, i) => {
    const name = `${faker.word.noun()} ${i + 1}`
    return {
      id: nextId++,
      name,
      slug: faker.helpers.slugify(name).toLowerCase(),
      taxonomy: 'post_tag',
      description: '',
      count: 0,
    }
  })
  const events = Array.from({ length: options.events ?? 150 }, (_, i) => {
    const title = `${faker.music.songName()} ${i + 1}`
    const slug = wpSlug(title)
    const zone = faker.helpers.arrayElement(['Europe/Paris', 'America/New_York', 'UTC'])
    const start = base.plus({ days: i % 700, hours: i % 9 }).setZone(zone, { keepLocalTime: true })
    const end = start.plus({ hours: 2 + (i % 3) })
    const allDay = i % 19 === 0
    const venue = i % 11 === 10 ? null : venues[i % venues.length]
    const organizerList = [
      organizers[i % organizers.length],
      organizers[(i * 7) % organizers.length],
    ]
      .filter((o, k, list) => list.indexOf(o) === k)
      .slice(0, 1 + (i % 2))
    const eventCategories = [
      categories[i % categories.length],
      categories[(i * 3) % categories.length],
    ]
      .filter((c, k, list) => list.indexOf(c) === k)
      .slice(0, 1 + (i % 2))
    const eventTags = i % 3 === 0 ? [] : [tags[i % tags.length]]
    for (const term of [...eventCategories, ...eventTags]) term.count++
    // Some prices with cents, which The Events Calendar gives with their trailing zeros.
    const price = 10 + (i % 30)
    const cents = i % 8 === 1
    const cost =
      i % 4 === 0
        ? 'Free'
        : i % 4 === 1
          ? cents
            ? `$${price}.50 – $${price + 2}.00`
            : `$${price}`
          : i % 4 === 2
            ? ''
            : '€15'
    const values =
      cost === 'Free'
        ? ['free']
        : cost.startsWith('$')
          ? cents
            ? [`${price}.50`, `${price + 2}.00`]
            : [String(price)]
          : cost
            ? ['15']
            : []
    return {
      ...post(i, 'event', slug, statusOf(i + 1)),
      title,
      description: `<p>${faker.lorem.paragraph()}</p>`,
      excerpt: i % 5 === 0 ? `<p>${faker.lorem.sentence()}</p>` : '',
      image: imageOf(i + 2),
      all_day: allDay,
      start_date: wall(allDay ? start.startOf('day') : start),
      end_date: wall(allDay ? start.endOf('day').set({ millisecond: 0 }) : end),
      utc_start_date: wall((allDay ? start.startOf('day') : start).toUTC()),
      utc_end_date: wall((allDay ? start.endOf('day').set({ millisecond: 0 }) : end).toUTC()),
      timezone: zone,
      timezone_abbr: start.offsetNameShort,
      cost,
      cost_details: {
        currency_symbol: cost === '€15' ? '€' : '',
        currency_code: '',
        currency_position: cost === '€15' ? 'prefix' : '',
        values,
      },
      website: i % 6 === 0 ? `https://tickets.example/${slug}` : '',
      show_map: true,
      show_map_link: true,
      hide_from_listings: false,
      sticky: i % 13 === 0,
      featured: i % 10 === 0,
      categories: eventCategories.map((c) => c.id),
      tags: eventTags.map((t) => t.id),
      venue: venue?.id ?? null,
      organizer: organizerList.map((o) => o.id),
      custom_fields: [],
    }
  })
  const data = { events, venues, organizers, categories, tags } as Record<Resource, any[]>
  shareTitles(data)
  if (odd) applyOddities(data, origin)
  return { data, images }
}

/** A slug as WordPress makes one (`sanitize_title`): lower case, ASCII, single dashes. */
const wpSlug = (text: string) =>
  faker.helpers
    .slugify(text)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * Unpublished posts (no slug) titled as a published one that an import writes after them: by
 * resource, the indexes of the unpublished ones and of the published one (events are listed by
 * start, so a later index comes later; venues and organizers newest first, so an earlier one).
 */
export const SHARED_TITLES = {
  events: { unpublished: [21, 29], published: 60, title: 'An event' },
  venues: { unpublished: [90], published: 41, title: 'The Hall' },
  organizers: { unpublished: [104], published: 60, title: 'The Company' },
} as const

function shareTitles(data: Record<Resource, any[]>) {
  for (const [resource, { unpublished, published, title }] of Object.entries(SHARED_TITLES)) {
    const list = data[resource as Resource]
    if (list.length <= Math.max(published, ...unpublished)) continue
    const key = resource === 'events' ? 'title' : resource === 'venues' ? 'venue' : 'organizer'
    const slug = wpSlug(title)
    const url = list[published].url.replace(/[^/]+\/$/, `${slug}/`)
    Object.assign(list[published], { [key]: title, slug, url })
    for (const index of unpublished) list[index][key] = title
  }
}

const clean = (record: Record<string, any>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))

/**
 * Records in the shapes a real site sends (each one a quirk the importer must let in): what each
 * is, by resource and index, for the tests to find.
 */
export const ODD = {
  venues: {
    0: 'name is [] (an empty title)',
    1: 'name is ""',
    2: 'name is blanks',
    3: 'name with HTML entities',
    4: 'name of 50,000 characters',
    5: 'zip and phone as numbers, website without its scheme',
    6: 'coordinates off the globe',
    7: 'status the site has and we have not (inherit)',
    8: 'in the trash, with an empty title (no name key), linked from events (14 among them)',
  },
  organizers: {
    0: 'name is []',
    1: 'email that is not an address',
    2: 'name with a NUL and control characters',
    3: 'phone as a list',
    4: 'in the trash, linked from event 15',
  },
  categories: {
    0: 'name with &amp;',
    1: 'slug percent-encoded (non-ASCII)',
  },
  tags: {
    0: 'same name as tag 1, another case',
  },
  events: {
    0: 'title is []',
    1: 'title is ""',
    2: 'end before the start',
    3: 'zero end date (0000-00-00 00:00:00), no UTC end',
    4: 'no UTC dates, an offset zone (UTC+2)',
    5: 'a zone that is none (Mars/Olympus)',
    6: 'description of 60,000 characters',
    7: 'description false, excerpt null',
    8: 'categories as an object with numeric keys (PHP array with holes)',
    9: 'all_day "1", featured "yes", sticky 0',
    10: 'website without its scheme',
    11: 'title with HTML entities',
    12: 'cost as a number, cost_details false',
    13: 'image given only by its sizes',
    14: 'its venue is in the trash (venue 8)',
    15: 'its organizer is in the trash (organizer 4)',
    16: 'password-protected: listed with its content hidden (all_day and featured null)',
  },
} as const

function applyOddities(data: Record<Resource, any[]>, origin: string) {
  const [v, o, c, t, e] = [data.venues, data.organizers, data.categories, data.tags, data.events]
  v[0].venue = []
  v[1].venue = ''
  v[2].venue = '   '
  v[3].venue = 'Caf&eacute; &amp; Bar &#8220;Le Z&egrave;bre&#8221;'
  v[4].venue = 'Long'.repeat(12_500)
  Object.assign(v[5], { zip: 69002, phone: 33478000000, website: 'www.example.org/hall' })
  Object.assign(v[6], { geo_lat: 123.4, geo_lng: 500 })
  v[7].status = 'inherit'
  o[0].organizer = []
  o[1].email = 'bookings at example dot org'
  o[2].organizer = 'Nul\u0000 and \u0007bell organizer'
  o[3].phone = ['+33 1 00 00 00 00', '+33 6 00 00 00 00']
  c[0].name = 'Rock &amp; Roll'
  c[1].slug = '%d0%bc%d1%83%d0%b7%d1%8b%d0%ba%d0%b0'
  c[1].name = 'Музыка'
  t[0].name = t[1].name.toUpperCase()
  e[0].title = []
  e[1].title = ''
  Object.assign(e[2], { end_date: '2026-01-01 08:00:00', utc_end_date: '2026-01-01 08:00:00' })
  Object.assign(e[3], { end_date: '0000-00-00 00:00:00' })
  delete e[3].utc_end_date
  Object.assign(e[4], { timezone: 'UTC+2' })
  delete e[4].utc_start_date
  delete e[4].utc_end_date
  e[5].timezone = 'Mars/Olympus'
  e[6].description = `<p>${'Very long. '.repeat(6_000)}</p>`
  Object.assign(e[7], { description: false, excerpt: null })
  e[8].categories = { 0: e[8].categories[0], 2: c[5].id }
  Object.assign(e[9], { all_day: '1', featured: 'yes', sticky: 0 })
  e[10].website = 'www.tickets.example/e10'
  e[11].title = 'Rock &amp; Roll &#8211; Live'
  Object.assign(e[12], { cost: 25, cost_details: false })
  e[13].image = { sizes: { full: { url: `${origin}/wp-content/uploads/poster-1.png` } } }
  if (v.length > 8 && e.length > 14) {
    Object.assign(v[8], { status: 'trash', venue: undefined })
    delete v[8].venue
    Object.assign(e[14], { status: 'publish', venue: v[8].id })
  }
  if (o.length > 4 && e.length > 15) {
    o[4].status = 'trash'
    Object.assign(e[15], { status: 'publish', organizer: [o[4].id] })
  }
  if (e.length > 16) Object.assign(e[16], { status: 'publish', password: 'secret' })
  // Records made in one burst: twelve venues and twelve organizers around the end of the first
  // page of 50 share their publication date. No event links them: only their archive lists them.
  const burst = new Set<number>()
  for (const list of [v, o]) {
    const listed = list.filter((record) => record.status !== 'trash').sort(byDate)
    if (listed.length < 60) continue
    const tied = listed.slice(44, 56)
    for (const record of tied) {
      record.date = tied[0].date
      if (record.date_utc !== '0000-00-00 00:00:00') record.date_utc = tied[0].date
      burst.add(record.id)
    }
  }
  for (const event of e) {
    if (burst.has(event.venue)) event.venue = null
    event.organizer = event.organizer.filter((id: number) => !burst.has(id))
  }
}

/** Posts in the order of an index on (date, id), newest first: what a query of one status reads. */
const byDate = (a: any, b: any) => b.date.localeCompare(a.date) || b.id - a.id

/**
 * Posts newest first, ties in the order a filesort with `LIMIT n` leaves them: one that changes
 * with n (MySQL sorts rows of equal keys in any order, and not the same for every LIMIT).
 */
const byDateTiesShuffled = (n: number) => (a: any, b: any) =>
  b.date.localeCompare(a.date) || mixed(a.id, n) - mixed(b.id, n)

function mixed(id: number, n: number): number {
  let h = (id ^ Math.imul(n, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

/** What The Events Calendar shows of a password-protected event to a reader without it. */
const LOCKED = {
  description: '',
  excerpt: '',
  image: false,
  all_day: null,
  cost: '',
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  website: '',
  show_map: null,
  show_map_link: null,
  hide_from_listings: null,
  sticky: null,
  featured: null,
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  custom_fields: [],
}

/** An event as the site shows it: venue, organizers and terms embedded as full records. */
function embedEvent(event: any, byId: Map<number, any>, root: string) {
  const { password, ...embedded } = event
  embedded.rest_url = `${root}events/${event.id}`
  embedded.venue = event.venue ? byId.get(event.venue) : []
  embedded.organizer = event.organizer.map((id: number) => byId.get(id))
  const term = (id: number) => termRecord(byId.get(id), root)
  embedded.categories = Array.isArray(event.categories)
    ? event.categories.map(term)
    : Object.fromEntries(Object.entries(event.categories).map(([k, id]) => [k, term(id as number)]))
  embedded.tags = event.tags.map(term)
  embedded.start_date_details = details(event.start_date)
  embedded.end_date_details = /^0000/.test(event.end_date) ? false : details(event.end_date)
  return password ? { ...embedded, ...LOCKED } : embedded
}

function termRecord(term: any, root: string) {
  const { level: _level, ...record } = term
  const kind = term.taxonomy === 'post_tag' ? 'tags' : 'categories'
  return {
    ...record,
    meta: [],
    url: `${root.split('/wp-json/')[0]}/events/${kind === 'tags' ? 'tag' : 'category'}/${term.slug}/`,
    urls: {
      self: `${root}${kind}/${term.id}`,
      collection: `${root}${kind}`,
      ...(term.parent ? { up: `${root}${kind}/${term.parent}` } : {}),
    },
  }
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

const invalidParam = (res: http.ServerResponse, name: string, why: string) =>
  json(res, 400, {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${name}`,
    data: { status: 400, params: { [name]: why }, details: {} },
  })

/** Starts the fake site on a free port of 127.0.0.1. */
export async function startFakeTec(options: FakeTecOptions = {}): Promise<FakeTec> {
  const sockets = new Set<Socket>()
  const server = http.createServer()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  // How the site names itself in its own links: another address, as behind a proxy.
  const inner = `http://wordpress.internal:8089`
  const innerRoot = `${inner}/wp-json/tribe/events/v1/`
  const { data, images } = generateCalendar(options, origin)
  const byId = new Map<number, any>()
  for (const list of Object.values(data)) for (const record of list) byId.set(record.id, record)
  const files = new Map(images.map((name, i) => [name, png(i + 1)]))
  const flakyLeft = new Map<string, number>()

  /** An archive's records in the order the site lists them, before paging. */
  const visible = (resource: Resource, authorized: boolean) => {
    const terms = resource === 'categories' || resource === 'tags'
    const list = terms
      ? [...data[resource]]
      : data[resource].filter(
          (record) => record.status !== 'trash' && (authorized || record.status === 'publish'),
        )
    if (resource === 'events')
      return list.sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
    if (terms) return list.sort((a, b) => a.name.localeCompare(b.name))
    return list.sort(byDate)
  }

  const reachable = (resource: Resource, authorized: boolean) => {
    const ids = new Set(visible(resource, authorized).map((record) => String(record.id)))
    for (const event of visible('events', authorized)) {
      if (event.password) continue
      const linked =
        resource === 'venues'
          ? event.venue
            ? [event.venue]
            : []
          : resource === 'organizers'
            ? event.organizer
            : resource === 'categories' || resource === 'tags'
              ? Object.values(event[resource])
              : []
      for (const id of linked) ids.add(String(id))
    }
    return ids
  }

  const site: FakeTec = {
    root: `${origin}/wp-json/tribe/events/v1/`,
    origin,
    data,
    faults: new Map(),
    requests: [],
    mostArchivePagesAtOnce: 0,
    delayMs: 0,
    visible,
    reachable,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  /** Serves a fault, or returns false to answer as usual. */
  const faulted = (key: string, res: http.ServerResponse, body: () => string): boolean => {
    const fault = site.faults.get(key)
    if (!fault) return false
    if (fault === 'hang') return true
    if (fault === 'bad-request') {
      json(res, 400, {
        code: 'rest_bad_request',
        message: 'The page could not be built.',
        data: { status: 400 },
      })
      return true
    }
    if (fault === 'malformed') {
      const text = body()
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' })
      res.end(text.slice(0, Math.floor(text.length * 0.6)))
      return true
    }
    if (fault === 'truncate') {
      const text = body()
      res.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'content-length': Buffer.byteLength(text),
      })
      res.write(text.slice(0, Math.floor(text.length / 2)))
      setTimeout(() => res.socket?.destroy(), 20)
      return true
    }
    const left = flakyLeft.get(key) ?? fault.flaky
    if (left <= 0) return false
    flakyLeft.set(key, left - 1)
    json(
      res,
      fault.status,
      { code: 'unavailable', message: 'Try again later.', data: { status: fault.status } },
      fault.status === 429 ? { 'retry-after': '1' } : {},
    )
    return true
  }

  let archivesInFlight = 0
  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', origin)
    const authorized = Boolean(req.headers.authorization)
    const archive = RESOURCES.some((resource) =>
      new RegExp(`/wp-json/tribe/events/v1/${resource}/?$`).test(url.pathname),
    )
    if (archive) {
      archivesInFlight++
      site.mostArchivePagesAtOnce = Math.max(site.mostArchivePagesAtOnce, archivesInFlight)
      res.once('close', () => archivesInFlight--)
    }
    if (site.delayMs) await new Promise((resolve) => setTimeout(resolve, site.delayMs))
    if (url.pathname.startsWith('/wp-content/uploads/')) {
      const name = url.pathname.slice('/wp-content/uploads/'.length)
      site.requests.push({ path: url.pathname, authorized })
      if (faulted(name, res, () => '')) return
      const file = files.get(name)
      res.writeHead(file ? 200 : 404, { 'content-type': file ? 'image/png' : 'text/html' })
      res.end(file ?? '<h1>Not found</h1>')
      return
    }
    const rest = url.pathname.replace(/^\/wp-json\/tribe\/events\/v1\//, '').replace(/\/$/, '')
    site.requests.push({ path: rest + url.search, authorized })
    const single = /^(events|venues|organizers)\/(\d+)$/.exec(rest)
    if (single) {
      const record = byId.get(Number(single[2]))
      if (!record || !data[single[1] as Resource].includes(record))
        return invalidParam(res, 'id', 'Invalid parameter.')
      // Only a reader who may read it gets a record that is not published.
      if (record.status !== 'publish' && !authorized) {
        const type = single[1].replace(/s$/, '')
        return json(res, 403, {
          code: `${type}-not-accessible`,
          message: `The requested ${type} is not accessible.`,
          data: { status: 403 },
        })
      }
      return json(res, 200, single[1] === 'events' ? embedEvent(record, byId, innerRoot) : record)
    }
    if (!RESOURCES.includes(rest as Resource))
      return json(res, 404, {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      })
    const resource = rest as Resource
    const params = url.searchParams
    const page = params.has('page') ? Number(params.get('page')) : 1
    if (!Number.isInteger(page) || page < 1)
      return invalidParam(res, 'page', 'page is not of type integer.')
    const perPage = Math.min(50, params.has('per_page') ? Number(params.get('per_page')) : 10)
    if (!Number.isInteger(perPage) || perPage < 1)
      return invalidParam(res, 'per_page', 'per_page is not of type integer.')
    const terms = resource === 'categories' || resource === 'tags'
    let list = visible(resource, authorized)
    let status: string | null = null
    if (!terms) {
      const asked = params.get('status')
      if (asked !== null) {
        const statuses = asked.split(',').map((s) => s.trim())
        if (statuses.some((s) => !WP_STATUSES.includes(s)) || (!authorized && asked !== 'publish'))
          return invalidParam(res, 'status', 'Invalid parameter.')
        list = list.filter((record) => statuses.includes(record.status))
        status = asked
      } else status = authorized ? 'any' : 'publish'
      if (resource !== 'events' && (status === 'any' || status.includes(',')))
        list = [...list].sort(byDateTiesShuffled(page * perPage))
    }
    if (terms && params.get('hide_empty') !== 'false' && params.get('hide_empty') !== '0')
      list = list.filter((term) => term.count > 0)
    const total = list.length
    const totalPages = Math.ceil(total / perPage)
    const slice = list.slice((page - 1) * perPage, page * perPage)
    const headers = {
      'x-tec-total': String(total),
      'x-tec-totalpages': String(totalPages),
      link: `<${inner}/wp-json/>; rel="https://api.w.org/"`,
    }
    const body = (): Record<string, unknown> => {
      const records =
        resource === 'events'
          ? slice.map((event) => embedEvent(event, byId, innerRoot))
          : terms
            ? slice.map((term) => termRecord(term, innerRoot))
            : slice
      if (terms) {
        const out: Record<string, unknown> = {
          rest_url: `${innerRoot}${resource}/`,
          total,
          total_pages: totalPages,
          [resource]: records,
        }
        if (page < totalPages) out.next_rest_url = `${innerRoot}${resource}/?page=${page + 1}`
        if (page > 1)
          out.previous_rest_url =
            page === 2 ? `${innerRoot}${resource}/` : `${innerRoot}${resource}/?page=${page - 1}`
        return out
      }
      const echoed = new URLSearchParams()
      echoed.set('per_page', String(perPage))
      for (const name of ['start_date', 'end_date'])
        if (params.has(name)) echoed.set(name, `${params.get(name)} 00:00:00`.slice(0, 19))
      if (status) echoed.set('status', status)
      const linkTo = (n: number) => {
        const query = new URLSearchParams(echoed)
        query.set('page', String(n))
        return `${innerRoot}${resource}/?${query}`
      }
      const out: Record<string, unknown> = {
        [resource]: records,
        rest_url: `${innerRoot}${resource}/?page=${page}&${decodeURIComponent(echoed.toString())}`,
      }
      if (page < totalPages) out.next_rest_url = linkTo(page + 1)
      if (page > 1) out.previous_rest_url = linkTo(page - 1)
      out.total = total
      out.total_pages = totalPages
      return out
    }
    const broken = slice.find((record) => site.faults.has(`record:${record.id}`))
    const key = broken ? `record:${broken.id}` : `${resource}:${page}`
    if (faulted(key, res, () => JSON.stringify(body()))) return
    if (slice.length === 0 && page > 1 && !terms)
      return json(res, 404, {
        code: `${resource.replace(/s$/, '')}-archive-page-not-found`,
        message: 'The requested page was not found.',
        data: { status: 404 },
      })
    json(res, 200, body(), headers)
  })
  return site
}
