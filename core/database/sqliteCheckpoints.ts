import { Worker } from 'node:worker_threads'
import type { Client } from '@libsql/client'

/** How often the checkpointer copies what the write-ahead log holds into the database file. */
const CHECKPOINT_EVERY_MS = 1000

/**
 * The checkpointer: a thread with its own connection to the file, which runs a PASSIVE checkpoint
 * now and then (readers and writers go on meanwhile). CommonJS evaluated as is, so that no bundler
 * has a file to move: `@libsql/client` is found from the app's folder, as Payload's adapter finds
 * it.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads')
import('@libsql/client').then(async ({ createClient }) => {
  const client = createClient({ url: workerData.url })
  let running = Promise.resolve()
  const checkpoint = () => (running = client.execute('PRAGMA wal_checkpoint(PASSIVE)'))
  await checkpoint()
  parentPort.postMessage({ ready: true })
  const timer = setInterval(() => checkpoint().catch(() => {}), workerData.every)
  parentPort.on('message', async (message) => {
    if (!message.stop) return
    clearInterval(timer)
    await running.catch(() => {})
    client.close()
    parentPort.close()
  })
}).catch((error) => parentPort.postMessage({ error: String(error) }))
`
/** How long a stopped checkpointer may take to end its checkpoint before it is ended. */
const STOP_WAIT_MS = 5000

export type Checkpointer = {
  /** Turns off a connection's own checkpoints, which the thread now makes. */
  adopt: (connection: Client) => Promise<void>
  /** Resolves once the thread has ended (at most STOP_WAIT_MS); stopping twice is stopping once. */
  stop: () => Promise<void>
}

/**
 * Checkpoints of a SQLite file in write-ahead-log mode, off the event loop. SQLite checkpoints
 * by itself at the commit that takes the log past 1,000 pages, on the connection that commits:
 * with libSQL's local client, on the event loop. After a daily series (20 MB of log) that copy
 * held every request 150-450 ms, at whichever write or `ANALYZE` came next. Here a thread of its
 * own copies the log every CHECKPOINT_EVERY_MS, and the process's connections make none. Null,
 * with the connections left as they are, when the file is not in WAL mode or the thread cannot
 * open it.
 */
export async function checkpointOffTheLoop(
  url: string,
  client: Client,
): Promise<Checkpointer | null> {
  const { rows } = await client.execute('PRAGMA journal_mode')
  if (String(rows[0]?.journal_mode).toLowerCase() !== 'wal') return null
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { url, every: CHECKPOINT_EVERY_MS },
  })
  worker.unref()
  const ready = await new Promise<boolean>((resolve) => {
    worker.once('message', (message: { ready?: boolean }) => resolve(Boolean(message.ready)))
    worker.once('error', () => resolve(false))
    worker.once('exit', () => resolve(false))
  })
  if (!ready) {
    await worker.terminate()
    return null
  }
  const adopted: Client[] = []
  let stopped: Promise<void> | null = null
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  // Were the thread to end by itself, the connections checkpoint again as SQLite does.
  worker.once('exit', () => {
    if (stopped) return
    for (const connection of adopted)
      connection.execute('PRAGMA wal_autocheckpoint = 1000').catch(() => {})
  })
  const adopt = async (connection: Client) => {
    await connection.execute('PRAGMA wal_autocheckpoint = 0')
    adopted.push(connection)
  }
  await adopt(client)
  return {
    adopt,
    // Asked to stop, the thread ends its checkpoint and closes its connection by itself: ended
    // from outside in the middle of a libSQL call, it took the process down (a panic of libSQL's
    // native module) where a test server stopped.
    stop: () => {
      stopped ??= (async () => {
        worker.postMessage({ stop: true })
        const timer = setTimeout(() => void worker.terminate(), STOP_WAIT_MS)
        await exited
        clearTimeout(timer)
      })()
      return stopped
    },
  }
}
