import { describe, expect, it } from '@jest/globals'
import { eventCost, eventData } from '../../features/import/eventData.js'
import { organizerData, venueData } from '../../features/import/records.js'
import { linkOf, linksOf, listOf, parentsFirst } from '../../features/import/recordLinks.js'
import { modifiedStamp, newContext, sourceKind, utcInstant } from '../../features/import/values.js'
import { sourceKey } from '../../features/import/run.js'
import { normalizeRoot, parseHeader, rebase, withArguments } from '../../features/import/source.js'

describe('import: v1 records into collection data', () => {
  it('keeps the cost as entered, with the currency the source names or shows', () => {
    expect(
      eventCost({
        cost: '€15',
        cost_details: { currency_symbol: '€', currency_position: 'prefix', values: ['15'] },
      }),
    ).toEqual({ cost: ['15'], currencySymbol: '€', currencyPosition: 'prefix' })
    expect(
      eventCost({
        cost: '$120',
        cost_details: { currency_symbol: '', currency_position: '', values: ['50.', '75.', '120'] },
      }),
    ).toEqual({ cost: ['50', '75', '120'], currencySymbol: '$', currencyPosition: 'prefix' })
    expect(
      eventCost({ cost: 'Free', cost_details: { currency_symbol: '', values: ['free'] } }),
    ).toEqual({ cost: ['Free'], currencySymbol: null, currencyPosition: null })
    expect(eventCost({ cost: '', cost_details: { values: [] } })).toEqual({
      cost: [],
      currencySymbol: null,
      currencyPosition: null,
    })
  })

  it('reads dates from their UTC forms, puts an early or missing end at the start, refuses an event without dates', () => {
    const base = {
      id: 1,
      title: 'A &amp; B',
      status: 'publish',
      timezone: 'Europe/Paris',
      utc_start_date: '2026-12-04 18:00:00',
      utc_end_date: '2026-12-04 20:00:00',
      date_utc: '0000-00-00 00:00:00',
    }
    const data = eventData(base, 'wordpress', 'UTC')
    expect(data).toMatchObject({
      title: 'A & B',
      startDate: '2026-12-04T18:00:00.000Z',
      endDate: '2026-12-04T20:00:00.000Z',
      timezone: 'Europe/Paris',
      publishedAt: null,
    })
    expect(eventData(base, 'calendar', 'UTC').title).toBe('A &amp; B')
    expect(() =>
      eventData(
        { ...base, utc_start_date: 'soon', start_date: 'soon', utc_end_date: '', end_date: '' },
        'wordpress',
        'UTC',
      ),
    ).toThrow(/unreadable dates/)
    const early = newContext()
    expect(
      eventData({ ...base, utc_end_date: '2026-12-04 17:00:00' }, 'wordpress', 'UTC', early),
    ).toMatchObject({ startDate: '2026-12-04T18:00:00.000Z', endDate: '2026-12-04T18:00:00.000Z' })
    expect(early.notes).toEqual(['ended before it started (undefined): the end put at the start'])
    const zero = newContext()
    expect(
      eventData(
        { ...base, utc_end_date: undefined, end_date: '0000-00-00 00:00:00' },
        'wordpress',
        'UTC',
        zero,
      ).endDate,
    ).toBe('2026-12-04T18:00:00.000Z')
    expect(zero.notes).toEqual(['end "0000-00-00 00:00:00" unreadable: the start used'])
    expect(
      eventData(
        { ...base, website: 'http://x/event/a/', url: 'http://x/event/a/' },
        'wordpress',
        'UTC',
      ).website,
    ).toBeNull()
  })

  it('keeps the source’s slug; a post without one (a draft) gets its title and source id (#47)', () => {
    const draft = {
      id: 1234,
      status: 'draft',
      slug: '',
      title: 'An event',
      start_date: '2030-01-01 10:00:00',
      end_date: '2030-01-01 11:00:00',
    }
    const slug = (record: Record<string, unknown>) => eventData(record, 'wordpress', 'UTC').slug
    expect(slug(draft)).toBe('an-event-1234')
    expect(slug({ ...draft, status: 'publish', slug: 'an-event' })).toBe('an-event')
    expect(slug({ ...draft, slug: undefined, title: 'Caf&eacute; &amp; Bar' })).toBe(
      'cafe-and-bar-1234',
    )
    expect(slug({ ...draft, title: [] })).toBe('event-1234')
    const long = slug({ ...draft, title: 'Long '.repeat(100) }) as string
    expect([long.length <= 180, long.endsWith('-long-1234')]).toEqual([true, true])
    expect(venueData({ id: 7, status: 'draft', venue: 'Secret Cellar' }, 'wordpress').slug).toBe(
      'secret-cellar-7',
    )
    expect(organizerData({ id: 8, status: 'pending', name: '' }, 'wordpress').slug).toBe(
      'organizer-8',
    )
  })

  it('reads what PHP sends in other shapes, and says what it put right', () => {
    const context = newContext(20)
    expect(
      venueData(
        { id: 7, slug: 'hall', venue: [], zip: 69002, phone: ['1', '2'], website: 'www.x.org' },
        'wordpress',
        context,
      ),
    ).toMatchObject({
      name: '(no name) hall',
      zip: '69002',
      phone: '1, 2',
      website: 'http://www.x.org',
      status: 'draft',
    })
    expect(context.notes).toEqual([
      'status was undefined: imported as a draft',
      'name was []: named "(no name) hall"',
      'website "www.x.org" had no scheme: http:// added',
    ])
    const cut = newContext(5)
    expect(
      organizerData(
        { id: 8, status: 'publish', organizer: 'A\u0000bcdefgh', email: 'no@' },
        'calendar',
        cut,
      ),
    ).toMatchObject({ name: 'Abcde', email: null })
    expect(cut.notes).toEqual([
      'email "no@" is not an address: left out',
      'name had control characters: dropped',
      'name had 8 characters: cut at 5',
    ])
    expect(listOf({ 0: { id: 1 }, 2: { id: 3 } }).map((t) => t.id)).toEqual([1, 3])
    expect(listOf(false)).toEqual([])
    expect(listOf({ id: 4 })).toEqual([{ id: 4 }])
    expect(linkOf([])).toBeNull()
    expect(linkOf(12)).toEqual({ id: 12 })
    expect(linkOf({ id: 0 })).toBeNull()
  })

  it('reads linked records given as objects, ids, numeric strings or PHP lists with holes', () => {
    expect(linksOf([{ id: 1, organizer: 'A' }, 2, '3', 0, null])).toEqual([
      { id: 1, organizer: 'A' },
      { id: 2 },
      { id: 3 },
    ])
    expect(linksOf({ 0: 5, 2: { id: 6 } })).toEqual([{ id: 5 }, { id: 6 }])
    expect(linksOf({ id: 7, name: 'Jazz' })).toEqual([{ id: 7, name: 'Jazz' }])
    expect(linksOf(8)).toEqual([{ id: 8 }])
    for (const none of [[], false, null, '', {}]) expect(linksOf(none)).toEqual([])
  })

  it('a password-protected event listed without its content: null flags at their defaults, noted', () => {
    const context = newContext()
    const data = eventData(
      {
        id: 9,
        status: 'publish',
        title: 'Locked',
        utc_start_date: '2031-01-01 10:00:00',
        utc_end_date: '2031-01-01 12:00:00',
        all_day: null,
        featured: null,
        sticky: null,
        hide_from_listings: null,
        show_map: null,
        show_map_link: null,
      },
      'wordpress',
      'UTC',
      context,
    )
    expect(data).toMatchObject({
      allDay: false,
      featured: false,
      sticky: false,
      hideFromListings: false,
      showMap: true,
      showMapLink: true,
    })
    expect(context.notes).toEqual([expect.stringMatching(/^password-protected at the source/)])
  })

  it('keeps no coordinates unless both are given', () => {
    expect(
      venueData({ venue: 'Hall', geo_lat: '45.7', geo_lng: '4.8' }, 'wordpress'),
    ).toMatchObject({ name: 'Hall', geoLat: 45.7, geoLng: 4.8 })
    expect(venueData({ venue: 'Hall', geo_lat: '45.7' }, 'wordpress')).toMatchObject({
      geoLat: null,
      geoLng: null,
    })
  })

  it('orders categories parents first, whatever the source’s order, and survives a cycle', () => {
    const ordered = parentsFirst([
      { id: 3, parent: 2 },
      { id: 2, parent: 1 },
      { id: 1, parent: 0 },
      { id: 9, parent: 9 },
    ])
    expect(ordered.map((t) => t.id)).toEqual([1, 2, 3, 9])
  })

  it('reads stamps, roots, headers and next links', () => {
    expect(utcInstant('0000-00-00 00:00:00')).toBeNull()
    expect(
      modifiedStamp({ modified: '2026-01-01 10:00:00', modified_utc: '0000-00-00 00:00:00' }),
    ).toBe('2026-01-01 10:00:00')
    expect(sourceKind('http://x/wp-json/tribe/events/v1/')).toBe('wordpress')
    expect(sourceKind('http://x/api/cal/events/v1/')).toBe('calendar')
    expect(normalizeRoot('https://x/wp-json/tribe/events/v1')).toBe(
      'https://x/wp-json/tribe/events/v1/',
    )
    expect(() => normalizeRoot('https://x/wp-json/')).toThrow(/not a v1 root/)
    expect(() => normalizeRoot('file:///etc/passwd')).toThrow(/http/)
    expect(parseHeader('Authorization: Basic abc')).toEqual(['Authorization', 'Basic abc'])
    expect(() => parseHeader('no colon')).toThrow()
    expect(
      rebase(
        'http://127.0.0.1:5000/wp-json/tribe/events/v1/',
        'http://inner:8089/wp-json/tribe/events/v1/events/?page=2',
      ),
    ).toBe('http://127.0.0.1:5000/wp-json/tribe/events/v1/events/?page=2')
    expect(sourceKey('http://x/fr/wp-json/tribe/events/v1/', 'fr')).toBe(
      'http://x/wp-json/tribe/events/v1/',
    )
    // A next page keeps the arguments of the first that the server left out, and its own.
    expect(
      withArguments(
        'http://x/api/cal/events/v1/tags?per_page=50&hide_empty=false',
        'http://x/api/cal/events/v1/tags/?page=2',
      ),
    ).toBe('http://x/api/cal/events/v1/tags/?page=2&per_page=50&hide_empty=false')
    expect(
      withArguments(
        'http://x/v1/events?start_date=2026-01-01',
        'http://x/v1/events/?start_date=2026-01-01+00%3A00%3A00&page=2',
      ),
    ).toBe('http://x/v1/events/?start_date=2026-01-01+00%3A00%3A00&page=2')
  })
})

describe('import: event status and attendance', () => {
  const base = {
    id: 7,
    title: 'Status',
    status: 'publish',
    utc_start_date: '2029-06-01 17:00:00',
    utc_end_date: '2029-06-01 19:00:00',
    timezone: 'Europe/Paris',
  }
  const statusOf = (record: Record<string, unknown>, context = newContext()) => {
    const data = eventData({ ...base, ...record }, 'calendar', 'UTC', context)
    return Object.fromEntries(
      [
        'eventStatus',
        'eventStatusReason',
        'previousStartDate',
        'attendanceMode',
        'onlineUrl',
      ].flatMap((key) => (key in data ? [[key, data[key]]] : [])),
    )
  }

  it('reads this calendar’s v1 keys, the previous start in the event’s zone', () => {
    expect(
      statusOf({
        event_status: 'rescheduled',
        event_status_reason: 'Storm',
        previous_start_date: '2029-05-20 19:00:00',
        attendance_mode: 'mixed',
        online_url: 'https://stream.example/a',
      }),
    ).toEqual({
      eventStatus: 'rescheduled',
      eventStatusReason: 'Storm',
      previousStartDate: '2029-05-20T17:00:00.000Z',
      attendanceMode: 'mixed',
      onlineUrl: 'https://stream.example/a',
    })
  })

  it('reads The Events Calendar Pro’s virtual events and schema.org JSON-LD', () => {
    expect(statusOf({ is_virtual: true, virtual_url: 'https://pro.example/room' })).toEqual({
      attendanceMode: 'online',
      onlineUrl: 'https://pro.example/room',
    })
    expect(statusOf({ is_virtual: true, venue: { id: 3, venue: 'Hall' } })).toEqual({
      attendanceMode: 'mixed',
    })
    expect(statusOf({ is_virtual: false, venue: [] })).toEqual({ attendanceMode: 'offline' })
    expect(
      statusOf({
        json_ld: {
          eventStatus: 'https://schema.org/EventCancelled',
          eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        },
      }),
    ).toEqual({ eventStatus: 'canceled', attendanceMode: 'online' })
  })

  it('leaves out what the source does not show, and says what it could not read', () => {
    // The Events Calendar's free plugin shows no status in its archive: what an editor set stays.
    expect(statusOf({})).toEqual({})
    const context = newContext()
    expect(statusOf({ event_status: 'maybe', online_url: 'ftp://x.example' }, context)).toEqual({})
    expect(context.notes).toEqual([
      'event status "maybe" unknown: left out',
      'online address "ftp://x.example" is not an http(s) address: left out',
    ])
  })
})
