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

/** Errors as the mongodb driver (6.x) makes them: objects with its names, codes and labels. */
const mongo = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields)

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
    const steppedDown = mongo({
      name: 'MongoServerError',
      code: 10107,
      codeName: 'NotWritablePrimary',
      errorLabels: ['RetryableWriteError'],
    })
    expect(isDatabaseUnavailable(steppedDown)).toBe(true)
    const shutdown = mongo({
      name: 'MongoServerError',
      code: 91,
      codeName: 'ShutdownInProgress',
      errorLabels: ['RetryableWriteError'],
    })
    expect(isDatabaseUnavailable(new Error('outer', { cause: shutdown }))).toBe(true)
  })

  test('a failed query is not: a duplicate key, a write conflict, a write out of its own time', () => {
    const duplicate = mongo({
      name: 'MongoServerError',
      code: 11000,
      codeName: 'DuplicateKey',
      keyValue: { claim: 'key:log' },
    })
    expect(isDatabaseUnavailable(duplicate)).toBe(false)
    const conflict = mongo({
      name: 'MongoServerError',
      code: 112,
      codeName: 'WriteConflict',
      errorLabels: ['TransientTransactionError'],
    })
    expect(isDatabaseUnavailable(conflict)).toBe(false)
    const timedOut = mongo({
      name: 'MongoServerError',
      code: 262,
      codeName: 'ExceededTimeLimit',
      errorLabels: ['RetryableWriteError'],
    })
    expect(isDatabaseUnavailable(timedOut)).toBe(false)
  })
})
