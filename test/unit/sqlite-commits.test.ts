import { afterAll, describe, expect, test } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import type { Payload } from 'payload'
import { commitWatchOf, type CommitLook } from '../../core/database/sqliteCommits.js'

/**
 * The commit watch (core/database/sqliteCommits.ts) on real SQLite files: two connections, as two
 * processes would hold them. It stands in for the change mark's read only when a look can tell
 * every commit apart.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cal-commits-'))
const clients: Client[] = []

afterAll(() => {
  for (const client of clients) client.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function database(name: string, pragmas: string[]) {
  const url = `file:${path.join(dir, name)}`
  const open = async () => {
    const client = createClient({ url })
    clients.push(client)
    for (const pragma of pragmas) await client.execute(pragma)
    return client
  }
  const reader = await open()
  const writer = await open()
  await writer.execute('CREATE TABLE IF NOT EXISTS t (v INTEGER)')
  // What commitWatchOf reads of Payload: its SQLite adapter's name and libSQL client.
  const payload = { db: { name: 'sqlite', client: reader } } as unknown as Payload
  return { payload, writer }
}

describe('the SQLite commit watch', () => {
  /** Five commits of another connection, each seen; a rolled-back write, not seen. */
  async function seesCommits(payload: Payload, writer: Client): Promise<CommitLook | null> {
    const watch = (await commitWatchOf(payload))!
    expect(watch).not.toBeNull()
    const sameCommits = watch.same
    let before = watch.look()
    expect(sameCommits(before, watch.look())).toBe(true)
    for (let i = 0; i < 5; i++) {
      await writer.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: [i] })
      const after = watch.look()
      expect(sameCommits(before, after)).toBe(false)
      before = after
    }
    await writer.execute('BEGIN IMMEDIATE')
    await writer.execute('INSERT INTO t (v) VALUES (99)')
    await writer.execute('ROLLBACK')
    expect(sameCommits(before, watch.look())).toBe(true)
    return before
  }

  test('in WAL mode, sees every commit of another connection, and no change without one', async () => {
    const { payload, writer } = await database('wal.db', ['PRAGMA journal_mode = WAL'])
    const before = await seesCommits(payload, writer)
    // A checkpoint that starts the log over, then a commit: the header's salts change.
    await writer.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    await writer.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: [7] })
    const watch = (await commitWatchOf(payload))!
    expect(watch.same(before, watch.look())).toBe(false)
  })

  test("with a rollback journal (SQLite's default), sees every commit by the change counter", async () => {
    for (const mode of ['DELETE', 'TRUNCATE', 'PERSIST']) {
      const { payload, writer } = await database(`rollback-${mode}.db`, [
        `PRAGMA journal_mode = ${mode}`,
      ])
      await seesCommits(payload, writer)
    }
  })

  test('is not used when the database is held in exclusive locking mode', async () => {
    for (const mode of ['WAL', 'DELETE']) {
      const exclusive = await database(`exclusive-${mode}.db`, [
        `PRAGMA journal_mode = ${mode}`,
        'PRAGMA locking_mode = EXCLUSIVE',
      ])
      expect(await commitWatchOf(exclusive.payload)).toBeNull()
    }
  })

  test('is not used on other adapters', async () => {
    const payload = { db: { name: 'postgres' } } as unknown as Payload
    expect(await commitWatchOf(payload)).toBeNull()
  })

  test('a look that failed never matches', async () => {
    const { payload } = await database('failed.db', [])
    const watch = (await commitWatchOf(payload))!
    expect(watch.same(null, null)).toBe(false)
    expect(watch.same(watch.look(), null)).toBe(false)
  })
})
