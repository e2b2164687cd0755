import type { Payload } from 'payload'

/**
 * Every stored row, by table (SQLite, PostgreSQL) or by collection (MongoDB), each row as canonical
 * JSON, sorted.
 */
export type Snapshot = Map<string, string[]>

type LibsqlClient = {
  execute: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>
  batch: (statements: string[], mode: 'read') => Promise<{ columns: string[]; rows: unknown[][] }[]>
}

type PgPool = {
  connect: () => Promise<{
    query: (
      query: string | { text: string; rowMode: 'array'; values?: unknown[] },
    ) => Promise<{ rows: unknown[] }>
    release: () => void
  }>
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  )

/**
 * Payload's jobs and their schedule: its scheduler writes them on its own clock (the host's
 * `jobs.autoRun`, every 10 minutes), whatever the requests do.
 */
const SCHEDULER = /^payload[_-]jobs/

/**
 * The kept v1 forms of records (collections/recordForms.ts): a read keeps those it built, so they
 * are a cache that reads fill, not data a request changed. test/record-forms.test.ts holds them to
 * the records they come from.
 */
const KEPT_FORMS = /^cal[_-]record[_-]forms/

const ignored = (name: string) => SCHEDULER.test(name) || KEPT_FORMS.test(name)

/**
 * On PostgreSQL ids are claimed outside the write's transaction, committed at once
 * (collections/hooks/integerIds.ts), so a write refused after it claimed ids leaves their claim
 * rows (a gap in the ids, as docs/data-model.md says): the rows of the sequences table whose
 * sequence is a collection's slug are not compared there. Its other rows (the change mark, the
 * import runs taken) are written in the transaction and are.
 */
const SEQUENCES = /^cal[_-]sequences$/

/**
 * The whole database, but for the scheduler's bookkeeping and the kept forms. On SQLite and
 * PostgreSQL every table is read as stored, in one read transaction, so that localized rows,
 * relationship rows, trashed records, id sequences and users are all compared, not only what the
 * Local API would show; on other adapters every collection in every locale, trash included, with
 * hidden fields.
 */
export async function snapshotDatabase(payload: Payload): Promise<Snapshot> {
  const snapshot: Snapshot = new Map()
  if (payload.db.name === 'sqlite') {
    const client = (payload.db as unknown as { client: LibsqlClient }).client
    const { rows } = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    const tables = rows.map((row) => String(row.name)).filter((table) => !ignored(table))
    const results = await client.batch(
      tables.map((table) => `SELECT * FROM "${table.replace(/"/g, '""')}"`),
      'read',
    )
    tables.forEach((table, i) =>
      snapshot.set(table, results[i].rows.map((row) => canonical(Array.from(row))).sort()),
    )
    return snapshot
  }
  if (payload.db.name === 'postgres') {
    const pool = (payload.db as unknown as { pool: PgPool }).pool
    const client = await pool.connect()
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const { rows } = await client.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
      for (const { tablename } of rows as { tablename: string }[]) {
        if (ignored(tablename)) continue
        const claims = SEQUENCES.test(tablename)
        const result = await client.query({
          text:
            `SELECT * FROM "${tablename.replace(/"/g, '""')}"` +
            (claims ? ' WHERE NOT (sequence = ANY($1))' : ''),
          rowMode: 'array',
          values: claims ? [payload.config.collections.map((collection) => collection.slug)] : [],
        })
        snapshot.set(tablename, (result.rows as unknown[][]).map((row) => canonical(row)).sort())
      }
      await client.query('COMMIT')
    } finally {
      client.release()
    }
    return snapshot
  }
  for (const collection of payload.config.collections) {
    if (ignored(collection.slug)) continue
    const { docs } = await payload.find({
      collection: collection.slug as 'events',
      locale: 'all',
      trash: Boolean(collection.trash),
      pagination: false,
      depth: 0,
      overrideAccess: true,
      showHiddenFields: true,
    })
    snapshot.set(collection.slug, docs.map(canonical).sort())
  }
  return snapshot
}

/**
 * Tells whether a commit may have changed the database since it last looked: on SQLite its
 * `data_version` from a connection of its own (which moves with every commit of any other
 * connection), on PostgreSQL the write-ahead log's insert position (every commit moves it; so may
 * some reads, which only costs a snapshot). A snapshot taken after `changed()` said so holds until
 * it says so again, so a test need not read every table after each request. Other adapters:
 * always changed.
 */
export type ChangeWatch = { changed: () => Promise<boolean>; close: () => void }

export async function watchChanges(payload: Payload, sqliteFile?: string): Promise<ChangeWatch> {
  let version: string | null = null
  const changedFrom = (now: string) => {
    const changed = now !== version
    version = now
    return changed
  }
  if (payload.db.name === 'sqlite' && sqliteFile) {
    const { createClient } = await import('@libsql/client')
    const client = createClient({ url: `file:${sqliteFile}` })
    const read = async () =>
      String((await client.execute('PRAGMA data_version')).rows[0]?.[0] ?? '')
    return { changed: async () => changedFrom(await read()), close: () => client.close() }
  }
  if (payload.db.name === 'postgres') {
    const pool = (payload.db as unknown as { pool: PgPool }).pool
    const read = async () => {
      const client = await pool.connect()
      try {
        const { rows } = await client.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')
        return String((rows[0] as { lsn: string }).lsn)
      } finally {
        client.release()
      }
    }
    return { changed: async () => changedFrom(await read()), close: () => {} }
  }
  return { changed: async () => true, close: () => {} }
}

export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  if (a.size !== b.size) return false
  for (const [table, rows] of a) {
    const other = b.get(table)
    if (!other || other.length !== rows.length || rows.some((row, i) => row !== other[i]))
      return false
  }
  return true
}

/** What changed between two snapshots, as readable lines (at most `limit`). */
export function snapshotDifferences(before: Snapshot, after: Snapshot, limit = 8): string[] {
  const lines: string[] = []
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text)
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set(before.get(table) ?? [])
    const now = new Set(after.get(table) ?? [])
    for (const row of now) if (!was.has(row)) lines.push(`${table}: + ${cut(row)}`)
    for (const row of was) if (!now.has(row)) lines.push(`${table}: - ${cut(row)}`)
  }
  return lines.length > limit
    ? [...lines.slice(0, limit), `… and ${lines.length - limit} more`]
    : lines
}
