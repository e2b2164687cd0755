import { describe, expect, test } from '@jest/globals'
import { ValidationError } from 'payload'
import { isWriteConflict, labelsOf } from '../../core/database/generic/conflicts.js'
import { mongoError as mongo, mongoServerError } from '../support/mongoErrors.js'

const withCode = (code: string) => Object.assign(new Error('failed'), { code })
/** What Payload's adapters throw for a unique index, on the fields given. */
const notUnique = (...paths: string[]) =>
  new ValidationError({
    collection: 'cal-sequences',
    errors: paths.map((path) => ({ message: 'Value must be unique', path })),
  })

describe('isWriteConflict: a write that may succeed when run again from the start', () => {
  test("MongoDB's WriteConflict and anything labelled TransientTransactionError", () => {
    const writeConflict = mongoServerError(112, 'WriteConflict', ['TransientTransactionError'])
    expect(isWriteConflict(writeConflict)).toBe(true)
    expect(isWriteConflict(mongo({ name: 'MongoServerError', code: 112 }))).toBe(true)
    const noSuchTransaction = mongoServerError(251, 'NoSuchTransaction', [
      'TransientTransactionError',
    ])
    expect(isWriteConflict(noSuchTransaction)).toBe(true)
    // Labels kept as a Set, as the driver keeps them inside its errors.
    expect(isWriteConflict(mongo({ errorLabels: new Set(['TransientTransactionError']) }))).toBe(
      true,
    )
  })

  test("PostgreSQL's deadlock and serialization failure, also under the causes", () => {
    expect(isWriteConflict(withCode('40P01'))).toBe(true)
    expect(isWriteConflict(new Error('Failed query', { cause: withCode('40001') }))).toBe(true)
  })

  test('a unique index refusing a claim (sequences or change log), not a record of the user', () => {
    expect(isWriteConflict(notUnique('claim'))).toBe(true)
    expect(isWriteConflict(notUnique('sequence'))).toBe(true)
    expect(isWriteConflict(notUnique('slug'))).toBe(false)
    expect(isWriteConflict(notUnique('claim', 'email'))).toBe(false)
  })

  test('anything else is not: a duplicate key the adapter did not convert, a lost server, a bug', () => {
    expect(isWriteConflict(mongo({ name: 'MongoServerError', code: 11000 }))).toBe(false)
    expect(isWriteConflict(mongo({ name: 'MongoNetworkError', errorLabels: ['ResetPool'] }))).toBe(
      false,
    )
    expect(isWriteConflict(withCode('23505'))).toBe(false)
    expect(isWriteConflict(new TypeError('undefined is not a function'))).toBe(false)
    expect(isWriteConflict(undefined)).toBe(false)
  })
})

describe('labelsOf', () => {
  test("a driver error's labels, as an array or a Set; none for anything else", () => {
    expect(labelsOf(mongo({ errorLabels: ['RetryableWriteError'] }))).toEqual([
      'RetryableWriteError',
    ])
    expect(labelsOf(mongo({ errorLabels: new Set(['ResetPool']) }))).toEqual(['ResetPool'])
    expect(labelsOf(new Error('plain'))).toEqual([])
    expect(labelsOf(null)).toEqual([])
  })
})
