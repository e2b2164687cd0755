import fs from 'node:fs'
import path from 'node:path'
import type { BaseDatabaseAdapter, DatabaseAdapterObj, Migration } from 'payload'
import { migrations as postgresMigrations } from './migrations/postgres/index.js'
import { migrations as sqliteMigrations } from './migrations/sqlite/index.js'
import { PROJECT_ROOT } from './paths.js'

export const DEFAULT_DATABASE_URI = 'file:./data/calendar.db'

export type DatabaseKind = 'sqlite' | 'postgres' | 'mongodb'

export function databaseKind(uri: string): DatabaseKind {
  if (/^mongodb(\+srv)?:\/\//.test(uri)) return 'mongodb'
  if (/^postgres(ql)?:\/\//.test(uri)) return 'postgres'
  if (uri.startsWith('file:')) return 'sqlite'
  throw new Error(
    `DATABASE_URI must start with file:, postgres://, postgresql://, mongodb:// or mongodb+srv:// (got "${uri.split(':')[0]}:…")`,
  )
}

const migrationDir = (kind: 'sqlite' | 'postgres') =>
  path.join(PROJECT_ROOT, 'dev', 'migrations', kind)

/**
 * PostgreSQL sessions of the app plan without parallel workers. Every read of a page has a LIMIT;
 * with workers, the planner walked the date window in start order, expecting to stop after a few
 * matches, but workers run ahead of the LIMIT, so a category filter visited every event of the
 * window and its relationship rows (one category of 200 at 100,000 events: 300 ms instead of
 * 15 ms without workers, which reads the category's rows first; issue #27, docs/benchmark.md).
 * Requests run side by side anyway, so workers only take cores from other requests.
 */
const SERIAL_PLANS = '-c max_parallel_workers_per_gather=0'

/**
 * The database adapter named by `DATABASE_URI`: SQLite on a file by default, PostgreSQL for
 * `postgres://` and `postgresql://`, MongoDB for `mongodb://` and `mongodb+srv://` addresses.
 * On both SQL databases every write runs in a transaction (a failed write leaves nothing behind),
 * and the schema comes from the committed migrations in `dev/migrations/<kind>`, in
 * development, tests and production alike (no drizzle push): a database is always in a state a
 * migration produced.
 */
export async function databaseAdapter(
  uri: string = process.env.DATABASE_URI || DEFAULT_DATABASE_URI,
): Promise<DatabaseAdapterObj> {
  const kind = databaseKind(uri)
  if (kind === 'mongodb') {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    return mongooseAdapter({ url: uri, ensureIndexes: true })
  }
  if (kind === 'postgres') {
    const { postgresAdapter } = await import('@payloadcms/db-postgres')
    const adapter = postgresAdapter({
      pool: { connectionString: uri, options: SERIAL_PLANS },
      transactionOptions: {},
      push: false,
      migrationDir: migrationDir('postgres'),
    })
    return {
      ...adapter,
      init: (args) => survivingRestarts(adapter.init(args)) as ReturnType<typeof adapter.init>,
    }
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  const file = uri.slice('file:'.length)
  if (file && !file.startsWith(':'))
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const adapter = sqliteAdapter({
    client: { url: uri },
    transactionOptions: {},
    wal: { synchronous: 'FULL' }, // the plugin's writer connection too (core/database/sqliteWriter.ts)
    // Several processes on one file (a CSV import's, a second server) write beside each other: a
    // write waits for another process's commit instead of failing at once (Payload's default is
    // 0). The kept forms, written after reads (endpoints/forms/formKeeper.ts), made it common.
    busyTimeout: 5000,
    push: false,
    migrationDir: migrationDir('sqlite'),
  })
  return adapter
}

type Listener = (error: Error) => void
type PgClient = { on: (event: 'error', listener: Listener) => void }
type PostgresAdapter = BaseDatabaseAdapter & {
  pool?: {
    on: ((event: 'error', listener: Listener) => void) &
      ((event: 'connect', listener: (client: PgClient) => void) => void)
  }
}

/**
 * When PostgreSQL restarts, every open connection reports an error: an idle one on the pool, one
 * checked out (a transaction's, a job's) on itself. With nobody listening, Node ends the process.
 * Listening is enough: the pool drops a broken connection and opens new ones when asked, so the
 * node answers again by itself once the database is back (`/api/health` says 503 meanwhile).
 */
function survivingRestarts(db: BaseDatabaseAdapter): BaseDatabaseAdapter {
  const adapter = db as PostgresAdapter
  const connect = adapter.connect!.bind(adapter)
  adapter.connect = async (options) => {
    const lost: Listener = (error) =>
      adapter.payload.logger.warn({ err: error, msg: 'a database connection was lost' })
    await connect(options)
    // Every later connection listens for itself (the first one, Payload's, has its own listener).
    adapter.pool?.on('error', lost)
    adapter.pool?.on('connect', (client) => client.on('error', lost))
  }
  return adapter
}

/**
 * Brings a SQL database up to date with its migrations, then PostgreSQL's query statistics (its
 * autovacuum would, later); call once the Payload instance is up. MongoDB needs neither.
 */
export async function migrateDatabase(
  db: Pick<BaseDatabaseAdapter, 'name' | 'migrate'>,
): Promise<void> {
  if (db.name === 'sqlite') {
    // The plugin analyzes SQLite once the app's onInit (this) is done (sqliteStatistics.ts).
    await db.migrate({ migrations: sqliteMigrations as Migration[] })
  } else if (db.name === 'postgres') {
    const { pool } = db as unknown as { pool: PgPoolClients }
    await oneAtATime(pool, MIGRATIONS_LOCK, async () => {
      await db.migrate({ migrations: postgresMigrations as Migration[] })
      await pool.query('ANALYZE')
    })
  }
}

type PgPoolClients = {
  query: (sql: string) => Promise<unknown>
  connect: () => Promise<{ query: (sql: string) => Promise<unknown>; release: () => void }>
}

/** The advisory lock of the app's migrations, the same in every process on the database. */
const MIGRATIONS_LOCK = "hashtext('payload-events-calendar:migrations')"

/**
 * Runs `work` while this process holds a session advisory lock on a connection of its own: nodes
 * that start together on one PostgreSQL database migrate one after the other (the later ones find
 * nothing left to do) instead of creating the same tables at once.
 */
async function oneAtATime(pool: PgPoolClients, lock: string, work: () => Promise<void>) {
  const client = await pool.connect()
  try {
    await client.query(`SELECT pg_advisory_lock(${lock})`)
    try {
      await work()
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${lock})`)
    }
  } finally {
    client.release()
  }
}

type PgPool = {
  ended?: boolean
  end: () => Promise<void>
  on: (event: 'error', listener: (error: Error) => void) => void
  _clients?: { release?: (error?: Error) => void }[]
  _idle?: { client: unknown }[]
}

/**
 * Closes the database after `payload.destroy()`, which leaves PostgreSQL's connection pool open.
 * Payload's adapter checks one client out of the pool when it connects and never gives it back,
 * so `pool.end()` alone would wait for it forever: the clients still out are given back (through
 * pg-pool's own bookkeeping, since nothing else holds them) once no request is in flight.
 */
export async function closeDatabase(db: Pick<BaseDatabaseAdapter, 'name'>): Promise<void> {
  const pool = (db as unknown as { pool?: PgPool }).pool
  if (db.name !== 'postgres' || !pool || pool.ended) return
  // `end()` resolves once it has asked every connection to close, not once they are closed: one the
  // server ends first (a restart, a dropped database) reports an error nobody is left to handle.
  pool.on('error', () => {})
  const ended = pool.end()
  const idle = new Set((pool._idle ?? []).map((item) => item.client))
  for (const client of pool._clients ?? []) {
    if (idle.has(client) || !client.release) continue
    client.release()
    // A job that was still running (Payload's crons stop starting jobs, not the one in progress)
    // gives its client back when its query ends; pg-pool would throw on that second release.
    client.release = () => {}
  }
  await ended
}
