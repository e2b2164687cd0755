/**
 * Costs read and shown as docs/v1-reference.md §4.8 and docs/v1-differences.md §9 say: pure
 * functions, no server.
 */
import { describe, expect, test } from '@jest/globals'
import { costValues, formatCost, inferCurrency, rawCosts } from '../../core/lib/cost.js'

const noCurrency = { symbol: '', position: '' } as const

describe('rawCosts', () => {
  test('a string, a list of strings or numbers; empty input is no cost', () => {
    expect(rawCosts('  €6.50 - €8.50 ')).toEqual(['€6.50 - €8.50'])
    expect(rawCosts(['0$', 20, ' 30$'])).toEqual(['0$', '20', '30$'])
    expect(rawCosts(undefined)).toEqual([])
    expect(rawCosts('')).toEqual([])
    expect(rawCosts(['', '  '])).toEqual([])
  })

  test('anything else is refused (null), so the route answers 400', () => {
    expect(rawCosts({ amount: 5 })).toBeNull()
    expect(rawCosts([['5']])).toBeNull()
    expect(rawCosts([Number.NaN])).toBeNull()
    expect(rawCosts(true)).toBeNull()
  })
})

describe('inferCurrency', () => {
  test('the symbol around every number, and its side', () => {
    expect(inferCurrency(['20$'])).toEqual({ symbol: '$', position: 'postfix' })
    expect(inferCurrency(['€6.50 - €8.50'])).toEqual({ symbol: '€', position: 'prefix' })
    expect(inferCurrency(['0$', '20$', '30$'])).toEqual({ symbol: '$', position: 'postfix' })
  })

  test('none when the values disagree, have none, or carry text on both sides', () => {
    expect(inferCurrency(['$20', '30€'])).toEqual(noCurrency)
    expect(inferCurrency(['20', '$30'])).toEqual(noCurrency)
    expect(inferCurrency(['10'])).toEqual(noCurrency)
    expect(inferCurrency(['$20€'])).toEqual(noCurrency)
    expect(inferCurrency(['Donation'])).toEqual(noCurrency)
  })
})

describe('costValues', () => {
  test('numeric strings, ascending and unique; separators inferred per value', () => {
    expect(costValues(['20$'])).toEqual(['20'])
    expect(costValues(['30$', '0$', '20$', '20$'])).toEqual(['0', '20', '30'])
    expect(costValues(['5,50 7,50'])).toEqual(['5.5', '7.5'])
    expect(costValues(['1.234,56'])).toEqual(['1234.56'])
    expect(costValues(['1,234.56'])).toEqual(['1234.56'])
  })

  test('a lone separator before exactly three digits falls back to the site locale (en)', () => {
    expect(costValues(['1,000'])).toEqual(['1000'])
    expect(costValues(['1.000'])).toEqual(['1.000'])
  })

  test('digits as written, trailing zeros too, as The Events Calendar gives them (#47)', () => {
    expect(costValues(['$6.50 – $8.50'])).toEqual(['6.50', '8.50'])
    expect(costValues(['€6.50 - €8.50'])).toEqual(['6.50', '8.50'])
    expect(costValues(['0.50', '12.00', '3'])).toEqual(['0.50', '3', '12.00'])
    // Thousands separators go; a decimal comma gives the value (docs/v1-differences.md §9).
    expect(costValues(['1,000.00'])).toEqual(['1000.00'])
    expect(costValues(['10,50 €'])).toEqual(['10.5'])
    // One value per number, the first written: ascending as before.
    expect(costValues(['8.00', '8', '$6.50'])).toEqual(['6.50', '8.00'])
  })

  test('cost words count by their slug, after the numbers', () => {
    expect(costValues(['Pay what you want', '10'])).toEqual(['10', 'pay-what-you-want'])
  })
})

describe('formatCost', () => {
  test('the reference’s examples', () => {
    expect(formatCost(['20$'], { symbol: '$', position: 'postfix' })).toBe('20$')
    expect(formatCost(['0$', '20$', '30$'], { symbol: '$', position: 'postfix' })).toBe(
      'Free – 30$',
    )
    expect(formatCost(['23'], { symbol: '$', position: 'prefix' })).toBe('$23')
    expect(formatCost(['Donation'], noCurrency)).toBe('Donation')
  })

  test('docs/v1-differences.md §9: undecorated without a symbol, a lone zero is Free, comma decimals as written', () => {
    expect(formatCost(['10'], noCurrency)).toBe('10')
    expect(formatCost(['0'], noCurrency)).toBe('Free')
    expect(formatCost(['5,50 7,50'], noCurrency)).toBe('5,50 – 7,50')
    expect(formatCost(['8', '8.00'], noCurrency)).toBe('8')
  })

  test('no cost is an empty string', () => {
    expect(formatCost([], noCurrency)).toBe('')
  })
})
