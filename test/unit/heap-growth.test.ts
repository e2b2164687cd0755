import { describe, expect, test } from '@jest/globals'
import { DEFAULT_HEAP_GROWTH_PERCENT, heapGrowthPercent } from '../../dev/heapGrowth.js'

describe('the server bounds the growth of its heap', () => {
  test('sets the default growth when nothing says otherwise', () => {
    expect(heapGrowthPercent({}, [])).toBe(DEFAULT_HEAP_GROWTH_PERCENT)
    expect(heapGrowthPercent({ CAL_HEAP_GROWTH_PERCENT: '' }, [])).toBe(DEFAULT_HEAP_GROWTH_PERCENT)
  })

  test('takes the figure of CAL_HEAP_GROWTH_PERCENT, and 0 leaves V8 its own sizing', () => {
    expect(heapGrowthPercent({ CAL_HEAP_GROWTH_PERCENT: '50' }, [])).toBe(50)
    expect(heapGrowthPercent({ CAL_HEAP_GROWTH_PERCENT: '0' }, [])).toBeNull()
  })

  test('leaves a --heap-growing-percent given to node alone', () => {
    expect(heapGrowthPercent({}, ['--heap-growing-percent=80'])).toBeNull()
    expect(
      heapGrowthPercent({ CAL_HEAP_GROWTH_PERCENT: '10' }, ['--heap_growing_percent=5']),
    ).toBeNull()
  })

  test('refuses a figure that is not a whole number', () => {
    for (const raw of ['-5', '1.5', 'lots'])
      expect(() => heapGrowthPercent({ CAL_HEAP_GROWTH_PERCENT: raw }, [])).toThrow(
        /CAL_HEAP_GROWTH_PERCENT/,
      )
  })
})
