import { describe, expect, test } from '@jest/globals'
import type { Where } from 'payload'
import {
  CANARY_PAGE,
  canaryTimes,
  slotsOf,
  timesOf,
  withTimes,
} from '../../core/database/keptStatements.js'

/** How a page's SELECT is kept per shape of query (core/database/keptStatements.ts). */
describe('page statements by shape', () => {
  const at = (time: string): Where => ({
    and: [
      { status: { equals: 'publish' } },
      { publishedAt: { less_than_equal: time } },
      { startDate: { greater_than: new Date(time) } },
    ],
  })

  test('conditions that differ only in their times share a shape, and the times come out in order', () => {
    const first = timesOf(at('2026-11-26T10:00:00.000Z'))
    const second = timesOf(at('2026-11-26T10:00:00.123Z'))
    expect(first.shape).toBe(second.shape)
    expect(second.times).toEqual(['2026-11-26T10:00:00.123Z', '2026-11-26T10:00:00.123Z'])
    expect(timesOf({ status: { equals: 'draft' } }).shape).not.toBe(first.shape)
  })

  test('a missing value and an undefined one are different shapes', () => {
    expect(timesOf({ title: { equals: undefined } }).shape).not.toBe(timesOf({ title: {} }).shape)
  })

  test('times in text, or dates that are not times, stay part of the shape', () => {
    const inText = timesOf({ title: { like: 'at 2026-11-26T10:00:00.000Z' } })
    expect(inText.times).toEqual([])
    expect(timesOf({ startDateLocal: { equals: '2026-11-26' } }).times).toEqual([])
    expect(timesOf({ title: { equals: 'on 2026-11-26 10:00:00' } }).times).toEqual([])
  })

  test("the date window's wall-clock times are taken out too, as a kind of their own", () => {
    const day = (date: string) => ({ startDateLocal: { greater_than_equal: `${date} 00:00:00` } })
    const first = timesOf(day('2026-11-26'))
    expect(first).toEqual({ ...timesOf(day('2027-01-02')), times: ['2026-11-26 00:00:00'] })
    expect(first.kinds).toEqual(['wall'])
    // The same condition holding an instant is another shape: each kind is put back in its form.
    expect(
      timesOf({ startDateLocal: { greater_than_equal: '2026-11-26T00:00:00.000Z' } }).shape,
    ).not.toBe(first.shape)
    const [canary] = canaryTimes(first.kinds)
    expect(canary).toMatch(/^1001-01-01 00:00:00$/)
  })

  test('withTimes puts times back where they were, the rest untouched', () => {
    const where = at('2026-11-26T10:00:00.000Z')
    const [a, b] = canaryTimes(['instant', 'instant'])
    expect(withTimes(where, [a, b])).toEqual({
      and: [
        { status: { equals: 'publish' } },
        { publishedAt: { less_than_equal: a } },
        { startDate: { greater_than: b } },
      ],
    })
  })

  test('finds where the canaries went among the parameters', () => {
    const [a, b] = canaryTimes(['instant', 'wall'])
    const statement = slotsOf(
      {
        sql: 'select id from t where p <= ? and s > ? and q = ? or r <= ? limit ? offset ?',
        params: [a, b, 'x', a, CANARY_PAGE.limit, CANARY_PAGE.offset],
      },
      ['instant', 'wall'],
    )
    expect(statement).toMatchObject({ times: [[0, 3], [1]], limitAt: 4, offsetAt: 5 })
  })

  test('a total has its times put in again, and no paging', () => {
    const [a] = canaryTimes(['instant'])
    const total = { sql: 'select count(*) as "total" from t where p <= ?', params: [a] }
    expect(slotsOf(total, ['instant'], { paged: false })).toMatchObject({
      times: [[0]],
      limitAt: null,
      offsetAt: null,
    })
    // A paging value in a total's parameters is a condition's: not one to put a page in.
    expect(
      slotsOf({ ...total, params: [a, CANARY_PAGE.limit] }, ['instant'], { paged: false }),
    ).toBeNull()
    // Without paging, a page's statement is not kept.
    expect(slotsOf(total, ['instant'])).toBeNull()
  })

  test('a shape whose values the adapter changed or embedded is not kept', () => {
    const [a] = canaryTimes(['instant'])
    const page = [CANARY_PAGE.limit, CANARY_PAGE.offset]
    // The time went into a pattern, or is not among the parameters at all.
    expect(slotsOf({ sql: '… like ?', params: [`%${a}%`, ...page] }, ['instant'])).toBeNull()
    expect(slotsOf({ sql: '…', params: ['x', ...page] }, ['instant'])).toBeNull()
    // Paging written into the SQL, or a paging value that a condition also holds.
    expect(slotsOf({ sql: '… limit 10', params: [a] }, ['instant'])).toBeNull()
    expect(slotsOf({ sql: '…', params: [a, CANARY_PAGE.limit, ...page] }, ['instant'])).toBeNull()
  })
})
