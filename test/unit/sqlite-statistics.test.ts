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
  it.each([
    // The count first, whatever the estimate was.
    ['3420 1 1', 2000, '2000 1 1'],
    ['1915 1', 2000, '2000 1'],
    // "One value for every row" stays so when the estimate was under the count.
    ['865 865', 2000, '2000 2000'],
    ['865 1001', 2000, '2000 2000'],
    ['3395 3395 1', 2000, '2000 2000 1'],
    // Other figures are kept, none above the count.
    ['3000 1500 1', 2000, '2000 1500 1'],
    ['3000 2500 1', 2000, '2000 2000 1'],
    ['3 3', 0, '0 1'],
    // What follows the figures is kept; what it cannot read is left.
    ['5000 5000 unordered sz=12', 4000, '4000 4000 unordered sz=12'],
    ['1915', 2000, '2000'],
    ['garbage', 10, 'garbage'],
  ] as const)('%s, %i rows: %s', (stat, rows, expected) => {
    expect(withRows(stat, rows)).toBe(expected)
  })
})
