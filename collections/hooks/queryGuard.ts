import { holdsNul } from '../../core/lib/nul.js'
import { calendarStore } from '../../core/database/index.js'
import {
  APIError,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  type PayloadRequest,
} from 'payload'

/**
 * Queries that anyone may send to Payload's REST (`/api/events?where[...]`, `?sort=`, `?page=`) and
 * that its SQL adapter cannot run: it answered them with 500. They are refused with 400 before they
 * reach the database:
 * - a date field compared with something that is not a date (`where[startDate][equals]=soon`);
 * - a relationship, upload or number field matched with `not_like` against something that is not a
 *   number (the adapter binds NaN, which SQLite refuses); on PostgreSQL, any pattern operator
 *   (`like`, `not_like`, `contains`, `not_contains`) on such a field;
 * - an operand that is an object (`where[title][equals][x]=1`), or a list where one value is
 *   compared (`where[slug][like][0]=a&where[slug][like][1]=b`);
 * - an operator the database adapter does not have (`all` on the SQL adapters);
 * - the geographic operators on anything but a point field (`where[title][near]=1,2`);
 * - `like` patterns of too many words (each word is a LIKE of its own, and SQLite refuses a query
 *   that nests too deeply), and `like` or `contains` patterns too long for SQLite (50,000 bytes);
 * - a sort on too many fields; a page or limit that puts the offset beyond SQLite's integers;
 * - the NUL character in a query or in written data (PostgreSQL cannot store it), for any
 *   operation. (A `where` query parameter that is not JSON is answered in the express bridge:
 *   Payload parses it before any hook runs.)
 */

const GEOGRAPHIC = new Set(['near', 'within', 'intersects'])
/** Operators that compare one value: their operand is neither a list nor an object. */
const ONE_VALUE = new Set([
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
  'not_contains',
])
/** On a date field, the adapter reads the operand of these as a date: all but `like`. */
const DATE_OPERATORS = new Set([...ONE_VALUE].filter((operator) => operator !== 'like'))
const NUMERIC_COLUMNS = new Set(['number', 'relationship', 'upload'])
const PATTERNS = new Set(['like', 'not_like', 'contains', 'not_contains'])
const MAX_PATTERN_LENGTH = 10_000
const MAX_PATTERN_WORDS = 50
const MAX_SORT_FIELDS = 10
const QUERYING = new Set(['read', 'count', 'readDistinct', 'update', 'delete'])

const refuse = (message: string) => new APIError(message, 400, null, true)

/**
 * The field a query path names (`venue.createdAt` follows the relationship), when it can be told.
 */
function fieldAt(
  fields: FlattenedField[],
  path: string,
  req: PayloadRequest,
): FlattenedField | undefined {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || rest.length === 0) return field
  if (
    (field.type === 'relationship' || field.type === 'upload') &&
    typeof field.relationTo === 'string'
  ) {
    const related = req.payload.collections[field.relationTo as 'events']?.config.flattenedFields
    return related && fieldAt(related, rest.join('.'), req)
  }
  return 'flattenedFields' in field
    ? fieldAt(field.flattenedFields, rest.join('.'), req)
    : undefined
}

const isOneValue = (operand: unknown) =>
  operand === null || typeof operand !== 'object' || operand instanceof Date
const notADate = (operand: unknown) =>
  (typeof operand === 'string' && operand !== '') || typeof operand === 'number'
    ? Number.isNaN(new Date(operand).getTime())
    : false
const notANumber = (operand: unknown) =>
  typeof operand === 'string' && operand.trim() !== '' && !Number.isFinite(Number(operand))

function checkWhere(where: unknown, fields: FlattenedField[], req: PayloadRequest): void {
  if (!where || typeof where !== 'object') return
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      value.forEach((inner) => checkWhere(inner, fields, req))
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      const field = () => fieldAt(fields, key, req)
      if (GEOGRAPHIC.has(operator)) {
        if (field()?.type !== 'point')
          throw refuse(`${key}: ${operator} works on point fields only.`)
        continue
      }
      if (!calendarStore(req.payload).hasOperator(req.payload, operator))
        throw refuse(`${key}: the database does not support ${operator}.`)
      if (ONE_VALUE.has(operator) && !isOneValue(operand)) {
        // A hasMany field contains any of a list.
        const listAllowed =
          operator === 'contains' &&
          Array.isArray(operand) &&
          (field() as { hasMany?: boolean } | undefined)?.hasMany === true
        if (!listAllowed) throw refuse(`${key}: ${operator} compares one value.`)
      }
      // `like` makes a LIKE of each word; `contains` one of the whole text.
      const words =
        operator.endsWith('like') && typeof operand === 'string' ? operand.split(' ').length : 1
      if (
        PATTERNS.has(operator) &&
        typeof operand === 'string' &&
        (operand.length > MAX_PATTERN_LENGTH || words > MAX_PATTERN_WORDS)
      ) {
        throw refuse(
          `${key}: a ${operator} pattern has at most ${MAX_PATTERN_LENGTH} characters and ${MAX_PATTERN_WORDS} words.`,
        )
      }
      if (DATE_OPERATORS.has(operator) && notADate(operand) && field()?.type === 'date')
        throw refuse(`${key}: ${String(operand).slice(0, 40)} is not a date.`)
      if (
        operator === 'not_like' &&
        notANumber(operand) &&
        NUMERIC_COLUMNS.has(field()?.type ?? '')
      )
        throw refuse(`${key}: ${String(operand).slice(0, 40)} is not a number.`)
      // PostgreSQL matches patterns against text only (SQLite reads the number as text).
      if (
        PATTERNS.has(operator) &&
        calendarStore(req.payload).patternsMatchTextOnly(req.payload) &&
        NUMERIC_COLUMNS.has(field()?.type ?? '')
      )
        throw refuse(`${key}: ${operator} matches text, and ${key} is a number.`)
    }
  }
}

/** `page` and `limit` whose offset SQLite can still bind as an integer. */
function checkPaging(page: unknown, limit: unknown): void {
  for (const [name, value] of [
    ['page', page],
    ['limit', limit],
  ] as const) {
    if (typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER)
      throw refuse(`${name}: at most ${Number.MAX_SAFE_INTEGER}.`)
  }
  if (
    typeof page === 'number' &&
    typeof limit === 'number' &&
    page * limit > Number.MAX_SAFE_INTEGER
  )
    throw refuse('page: beyond the last page there can be.')
}

type QueryArgs = {
  req: PayloadRequest
  data?: unknown
  sort?: unknown
  where?: unknown
  page?: unknown
  limit?: unknown
}

/**
 * The checks above for a query that goes to the adapter without Payload's operations (the ids of
 * a page, endpoints/data.ts `pageIds`).
 */
export function guardQuery(args: QueryArgs, fields: FlattenedField[]): void {
  const { req, sort, where, page, limit } = args
  checkWhere(where, fields, req)
  const sortFields = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort : []
  if (sortFields.length > MAX_SORT_FIELDS) throw refuse(`sort: at most ${MAX_SORT_FIELDS} fields.`)
  checkPaging(page, limit)
}

export const queryGuard: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  const { data, where } = args as QueryArgs
  if (holdsNul(data) || holdsNul(where))
    throw refuse('Text may not contain the NUL character (U+0000).')
  if (!QUERYING.has(operation)) return args
  guardQuery(args as QueryArgs, collection.flattenedFields)
  return args
}
