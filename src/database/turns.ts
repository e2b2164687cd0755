import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'
import { openOwnTransaction } from './calendarTransaction.js'

type SqlSession = { execute: (query: string) => PromiseLike<unknown> }
type PostgresAdapter = { name: string; sessions?: Record<string, { db?: SqlSession } | undefined> }

/** One key for every calendar write, in every process that shares the database. */
const WRITE_LOCK = "SELECT pg_advisory_xact_lock(hashtext('payload-events-calendar:writes'))"

/** Transactions (by their session) that hold the lock already: it stays theirs until they end. */
const holding = new WeakSet<SqlSession>()

/**
 * Waits until no other calendar write transaction is open, on PostgreSQL. There a transaction
 * does not see what another has not committed, so two writes that pick the next id or a free slug
 * would pick the same one, and the unique index that then refuses one aborts its whole
 * transaction (no retry is possible inside it); two updates of one record would each write back
 * what they read, and the later would undo the earlier. A transaction-scoped advisory lock makes
 * calendar writes take turns, as SQLite's single writer does (`sqliteTurns.ts`): across processes,
 * released when the transaction commits or rolls back. A transaction asks for it once, however
 * many writes it makes (a v1 write takes it first, then its Local API calls find it held). Reads
 * never wait. Other adapters: nothing to do.
 */
export async function takeWriteTurn(req: PayloadRequest): Promise<void> {
  const db = req.payload.db as PostgresAdapter
  if (db.name !== 'postgres') return
  const transactionID = await req.transactionID
  const session =
    transactionID === undefined || transactionID === null
      ? undefined
      : db.sessions?.[String(transactionID)]?.db
  // Without a transaction there is nothing to hold the lock until the write is visible.
  if (!session || holding.has(session)) return
  await session.execute(WRITE_LOCK)
  holding.add(session)
}

const WRITES = new Set(['create', 'update', 'delete'])

/**
 * Every create, update and delete of the collection runs in a transaction (the plugin's own when
 * the adapter runs without, `calendarTransaction.ts`) and waits for its turn before it reads
 * anything.
 */
export const writeTurns: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (!WRITES.has(operation)) return args
  await openOwnTransaction(args, req)
  await takeWriteTurn(req)
  return args
}
