/** The field tables: what the arguments, the writes, the records and the schemas read from them. */
import { describe, expect, test } from '@jest/globals'
import type { Config } from 'payload'
import { Value } from 'typebox/value'
import type { Context, RecordContext } from '../../endpoints/context.js'
import { EVENT_FIELDS } from '../../endpoints/fields/events.js'
import { ORGANIZER_FIELDS } from '../../endpoints/fields/organizers.js'
import {
  dataOf,
  paramsOf,
  recordOf,
  searchFieldsOf,
  storedArgs,
  type FieldTable,
} from '../../endpoints/fields/table.js'
import { CATEGORY_FIELDS, TAG_FIELDS } from '../../endpoints/fields/terms.js'
import { Venue, VENUE_FIELDS } from '../../endpoints/fields/venues.js'
import { venueRecord } from '../../endpoints/fields/linkedRecords.js'
import { resolveOptions } from '../../core/options.js'

const options = resolveOptions(
  { siteTimezone: 'America/New_York', siteUrl: 'https://example.org' },
  {} as Config,
)
const recordContext: RecordContext = {
  siteUrl: 'https://example.org',
  root: 'https://example.org/api/cal/events/v1/',
  linkLanguage: null,
  lang: 'en',
  options,
  user: null,
}
/** A write's context, for the keys whose writes need no database. */
const writeContext = { ...recordContext, now: new Date('2030-06-01T12:00:00Z') } as Context

const TABLES: Record<string, FieldTable<any>> = {
  events: EVENT_FIELDS,
  venues: VENUE_FIELDS,
  organizers: ORGANIZER_FIELDS,
  categories: CATEGORY_FIELDS,
  tags: TAG_FIELDS,
}

describe('arguments', () => {
  test('create requires what the contract requires, update nothing', () => {
    const required = (table: FieldTable<any>, creating: boolean) =>
      Object.entries(paramsOf(table, { creating })).flatMap(([name, spec]) =>
        spec.required ? [name] : [],
      )
    expect(required(EVENT_FIELDS, true)).toEqual(['title', 'start_date', 'end_date'])
    expect(required(VENUE_FIELDS, true)).toEqual(['venue'])
    expect(required(ORGANIZER_FIELDS, true)).toEqual(['organizer'])
    expect(required(CATEGORY_FIELDS, true)).toEqual(['name'])
    for (const table of Object.values(TABLES)) expect(required(table, false)).toEqual([])
  })

  test('every argument is a key of the record it writes, and says where it is stored', () => {
    for (const [name, table] of Object.entries(TABLES)) {
      for (const [key, entry] of Object.entries(table)) {
        if (entry.param)
          expect({ name, key, stored: Boolean(entry.field || entry.write) }).toEqual({
            name,
            key,
            stored: true,
          })
      }
    }
  })

  test('venues and organizers take the post arguments; only events and terms take a slug', () => {
    const names = (table: FieldTable<any>) => Object.keys(paramsOf(table, { creating: true }))
    for (const table of [EVENT_FIELDS, VENUE_FIELDS, ORGANIZER_FIELDS])
      expect(names(table)).toEqual(
        expect.arrayContaining(['author', 'status', 'date', 'date_utc', 'image']),
      )
    expect(names(VENUE_FIELDS)).not.toContain('slug')
    expect(names(EVENT_FIELDS)).toContain('slug')
    expect(names(TAG_FIELDS)).not.toContain('parent')
  })
})

describe('writes', () => {
  test('copy the given arguments into their fields and leave the others out', async () => {
    const data = await dataOf(
      ORGANIZER_FIELDS,
      { organizer: 'Ada', email: 'ada@example.org' },
      writeContext,
      { id: 1 },
    )
    expect(data).toEqual({ name: 'Ada', email: 'ada@example.org' })
  })

  test('a venue created without stateprovince gets the state in the US, else the province; an update keeps it', async () => {
    expect(
      await dataOf(
        VENUE_FIELDS,
        { venue: 'A', country: 'United States', state: 'NY', province: 'P' },
        writeContext,
        null,
      ),
    ).toMatchObject({ stateprovince: 'NY' })
    expect(
      await dataOf(
        VENUE_FIELDS,
        { venue: 'A', country: 'France', state: 'S', province: 'Rhône' },
        writeContext,
        null,
      ),
    ).toMatchObject({ stateprovince: 'Rhône' })
    expect(await dataOf(VENUE_FIELDS, { city: 'Lyon' }, writeContext, { id: 1 })).toEqual({
      city: 'Lyon',
    })
  })

  test('dates are read in the event zone; date in the site zone, date_utc in UTC', async () => {
    const data = await dataOf(
      EVENT_FIELDS,
      {
        start_date: '2031-03-30 01:30:00',
        end_date: '2031-03-30 03:30:00',
        timezone: 'Europe/Paris',
        date: '2030-01-02 03:04:05',
      },
      writeContext,
      null,
    )
    // 01:30 is winter time in Paris (UTC+1), 03:30 summer time (UTC+2): the clocks went forward at
    // 02:00.
    expect(data).toMatchObject({
      startDate: '2031-03-30T00:30:00.000Z',
      endDate: '2031-03-30T01:30:00.000Z',
      timezone: 'Europe/Paris',
      publishedAt: '2030-01-02T03:04:05.000-05:00',
    })
    expect(
      (
        await dataOf(
          EVENT_FIELDS,
          { date_utc: '2030-01-02 03:04:05', date: '1999-01-01' },
          writeContext,
          { id: 1 },
        )
      ).publishedAt,
    ).toBe('2030-01-02T03:04:05.000Z')
  })

  test('a new zone alone keeps the stored wall clocks', async () => {
    const stored = {
      id: 1,
      startDate: '2031-01-10T19:00:00.000Z',
      endDate: '2031-01-10T22:00:00.000Z',
      startDateLocal: '2031-01-10 20:00:00',
      endDateLocal: '2031-01-10 23:00:00',
      timezone: 'Europe/Paris',
    }
    expect(
      await dataOf(EVENT_FIELDS, { timezone: 'America/New_York' }, writeContext, stored),
    ).toEqual({
      startDate: '2031-01-11T01:00:00.000Z',
      endDate: '2031-01-11T04:00:00.000Z',
      timezone: 'America/New_York',
    })
  })
})

describe('records', () => {
  const venue = {
    id: 7,
    name: 'Hall & Co',
    slug: 'hall',
    status: 'publish',
    address: '1 Main St',
    state: 'NY',
    stateprovince: 'NY',
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    hasPassword: true,
  }

  test('give every key in table order and match the schema made from the same table', () => {
    const record = venueRecord({ ...venue, hasPassword: false }, recordContext, {
      images: new Map(),
    })
    expect(Object.keys(record)).toEqual(
      Object.keys(VENUE_FIELDS).filter((key) => !['geo_lat', 'geo_lng', 'json_ld'].includes(key)),
    )
    expect(Value.Check(Venue, record)).toBe(true)
    expect(record.venue).toBe('Hall &#038; Co')
  })

  test('a locked record hides what the table marks, and keeps the state (docs/v1-reference.md §3.4)', () => {
    const locked = recordOf(
      VENUE_FIELDS,
      { doc: venue, context: recordContext, images: new Map() },
      true,
    )
    expect(locked).toMatchObject({
      venue: '',
      address: '',
      stateprovince: '',
      state: 'NY',
      image: false,
      show_map: null,
      slug: 'hall',
    })
    expect(locked).not.toHaveProperty('geo_lat')
  })
})

test('search comes from the tables', () => {
  expect(searchFieldsOf(VENUE_FIELDS)).toEqual([
    'name',
    'descriptionHtml',
    'address',
    'city',
    'province',
    'state',
    'zip',
    'phone',
    'stateprovince',
  ])
  expect(searchFieldsOf(ORGANIZER_FIELDS)).toEqual([
    'name',
    'descriptionHtml',
    'phone',
    'website',
    'email',
  ])
  expect(searchFieldsOf(EVENT_FIELDS)).toEqual(['title', 'descriptionHtml', 'excerptHtml'])
})

test('stored values read back as the arguments of their keys', () => {
  const stored = { id: 1, geoLat: 45.7, geoLng: null, showMap: false }
  expect(storedArgs(VENUE_FIELDS, stored, ['geo_lat', 'geo_lng', 'show_map'])).toEqual({
    geo_lat: 45.7,
    show_map: false,
  })
})
