import { randomUUID } from 'node:crypto'
import {
  commitTransaction,
  initTransaction,
  type CollectionAfterOperationHook,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { inTurn } from './sqliteTurns.js'
import { inSlot } from './transactionSlots.js'
import { usesSql } from './store.js'

/** A transaction as Payload's SQL adapters keep it in `sessions`, by its id. */
type Session = { db: unknown; resolve: () => Promise<unknown>; reject: () => Promise<unknown> }

/** What Payload's drizzle-based adapters (SQLite, PostgreSQL) have that the plugin uses here. */
type DrizzleAdapter = {
  drizzle: { transaction: (work: (tx: unknown) => Promise<void>, options?: unknown) => unknown }
  sessions: Record<string, Session | undefined>
  initializing?: Promise<void>
  transactionOptions?: unknown
}

const isDrizzle = (db: object): db is DrizzleAdapter =>
  usesSql(db) &&
  typeof (db as Partial<DrizzleAdapter>).drizzle?.transaction === 'function' &&
  typeof (db as Partial<DrizzleAdapter>).sessions === 'object'

/**
 * Opens a transaction on the adapter's own connection and registers it in `sessions` under a new
 * id, as the adapter's `beginTransaction` does when transactions are on: every query of a request
 * carrying that id then runs in it, and the adapter's `commitTransaction` and
 * `rollbackTransaction` (which Payload's SQL adapters keep whatever `transactionOptions` says) end
 * it.
 */
async function beginOnConnection(db: DrizzleAdapter): Promise<string> {
  await db.initializing
  const session = await new Promise<Session>((opened, failed) => {
    const done = Promise.resolve(
      db.drizzle.transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) =>
            opened({
              db: tx,
              resolve: () => {
                commit()
                return done
              },
              reject: () => {
                rollBack(new Error('rolled back'))
                return done.catch(() => {})
              },
            }),
          ),
        db.transactionOptions || undefined,
      ),
    )
    // Before the work began: the connection failed. After, the rollback asked for above.
    done.catch(failed)
  })
  const id = randomUUID()
  db.sessions[id] = session
  return id
}

/**
 * Gives the request a transaction of the plugin's own when it has none because the adapter runs
 * without transactions (`transactionOptions` unset on `sqliteAdapter`, `false` on
 * `postgresAdapter`). True when it opened one: the caller ends it. Nothing happens when the request
 * has a transaction already or the adapter is not one of Payload's SQL adapters.
 */
async function ownTransaction(req: PayloadRequest): Promise<boolean> {
  if (await req.transactionID) return false
  const { db } = req.payload
  if (!isDrizzle(db)) return false
  const opening = inSlot(
    db,
    inTurn(db, () => beginOnConnection(db)),
  )()
  req.transactionID = opening as Promise<string>
  try {
    req.transactionID = (await opening) as string
    return true
  } catch (error) {
    delete req.transactionID
    throw error
  }
}

/**
 * Begins the transaction of a calendar write on the request: the adapter's, or the plugin's own
 * when the adapter runs without them. True when the caller owns it (commits or kills it).
 */
export async function beginCalendarTransaction(req: PayloadRequest): Promise<boolean> {
  return (await initTransaction(req)) || (await ownTransaction(req))
}

/** Marks the arguments of an operation that runs in a transaction the plugin opened for it. */
const OWN_TRANSACTION = Symbol('calendar transaction')

/**
 * Before a write of a calendar collection through Payload (REST, admin, Local API): when Payload
 * opened no transaction for it (the adapter runs without), the plugin opens its own, so that the
 * write and what its hooks write (id and slug claims, term counts, unlinking, series dates) land
 * together. Payload rolls it back when the operation fails (its `killTransaction`);
 * `commitOwnTransaction` commits it after the operation's last hook.
 */
export async function openOwnTransaction(args: object, req: PayloadRequest): Promise<void> {
  const marked = args as { disableTransaction?: boolean; [OWN_TRANSACTION]?: true }
  if (marked.disableTransaction || !(await ownTransaction(req))) return
  marked[OWN_TRANSACTION] = true
}

export const commitOwnTransaction: CollectionAfterOperationHook = async ({ args, req, result }) => {
  const marked = args as { [OWN_TRANSACTION]?: true }
  if (marked[OWN_TRANSACTION]) {
    delete marked[OWN_TRANSACTION]
    await commitTransaction(req)
  }
  return result
}

/**
 * At start: says once, as a warning, when calendar writes cannot be atomic, which is when the
 * adapter runs without transactions and is not one of Payload's SQL adapters, on whose connection
 * the plugin opens its own.
 */
export async function reportTransactions(payload: Payload): Promise<void> {
  const { db } = payload
  const id = await db.beginTransaction()
  if (id !== null && id !== undefined) {
    await db.rollbackTransaction(id)
    return
  }
  if (isDrizzle(db)) return
  payload.logger.warn(
    `calendarPlugin: the ${db.name} database adapter runs without transactions, so a calendar write ` +
      'that fails half-way (an event with its inline venue or organizers, its id and slug, term ' +
      'counts, unlinking, the dates of a series, an imported record with its mapping) can leave ' +
      'part of itself behind. Turn transactions on in the adapter to make them atomic.',
  )
}
