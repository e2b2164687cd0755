import { AsyncLocalStorage } from 'node:async_hooks'
import type { BaseDatabaseAdapter, PayloadRequest } from 'payload'
import { holdWhileOpen, type Begin } from './heldTransactions.js'

/**
 * How long a write waits for the one before it; past that something holds a transaction it never
 * ends.
 */
const TRANSACTION_WAIT_MS = 30_000

async function waitForTurn(previous: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`waited ${TRANSACTION_WAIT_MS} ms for another SQLite transaction to end`)),
      TRANSACTION_WAIT_MS,
    )
  })
  try {
    await Promise.race([previous, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Per adapter, what makes a way of beginning a transaction wait for its turn. */
const turnTakers = new WeakMap<object, (begin: Begin) => Begin>()

/**
 * libsql runs statements synchronously on the event loop and gives each transaction its own
 * connection, so two open write transactions cannot wait for each other: the second fails at once
 * with SQLITE_BUSY. Transactions therefore take turns here, in the order they were begun: the
 * adapter's own and those the plugin opens itself (`calendarTransaction.ts`).
 */
export function serializeTransactions<T extends BaseDatabaseAdapter>(db: T): T {
  let queue: Promise<void> = Promise.resolve()

  /** Waits for the turn; the caller releases it. */
  const nextTurn = async (): Promise<() => void> => {
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const previous = queue
    queue = previous.then(() => turn)
    try {
      await waitForTurn(previous)
    } catch (error) {
      release()
      throw error
    }
    return release
  }
  turnTakers.set(db, holdWhileOpen(db, nextTurn))
  writeTurns.set(db, nextTurn)
  return db
}

/** Per adapter, the wait for a turn among its transactions (`serializeTransactions`). */
const writeTurns = new WeakMap<object, () => Promise<() => void>>()

/** The adapter's methods that write. */
const WRITE_METHODS = [
  'create',
  'createGlobal',
  'createGlobalVersion',
  'createVersion',
  'deleteMany',
  'deleteOne',
  'deleteVersions',
  'updateGlobal',
  'updateGlobalVersion',
  'updateJobs',
  'updateMany',
  'updateOne',
  'updateVersion',
  'upsert',
] as const

/** Marks the write that holds a turn, for the adapter's writes made by that write itself. */
const inWrite = new AsyncLocalStorage<true>()

/**
 * Writes outside any transaction run on the adapter's connection while transactions run on
 * another (the writer connection, `sqliteWriter.ts`): one landing while a transaction is open
 * (its statements give the event loop turns, `sqliteYields.ts`) would find the file locked
 * (SQLITE_BUSY), and wait for it on the event loop, which the open transaction needs to end. Each
 * such write therefore takes a turn among the transactions, as a transaction of its own would,
 * with transactions on or off (Payload's default on SQLite). A write in a transaction is in that
 * transaction's turn already.
 */
export function serializeWritesOutsideTransactions<T extends BaseDatabaseAdapter>(db: T): T {
  const nextTurn = writeTurns.get(db)
  if (!nextTurn) return db
  type Write = (args: { req?: Partial<PayloadRequest> }) => Promise<unknown>
  const methods = db as unknown as Record<string, Write>
  for (const name of WRITE_METHODS) {
    const write = methods[name]?.bind(db)
    if (!write) continue
    methods[name] = async (args) => {
      if (inWrite.getStore() || (await args?.req?.transactionID)) return write(args)
      const release = await nextTurn()
      try {
        return await inWrite.run(true, () => write(args))
      } finally {
        release()
      }
    }
  }
  return db
}

/**
 * Runs `work` in a write turn of its own among the adapter's transactions (at once when they do
 * not take turns): for statements that write outside any transaction, such as ANALYZE.
 */
export async function inWriteTurn<T>(db: object, work: () => Promise<T>): Promise<T> {
  const nextTurn = writeTurns.get(db)
  if (!nextTurn) return work()
  const release = await nextTurn()
  try {
    return await inWrite.run(true, work)
  } finally {
    release()
  }
}

/** Whether the adapter's transactions take turns in this process (`serializeTransactions`). */
export const transactionsTakeTurns = (db: object): boolean => turnTakers.has(db)

/** `begin`, waiting for its turn among the adapter's transactions when they take turns. */
export function inTurn(db: object, begin: Begin): Begin {
  return turnTakers.get(db)?.(begin) ?? begin
}
