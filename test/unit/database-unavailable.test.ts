import { describe, expect, test } from '@jest/globals'
import { isDatabaseUnavailable } from '../../core/database/unavailable.js'
import { mongoError as mongo, mongoServerError } from '../support/mongoErrors.js'

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

describe('isDatabaseUnavailable on MongoDB', () => {
  test("the driver's network, server selection and closed-client errors are unavailability", () => {
    for (const name of [
      'MongoNetworkError',
      'MongoNetworkTimeoutError',
      'MongoServerSelectionError',
      'MongoTopologyClosedError',
      'MongoPoolClearedError',
    ])
      expect(isDatabaseUnavailable(mongo({ name, message: 'connect ECONNREFUSED' }))).toBe(true)
  })

  test('a pool reset, and a retryable write whose server is gone or no longer primary', () => {
    expect(isDatabaseUnavailable(mongo({ name: 'MongoError', errorLabels: ['ResetPool'] }))).toBe(
      true,
    )
    const steppedDown = mongoServerError(10107, 'NotWritablePrimary', ['RetryableWriteError'])
    expect(isDatabaseUnavailable(steppedDown)).toBe(true)
    const shutdown = mongoServerError(91, 'ShutdownInProgress', ['RetryableWriteError'])
    expect(isDatabaseUnavailable(new Error('outer', { cause: shutdown }))).toBe(true)
  })

  test('a failed query is not: a duplicate key, a write conflict, a write out of its own time', () => {
    const duplicate = Object.assign(mongoServerError(11000, 'DuplicateKey'), {
      keyValue: { claim: 'key:log' },
    })
    expect(isDatabaseUnavailable(duplicate)).toBe(false)
    const conflict = mongoServerError(112, 'WriteConflict', ['TransientTransactionError'])
    expect(isDatabaseUnavailable(conflict)).toBe(false)
    const timedOut = mongoServerError(262, 'ExceededTimeLimit', ['RetryableWriteError'])
    expect(isDatabaseUnavailable(timedOut)).toBe(false)
  })
})
