import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client'
import type { BaseDatabaseAdapter } from 'payload'
import { checkpointOffTheLoop, type Checkpointer } from './sqliteCheckpoints.js'
import { keepPreparedStatements } from './sqliteStatements.js'
import { yieldAfterStatements } from './sqliteYields.js'

const BEGIN: Record<TransactionMode, string> = {
  write: 'BEGIN IMMEDIATE',
  read: 'BEGIN TRANSACTION READONLY',
  deferred: 'BEGIN DEFERRED',
}

/** What Payload's SQLite adapter holds that this module reads. */
type SqliteAdapter = BaseDatabaseAdapter & {
  client?: Client
  clientConfig?: { url: string }
  busyTimeout?: number
  wal?: false | { synchronous: string }
}

const withWriter = new WeakSet<Client>()
const reopeners = new WeakMap<Client, () => Promise<void>>()

/**
 * New connections for the client and its transactions, set up as the first ones were: the only
 * way its planner reads new statistics (libSQL's connections load `sqlite_stat1` once, when they
 * open; neither `ANALYZE` nor `ANALYZE sqlite_schema` loads it again). Only between transactions
 * (in a write turn, sqliteTurns.ts).
 */
export async function reopenConnections(client: Client): Promise<void> {
  await reopeners.get(client)?.()
}

/**
 * Once Payload's SQLite adapter is connected, its transactions share one connection of their own
 * (`withWriterConnection`), set up as the adapter sets its own (busy timeout, WAL's synchronous
 * level), a thread of its own makes the log's checkpoints (sqliteCheckpoints.ts), and every
 * connection keeps the statements it prepared (sqliteStatements.ts). Only for a
 * local file: a remote libSQL client has no connection per transaction. Needs `@libsql/client`,
 * which comes with `@payloadcms/db-sqlite`; without it nothing changes.
 */
export function writerConnectionOnConnect(db: BaseDatabaseAdapter): void {
  const adapter = db as SqliteAdapter
  if (typeof adapter.connect !== 'function') return
  const connect = adapter.connect.bind(adapter)
  let checkpointer: Checkpointer | null = null
  // Payload's destroy leaves the client open; a script that exits after it (dev/seed.ts) would end
  // the thread in the middle of a checkpoint, which takes the process down (a libSQL panic).
  const destroy = adapter.destroy?.bind(adapter)
  adapter.destroy = async () => {
    await checkpointer?.stop()
    await destroy?.()
  }
  adapter.connect = async (options) => {
    await connect(options)
    const url = adapter.clientConfig?.url
    if (!adapter.client || !url?.startsWith('file:') || withWriter.has(adapter.client)) return
    const libsql = await import('@libsql/client').catch(() => null)
    if (!libsql) return
    keepPreparedStatements()
    yieldAfterStatements(adapter.client)
    checkpointer = await checkpointOffTheLoop(url, adapter.client).catch(() => null)
    const pragmas = [
      ...(adapter.busyTimeout ? [`PRAGMA busy_timeout = ${adapter.busyTimeout}`] : []),
      ...(adapter.wal ? [`PRAGMA synchronous = ${adapter.wal.synchronous}`] : []),
    ]
    const setUp = async (connection: Client) => {
      for (const pragma of pragmas) await connection.execute(pragma)
      await checkpointer?.adopt(connection)
    }
    withWriterConnection(adapter.client, {
      open: async () => {
        const writer = yieldAfterStatements(libsql.createClient({ url }))
        await setUp(writer)
        return writer
      },
      reopened: setUp,
      closed: () => void checkpointer?.stop(),
    })
  }
}

/** An error as libsql gives it for a transaction that ended (its code, without its class). */
const transactionClosed = (message = 'The transaction is closed') =>
  Object.assign(new Error(message), { code: 'TRANSACTION_CLOSED' })

/**
 * Gives the client's transactions one connection of their own, opened once (by `open`).
 *
 * libsql's client hands each transaction the connection it was using and opens a new one for
 * itself; the old one is closed only when the garbage collector gets to it. Under a stream of
 * writes that meant hundreds of open connections (three files and a page cache each, the
 * server's memory growing by 100s of MB), a cold cache and the schema parsed again for every read
 * after a write. Transactions take turns (sqliteTurns.ts), so one writer connection serves them
 * all; were one ever begun while another is open, it gets a connection of its own as before.
 */
export function withWriterConnection(
  client: Client,
  {
    open,
    reopened = async () => {},
    closed = () => {},
  }: {
    /** A new writer connection, set up. */
    open: () => Promise<Client>
    /** Sets up the client's own new connection (`reopenConnections`). */
    reopened?: (client: Client) => Promise<void>
    closed?: () => void
  },
): Client {
  if (withWriter.has(client)) return client
  withWriter.add(client)
  const ownConnection = client.transaction.bind(client)
  const closeClient = client.close.bind(client)
  let writer: Client | null = null
  let busy = false

  client.transaction = async (mode: TransactionMode = 'write') => {
    if (busy) return ownConnection(mode)
    busy = true
    try {
      writer ??= await open()
      await writer.execute(BEGIN[mode])
    } catch (error) {
      busy = false
      throw error
    }
    return writerTransaction(writer, () => (busy = false))
  }
  client.close = () => {
    closed()
    writer?.close()
    closeClient()
  }
  reopeners.set(client, async () => {
    if (busy) return
    writer?.close()
    writer = null
    // libSQL hands a transaction the client's connection and opens a new one at the next use;
    // the one handed over closes when the garbage collector gets to it (libSQL gives no way to
    // close it sooner).
    const handed = await ownConnection('deferred')
    await handed.rollback()
    await reopened(client)
  })
  return client
}

function writerTransaction(writer: Client, release: () => void): Transaction {
  let open = true
  const execute = async (stmt: InStatement): Promise<ResultSet> => {
    if (!open) throw transactionClosed()
    return writer.execute(stmt)
  }
  const rollback = async () => {
    if (!open) return
    open = false
    try {
      await writer.execute('ROLLBACK')
    } catch {
      // SQLite already rolled back (some errors end the transaction themselves).
    } finally {
      release()
    }
  }
  return {
    execute,
    batch: async (stmts) => {
      const results: ResultSet[] = []
      for (const stmt of stmts) results.push(await execute(stmt))
      return results
    },
    executeMultiple: async () => {
      throw transactionClosed('executeMultiple is not available in a transaction')
    },
    // A COMMIT that fails (a deferred constraint) leaves the transaction open, for the caller to
    // roll back.
    commit: async () => {
      await execute('COMMIT')
      open = false
      release()
    },
    rollback,
    close: () => void rollback(),
    get closed() {
      return !open
    },
  }
}
