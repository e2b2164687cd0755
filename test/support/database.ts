import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { calendarOptionsFromEnvironment } from '../../dev/environment.js'

/**
 * The database the suite runs on, as `DATABASE_URI` named it when the first test started: SQLite
 * by default (a new file per test database), PostgreSQL (`postgres://`, a new database per test
 * database, created by a user who may), or MongoDB (the one database it names).
 */
const BASE_URI = (process.env.CAL_TEST_DATABASE_URI ??= process.env.DATABASE_URI ?? '')

export type DatabaseKind = 'sqlite' | 'postgres' | 'mongodb'

/**
 * The store the suite's servers run (their `store` option, which the host reads from `CAL_STORE`):
 * `generic` when CI runs the suite through Payload's public adapter API only.
 */
export const suiteStore = calendarOptionsFromEnvironment().store ?? 'auto'

export const suiteDatabase: DatabaseKind = /^mongodb/.test(BASE_URI)
  ? 'mongodb'
  : /^postgres(ql)?:\/\//.test(BASE_URI)
    ? 'postgres'
    : 'sqlite'

export type TestDatabase = {
  kind: DatabaseKind
  /** What `DATABASE_URI` is for a server on this database. */
  uri: string
  /** The SQLite file ('' on other databases). */
  file: string
  /** Runs SQL against it, outside any server (SQLite and PostgreSQL). */
  query: (sql: string) => Promise<Record<string, unknown>[]>
  drop: () => Promise<void>
}

let made = 0

async function postgresAdmin<T>(
  run: (client: import('pg').Client) => Promise<T>,
  uri = BASE_URI,
): Promise<T> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: uri })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** SQLSTATE of a refused privilege. */
const INSUFFICIENT_PRIVILEGE = '42501'

/**
 * Drops a test database and ends what is still connected to it. On PostgreSQL 15, `WITH (FORCE)`
 * also has to end an autovacuum worker that happens to be cleaning the database, and refuses with
 * 42501 unless the role may signal other backends (`pg_signal_backend`, which
 * scripts/lib/postgres.sh grants; a server of the user's own may not): the worker is gone a moment
 * later, so the drop is tried again.
 */
async function dropPostgresDatabase(client: import('pg').Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE || attempt === 20)
        throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/** A new, empty database for one server (or one process after another) of a test file. */
export async function freshDatabase(label: string): Promise<TestDatabase> {
  const name = `calendar_${label}_${process.pid}_${Date.now()}_${++made}`
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase()
  if (suiteDatabase === 'postgres') {
    await postgresAdmin((client) => client.query(`CREATE DATABASE "${name}"`))
    const url = new URL(BASE_URI)
    url.pathname = `/${name}`
    const uri = url.toString()
    return {
      kind: 'postgres',
      uri,
      file: '',
      query: (sql) => postgresAdmin(async (client) => (await client.query(sql)).rows, uri),
      drop: () => postgresAdmin((client) => dropPostgresDatabase(client, name)),
    }
  }
  if (suiteDatabase === 'mongodb') {
    const unsupported = async (): Promise<never> => {
      throw new Error('SQL checks need SQLite or PostgreSQL')
    }
    return { kind: 'mongodb', uri: BASE_URI, file: '', query: unsupported, drop: async () => {} }
  }
  const file = path.join(os.tmpdir(), `${name}.db`)
  return {
    kind: 'sqlite',
    uri: `file:${file}`,
    file,
    query: async (sql) => {
      const { createClient } = await import('@libsql/client')
      const client = createClient({ url: `file:${file}` })
      try {
        return (await client.execute(sql)).rows as unknown as Record<string, unknown>[]
      } finally {
        client.close()
      }
    },
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
    },
  }
}
