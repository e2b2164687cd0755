/**
 * A seeded, reproducible calendar for the benchmark: events over three years with titles in
 * three languages, venues (half with coordinates), organizers, a category hierarchy and tags.
 * Records go in through the database adapter in batches (the API is what is measured, not this),
 * with the fields the collection hooks would have set.
 */
import { en, es, fr, Faker } from '@faker-js/faker'
import { DateTime } from 'luxon'
import type { Payload } from 'payload'

/** A description per language as the app stores it: a Lexical paragraph, and its HTML beside it. */
function richText(text: Record<string, string>) {
  const paragraph = (words: string) => ({
    root: {
      type: 'root',
      version: 1,
      direction: 'ltr',
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: 'ltr',
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [
            {
              type: 'text',
              version: 1,
              text: words,
              format: 0,
              detail: 0,
              mode: 'normal',
              style: '',
            },
          ],
        },
      ],
    },
  })
  const each = <T>(make: (words: string) => T) =>
    Object.fromEntries(Object.entries(text).map(([language, words]) => [language, make(words)]))
  return { description: each(paragraph), descriptionHtml: each((words) => `<p>${words}</p>`) }
}

export type DatasetSize = {
  events: number
  venues: number
  organizers: number
  categories: number
  tags: number
}

export const defaultSize = (events: number): DatasetSize => ({
  events,
  venues: 2000,
  organizers: 1000,
  categories: 200,
  tags: 500,
})

export const BENCH_USER = { email: 'bench@example.com', password: 'bench-password-123' }

/** A token of BENCH_USER from the server at `origin` (`JWT ${token}` authorizes a request). */
export async function benchToken(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  })
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
  return ((await login.json()) as { token: string }).token
}

const ZONES = ['Europe/Paris', 'America/New_York', 'UTC', 'Europe/Madrid', 'America/Los_Angeles']
const BATCH = 1000

/** Inserts `count` records made by `make`, a batch per transaction. */
async function insert(
  payload: Payload,
  collection: string,
  count: number,
  make: (index: number) => Record<string, unknown>,
) {
  for (let start = 0; start < count; start += BATCH) {
    const transactionID = await payload.db.beginTransaction()
    const req = { transactionID, payload } as never
    for (let i = start; i < Math.min(count, start + BATCH); i++)
      await payload.db.create({ collection, data: make(i), req })
    if (transactionID) await payload.db.commitTransaction(transactionID)
  }
}

const slugOf = (text: string, id: number) =>
  `${text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id}`

export async function buildDataset(
  payload: Payload,
  size: DatasetSize,
  seed: number,
  log: (line: string) => void,
) {
  const fakers = {
    en: new Faker({ locale: [en] }),
    fr: new Faker({ locale: [fr, en] }),
    es: new Faker({ locale: [es, en] }),
  }
  for (const faker of Object.values(fakers)) faker.seed(seed)
  const faker = fakers.en
  const now = new Date().toISOString()
  const started = Date.now()
  const stamp = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`)

  await payload.create({
    collection: 'users',
    data: { ...BENCH_USER, role: 'administrator' } as never,
    overrideAccess: true,
  })
  const words = (locale: keyof typeof fakers, n: number) => fakers[locale].lorem.words(n)
  const localized = (n: number) => ({ en: words('en', n), fr: words('fr', n), es: words('es', n) })
  const base = { status: 'publish', publishedAt: now, createdAt: now, updatedAt: now, author: 1 }
  // Venues and organizers each published a minute apart, as a site's are: with one date for all,
  // SQLite sorts every row for a page by publication date rather than walk its index.
  const publishedApart = (i: number) => ({
    publishedAt: new Date(started - i * 60_000).toISOString(),
  })

  await insert(payload, 'event-categories', size.categories, (i) => {
    const id = i + 1
    const name = localized(2)
    return {
      id,
      name,
      slug: slugOf(name.en, id),
      parent: i < 20 ? null : (i % 20) + 1,
      createdAt: now,
      updatedAt: now,
    }
  })
  await insert(payload, 'event-tags', size.tags, (i) => {
    const name = localized(1)
    return { id: i + 1, name, slug: slugOf(name.en, i + 1), createdAt: now, updatedAt: now }
  })
  stamp(`${size.categories} categories, ${size.tags} tags`)
  await insert(payload, 'venues', size.venues, (i) => {
    const name = {
      en: `${faker.location.city()} Hall`,
      fr: `Salle ${faker.location.city()}`,
      es: `Sala ${faker.location.city()}`,
    }
    const geo =
      i % 2 === 0
        ? {
            geoLat: faker.location.latitude({ min: 35, max: 55 }),
            geoLng: faker.location.longitude({ min: -10, max: 20 }),
          }
        : {}
    return {
      ...base,
      ...publishedApart(i),
      id: i + 1,
      name,
      slug: slugOf(name.en, i + 1),
      address: faker.location.streetAddress(),
      city: faker.location.city(),
      country: faker.location.country(),
      zip: faker.location.zipCode(),
      phone: faker.phone.number(),
      showMap: true,
      showMapLink: true,
      ...geo,
    }
  })
  await insert(payload, 'organizers', size.organizers, (i) => {
    const name = {
      en: faker.company.name(),
      fr: fakers.fr.company.name(),
      es: fakers.es.company.name(),
    }
    return {
      ...base,
      ...publishedApart(i),
      id: i + 1,
      name,
      slug: slugOf(name.en, i + 1),
      email: faker.internet.email(),
      phone: faker.phone.number(),
      website: faker.internet.url(),
    }
  })
  stamp(`${size.venues} venues, ${size.organizers} organizers`)

  const uses = {
    'event-categories': new Map<number, number>(),
    'event-tags': new Map<number, number>(),
  }
  const use = (collection: keyof typeof uses, termIds: number[]) => {
    for (const id of termIds) uses[collection].set(id, (uses[collection].get(id) ?? 0) + 1)
    return termIds
  }
  const from = DateTime.utc().minus({ months: 6 }).startOf('day')
  const spanMinutes = 3 * 365 * 24 * 60
  await insert(payload, 'events', size.events, (i) => {
    const id = i + 1
    const zone = ZONES[i % ZONES.length]
    const start = from
      .plus({ minutes: faker.number.int({ min: 0, max: spanMinutes }) })
      .setZone(zone)
      .startOf('hour')
    const end = start.plus({ hours: faker.number.int({ min: 1, max: 4 }) })
    const title = {
      en: fakers.en.lorem.sentence({ min: 3, max: 6 }),
      fr: fakers.fr.lorem.sentence({ min: 3, max: 6 }),
      es: fakers.es.lorem.sentence({ min: 3, max: 6 }),
    }
    return {
      ...base,
      id,
      title,
      ...richText({
        en: fakers.en.lorem.paragraph(),
        fr: fakers.fr.lorem.paragraph(),
        es: fakers.es.lorem.paragraph(),
      }),
      slug: slugOf(title.en, id),
      startDate: start.toUTC().toISO(),
      endDate: end.toUTC().toISO(),
      startDateLocal: start.toFormat('yyyy-MM-dd HH:mm:ss'),
      endDateLocal: end.toFormat('yyyy-MM-dd HH:mm:ss'),
      timezone: zone,
      allDay: false,
      venue: faker.number.int({ min: 1, max: size.venues }),
      organizers: faker.helpers.uniqueArray(
        () => faker.number.int({ min: 1, max: size.organizers }),
        faker.number.int({ min: 0, max: 2 }),
      ),
      categories: use(
        'event-categories',
        faker.helpers.uniqueArray(
          () => faker.number.int({ min: 1, max: size.categories }),
          faker.number.int({ min: 1, max: 2 }),
        ),
      ),
      tags: use(
        'event-tags',
        faker.helpers.uniqueArray(
          () => faker.number.int({ min: 1, max: size.tags }),
          faker.number.int({ min: 0, max: 3 }),
        ),
      ),
      cost: i % 3 === 0 ? [] : [`€${faker.number.int({ min: 5, max: 80 })}`],
      currencySymbol: i % 3 === 0 ? null : '€',
      currencyPosition: i % 3 === 0 ? null : 'prefix',
      showMap: true,
      showMapLink: true,
      hideFromListings: i % 50 === 0,
      featured: i % 10 === 0,
      sticky: false,
      ticketed: i % 4 === 0,
    }
  })
  stamp(`${size.events} events`)
  // Every generated event is published: both stored counts are the number of uses.
  for (const [collection, counts] of Object.entries(uses)) {
    for (const [id, count] of counts)
      await payload.db.updateOne({
        collection,
        id,
        data: { eventCount: count, publicEventCount: count },
      })
  }
  stamp('term counts')
}
