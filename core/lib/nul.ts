/**
 * Whether a value (a string, or a list or object holding one, keys included) contains the NUL
 * character. PostgreSQL cannot store it in text and fails the query, so the calendar refuses it
 * everywhere, on every database alike.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (!value || typeof value !== 'object' || depth > 32) return false
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1))
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1),
  )
}
