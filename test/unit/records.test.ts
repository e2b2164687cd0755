/** Record builders from stored documents, without Payload: the shapes and values clients read. */
import { describe, expect, test } from '@jest/globals'
import type { RecordContext } from '../../endpoints/context.js'
import type { Doc } from '../../endpoints/parts/common.js'
import { eventRecord } from '../../endpoints/records/event.js'
import { zoneAbbreviation } from '../../core/lib/time.js'
import { noRelated } from '../../endpoints/related.js'
import { termRecord } from '../../endpoints/fields/termRecords.js'
import { resolveOptions } from '../../core/options.js'
import type { Config } from 'payload'

const options = resolveOptions(
  { siteTimezone: 'America/New_York', siteUrl: 'https://example.org' },
  {} as Config,
)
const context = (lang: 'en' | 'fr' = 'en'): RecordContext => ({
  siteUrl: 'https://example.org',
  root: `https://example.org${lang === 'en' ? '' : `/${lang}`}/api/cal/events/v1/`,
  linkLanguage: null,
  lang,
  options,
  user: null,
})

const stored: Doc = {
  id: 42,
  title: 'Jazz Night',
  descriptionHtml: '<p>Quartet</p>',
  slug: 'jazz-night',
  status: 'publish',
  author: 3,
  // Paris, 20:00–23:00 on a winter evening; published at 14:23:36 New York time.
  startDate: '2031-01-10T19:00:00.000Z',
  endDate: '2031-01-10T22:00:00.000Z',
  startDateLocal: '2031-01-10 20:00:00',
  endDateLocal: '2031-01-10 23:00:00',
  timezone: 'Europe/Paris',
  publishedAt: '2017-01-05T19:23:36.000Z',
  createdAt: '2017-01-05T19:23:36.000Z',
  updatedAt: '2017-01-06T10:00:00.000Z',
  cost: ['€15', '€25'],
  currencySymbol: '€',
  currencyPosition: 'prefix',
  venue: 7,
  categories: [5],
}

describe('eventRecord', () => {
  test('dates: wall clocks in the event zone, publication in the site zone, UTC copies', () => {
    const record = eventRecord(stored, context(), noRelated())
    expect(record).toMatchObject({
      date: '2017-01-05 14:23:36',
      date_utc: '2017-01-05 19:23:36',
      modified: '2017-01-06 05:00:00',
      start_date: '2031-01-10 20:00:00',
      end_date: '2031-01-10 23:00:00',
      utc_start_date: '2031-01-10 19:00:00',
      timezone: 'Europe/Paris',
      timezone_abbr: 'CET',
    })
    expect(record.start_date_details).toEqual({
      year: '2031',
      month: '01',
      day: '10',
      hour: '20',
      minutes: '00',
      seconds: '00',
    })
  })

  test('links carry the language segment; a missing venue is [], missing terms are left out', () => {
    const record = eventRecord(stored, context('fr'), noRelated())
    expect(record.url).toBe('https://example.org/fr/event/jazz-night/')
    expect(record.rest_url).toBe('https://example.org/fr/api/cal/events/v1/events/42')
    expect(record.global_id).toBe('example.org?id=42')
    expect(record.venue).toEqual([])
    expect(record.categories).toEqual([])
    expect(record.website).toBe(record.url)
  })

  test('cost with its stored currency, and embedded terms with their counts', () => {
    const related = noRelated()
    related.categories.set(5, {
      id: 5,
      name: 'Jazz',
      slug: 'jazz',
      eventCount: 4,
      publicEventCount: 3,
      updatedAt: '2031-01-01T00:00:00.000Z',
      createdAt: '2031-01-01T00:00:00.000Z',
    })
    const record = eventRecord(stored, context(), related)
    expect(record.cost).toBe('€15 – €25')
    expect(record.cost_details).toMatchObject({
      currency_symbol: '€',
      currency_position: 'prefix',
      values: ['15', '25'],
    })
    expect(record.categories).toMatchObject([
      { id: 5, name: 'Jazz', slug: 'jazz', taxonomy: 'tribe_events_cat', count: 3 },
    ])
  })

  test('a protected event without its password shows no content; with it, all', () => {
    const locked = { ...stored, hasPassword: true }
    const related = noRelated()
    related.passwords.set('events:42', 'secret')
    expect(eventRecord(locked, context(), related)).toMatchObject({
      title: 'Jazz Night',
      description: '',
    })
    expect(eventRecord(locked, context(), related, { givenPassword: 'secret' }).description).toBe(
      '<p>Quartet</p>',
    )
  })
})

describe('termRecord', () => {
  test('the anchor’s shape, with urls under the root', () => {
    const record = termRecord(
      { id: 9, name: 'Blues', slug: 'blues', parent: 5, descriptionHtml: '' },
      'categories',
      2,
      context('fr'),
    )
    expect(record).toMatchObject({
      id: 9,
      count: 2,
      name: 'Blues',
      slug: 'blues',
      taxonomy: 'tribe_events_cat',
      parent: 5,
    })
    expect(record.url).toBe('https://example.org/fr/events/category/blues/')
    expect(record.urls).toEqual({
      self: 'https://example.org/fr/api/cal/events/v1/categories/9',
      collection: 'https://example.org/fr/api/cal/events/v1/categories',
      up: 'https://example.org/fr/api/cal/events/v1/categories/5',
    })
  })
})

describe('zoneAbbreviation', () => {
  test('by the offset in force: CET in winter, CEST in summer; offsets as written', () => {
    expect(zoneAbbreviation('Europe/Paris', new Date('2031-01-10T12:00:00Z'))).toBe('CET')
    expect(zoneAbbreviation('Europe/Paris', new Date('2031-07-10T12:00:00Z'))).toBe('CEST')
    expect(zoneAbbreviation('America/New_York', new Date('2031-07-10T12:00:00Z'))).toBe('EDT')
    expect(zoneAbbreviation('UTC+2', new Date())).toBe('UTC+2')
    expect(zoneAbbreviation('UTC', new Date())).toBe('UTC')
  })
})
