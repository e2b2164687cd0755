import {
  createClient,
  LibsqlError,
  type Client,
  type InStatement,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client'

const BEGIN: Record<TransactionMode, string> = {
  write: 'BEGIN IMMEDIATE',
  read: 'BEGIN TRANSACTION READONLY',
  deferred: 'BEGIN DEFERRED',
}

const withWriter = new WeakSet<Client>()

/**
 * Gives the client's transactions one connection of their own, opened once.
 *
 * libsql's client hands each transaction the connection it was using and opens a new one for
 * itself; the old one is closed only when the garbage collector gets to it. Under a stream of
 * writes that meant hundreds of open connections (three files and a page cache each, the
 * server's memory growing by 100s of MB) and a cold cache for every read after a write.
 * Transactions take turns (src/database/sqliteTurns.ts), so one writer connection serves them
 * all; were one ever begun while another is open, it gets a connection of its own as before.
 */
export function withWriterConnection(client: Client, url: string, pragmas: string[]): Client {
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
      if (!writer) {
        writer = createClient({ url })
        for (const pragma of pragmas) await writer.execute(pragma)
      }
      await writer.execute(BEGIN[mode])
    } catch (error) {
      busy = false
      throw error
    }
    return writerTransaction(writer, () => (busy = false))
  }
  client.close = () => {
    writer?.close()
    closeClient()
  }
  return client
}

function writerTransaction(writer: Client, release: () => void): Transaction {
  let open = true
  const execute = async (stmt: InStatement): Promise<ResultSet> => {
    if (!open) throw new LibsqlError('The transaction is closed', 'TRANSACTION_CLOSED')
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
      throw new LibsqlError(
        'executeMultiple is not available in a transaction',
        'TRANSACTION_CLOSED',
      )
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
