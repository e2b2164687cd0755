import { randomUUID } from 'node:crypto'
import type { Payload } from 'payload'
import { inTurn } from './sqliteTurns.js'
import { inSlot } from './transactionSlots.js'

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
 * What opens a transaction of the plugin's own on the adapter's connection, once it has its turn
 * (SQLite, `sqliteTurns.ts`) and a slot (PostgreSQL, `transactionSlots.ts`) as the adapter's own
 * transactions do; null when the adapter is not drizzle-based after all.
 */
export function ownSqlTransaction(payload: Payload): (() => Promise<string>) | null {
  const { db } = payload
  if (!isDrizzle(db)) return null
  const begin = inSlot(
    db,
    inTurn(db, () => beginOnConnection(db)),
  )
  return async () => String(await begin())
}
