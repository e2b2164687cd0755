import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'
import { openOwnTransaction } from './calendarTransaction.js'
import type { WriteTurn } from './calendarStore.js'
import { fitsRecordTurn, turnReadsRecord, type RecordRole } from './recordTurn.js'
import { calendarStore } from './stores.js'

export type { WriteTurn }

/**
 * How calendar writes take turns, asked of the request's store (core/database/calendarStore.ts):
 * on PostgreSQL, advisory locks (core/database/postgresLocks.ts); SQLite has one writer anyway
 * (`sqliteTurns.ts`); other adapters: nothing to do. A transaction asks once, however many writes
 * it makes: what it took first stays (a v1 write takes it first, then its Local API calls find it
 * held). Reads never wait.
 */
const storeFor = (req: PayloadRequest) => calendarStore(req.payload)

/** Takes the calendar's write turn for the transaction of `req` (`whole` when not said). */
export const takeWriteTurn = (req: PayloadRequest, turn: WriteTurn = 'whole') =>
  storeFor(req).takeWriteTurn(req, turn)

/** The turn the transaction of `req` holds: none outside PostgreSQL or a transaction. */
export const heldTurn = (req: PayloadRequest) => storeFor(req).heldTurn(req)

/**
 * Makes the shared turn of the transaction of `req` whole: for a Payload write that cannot run
 * again (`writeTurns`) and found, under its record's lock, that it needs the calendar alone after
 * all.
 */
export const widenTurn = (req: PayloadRequest) => storeFor(req).widenTurn(req)

/** Thrown by a v1 write that found, under its record's lock, that it needs the calendar alone. */
export class NeedsWholeTurn extends Error {
  constructor() {
    super('this write needs the whole write turn')
  }
}

/**
 * After a `record` transaction read its record under its lock: when the write does not `fit` that
 * turn (a series or a date of one, `recordTurn.ts`), it ends with `NeedsWholeTurn`, and
 * endpoints/transaction.ts runs it again with the whole turn. Elsewhere nothing to do.
 */
export async function requireFittingTurn(req: PayloadRequest, fits: boolean): Promise<void> {
  if (!fits && (await heldTurn(req)) === 'record') throw new NeedsWholeTurn()
}

/**
 * In a `creates` or `record` transaction, waits for the other transactions that hold one of these
 * keys (a slug's base, a name, a record) and holds them until it ends. In a `whole` transaction,
 * or outside PostgreSQL, nothing to do: nobody else writes meanwhile.
 */
export const lockKeys = (req: PayloadRequest, keys: string[]) => storeFor(req).lockKeys(req, keys)

/**
 * Holds one key's lock for the rest of the transaction of `req`, whatever turn it took (a webhook
 * delivery's claim, features/webhooks/claim.ts). Without a transaction, or off PostgreSQL, nothing
 * to do: SQLite's transactions take turns in the process (`sqliteTurns.ts`).
 */
export const lockKey = (req: PayloadRequest, key: string) => storeFor(req).lockKey(req, key)

/** The key of one record, for `lockKeys`. */
export const recordKey = (collection: string, id: number | string) => `record:${collection}:${id}`

/**
 * Takes the change log's turn now (see `atCommit`), for a transaction that reads what it orders
 * (the change mark) and takes no other lock after.
 */
export const takeLogTurn = (req: PayloadRequest) => storeFor(req).takeLogTurn(req)

/**
 * Runs `work` just before the transaction of `req` commits, under the change log's turn, on
 * PostgreSQL; elsewhere, or when the transaction holds that turn already, now. What a commit of
 * the calendar does is named in collections/hooks/calendarCommit.ts.
 */
export const atCommit = (req: PayloadRequest, work: () => Promise<void>) =>
  storeFor(req).atCommit(req, work)

/**
 * Runs `done` once the transaction of `req` has committed, after `atCommit`'s work and the commit
 * itself; never when it rolls back; now when `req` has no transaction. For what may only learn of
 * committed writes (the v1 layer's form warmer, told by collections/hooks/calendarCommit.ts).
 */
export const afterCommit = (req: PayloadRequest, done: () => void) =>
  storeFor(req).afterCommit(req, done)

const WRITES = new Set(['create', 'update', 'delete'])

/**
 * Every create, update and delete of the collection runs in a transaction (the plugin's own when
 * the adapter runs without, `calendarTransaction.ts`) and waits for its turn before it reads
 * anything: creates beside other writes; an update of one record by id beside them too when
 * `recordTurn.ts` lets it (`role` names the collection's kind; none: always alone), locking the
 * record first; other updates and deletes alone. An update or delete of one record inside a
 * transaction that holds a shared turn already (a v1 write's nested writes) locks that record.
 *
 * Payload's REST writes cannot be run again: whether an event is a series is read before the turn
 * is taken, and read again under the record's lock; when a `whole` write made it one in between,
 * the turn is widened (`widenTurn`).
 */
export function writeTurns(role?: RecordRole): CollectionBeforeOperationHook {
  return async ({ args, collection, operation, req }) => {
    if (!WRITES.has(operation)) return args
    await openOwnTransaction(args, req)
    const { id, data } = args as { id?: number | string; data?: Record<string, unknown> }
    const byId = operation !== 'create' && id !== undefined && id !== null
    if (operation === 'create') await takeWriteTurn(req, 'creates')
    else if ((await heldTurn(req)) || !byId || !role || !(await storeFor(req).locksRecords(req)))
      await takeWriteTurn(req, 'whole')
    else {
      const write = operation as 'update' | 'delete'
      const stored = async () =>
        turnReadsRecord(role)
          ? ((await req.payload.db.findOne({
              collection: collection.slug,
              where: { id: { equals: id } },
              req,
            })) as Record<string, unknown> | null)
          : undefined
      const fits = fitsRecordTurn(role, write, data, await stored())
      await takeWriteTurn(req, fits ? 'record' : 'whole')
      if (fits) {
        await lockKeys(req, [recordKey(collection.slug, id)])
        if (turnReadsRecord(role) && !fitsRecordTurn(role, write, data, await stored()))
          await widenTurn(req)
      }
    }
    if (byId) await lockKeys(req, [recordKey(collection.slug, id)])
    return args
  }
}
