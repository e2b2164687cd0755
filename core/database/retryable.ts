/**
 * PostgreSQL's `deadlock_detected` (SQLSTATE 40P01), on the error or what it wraps: the database
 * ended one of two writes that waited for each other, and it may run again from the start.
 */
export function isDeadlock(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if ((cause as { code?: unknown }).code === '40P01') return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}
