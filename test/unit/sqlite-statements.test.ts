import { afterAll, describe, expect, test } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { createClient } from '@libsql/client'
import { keepPreparedStatements } from '../../core/database/sqliteStatements.js'

/**
 * Statements kept per connection (#60, core/database/sqliteStatements.ts), on a real SQLite file
 * through `@libsql/client`, as Payload's adapter runs them.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cal-statements-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

type Database = { prepare(sql: string): object }
const libsql = createRequire(createRequire(import.meta.url).resolve('@libsql/client'))(
  'libsql',
) as {
  new (file: string): Database
}

describe('statements prepared once per connection', () => {
  test('the same SQL on one connection gets the statement prepared the first time', () => {
    expect(keepPreparedStatements()).toBe(true)
    const one = new libsql(path.join(dir, 'kept.db'))
    const other = new libsql(path.join(dir, 'kept.db'))
    expect(one.prepare('SELECT 1')).toBe(one.prepare('SELECT 1'))
    expect(one.prepare('SELECT 1')).not.toBe(one.prepare('SELECT 2'))
    expect(other.prepare('SELECT 1')).not.toBe(one.prepare('SELECT 1'))
    const before = one.prepare('SELECT 1')
    one.prepare('CREATE TABLE IF NOT EXISTS changed (v TEXT)')
    expect(one.prepare('SELECT 1')).not.toBe(before)
  })

  test('a kept statement answers each run with its own parameters and columns, in and out of transactions, after a schema change', async () => {
    keepPreparedStatements()
    const client = createClient({ url: `file:${path.join(dir, 'client.db')}` })
    try {
      await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
      for (const v of ['a', 'b', 'c'])
        await client.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: [v] })
      const read = (id: number) =>
        client
          .execute({ sql: 'SELECT v FROM t WHERE id = ?', args: [id] })
          .then(({ rows }) => rows[0]?.v)
      expect([await read(1), await read(3), await read(2), await read(9)]).toEqual([
        'a',
        'c',
        'b',
        undefined,
      ])
      const everything = () => client.execute({ sql: 'SELECT * FROM t WHERE id = ?', args: [1] })
      expect((await everything()).columns).toEqual(['id', 'v'])
      await client.execute('ALTER TABLE t ADD COLUMN w TEXT')
      expect((await everything()).columns).toEqual(['id', 'v', 'w'])
      await client.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['d'] })
      expect(await read(4)).toBe('d')
      const nothing = await client.execute({
        sql: 'UPDATE t SET w = ? WHERE id = ?',
        args: ['x', 9],
      })
      expect(nothing.rowsAffected).toBe(0)
      const transaction = await client.transaction('write')
      await transaction.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['e'] })
      await transaction.rollback()
      expect(await read(5)).toBeUndefined()
      const { rows } = await client.execute('SELECT count(*) AS n FROM t')
      expect(Number(rows[0]!.n)).toBe(4)
    } finally {
      client.close()
    }
  })
})
