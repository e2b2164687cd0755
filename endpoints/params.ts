import { MAX_LIST_ITEMS } from '../core/defaults.js'
import type { Context } from './context.js'

/**
 * Parameter kinds of the namespace. Each turns a raw value (query string, form or JSON) into a
 * typed one, or gives the reason it is invalid. The kinds also name the JSON-schema type that the
 * namespace index and `/doc` show.
 */
export type Kind =
  | 'integer' // a positive integer, as a JSON number or digits
  | 'postId' // an integer from 0 up: a post id, where 0 names no post (docs/v1-reference.md §5.2)
  | 'boolean' // true/false/1/0/'true'/'false'/'1'/'0'
  | 'truthy' // any non-empty string; true/1/yes/on (case-insensitive) mean true, anything else false
  | 'string' // a string, possibly empty
  | 'text' // a non-empty string
  | 'number' // a finite number, as a JSON number or numeric string
  | 'date' // a date as a string (words, a date, or timestamp digits), checked by the route
  | 'list' // a list of strings or integers: an array or a comma-separated string
  | 'idList' // a list of positive integers: an array or a comma-separated string
  | 'any' // any JSON value the route checks itself (cost, venue, organizer)

export type ParamSpec = {
  kind: Kind
  description: string
  required?: boolean
  default?: unknown
  enum?: readonly string[]
  /**
   * A check after the kind's: returns a reason when the value is not acceptable. A method, so
   * that a check may take the value as its kind gives it (a string, a list…) rather than unknown.
   */
  check?(value: unknown, context: Context): Promise<string | void> | string | void
}

export type Params = Record<string, ParamSpec>

/** The value a parameter of each kind has once validated. */
export type KindValues = {
  integer: number
  postId: number
  boolean: boolean
  truthy: boolean
  string: string
  text: string
  number: number
  date: string
  list: (string | number)[]
  idList: number[]
  any: unknown
}

/**
 * The arguments of parameters built at run time (a field table's), validated by kind: their names
 * are not known to the compiler, so neither are their kinds. Loose on purpose: each argument is
 * checked by its kind at run time and each write reads it as its kind gives it (a string, a list,
 * an object for `any`); `unknown` would need a cast at each of those reads instead.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- run-time parameters, see above
export type LooseArgs = Record<string, any>

/**
 * The arguments a handler receives for the parameters it declares: each typed by its kind, and
 * possibly absent unless required or defaulted. Parameters built at run time (a field table's)
 * have no names known to the compiler, and give loose arguments.
 */
export type ArgsOf<P extends Params> = string extends keyof P
  ? LooseArgs
  : {
      [K in keyof P]: P[K] extends { required: true } | { default: {} }
        ? KindValues[P[K]['kind']]
        : KindValues[P[K]['kind']] | undefined
    }

type Result = { ok: true; value: unknown } | { ok: false; reason: string }
const ok = (value: unknown): Result => ({ ok: true, value })
const fail = (reason: string): Result => ({ ok: false, reason })

const isPlain = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

/** A number, or a non-blank text of one, when finite; else null (the `number` kind's reading). */
export function finiteNumber(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN
  return Number.isFinite(n) ? n : null
}

function toInteger(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) return Number(value)
  return null
}

/**
 * The most items a list argument may have (ids, names, statuses, costs, organizers): every item
 * becomes a query parameter or a query of its own, and the database takes only so many.
 */
export { MAX_LIST_ITEMS }

function splitList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
  if (typeof value === 'number') return [value]
  return null
}

const KINDS: Record<Kind, (value: unknown) => Result> = {
  integer: (value) => {
    const n = toInteger(value)
    return n !== null && n > 0 ? ok(n) : fail('must be a positive integer')
  },
  postId: (value) => {
    const n = toInteger(value)
    return n !== null && n >= 0 ? ok(n) : fail('must be an integer from 0 up')
  },
  boolean: (value) => {
    if (value === true || value === 1 || value === '1' || value === 'true') return ok(true)
    if (value === false || value === 0 || value === '0' || value === 'false') return ok(false)
    return fail('is not of type boolean')
  },
  truthy: (value) => {
    if (typeof value === 'boolean') return ok(value)
    if (!isPlain(value) || String(value) === '') return fail('must be a non-empty string')
    return ok(['true', '1', 'yes', 'on'].includes(String(value).toLowerCase()))
  },
  string: (value) => (typeof value === 'string' ? ok(value) : fail('is not of type string')),
  text: (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? ok(value)
      : fail('must be a non-empty string'),
  number: (value) => {
    const n = finiteNumber(value)
    return n === null ? fail('is not of type number') : ok(n)
  },
  date: (value) =>
    typeof value !== 'string'
      ? fail('is not of type string')
      : value.trim() !== ''
        ? ok(value)
        : fail('must be a date'),
  list: (value) => {
    const items = splitList(value)
    if (!items || !items.every((item) => typeof item === 'string' || typeof item === 'number'))
      return fail('must be a list of ids or names')
    if (items.length > MAX_LIST_ITEMS) return fail(`must have at most ${MAX_LIST_ITEMS} items`)
    return ok(items.map((item) => (typeof item === 'string' ? item.trim() : item)))
  },
  idList: (value) => {
    const items = splitList(value)
    const ids = items?.map(toInteger)
    if (!ids || ids.some((id) => id === null || id <= 0))
      return fail('must be a list of positive integers')
    if (ids.length > MAX_LIST_ITEMS) return fail(`must have at most ${MAX_LIST_ITEMS} items`)
    return ok([...new Set(ids as number[])])
  },
  any: (value) => ok(value),
}

/** The check of a comma list of some of `values` (the archive's `event_status`, `facets`, …). */
export const wordsCheck =
  (name: string, values: readonly string[]) => (given: (string | number)[]) => {
    const unknown = given.filter((word) => !values.includes(String(word)))
    return unknown.length
      ? `${name}: ${unknown.join(', ')} is not one of ${values.join(', ')}.`
      : undefined
  }

/** Coerces one value to its kind and enum; the route's own check comes after. */
export function coerce(spec: ParamSpec, value: unknown): Result {
  const result = KINDS[spec.kind](value)
  if (!result.ok) return result
  if (spec.enum && !spec.enum.includes(String(result.value)))
    return fail(`must be one of ${spec.enum.join(', ')}`)
  return result
}

/** The JSON-schema type of a kind, for the namespace index and `/doc`. */
export const SCHEMA_TYPE: Record<Kind, JsonType | JsonType[]> = {
  integer: 'integer',
  postId: 'integer',
  boolean: 'boolean',
  truthy: 'string',
  string: 'string',
  text: 'string',
  number: 'number',
  date: 'string',
  list: 'array',
  idList: 'array',
  any: ['string', 'integer', 'array', 'object', 'boolean', 'null'],
}

type JsonType = 'integer' | 'boolean' | 'string' | 'number' | 'array' | 'object' | 'null'

/**
 * A parameter as JSON Schema: an argument of the namespace index, a parameter or body property of
 * `/doc`.
 */
export type ParamSchema = {
  type: JsonType | JsonType[]
  items?: { type: JsonType | JsonType[]; minimum?: number }
  enum?: string[]
  default?: unknown
  minimum?: number
  minLength?: number
  description: string
}

const KIND_DETAILS: Partial<Record<Kind, Partial<ParamSchema>>> = {
  integer: { minimum: 1 },
  postId: { minimum: 0 },
  text: { minLength: 1 },
  list: { items: { type: ['string', 'integer'] } },
  idList: { items: { type: 'integer', minimum: 1 } },
}

export function paramSchema(spec: ParamSpec): ParamSchema {
  return {
    type: SCHEMA_TYPE[spec.kind],
    ...KIND_DETAILS[spec.kind],
    ...(spec.enum ? { enum: [...spec.enum] } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    description: spec.description,
  }
}
