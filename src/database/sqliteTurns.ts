import type { BaseDatabaseAdapter } from 'payload'

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

/**
 * libsql runs statements synchronously on the event loop and gives each transaction its own
 * connection, so two open write transactions cannot wait for each other: the second fails at once
 * with SQLITE_BUSY. Transactions therefore take turns here, in the order they were begun.
 */
export function serializeTransactions<T extends BaseDatabaseAdapter>(db: T): T {
  const begin = db.beginTransaction.bind(db)
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  const releases = new Map<string, () => void>()
  let queue: Promise<void> = Promise.resolve()

  db.beginTransaction = async (options) => {
    let release!: () => void
    const turn = new Promise<void>((resolve) => (release = resolve))
    const previous = queue
    queue = previous.then(() => turn)
    try {
      await waitForTurn(previous)
      const id = await begin(options)
      if (id === null || id === undefined) {
        release()
        return id
      }
      releases.set(String(id), release)
      return id
    } catch (error) {
      release()
      throw error
    }
  }
  const finish = (end: typeof commit) => async (incoming: Parameters<typeof commit>[0]) => {
    const id = String(await incoming)
    try {
      await end(id)
    } finally {
      releases.get(id)?.()
      releases.delete(id)
    }
  }
  db.commitTransaction = finish(commit)
  db.rollbackTransaction = finish(rollback)
  return db
}
