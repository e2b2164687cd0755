/** Parameter kinds of the namespace and their JSON Schema: pure functions, no server. */
import { describe, expect, test } from '@jest/globals'
import type { Context } from '../../endpoints/context.js'
import { ApiError } from '../../endpoints/errors.js'
import { coerce, paramSchema, type Kind, type ParamSpec } from '../../endpoints/params.js'
import { validateArgs } from '../../endpoints/validate.js'
import { MAX_LIST_ITEMS } from '../../core/defaults.js'

const spec = (kind: Kind, extra: Partial<ParamSpec> = {}): ParamSpec => ({
  kind,
  description: kind,
  ...extra,
})
const value = (kind: Kind, raw: unknown) => {
  const result = coerce(spec(kind), raw)
  return result.ok ? result.value : `invalid: ${result.reason}`
}

describe('coerce', () => {
  test('integers are positive, as numbers or digits', () => {
    expect(value('integer', 7)).toBe(7)
    expect(value('integer', ' 42 ')).toBe(42)
    for (const raw of [0, -1, 1.5, '1e3', 'x', '', [], {}])
      expect(value('integer', raw)).toBe('invalid: must be a positive integer')
  })

  test('post ids start at 0, which names no post', () => {
    expect(value('postId', 0)).toBe(0)
    expect(value('postId', '12')).toBe(12)
    for (const raw of [-1, 1.5, 'x', ''])
      expect(value('postId', raw)).toBe('invalid: must be an integer from 0 up')
    expect(paramSchema(spec('postId'))).toEqual({
      type: 'integer',
      minimum: 0,
      description: 'postId',
    })
  })

  test('booleans take the anchor’s spellings; truthy takes any non-empty text', () => {
    expect([true, 1, '1', 'true'].map((raw) => value('boolean', raw))).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect([false, 0, '0', 'false'].map((raw) => value('boolean', raw))).toEqual([
      false,
      false,
      false,
      false,
    ])
    expect(value('boolean', 'yes')).toBe('invalid: is not of type boolean')
    expect(['YES', 'on', '1', 'no', 'anything'].map((raw) => value('truthy', raw))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
    expect(value('truthy', '')).toBe('invalid: must be a non-empty string')
  })

  test('text is non-empty; numbers are finite', () => {
    expect(value('string', '')).toBe('')
    expect(value('text', '  ')).toBe('invalid: must be a non-empty string')
    expect(value('number', '48.85')).toBe(48.85)
    expect(value('number', 'Infinity')).toBe('invalid: is not of type number')
  })

  test('lists split on commas, id lists are unique positive integers, both bounded', () => {
    expect(value('list', 'rock, jazz,,')).toEqual(['rock', 'jazz'])
    expect(value('list', [3, ' pop '])).toEqual([3, 'pop'])
    expect(value('list', [{}])).toBe('invalid: must be a list of ids or names')
    expect(value('idList', '3,1,3')).toEqual([3, 1])
    expect(value('idList', '3,0')).toBe('invalid: must be a list of positive integers')
    expect(
      value(
        'idList',
        Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i + 1),
      ),
    ).toBe(`invalid: must have at most ${MAX_LIST_ITEMS} items`)
  })

  test('an enum is checked after the kind', () => {
    expect(coerce(spec('string', { enum: ['asc', 'desc'] }), 'up')).toEqual({
      ok: false,
      reason: 'must be one of asc, desc',
    })
  })
})

describe('paramSchema', () => {
  test('each kind names its JSON Schema type and bounds', () => {
    expect(paramSchema(spec('integer', { default: 1 }))).toEqual({
      type: 'integer',
      minimum: 1,
      default: 1,
      description: 'integer',
    })
    expect(paramSchema(spec('idList'))).toEqual({
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      description: 'idList',
    })
    expect(paramSchema(spec('text', { enum: ['a'] }))).toEqual({
      type: 'string',
      minLength: 1,
      enum: ['a'],
      description: 'text',
    })
  })
})

describe('validateArgs', () => {
  const context = {} as Context
  const params = {
    page: spec('integer', { default: 1 }),
    title: spec('text', { required: true }),
    status: spec('string', { check: (s: string) => (s === 'bad' ? 'status is bad.' : undefined) }),
  }
  const failure = async (input: Record<string, unknown>) => {
    try {
      await validateArgs(params, input, context)
    } catch (error) {
      return (error as ApiError).body()
    }
    throw new Error('expected a failure')
  }

  test('typed arguments with defaults', async () => {
    await expect(validateArgs(params, { title: 'Concert', page: '2' }, context)).resolves.toEqual({
      page: 2,
      title: 'Concert',
    })
    await expect(validateArgs(params, { title: 'Concert' }, context)).resolves.toEqual({
      page: 1,
      title: 'Concert',
    })
  })

  test('missing ones first, then every invalid one with its reason', async () => {
    expect(await failure({ page: 0 })).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title',
      data: { status: 400, params: ['title'] },
    })
    expect(await failure({ title: 'x', page: 0, status: 'bad' })).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page, status',
      data: {
        status: 400,
        params: { page: 'page must be a positive integer.', status: 'status is bad.' },
      },
    })
  })
})

describe('holdsNul', () => {
  test('finds the NUL character in strings, lists, objects and keys, nowhere else', async () => {
    const { holdsNul } = await import('../../core/lib/nul.js')
    for (const value of ['a\u0000', ['x', 'a\u0000'], { a: { b: 'c\u0000' } }, { ['k\u0000']: 1 }])
      expect(holdsNul(value)).toBe(true)
    for (const value of ['plain', 'é\u0001', 42, null, undefined, ['x'], { a: 'b' }])
      expect(holdsNul(value)).toBe(false)
  })
})
