/**
 * The pure parts of `payload-events-calendar/react`: dates in the event's zone and the visitor's
 * across DST changes, "add to calendar" links, the event's calendar file, JSON-LD as script text.
 */
import { describe, expect, it } from '@jest/globals'
import { calendarLinks, icsUrlOf, type CalendarEntry } from '../../features/react/calendarLinks.js'
import { scriptJson } from '../../features/react/EventJsonLd.js'
import { eventTimes, formatStart, formatWhen, sameTimeIn } from '../../features/react/format.js'
import { eventHref } from '../../features/react/UpcomingEvents.js'

/** 28 March 2027, 01:30-04:00 in Paris: the night it moves from +01:00 to +02:00. */
const springForward = eventTimes({
  all_day: false,
  start_date: '2027-03-28 01:30:00',
  end_date: '2027-03-28 04:00:00',
  utc_start_date: '2027-03-28 00:30:00',
  utc_end_date: '2027-03-28 02:00:00',
  timezone: 'Europe/Paris',
})
/** 7 November 2027, 00:30-03:30 in New York: it goes back from -04:00 to -05:00 at 02:00. */
const fallBack = eventTimes({
  all_day: false,
  start_date: '2027-11-07 00:30:00',
  end_date: '2027-11-07 03:30:00',
  utc_start_date: '2027-11-07 04:30:00',
  utc_end_date: '2027-11-07 08:30:00',
  timezone: 'America/New_York',
})
const festival = eventTimes({
  all_day: true,
  start_date: '2027-06-10 00:00:00',
  end_date: '2027-06-12 23:59:59',
  utc_start_date: '2027-06-09 22:00:00',
  utc_end_date: '2027-06-12 21:59:59',
  timezone: 'Europe/Paris',
})

/** Intl writes narrow and thin no-break spaces where the expectations have spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ')

describe('formatWhen', () => {
  it('says each end’s own offset across a change (a range would give one for both)', () => {
    expect(spaced(formatWhen(springForward, 'en', 'Europe/Paris'))).toBe(
      'Sunday, March 28, 2027 at 1:30 AM GMT+1 – 4:00 AM GMT+2',
    )
    expect(spaced(formatWhen(fallBack, 'en', 'America/New_York'))).toBe(
      'Sunday, November 7, 2027 at 12:30 AM EDT – 3:30 AM EST',
    )
  })

  it('gives the same instants in another zone, in its language', () => {
    expect(spaced(formatWhen(springForward, 'fr', 'America/New_York'))).toBe(
      'samedi 27 mars 2027, 20:30 – 22:00 UTC−4',
    )
    expect(spaced(formatWhen(fallBack, 'es', 'Europe/Paris'))).toBe(
      'domingo, 7 de noviembre de 2027, 5:30–9:30 CET',
    )
  })

  it('gives an all-day event its days, in every zone', () => {
    for (const zone of ['Europe/Paris', 'Pacific/Auckland', 'America/Los_Angeles'])
      expect(spaced(formatWhen(festival, 'fr', zone))).toBe('jeudi 10 – samedi 12 juin 2027')
    expect(spaced(formatStart(festival, 'en', 'Pacific/Auckland'))).toBe('Jun 10, 2027')
  })

  it('knows when the visitor’s zone says the same time', () => {
    expect(sameTimeIn(springForward.start, 'Europe/Paris', 'Europe/Berlin')).toBe(true)
    expect(sameTimeIn(springForward.start, 'Europe/Paris', 'Europe/London')).toBe(false)
  })
})

describe('calendarLinks', () => {
  const entry: CalendarEntry = {
    title: 'Jazz & blues',
    details: 'Bring a friend.',
    location: 'Salle Pleyel, Paris',
    times: springForward,
    icsUrl: 'https://calendar.example.org/api/cal/ical/events/12.ics?translation_language=fr',
  }
  const params = (link: string) => Object.fromEntries(new URL(link).searchParams)

  it('adds a timed event at its instants, in UTC, with its zone for Google', () => {
    const links = calendarLinks(entry)
    expect(links.google.startsWith('https://calendar.google.com/calendar/render?')).toBe(true)
    expect(params(links.google)).toEqual({
      action: 'TEMPLATE',
      text: 'Jazz & blues',
      dates: '20270328T003000Z/20270328T020000Z',
      details: 'Bring a friend.',
      location: 'Salle Pleyel, Paris',
      ctz: 'Europe/Paris',
    })
    expect(
      links.outlook365.startsWith('https://outlook.office.com/calendar/0/deeplink/compose?'),
    ).toBe(true)
    expect(
      links.outlookCom.startsWith('https://outlook.live.com/calendar/0/deeplink/compose?'),
    ).toBe(true)
    expect(params(links.outlook365)).toMatchObject({
      subject: 'Jazz & blues',
      startdt: '2027-03-28T00:30:00Z',
      enddt: '2027-03-28T02:00:00Z',
      allday: 'false',
      location: 'Salle Pleyel, Paris',
    })
    expect(links.apple).toBe(
      'webcal://calendar.example.org/api/cal/ical/events/12.ics?translation_language=fr',
    )
    expect(links.ics).toBe(entry.icsUrl)
  })

  it('adds an all-day event on its days, the end the day after its last', () => {
    const links = calendarLinks({ ...entry, times: festival })
    expect(params(links.google).dates).toBe('20270610/20270613')
    expect(params(links.outlookCom)).toMatchObject({
      startdt: '2027-06-10',
      enddt: '2027-06-13',
      allday: 'true',
    })
  })

  it('cuts a long description', () => {
    const links = calendarLinks({ ...entry, details: 'x'.repeat(5000) })
    expect(params(links.google).details).toHaveLength(1000)
  })
})

describe('the rest', () => {
  it('finds an event’s calendar file from its v1 rest_url, language kept', () => {
    expect(
      icsUrlOf('https://example.org/api/cal/events/v1/events/12?translation_language=fr'),
    ).toBe('https://example.org/api/cal/ical/events/12.ics?translation_language=fr')
    expect(icsUrlOf('http://127.0.0.1:3000/fr/api/cal/events/v1/events/7')).toBe(
      'http://127.0.0.1:3000/fr/api/cal/ical/events/7.ics',
    )
  })

  it('writes JSON-LD that no text can end the script of', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script>', note: '<!--' })
    expect(text).not.toMatch(/<\/script|<!--/i)
    expect(JSON.parse(text)).toEqual({
      name: '</script><script>alert(1)</script>',
      note: '<!--',
    })
  })

  it('makes an event’s page from a path, or gives its url', () => {
    const event = { id: 4, slug: 'fête', url: 'https://example.org/event/fete/' }
    expect(eventHref(event, '/events/{slug}')).toBe('/events/f%C3%AAte')
    expect(eventHref(event, '/e/{id}')).toBe('/e/4')
    expect(eventHref(event)).toBe(event.url)
  })
})
