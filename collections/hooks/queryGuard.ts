import { APIError, type CollectionBeforeOperationHook, type FlattenedField, type PayloadRequest } from 'payload'

/**
 * Queries that anyone may send to Payload's REST (`/api/events?where[...]`, `?sort=`) and that its
 * SQL adapter cannot run: it answered them with 500. They are refused with 400 before they reach
 * the database:
 * - a date field compared with something that is not a date (`where[startDate][equals]=soon`);
 * - the geographic operators on anything but a point field (`where[title][near]=1,2`);
 * - `like` patterns of too many words (each word is a LIKE of its own, and SQLite refuses a query
 *   that nests too deeply), and `like` or `contains` patterns too long for SQLite (50,000 bytes);
 * - a sort on too many fields.
 */

const GEOGRAPHIC = new Set(['near', 'within', 'intersects'])
const DATE_COMPARISONS = new Set(['equals', 'not_equals', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal'])
const PATTERNS = new Set(['like', 'not_like', 'contains', 'not_contains'])
const MAX_PATTERN_LENGTH = 10_000
const MAX_PATTERN_WORDS = 50
const MAX_SORT_FIELDS = 10
const QUERYING = new Set(['read', 'count', 'readDistinct', 'update', 'delete'])

const refuse = (message: string) => new APIError(message, 400, null, true)

/** The field a query path names (`venue.createdAt` follows the relationship), when it can be told. */
function fieldAt(fields: FlattenedField[], path: string, req: PayloadRequest): FlattenedField | undefined {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || rest.length === 0) return field
  if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
    const related = req.payload.collections[field.relationTo as 'events']?.config.flattenedFields
    return related && fieldAt(related, rest.join('.'), req)
  }
  return 'flattenedFields' in field ? fieldAt(field.flattenedFields, rest.join('.'), req) : undefined
}

function checkWhere(where: unknown, fields: FlattenedField[], req: PayloadRequest): void {
  if (!where || typeof where !== 'object') return
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or') && Array.isArray(value)) {
      value.forEach((inner) => checkWhere(inner, fields, req))
      continue
    }
    if (!value || typeof value !== 'object') continue
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      if (GEOGRAPHIC.has(operator) && fieldAt(fields, key, req)?.type !== 'point') throw refuse(`${key}: ${operator} works on point fields only.`)
      // `like` makes a LIKE of each word; `contains` one of the whole text.
      const words = operator.endsWith('like') && typeof operand === 'string' ? operand.split(' ').length : 1
      if (PATTERNS.has(operator) && typeof operand === 'string' && (operand.length > MAX_PATTERN_LENGTH || words > MAX_PATTERN_WORDS)) {
        throw refuse(`${key}: a ${operator} pattern has at most ${MAX_PATTERN_LENGTH} characters and ${MAX_PATTERN_WORDS} words.`)
      }
      const notADate = (typeof operand === 'string' && operand !== '') || typeof operand === 'number' ? Number.isNaN(new Date(operand).getTime()) : false
      if (DATE_COMPARISONS.has(operator) && notADate && fieldAt(fields, key, req)?.type === 'date') throw refuse(`${key}: ${String(operand).slice(0, 40)} is not a date.`)
    }
  }
}

export const queryGuard: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (!QUERYING.has(operation)) return args
  const { req, sort, where } = args as { req: PayloadRequest; sort?: unknown; where?: unknown }
  checkWhere(where, collection.flattenedFields, req)
  const sortFields = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort : []
  if (sortFields.length > MAX_SORT_FIELDS) throw refuse(`sort: at most ${MAX_SORT_FIELDS} fields.`)
  return args
}
