import type { Client } from '@libsql/client'
import fs from 'node:fs'
import path from 'node:path'
import type { SQLiteSchemaHook } from '@payloadcms/db-sqlite'
import type { BaseDatabaseAdapter, DatabaseAdapterObj, Migration } from 'payload'
import { migrations } from './migrations/sqlite/index.js'
import { PROJECT_ROOT } from './paths.js'
import { withWriterConnection } from './sqliteWriter.js'

export const DEFAULT_DATABASE_URI = 'file:./data/calendar.db'

export type DatabaseKind = 'sqlite' | 'mongodb'

export function databaseKind(uri: string): DatabaseKind {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return 'mongodb'
  if (uri.startsWith('file:')) return 'sqlite'
  throw new Error(`DATABASE_URI must start with file:, mongodb:// or mongodb+srv:// (got "${uri.split(':')[0]}:…")`)
}

/**
 * The database adapter named by `DATABASE_URI`: SQLite on a file by default, MongoDB for
 * `mongodb://` and `mongodb+srv://` addresses.
 */
export async function databaseAdapter(uri: string = process.env.DATABASE_URI || DEFAULT_DATABASE_URI): Promise<DatabaseAdapterObj> {
  if (databaseKind(uri) === 'mongodb') {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: uri, ensureIndexes: true })
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  const file = uri.slice('file:'.length)
  if (file && !file.startsWith(':')) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const adapter = sqliteAdapter({
    client: { url: uri },
    // Every write runs in a transaction: a failed write leaves nothing behind.
    transactionOptions: {},
    wal: { synchronous: 'FULL' }, // also on the writer connection (below)
    // The schema comes from the migrations in src/host/migrations/sqlite, in development, tests and production
    // alike (no drizzle push): a database is always in a state a migration produced.
    push: false,
    migrationDir: path.join(PROJECT_ROOT, 'src', 'host', 'migrations', 'sqlite'),
    afterSchemaInit: [await indexParentLookups()],
  })
  const pragmas = ['PRAGMA synchronous = FULL']
  return { ...adapter, init: (args) => withWriter(adapter.init(args) as SqliteAdapter, uri, pragmas) as ReturnType<typeof adapter.init> }
}

type SqliteAdapter = BaseDatabaseAdapter & { client?: Client }

/** Once connected, the adapter's transactions share one connection of their own (src/sqliteWriter.ts). */
function withWriter(db: SqliteAdapter, uri: string, pragmas: string[]): SqliteAdapter {
  const connect = db.connect!.bind(db)
  db.connect = async (options) => {
    await connect(options)
    if (db.client) withWriterConnection(db.client, uri, pragmas)
  }
  return db
}

/**
 * Payload reads a record's localized values and text lists with one subquery per record on
 * `_parent_id` (locales) or `parent_id` (texts), but indexes those tables by locale or order
 * first, so each subquery would scan its whole table: a page of events would get slower as the
 * calendar grows. An index on the parent column of each of them keeps every page as fast.
 */
async function indexParentLookups(): Promise<SQLiteSchemaHook> {
  const { index } = await import('@payloadcms/db-sqlite/drizzle/sqlite-core')
  return ({ schema, extendTable }) => {
    for (const [name, table] of Object.entries(schema.tables)) {
      const column = name.endsWith('_locales') ? '_parentID' : name.endsWith('_texts') ? 'parent' : null
      if (!column) continue
      extendTable({ table, extraConfig: (columns) => ({ [`${name}_parent_lookup_idx`]: index(`${name}_parent_lookup_idx`).on(columns[column]) }) })
    }
    return schema
  }
}

/** Brings a SQLite database up to date with the migrations and its query statistics; call once the Payload instance is up. */
export async function migrateSqlite(db: Pick<BaseDatabaseAdapter, 'name' | 'migrate'>): Promise<void> {
  if (db.name !== 'sqlite') return
  await db.migrate({ migrations: migrations as Migration[] })
  // Without statistics SQLite prefers any equality index (`deleted_at IS NULL` matches every row)
  // over the date-window indexes, and archive pages slow down as the calendar grows.
  await (db as unknown as { client: { execute: (sql: string) => Promise<unknown> } }).client.execute('ANALYZE')
}
