import { ValidationError } from 'payload'

/**
 * Errors after which a write transaction may succeed when run again from the start: another
 * transaction took what it claims first.
 * - PostgreSQL: a deadlock (40P01, two writes claiming keys in opposite orders) or a serialization
 *   failure (40001);
 * - MongoDB: a WriteConflict (code 112), or any error the driver labels
 *   `TransientTransactionError` (the whole transaction may be retried, its documentation says);
 * - any adapter: a unique index refusing a claim (`claim` of the sequences or of the change log,
 *   `sequence` of the change log), which a concurrent write took first.
 * Drivers and Payload wrap errors, so the chain of causes is searched.
 */
export function isWriteConflict(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (conflictCodes.has(String((cause as { code?: unknown }).code))) return true
    if (labelsOf(cause).includes('TransientTransactionError')) return true
    if (isClaimTaken(cause)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/** PostgreSQL's deadlock and serialization failure, MongoDB's WriteConflict. */
const conflictCodes = new Set(['40P01', '40001', '112'])

/** The paths of the unique indexes a concurrent write's claim can take first. */
const CLAIM_PATHS = new Set(['claim', 'sequence'])

/** A ValidationError of Payload's adapters for a unique index on a claim (any language). */
function isClaimTaken(error: unknown): boolean {
  if (!(error instanceof ValidationError)) return false
  const errors = (error.data as { errors?: { path?: string }[] } | undefined)?.errors ?? []
  return errors.length > 0 && errors.every((entry) => CLAIM_PATHS.has(entry.path ?? ''))
}

/**
 * The labels of a MongoDB driver error: its `errorLabels` (an array, or a Set in some versions),
 * empty for anything else.
 */
export function labelsOf(error: unknown): string[] {
  const labels = (error as { errorLabels?: unknown } | null)?.errorLabels
  if (Array.isArray(labels)) return labels.map(String)
  if (labels instanceof Set) return [...labels].map(String)
  return []
}

/** How many times a write that met a conflict is run again, after the first run. */
export const CONFLICT_RETRIES = 8

/**
 * Waits before the run that follows conflict number `attempt` (from 0): a few milliseconds,
 * doubling, with jitter, so that writes that collided do not collide again at once (MongoDB
 * fails a conflicting write at once instead of making it wait).
 */
export function conflictBackoff(attempt: number): Promise<void> {
  const ms = Math.min(200, 5 * 2 ** attempt) * (0.5 + Math.random())
  return new Promise((resolve) => setTimeout(resolve, ms))
}
