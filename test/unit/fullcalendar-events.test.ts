/**
 * The FullCalendar feed's pure parts (endpoints/fullcalendar): the asked zone, the range's bounds,
 * times in each form, and category colours.
 */
import { describe, expect, it } from '@jest/globals'
import { CATEGORY_COLOURS, categoryColour } from '../../endpoints/fullcalendar/events.js'
import { askedZone, rangeBound, timeIn } from '../../endpoints/fullcalendar/zone.js'

describe('askedZone', () => {
  it('reads FullCalendar’s timeZone: none or local the site’s, UTC, a named zone, else none', () => {
    expect(askedZone(undefined, 'Europe/Paris')).toEqual({ zone: 'Europe/Paris', form: 'offset' })
    expect(askedZone('local', 'Europe/Paris')).toEqual({ zone: 'Europe/Paris', form: 'offset' })
    expect(askedZone('UTC', 'Europe/Paris')).toEqual({ zone: 'UTC', form: 'utc' })
    expect(askedZone('America/New_York', 'UTC')).toEqual({
      zone: 'America/New_York',
      form: 'wall',
    })
    expect(askedZone('Mars/Olympus', 'UTC')).toBeNull()
    expect(askedZone('system', 'UTC')).toBeNull()
  })
})

describe('rangeBound', () => {
  const paris = { zone: 'Europe/Paris', form: 'wall' } as const
  it('reads a time without offset in the asked zone, across the spring change', () => {
    expect(rangeBound('2027-03-28T00:00:00', paris)?.toUTC().toISO()).toBe(
      '2027-03-27T23:00:00.000Z',
    )
    expect(rangeBound('2027-03-29', paris)?.toUTC().toISO()).toBe('2027-03-28T22:00:00.000Z')
  })
  it('takes a time with an offset as that instant', () => {
    expect(rangeBound('2027-11-07T00:00:00-05:00', paris)?.toUTC().toISO()).toBe(
      '2027-11-07T05:00:00.000Z',
    )
    expect(rangeBound('2027-11-07T00:00:00Z', paris)?.toUTC().toISO()).toBe(
      '2027-11-07T00:00:00.000Z',
    )
  })
  it('refuses what is not ISO 8601', () => {
    for (const value of ['tomorrow', '2027-02-30', '2027-13-01', '1700000000', '', '2027-1-1'])
      expect(rangeBound(value, paris)).toBeNull()
  })
})

describe('timeIn', () => {
  const instant = '2027-11-07T06:30:00.000Z'
  it('writes an instant in each form FullCalendar reads', () => {
    expect(timeIn(instant, { zone: 'America/New_York', form: 'wall' })).toBe('2027-11-07T01:30:00')
    expect(timeIn(instant, { zone: 'America/New_York', form: 'offset' })).toBe(
      '2027-11-07T01:30:00-05:00',
    )
    expect(timeIn(instant, { zone: 'UTC', form: 'utc' })).toBe('2027-11-07T06:30:00Z')
    // An hour earlier is 01:30 too, on summer time: the offset tells them apart.
    expect(timeIn('2027-11-07T05:30:00.000Z', { zone: 'America/New_York', form: 'offset' })).toBe(
      '2027-11-07T01:30:00-04:00',
    )
  })
})

describe('category colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  it('give white text a contrast of at least 4.5:1', () => {
    for (const colour of CATEGORY_COLOURS)
      expect([colour, 1.05 / (luminance(colour) + 0.05) >= 4.5]).toEqual([colour, true])
  })
  it('are the same for a category every time, and differ for neighbours', () => {
    expect(categoryColour(7)).toBe(categoryColour(7))
    expect(categoryColour(7)).not.toBe(categoryColour(8))
  })
})
