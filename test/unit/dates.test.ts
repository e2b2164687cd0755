/**
 * Reading dates as the anchor's strtotime does, and wall clocks in a zone: pure functions, no
 * server.
 */
import { describe, expect, test } from '@jest/globals'
import { dateDetails, parseDate, wallClockOf } from '../../core/lib/dates.js'
import { endOfDay, isValidZone, startOfDay, wallClock } from '../../core/lib/time.js'

// A Wednesday, 10:30 UTC.
const NOW = new Date('2030-05-15T10:30:00Z')
const read = (input: unknown, zone = 'UTC') => {
  const date = parseDate(input, zone, NOW)
  return date ? `${wallClockOf(date)} ${date.toUTC().toISO({ suppressMilliseconds: true })}` : null
}

describe('parseDate', () => {
  test('wall clocks are taken in the zone given', () => {
    expect(read('2030-01-05 14:23:36', 'America/New_York')).toBe(
      '2030-01-05 14:23:36 2030-01-05T19:23:36Z',
    )
    expect(read('2030-07-05 14:23', 'Europe/Paris')).toBe(
      '2030-07-05 14:23:00 2030-07-05T12:23:00Z',
    )
    expect(read('2030-07-05', 'Europe/Paris')).toBe('2030-07-05 00:00:00 2030-07-04T22:00:00Z')
  })

  test('a Unix timestamp, as a number or digits, is that instant', () => {
    expect(read(1_900_000_000)).toBe('2030-03-17 17:46:40 2030-03-17T17:46:40Z')
    expect(read('1900000000', 'Europe/Paris')).toBe('2030-03-17 18:46:40 2030-03-17T17:46:40Z')
  })

  test('a year outside 1–9999 is refused (PostgreSQL stores none before 4713 BC)', () => {
    expect(parseDate('-999999999999', 'UTC')).toBeNull()
    expect(parseDate(999999999999, 'UTC')).toBeNull()
    expect(parseDate('0000-06-01', 'UTC')).toBeNull()
    expect(parseDate('-62135596800', 'UTC')?.toISO()).toBe('0001-01-01T00:00:00.000Z')
    expect(parseDate('9999-12-31 23:59:59', 'UTC')?.year).toBe(9999)
  })

  test('natural language from now: days start at midnight, moves keep the time of day', () => {
    expect(read('tomorrow')).toBe('2030-05-16 00:00:00 2030-05-16T00:00:00Z')
    expect(read('+5 weeks')).toBe('2030-06-19 10:30:00 2030-06-19T10:30:00Z')
    expect(read('next wednesday 4pm')).toMatch(/^2030-05-22 16:00:00 /)
  })

  test('a value with its own offset is that instant, whatever the zone', () => {
    expect(read('2030-05-01T18:00:00+02:00', 'America/New_York')).toBe(
      '2030-05-01 12:00:00 2030-05-01T16:00:00Z',
    )
  })

  test('anything that is not only a date is refused', () => {
    for (const input of [
      'before my birthday',
      'tomorrow or so',
      '2030-02-30',
      '',
      ' ',
      'x'.repeat(101),
      {},
      [],
      null,
      Number.NaN,
    ]) {
      expect(read(input)).toBeNull()
    }
  })
})

describe('parseDate reads words as PHP’s strtotime (test/unit/strtotime-oracle.test.ts asks PHP)', () => {
  // Tuesday 2026-12-01, 14:37:21 in New York.
  const TUESDAY = new Date('2026-12-01T19:37:21Z')
  const inNewYork = (input: string, now = TUESDAY) => {
    const date = parseDate(input, 'America/New_York', now)
    return date ? wallClockOf(date) : null
  }

  test('weekdays: a bare name is today or the coming one, `next` the one after today', () => {
    expect(inNewYork('tuesday')).toBe('2026-12-01 00:00:00')
    expect(inNewYork('monday')).toBe('2026-12-07 00:00:00')
    expect(inNewYork('next friday')).toBe('2026-12-04 00:00:00')
    expect(inNewYork('next tuesday')).toBe('2026-12-08 00:00:00')
    expect(inNewYork('last tuesday')).toBe('2026-11-24 00:00:00')
    expect(inNewYork('next wednesday 4pm')).toBe('2026-12-02 16:00:00')
  })

  test('days reset the time; moves keep it, in the zone’s own wall clock', () => {
    expect(inNewYork('now')).toBe('2026-12-01 14:37:21')
    expect(inNewYork('midnight')).toBe('2026-12-01 00:00:00')
    expect(inNewYork('+90 minutes')).toBe('2026-12-01 16:07:21')
    expect(inNewYork('tomorrow +6 hours')).toBe('2026-12-02 06:00:00')
    expect(inNewYork('tomorrow noon')).toBe('2026-12-02 12:00:00')
    // `tomorrow` after `noon` resets the time again, as in PHP.
    expect(inNewYork('noon tomorrow')).toBe('2026-12-02 00:00:00')
    expect(inNewYork('+1 week 2 days')).toBe('2026-12-10 14:37:21')
    expect(inNewYork('+5 weekdays')).toBe('2026-12-08 14:37:21')
  })

  test('weeks run Monday to Sunday; `next week` is its Monday at this time', () => {
    expect(inNewYork('next week')).toBe('2026-12-07 14:37:21')
    expect(inNewYork('last week')).toBe('2026-11-23 14:37:21')
    expect(inNewYork('sunday this week')).toBe('2026-12-06 00:00:00')
  })

  test('days of months apply after the other moves', () => {
    expect(inNewYork('first monday of next month')).toBe('2027-01-04 00:00:00')
    expect(inNewYork('third friday of january 2027')).toBe('2027-01-15 00:00:00')
    expect(inNewYork('last friday of next month')).toBe('2027-01-29 00:00:00')
    expect(inNewYork('first day of next month')).toBe('2027-01-01 14:37:21')
    expect(inNewYork('last day of february')).toBe('2026-02-28 00:00:00')
  })

  test('month names, times of day, offsets and @timestamps', () => {
    expect(inNewYork('january 5 2027')).toBe('2027-01-05 00:00:00')
    expect(inNewYork('5 january 2027')).toBe('2027-01-05 00:00:00')
    expect(inNewYork('jan 5')).toBe('2026-01-05 00:00:00')
    expect(inNewYork('16:30')).toBe('2026-12-01 16:30:00')
    expect(inNewYork('2027-01-05T16:30:00+05:30')).toBe('2027-01-05 06:00:00')
    expect(inNewYork('2027-01-05 16:30 Europe/Paris')).toBe('2027-01-05 10:30:00')
    expect(inNewYork('@1700000000')).toBe('2023-11-14 17:13:20')
  })

  test('across daylight-saving changes, as PHP chooses', () => {
    // New York skips 02:00–03:00 on 2026-03-08 and repeats 01:00–02:00 on 2026-11-01.
    expect(read('2026-03-08 02:30', 'America/New_York')).toBe(
      '2026-03-08 03:30:00 2026-03-08T07:30:00Z',
    )
    expect(read('2026-11-01 01:30', 'America/New_York')).toBe(
      '2026-11-01 01:30:00 2026-11-01T05:30:00Z',
    )
    // East of Greenwich PHP takes the second 02:30 of 2026-10-25 in Paris.
    expect(read('2026-10-25 02:30', 'Europe/Paris')).toBe(
      '2026-10-25 02:30:00 2026-10-25T01:30:00Z',
    )
    const beforeTheChange = new Date('2026-11-01T04:30:00Z') // 00:30 EDT
    expect(parseDate('+2 hours', 'America/New_York', beforeTheChange)?.toUTC().toISO()).toBe(
      '2026-11-01T07:30:00.000Z',
    )
  })

  test('what PHP refuses is null', () => {
    for (const input of ['before my birthday', 'next blursday', 'in 2 days', 'tomorrow at 4pm'])
      expect(inNewYork(input)).toBeNull()
  })

  test('where we differ from PHP on purpose', () => {
    // Digits are a Unix timestamp (PHP reads `1630` as 16:30 and `2027` as 20:27).
    expect(parseDate('1630', 'UTC', TUESDAY)?.toSeconds()).toBe(1630)
    // A named date that does not exist is refused (PHP rolls it over with a warning).
    expect(inNewYork('february 30 2027')).toBeNull()
    expect(inNewYork('2027-02-29 10:00')).toBeNull()
    expect(inNewYork('0/0')).toBeNull()
  })
})

describe('dateDetails', () => {
  test('the parts of a wall clock, as strings', () => {
    expect(dateDetails('2030-01-05 04:03:09')).toEqual({
      year: '2030',
      month: '01',
      day: '05',
      hour: '04',
      minutes: '03',
      seconds: '09',
    })
  })
})

describe('zones and days', () => {
  test('IANA names, UTC and fixed offsets are zones; the host’s own zone is not', () => {
    for (const zone of ['Europe/Paris', 'UTC', 'UTC+2', 'UTC-5:30'])
      expect(isValidZone(zone)).toBe(true)
    for (const zone of ['Mars/Olympus', '', 'local', 'system', 42, null])
      expect(isValidZone(zone)).toBe(false)
  })

  test('a day in a zone across a daylight-saving change keeps its wall clock', () => {
    // Europe/Paris moves to summer time on 2030-03-31 at 02:00.
    expect(startOfDay('2030-03-31T12:00:00Z', 'Europe/Paris').toISOString()).toBe(
      '2030-03-30T23:00:00.000Z',
    )
    expect(endOfDay('2030-03-31T12:00:00Z', 'Europe/Paris').toISOString()).toBe(
      '2030-03-31T21:59:59.000Z',
    )
    expect(wallClock('2030-03-31T00:59:59Z', 'Europe/Paris')).toBe('2030-03-31 01:59:59')
    expect(wallClock('2030-03-31T01:00:00Z', 'Europe/Paris')).toBe('2030-03-31 03:00:00')
  })
})
