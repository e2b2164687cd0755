import { describe, expect, it } from '@jest/globals'
import { parseIcal } from '../../features/import/icalEvents.js'

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n')

describe('parseIcal: recurring events', () => {
  it('RRULE, RDATE and EXDATE become the series’ rules and wall-clock dates in its zone', () => {
    const { events, failures } = parseIcal(
      calendar(
        'BEGIN:VEVENT',
        'UID:choir@example.org',
        'DTSTART;TZID=Europe/Paris:20270302T190000',
        'DTEND;TZID=Europe/Paris:20270302T210000',
        'SUMMARY:Choir',
        'RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z',
        'RDATE;TZID=Europe/Paris:20270705T190000',
        // An excluded date given in UTC: 30 March 17:00 UTC is 19:00 in Paris (summer time).
        'EXDATE:20270330T170000Z',
        'EXDATE;TZID=Europe/Paris:20270406T190000',
        'END:VEVENT',
      ),
      'UTC',
    )
    expect(failures).toEqual([])
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      sourceId: 'choir@example.org',
      timezone: 'Europe/Paris',
      recurrence: {
        rules: ['FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z'],
        rdates: ['2027-07-05 19:00:00'],
        exdates: ['2027-03-30 19:00:00', '2027-04-06 19:00:00'],
      },
      occurrenceOf: null,
    })
  })

  it('a VEVENT with RECURRENCE-ID is a changed date of its series, not a series', () => {
    const { events } = parseIcal(
      calendar(
        'BEGIN:VEVENT',
        'UID:choir@example.org',
        'RECURRENCE-ID;TZID=Europe/Paris:20270309T190000',
        'DTSTART;TZID=Europe/Paris:20270309T200000',
        'DTEND;TZID=Europe/Paris:20270309T220000',
        'SUMMARY:Choir (late)',
        'END:VEVENT',
      ),
      'UTC',
    )
    expect(events[0]).toMatchObject({
      sourceId: 'choir@example.org@2027-03-09T19:00:00',
      recurrence: null,
      occurrenceOf: { uid: 'choir@example.org', tzid: 'Europe/Paris' },
    })
  })

  it('an all-day series keeps its dates as days', () => {
    const { events } = parseIcal(
      calendar(
        'BEGIN:VEVENT',
        'UID:fair@example.org',
        'DTSTART;VALUE=DATE:20270501',
        'DTEND;VALUE=DATE:20270502',
        'SUMMARY:Fair',
        'RRULE:FREQ=YEARLY;COUNT=3',
        'EXDATE;VALUE=DATE:20280501',
        'END:VEVENT',
      ),
      'Europe/Madrid',
    )
    expect(events[0]).toMatchObject({
      allDay: true,
      recurrence: { rules: ['FREQ=YEARLY;COUNT=3'], rdates: [], exdates: ['2028-05-01 00:00:00'] },
    })
  })
})

describe('parseIcal: status and online locations', () => {
  const event = (...lines: string[]) =>
    parseIcal(
      calendar(
        'BEGIN:VEVENT',
        'UID:one@example.org',
        'DTSTART:20290801T180000Z',
        'DTEND:20290801T200000Z',
        'SUMMARY:One',
        ...lines,
        'END:VEVENT',
      ),
      'UTC',
    ).events[0]

  it('STATUS:CANCELLED is canceled; CONFIRMED, TENTATIVE or none scheduled', () => {
    expect(event('STATUS:CANCELLED').eventStatus).toBe('canceled')
    expect(event('STATUS:cancelled').eventStatus).toBe('canceled')
    expect(event('STATUS:CONFIRMED').eventStatus).toBe('scheduled')
    expect(event('STATUS:TENTATIVE').eventStatus).toBe('scheduled')
    expect(event().eventStatus).toBe('scheduled')
  })

  it('a LOCATION that is only an http(s) address is where to attend online, not a venue', () => {
    expect(event('LOCATION:https://meet.example/abc')).toMatchObject({
      location: '',
      onlineUrl: 'https://meet.example/abc',
    })
    expect(event('LOCATION:Hall\\, https://hall.example')).toMatchObject({
      location: 'Hall, https://hall.example',
      onlineUrl: null,
    })
  })
})
