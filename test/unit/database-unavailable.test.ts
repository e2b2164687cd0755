import { describe, expect, test } from '@jest/globals'
import { isDatabaseUnavailable } from '../../src/database/unavailable.js'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  test('a refused connection, a shutdown and a connection exception are unavailability', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection'))).toBe(true)
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  test('found under the causes a query builder wraps it in', () => {
    const wrapped = new Error('Failed query: select …', { cause: withCode('57P03') })
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true)
  })

  test('a failed query is not: a unique violation, a syntax error, anything else', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false)
    expect(isDatabaseUnavailable(withCode('42601'))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Connection terminated by the user, they said'))).toBe(
      false,
    )
    expect(isDatabaseUnavailable(undefined)).toBe(false)
    expect(isDatabaseUnavailable('text')).toBe(false)
  })
})
