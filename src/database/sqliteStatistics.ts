import type { BaseDatabaseAdapter, Payload } from 'payload'
import { inWriteTurn } from './sqliteTurns.js'

/** What Payload's SQLite adapter holds that this module reads. */
type SqliteAdapter = BaseDatabaseAdapter & {
  client?: { execute: (sql: string) => Promise<unknown> }
}

/**
 * Rows ANALYZE reads per index: all of them (0). With a limit, SQLite's estimate of the rows per
 * value of an index can never exceed the limit: at 1,000 it reckoned that `deleted_at IS NULL`
 * matched 1,001 of 100,000 events (it matches all), preferred that index to the date window's,
 * and the archive's default page sorted every event (60 ms instead of 5). A full pass took 0.6 s
 * at 100,000 events.
 */
const ANALYSIS_LIMIT = 0
/** The fewest records created between two analyses. */
const FIRST_REFRESH = 500

type Statistics = { created: number; createdAtLastAnalysis: number; running: boolean }
const statisticsOf = new WeakMap<BaseDatabaseAdapter, Statistics>()

/**
 * SQLite has no automatic ANALYZE: without statistics, or with those of a calendar a tenth of
 * today's size, its planner prefers any equality index (`deleted_at IS NULL` matches every row) to
 * the date-window indexes, and archive pages slow down as the calendar grows. So on SQLite the
 * plugin analyzes the database when the app starts, and again in the background, in a write turn
 * of its own, whenever as many records were created since the last analysis as before it (at least
 * FIRST_REFRESH): after an import, or as a calendar grows, the statistics keep up. PostgreSQL's
 * autovacuum does the same by itself.
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
  if (await analyzeInTurn(db)) statistics.createdAtLastAnalysis = createdBefore
  statistics.running = false
}

/**
 * Analyzes the database on the adapter's connection (SQLite only), every row of every index
 * (ANALYSIS_LIMIT), in a write turn of its own. A failure is logged, never thrown: statistics are
 * an aid to the planner, not a condition of any answer. True when it ran.
 */
async function analyzeInTurn(db: BaseDatabaseAdapter): Promise<boolean> {
  const { client } = db as SqliteAdapter
  if (db.name !== 'sqlite' || !client) return false
  try {
    await inWriteTurn(db, async () => {
      await client.execute(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`)
      await client.execute('ANALYZE')
    })
    return true
  } catch (error) {
    db.payload.logger.warn({ err: error, msg: 'calendar: SQLite statistics not refreshed' })
    return false
  }
}

/** At start, once the app's `onInit` (which may migrate) is done: fresh statistics on SQLite. */
export async function analyzeAtStart(payload: Payload): Promise<void> {
  await analyzeInTurn(payload.db as unknown as BaseDatabaseAdapter)
}
