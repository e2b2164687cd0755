import { afterAll, describe, expect, test } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { checkpointOffTheLoop } from '../../core/database/sqliteCheckpoints.js'
import { reopenConnections, withWriterConnection } from '../../core/database/sqliteWriter.js'

/**
 * The plugin's care of libSQL's connections on real SQLite files (#47): the log's checkpoints made
 * by a thread of their own, and new statistics read by the planner while the process runs.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cal-connections-'))
const clients: Client[] = []

afterAll(() => {
  for (const client of clients) client.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const open = (url: string) => {
  const client = createClient({ url })
  clients.push(client)
  return client
}

async function pragma(client: Client, name: string): Promise<unknown> {
  const { rows } = await client.execute(`PRAGMA ${name}`)
  return Object.values(rows[0] ?? {})[0]
}

describe('checkpoints off the event loop', () => {
  test("in WAL mode a thread copies the log into the file; the process's connections make none", async () => {
    const url = `file:${path.join(dir, 'wal.db')}`
    const client = open(url)
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('CREATE TABLE t (v TEXT)')
    const checkpointer = await checkpointOffTheLoop(url, client)
    expect(checkpointer).not.toBeNull()
    try {
      expect(await pragma(client, 'wal_autocheckpoint')).toBe(0)
      // Far past the 1,000 pages at which SQLite would checkpoint at the commit itself.
      await client.batch(
        Array.from({ length: 300 }, () => ({
          sql: 'INSERT INTO t VALUES (?)',
          args: ['x'.repeat(20_000)],
        })),
        'write',
      )
      const logged = Number((await client.execute('PRAGMA wal_checkpoint(NOOP)')).rows[0]?.log ?? 0)
      expect(logged).toBeGreaterThan(1000)
      // The thread's next turn (every second) copies every frame: a checkpoint of our own then
      // finds them all copied already.
      let done = false
      for (let tries = 0; tries < 50 && !done; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        const [row] = (await client.execute('PRAGMA wal_checkpoint(NOOP)')).rows
        done = Number(row?.checkpointed) === Number(row?.log) && Number(row?.log) > 0
      }
      expect(done).toBe(true)
    } finally {
      await checkpointer?.stop()
    }
  })

  test('a file not in WAL mode is left as it is', async () => {
    const url = `file:${path.join(dir, 'rollback.db')}`
    const client = open(url)
    await client.execute('CREATE TABLE t (v TEXT)')
    expect(await checkpointOffTheLoop(url, client)).toBeNull()
    expect(await pragma(client, 'wal_autocheckpoint')).toBe(1000)
  })
})

describe('new statistics reach the planner', () => {
  const query = 'SELECT id FROM e WHERE series = ? ORDER BY day'
  const planOf = async (client: Client) =>
    (await client.execute({ sql: `EXPLAIN QUERY PLAN ${query}`, args: [1] })).rows
      .map((row) => String(row.detail))
      .join(' | ')

  test('on the client and on its transactions once the connections are opened again', async () => {
    const url = `file:${path.join(dir, 'stats.db')}`
    const setup = open(url)
    await setup.executeMultiple(`
      PRAGMA journal_mode = WAL;
      CREATE TABLE e (id INTEGER PRIMARY KEY, series INTEGER, day TEXT);
      CREATE INDEX e_series ON e (series);
      CREATE INDEX e_day ON e (day);
      ANALYZE;
      DELETE FROM sqlite_stat1;
      INSERT INTO sqlite_stat1 VALUES ('e', 'e_series', '100000 100000'), ('e', 'e_day', '100000 4');
    `)
    // Figures that say a series holds every row: the day's index, in order, looks cheaper.
    const client = open(url)
    let writerConnections = 0
    withWriterConnection(client, {
      open: async () => {
        writerConnections += 1
        return open(url)
      },
    })
    const inTransaction = async () => {
      const transaction = await client.transaction('write')
      const { rows } = await transaction.execute({ sql: `EXPLAIN QUERY PLAN ${query}`, args: [1] })
      await transaction.rollback()
      return rows.map((row) => String(row.detail)).join(' | ')
    }
    expect(await planOf(client)).toMatch(/e_day/)
    expect(await inTransaction()).toMatch(/e_day/)
    // The figures as an analysis finds them: a series holds a few rows.
    await setup.execute("UPDATE sqlite_stat1 SET stat = '100000 7' WHERE idx = 'e_series'")
    await reopenConnections(client)
    expect(await planOf(client)).toMatch(/e_series/)
    expect(await inTransaction()).toMatch(/e_series/)
    expect(writerConnections).toBe(2)
  })
})
