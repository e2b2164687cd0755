import { describe, expect, it } from '@jest/globals'
import { ANALYSIS_LIMIT, uncapped, withRows } from '../../core/database/sqliteStatistics.js'

describe('uncapped: sqlite_stat1 figures after an ANALYZE with a limit', () => {
  const capped = ANALYSIS_LIMIT + 1

  it('raises a figure at the cap to the rows of the table (no other value was seen)', () => {
    expect(uncapped(`100000 ${capped}`)).toBe('100000 100000')
  })

  it('keeps figures under the cap, for every column of the index', () => {
    expect(uncapped(`100000 ${capped} 1 1`)).toBe('100000 100000 1 1')
    expect(uncapped('100000 50 1')).toBe('100000 50 1')
  })

  it('keeps what follows the figures (unordered, sz=…)', () => {
    expect(uncapped(`5000 ${capped} unordered sz=12`)).toBe('5000 5000 unordered sz=12')
  })

  it('leaves a table no larger than the limit as SQLite counted it', () => {
    expect(uncapped(`${ANALYSIS_LIMIT} ${ANALYSIS_LIMIT}`)).toBe(
      `${ANALYSIS_LIMIT} ${ANALYSIS_LIMIT}`,
    )
    expect(uncapped('garbage')).toBe('garbage')
  })
})

describe("withRows: every index of a table says the table's count", () => {
  it('puts the count first, whatever the estimate was', () => {
    expect(withRows('3420 1 1', 2000)).toBe('2000 1 1')
    expect(withRows('1915 1', 2000)).toBe('2000 1')
  })

  it('keeps "one value for every row" so when the estimate was under the count', () => {
    expect(withRows('865 865', 2000)).toBe('2000 2000')
    expect(withRows('865 1001', 2000)).toBe('2000 2000')
    expect(withRows('3395 3395 1', 2000)).toBe('2000 2000 1')
  })

  it('keeps other figures, none above the count', () => {
    expect(withRows('3000 1500 1', 2000)).toBe('2000 1500 1')
    expect(withRows('3000 2500 1', 2000)).toBe('2000 2000 1')
    expect(withRows('3 3', 0)).toBe('0 1')
  })

  it('keeps what follows the figures, and leaves what it cannot read', () => {
    expect(withRows('5000 5000 unordered sz=12', 4000)).toBe('4000 4000 unordered sz=12')
    expect(withRows('1915', 2000)).toBe('2000')
    expect(withRows('garbage', 10)).toBe('garbage')
  })
})
