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
