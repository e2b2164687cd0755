/**
 * The bound a feed adds to its zones' query (endpoints/ical/feed.ts): implied by the window's end,
 * never narrower than the events it holds.
 */
import { describe, expect, test } from '@jest/globals'
import { impliedStartBound } from '../../endpoints/ical/feed.js'

describe('impliedStartBound', () => {
  test('bounds the start a day after the earliest bound on the end', () => {
    expect(
      impliedStartBound([
        { startDateLocal: { greater_than_equal: '2030-01-01 00:00:00' } },
        { endDateLocal: { less_than_equal: '2030-01-31 23:59:59' } },
      ]),
    ).toEqual([{ startDateLocal: { less_than_equal: '2030-02-01 23:59:59' } }])
    expect(
      impliedStartBound([
        { endDateLocal: { less_than: '2030-03-01 10:00:00' } },
        { endDateLocal: { less_than_equal: '2030-02-01 10:00:00' } },
      ]),
    ).toEqual([{ startDateLocal: { less_than_equal: '2030-02-02 10:00:00' } }])
  })

  test('keeps an event that starts after its end by the wall clock (a DST fall back) in the zones’ query', () => {
    // 01:50 EDT to 01:10 EST on 2030-11-03 in New York: 20 minutes, but its wall-clock end is
    // before its start.
    const [bound] = impliedStartBound([
      { endDateLocal: { less_than_equal: '2030-11-03 01:30:00' } },
    ]) as { startDateLocal: { less_than_equal: string } }[]
    expect('2030-11-03 01:50:00' <= bound.startDateLocal.less_than_equal).toBe(true)
  })

  test('adds nothing without a bound on the end, or with one that is not a wall clock', () => {
    expect(
      impliedStartBound([{ startDateLocal: { greater_than_equal: '2030-01-01 00:00:00' } }]),
    ).toEqual([])
    expect(impliedStartBound([{ endDateLocal: { less_than_equal: 'soon' } }])).toEqual([])
    expect(
      impliedStartBound([{ or: [{ endDateLocal: { less_than_equal: '2030-01-01 00:00:00' } }] }]),
    ).toEqual([])
  })
})
