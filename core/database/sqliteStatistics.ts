import type { BaseDatabaseAdapter, Payload } from 'payload'
import type { Client } from '@libsql/client'
import { inWriteTurn } from './sqliteTurns.js'
import { reopenConnections } from './sqliteWriter.js'

/** What Payload's SQLite adapter holds that this module reads. */
type SqliteAdapter = BaseDatabaseAdapter & { client?: StatisticsClient }
type StatisticsClient = {
  execute: (
    statement: string | { sql: string; args: unknown[] },
  ) => Promise<{ rows: Record<string, unknown>[] }>
}

/**
 * Index entries ANALYZE reads per index. A full pass (0) read every row of every index in one
 * statement, which libSQL runs on the event loop: on a calendar of 114,000 events that held every
 * request for 41 s. With a limit each index costs a few milliseconds whatever the calendar's size.
 */
export const ANALYSIS_LIMIT = 1000
/** The fewest records created between two analyses. */
const FIRST_REFRESH = 500

/**
 * A `sqlite_stat1` figure as the planner should read it. With a limit, SQLite's estimate of the
 * rows sharing a value can never exceed the limit (it reports limit + 1 when every entry it read
 * had the same value): at 100,000 events `deleted_at IS NULL`, which matches every event, looked
 * as if it matched 1,001, the planner preferred that index to the date window's, and the
 * archive's default page sorted the whole calendar (60 ms instead of 5). A figure at the cap
 * means "at least that many, we did not see another value": it is raised to the table's rows, so
 * an index that did not tell its values apart is never taken for a selective one.
 */
export function uncapped(stat: string, limit = ANALYSIS_LIMIT): string {
  const parts = stat.split(' ')
  const rows = Number(parts[0])
  if (!Number.isFinite(rows) || rows <= limit) return stat
  return parts
    .map((part, place) =>
      place > 0 && /^\d+$/.test(part) && Number(part) > limit
        ? String(Math.max(Number(part), rows))
        : part,
    )
    .join(' ')
}

/**
 * A `sqlite_stat1` figure with `rows`, the table's count, as its first number. A later figure
 * (the rows a value of the index's leading columns matches) that was the whole estimate, one value
 * for every row, becomes the count too; none is left above it.
 */
export function withRows(stat: string, rows: number): string {
  const parts = stat.split(' ')
  if (!/^\d+$/.test(parts[0] ?? '')) return stat
  const estimate = Number(parts[0])
  const all = String(Math.max(rows, 1))
  return parts
    .map((part, place) => {
      if (place === 0) return String(rows)
      if (!/^\d+$/.test(part)) return part
      return Number(part) >= estimate || Number(part) > rows ? all : part
    })
    .join(' ')
}

type Statistics = { created: number; createdAtLastAnalysis: number; running: boolean }
const statisticsOf = new WeakMap<BaseDatabaseAdapter, Statistics>()

/**
 * SQLite has no automatic ANALYZE: without statistics, or with those of a calendar a tenth of
 * today's size, its planner prefers any equality index (`deleted_at IS NULL` matches every row) to
 * the date-window indexes, and archive pages slow down as the calendar grows. So on SQLite the
 * plugin analyzes the database when the app starts, and again in the background whenever as many
 * records were created since the last analysis as before it (at least FIRST_REFRESH): after an
 * import, or as a calendar grows, the statistics keep up. PostgreSQL's autovacuum does the same by
 * itself.
 */
export function keepStatisticsFresh(db: BaseDatabaseAdapter): void {
  if (db.name !== 'sqlite' || statisticsOf.has(db) || typeof db.create !== 'function') return
  const statistics: Statistics = { created: 0, createdAtLastAnalysis: 0, running: false }
  statisticsOf.set(db, statistics)
  const create = db.create.bind(db)
  db.create = async (args) => {
    const created = await create(args)
    statistics.created += 1
    const since = statistics.created - statistics.createdAtLastAnalysis
    if (!statistics.running && since >= Math.max(FIRST_REFRESH, statistics.createdAtLastAnalysis))
      setImmediate(() => void refresh(db, statistics))
    return created
  }
}

async function refresh(db: SqliteAdapter, statistics: Statistics): Promise<void> {
  if (statistics.running) return
  statistics.running = true
  const createdBefore = statistics.created
  if (await analyze(db)) statistics.createdAtLastAnalysis = createdBefore
  statistics.running = false
}

/**
 * Analyzes the database on the adapter's connection (SQLite only): one index at a time, each in a
 * write turn of its own, ANALYSIS_LIMIT entries of it; then each table's figures are set right
 * (`settleFigures`), and the planner reads the new statistics (new connections,
 * `reopenConnections`). Between two statements other requests run (the client gives the event
 * loop a turn after each one, sqliteYields.ts). A failure is logged, never thrown: statistics are
 * an aid to the planner, not a condition of any answer. True when it ran.
 */
async function analyze(db: BaseDatabaseAdapter): Promise<boolean> {
  const { client } = db as SqliteAdapter
  if (db.name !== 'sqlite' || !client) return false
  try {
    const { rows: indexes } = await client.execute(
      "SELECT name, tbl_name, sql LIKE '% WHERE %' AS partial FROM sqlite_schema WHERE type = 'index' ORDER BY name",
    )
    await client.execute(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`)
    for (const { name } of indexes)
      await inWriteTurn(db, () => client.execute(`ANALYZE ${quoted(name)}`))
    const partial = new Set(indexes.filter((index) => index.partial).map(({ name }) => name))
    for (const table of new Set(indexes.map((index) => index.tbl_name)))
      await inWriteTurn(db, () => settleFigures(client, table, partial))
    // The planner reads sqlite_stat1 when a connection opens, and only then.
    await inWriteTurn(db, () => reopenConnections(client as unknown as Client))
    return true
  } catch (error) {
    db.payload.logger.warn({ err: error, msg: 'calendar: SQLite statistics not refreshed' })
    return false
  }
}

const quoted = (name: unknown) => `"${String(name).replace(/"/g, '""')}"`

/**
 * One table's figures after an ANALYZE with a limit: each uncapped, and each index's count made
 * the table's. With a limit, ANALYZE estimates the entries of each index on its own: for 2,000
 * venues, from 865 to 3,472. The planner weighs an index walk against a table scan by those
 * figures, and with the index's above the table's, the venues archive sorted the whole table
 * (1.4 ms) instead of walking its `(published_at, id)` index for ten rows (0.2 ms). Every index
 * but a partial one has an entry a row, so each gets the real count (a count reads the table's
 * smallest index: 2 ms at most at 100,000 events).
 */
async function settleFigures(
  client: StatisticsClient,
  table: unknown,
  partial: ReadonlySet<unknown>,
): Promise<void> {
  const { rows: counted } = await client.execute(`SELECT count(*) AS n FROM ${quoted(table)}`)
  const rows = Number(counted[0]?.n ?? 0)
  const { rows: stats } = await client.execute({
    sql: 'SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ?',
    args: [table],
  })
  for (const { idx, stat } of stats) {
    const fixed = partial.has(idx) ? uncapped(String(stat)) : withRows(uncapped(String(stat)), rows)
    if (fixed !== stat)
      await client.execute({
        sql: 'UPDATE sqlite_stat1 SET stat = ? WHERE tbl = ? AND idx IS ?',
        args: [fixed, table, idx],
      })
  }
}

/** At start, once the app's `onInit` (which may migrate) is done: fresh statistics on SQLite. */
export async function analyzeAtStart(payload: Payload): Promise<void> {
  await analyze(payload.db as unknown as BaseDatabaseAdapter)
}
