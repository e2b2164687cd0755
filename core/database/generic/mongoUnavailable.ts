import { labelsOf } from './conflicts.js'

/**
 * Whether one MongoDB driver error (not its causes) says the server cannot be reached, rather than
 * that a query failed: the driver's network, server selection and closed-client errors, a pool
 * cleared after one (`ResetPool`), and a write the driver would retry (`RetryableWriteError`)
 * because the server is gone or stepped down, not because of the write. The driver's classes are
 * recognised by name, so that no import of `mongodb` is needed.
 */
export function isMongoUnavailable(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown }
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return true
  const labels = labelsOf(error)
  if (labels.includes('ResetPool')) return true
  return (
    labels.includes('RetryableWriteError') && (code === undefined || SERVER_GONE.has(Number(code)))
  )
}

/** The driver's errors of a server or client that is not there (mongodb 6's names). */
const UNREACHABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
  'MongoClientClosedError',
  'MongoNotConnectedError',
  'MongoPoolClosedError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
])

/**
 * Server codes of a node that is gone, shutting down or no longer primary (the driver's retryable
 * write codes, without those of a write that was merely interrupted by its own time limit).
 */
const SERVER_GONE = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
])
