import { isMongoUnavailable } from './generic/mongoUnavailable.js'

/**
 * Whether an error says the database cannot be reached at all (PostgreSQL or MongoDB down,
 * restarting or refusing connections), rather than that a query failed: the request may succeed
 * when retried. Drivers and drizzle wrap errors, so the chain of causes is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08'))) return true
    if (typeof message === 'string' && LOST.test(message)) return true
    if (isMongoUnavailable(cause)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * Node's socket errors, and PostgreSQL's "admin shutdown", "crash shutdown" and "cannot connect
 * now"; SQLSTATE class 08 is "connection exception".
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
])

/** node-postgres reports a connection that ended under a query by its message alone. */
const LOST = /^Connection terminated( unexpectedly| due to connection timeout)?$/
