/**
 * Where a benchmark dataset lives: a SQLite file under bench/data (the default), or a database on
 * the PostgreSQL server that `--database postgres://…` names (its user must be allowed to create
 * databases). A dataset is generated once per size and seed; every run works on a fresh copy of it,
 * since a run writes (creates, migrations) and the next must start from the same calendar.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type DatasetStore = {
  kind: 'sqlite' | 'postgres'
  /**
   * `DATABASE_URI` of a fresh working copy of the dataset of this size and seed (and recurring
   * series), generated first if need be. `copy` names it: servers running at once on the same
   * dataset (bench/compare.ts) each take a copy of their own.
   */
  workingCopy: (events: number, seed: number, series?: number, copy?: string) => Promise<string>
  /** Runs SQL statements, in order, on a working copy (`uri`, as `workingCopy` gave it). */
  execute: (uri: string, statements: string[]) => Promise<void>
}

/** Runs bench/generate.ts in a process of its own, writing the dataset to `uri`. */
async function generate(
  events: number,
  seed: number,
  uri: string,
  label: string,
  series = 0,
): Promise<void> {
  console.log(
    `generating ${events} events${series ? ` and ${series} series` : ''} (seed ${seed}) into ${label}…`,
  )
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/generate.ts', String(events), String(seed), uri, String(series)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } },
  )
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`generating the dataset failed (${code})`)
}

const SQLITE_SUFFIXES = ['', '-wal', '-shm']

function sqliteStore(): DatasetStore {
  return {
    kind: 'sqlite',
    workingCopy: async (events, seed, series = 0, copyName = 'run') => {
      const file = path.join(
        ROOT,
        'bench',
        'data',
        `calendar-${events}-seed${seed}${series ? `-series${series}` : ''}.db`,
      )
      if (!fs.existsSync(file)) {
        fs.mkdirSync(path.dirname(file), { recursive: true })
        const partial = `${file}.partial`
        for (const suffix of SQLITE_SUFFIXES) fs.rmSync(partial + suffix, { force: true })
        await generate(events, seed, `file:${partial}`, path.relative(ROOT, file), series)
        for (const suffix of SQLITE_SUFFIXES)
          if (fs.existsSync(partial + suffix)) fs.renameSync(partial + suffix, file + suffix)
      }
      const copy = file.replace(/\.db$/, `.${copyName}.db`)
      for (const suffix of SQLITE_SUFFIXES) {
        fs.rmSync(copy + suffix, { force: true })
        if (fs.existsSync(file + suffix)) fs.copyFileSync(file + suffix, copy + suffix)
      }
      return `file:${copy}`
    },
    execute: async (uri, statements) => {
      const { createClient } = await import('@libsql/client')
      const client = createClient({ url: uri })
      try {
        // The server beside it writes too (its start's statistics): wait for its turn.
        await client.execute('PRAGMA busy_timeout = 60000')
        for (const statement of statements) await client.execute(statement)
      } finally {
        client.close()
      }
    },
  }
}

function postgresStore(serverUri: string): DatasetStore {
  const withDatabase = (name: string) => {
    const url = new URL(serverUri)
    url.pathname = `/${name}`
    return url.toString()
  }
  /** Runs the statements, in order, on the database `uri` names; their rows. */
  const runOn = async (uri: string, statements: string[]): Promise<unknown[][]> => {
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: uri })
    await client.connect()
    try {
      const results: unknown[][] = []
      for (const statement of statements) results.push((await client.query(statement)).rows)
      return results
    } finally {
      await client.end()
    }
  }
  const admin = (...statements: string[]) => runOn(serverUri, statements)
  return {
    kind: 'postgres',
    workingCopy: async (events, seed, series = 0, copyName = 'run') => {
      const dataset = `calendar_bench_${events}_seed${seed}${series ? `_series${series}` : ''}`
      const [found] = await admin(`SELECT 1 FROM pg_database WHERE datname = '${dataset}'`)
      if (found.length === 0) {
        const partial = `${dataset}_partial`
        await admin(
          `DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`,
          `CREATE DATABASE "${partial}"`,
        )
        await generate(
          events,
          seed,
          withDatabase(partial),
          `the PostgreSQL database ${dataset}`,
          series,
        )
        await admin(`ALTER DATABASE "${partial}" RENAME TO "${dataset}"`)
      }
      const copy = `${dataset}_${copyName}`
      await admin(
        `DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`,
        `CREATE DATABASE "${copy}" TEMPLATE "${dataset}"`,
      )
      return withDatabase(copy)
    },
    execute: async (uri, statements) => {
      await runOn(uri, statements)
    },
  }
}

/**
 * The store that `--database` names: nothing or `file:` for SQLite, `postgres://` or
 * `postgresql://` for PostgreSQL.
 */
export function datasetStore(database: string | undefined): DatasetStore {
  if (!database || database.startsWith('file:')) return sqliteStore()
  if (/^postgres(ql)?:\/\//.test(database)) return postgresStore(database)
  throw new Error('--database takes a postgres:// or postgresql:// address (SQLite is the default)')
}
