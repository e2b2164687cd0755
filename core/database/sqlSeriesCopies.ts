import type { PayloadRequest } from 'payload'
import type { SeriesCopies } from './calendarStore.js'
import { sessionOf, tableNameOf } from './sqlTables.js'

/**
 * Bulk writes of a series' dates on the SQL adapters (SQLite and PostgreSQL, both drizzle): a date
 * is the series' own rows — its row, its rows per language, its relationships and lists — copied
 * with the date's own values, in a few multi-row statements rather than a few statements per
 * date (a daily series is 731 dates). Each function returns false when the adapter keeps no such
 * tables, and the caller then writes date by date through `payload.db`.
 */

/** A drizzle table: its columns by field name. */
type Table = Record<string, unknown> & { id?: { columnType?: unknown } }
type Values = Record<string, unknown>
/** A statement of drizzle's query builder: run when awaited. */
type Statement<T = unknown> = PromiseLike<T> & { where(condition: unknown): Statement<T> }
/** drizzle's database, or a transaction's, as far as this module writes with it. */
type Session = {
  select(): { from(table: Table): Statement<Values[]> }
  insert(table: Table): {
    values(rows: Values[]): PromiseLike<unknown> & {
      returning(columns: Values): PromiseLike<Values[]>
      onConflictDoNothing(): PromiseLike<unknown>
    }
  }
  update(table: Table): { set(values: Values): Statement }
  delete(table: Table): Statement
}
/**
 * What the drizzle adapters give: their tables, the database (or a transaction's), and the SQL
 * operators they query with.
 */
type Operators = {
  equals: (column: unknown, value: unknown) => unknown
  in: (column: unknown, values: unknown[]) => unknown
}
type Drizzle = {
  tables: Record<string, Table>
  drizzle: Session
  sessions?: Record<string, { db?: Session } | undefined>
  tableNameMap: Map<string, string>
  operators: Operators
}

/**
 * Parameters per statement: SQLite takes 32,766 and PostgreSQL 65,535, but drizzle builds a
 * statement's text on the event loop, and one of 30,000 parameters (a daily series' 731 rows at
 * once) took it 100 ms and more; 3,000 keep each statement to a few milliseconds.
 */
const MAX_PARAMETERS = 3000

export type Tables = {
  main: Table
  children: { table: Table; parent: string }[]
  session: Session
  ops: Operators
}

export async function tablesOf(req: PayloadRequest, slug: string): Promise<Tables | null> {
  const adapter = req.payload.db as unknown as Partial<Drizzle>
  if (!adapter.tables || !adapter.drizzle || !adapter.tableNameMap || !adapter.operators)
    return null
  const name = tableNameOf(adapter.tableNameMap, slug)
  const main = adapter.tables[name]
  if (!main) return null
  const children: Tables['children'] = []
  for (const [key, table] of Object.entries(adapter.tables)) {
    if (!key.startsWith(`${name}_`) || key.startsWith(`${name}_v`)) continue
    const parent = '_parentID' in table ? '_parentID' : 'parent' in table ? 'parent' : null
    // Rows of arrays and blocks have ids of their own (text) that a copy would have to make: not
    // here.
    const serial = /Integer|Serial/i.test(String(table.id?.columnType ?? ''))
    if (!parent || !serial) return null
    children.push({ table, parent })
  }
  const session = await sessionOf(req, adapter.drizzle, adapter.sessions)
  return { main, children, session, ops: adapter.operators }
}

export const chunksOf = <T>(rows: T[], columns: number): T[][] => {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)))
  const chunks: T[][] = []
  for (let start = 0; start < rows.length; start += size)
    chunks.push(rows.slice(start, start + size))
  return chunks
}

async function insertAll(session: Session, table: Table, rows: Values[], returning?: Table) {
  const out: Values[] = []
  for (const chunk of chunksOf(rows, Object.keys(rows[0] ?? {}).length)) {
    const statement = session.insert(table).values(chunk)
    if (returning) out.push(...(await statement.returning({ id: returning.id })))
    else await statement
  }
  return out
}

/**
 * The series' rows in the tables that belong to it (per language, relationships, lists), without
 * their own ids.
 */
async function childRows({ children, session, ops }: Tables, seriesId: number | string) {
  return Promise.all(
    children.map(async ({ table, parent }) => {
      const rows = await session.select().from(table).where(ops.equals(table[parent], seriesId))
      return { table, parent, rows: rows.map(({ id: _id, ...rest }) => rest) }
    }),
  )
}

async function insertChildren(tables: Tables, seriesId: number | string, ids: (number | string)[]) {
  for (const { table, parent, rows } of await childRows(tables, seriesId)) {
    if (!rows.length) continue
    const copies = ids.flatMap((id) => rows.map((row) => ({ ...row, [parent]: id })))
    await insertAll(tables.session, table, copies)
  }
}

/**
 * Creates the dates: each a copy of the series' rows with `values` (its dates, slug, id when the
 * plugin gives ids, and bookkeeping; keys are field names). Returns false on adapters without
 * tables.
 */
export async function insertCopies(
  req: PayloadRequest,
  { slug, seriesId }: SeriesCopies,
  dates: Values[],
): Promise<boolean> {
  const tables = await tablesOf(req, slug)
  if (!tables) return false
  if (!dates.length) return true
  const { main, session, ops } = tables
  const [series] = await session.select().from(main).where(ops.equals(main.id, seriesId))
  const now = new Date().toISOString()
  const rows = dates.map((values) => {
    const row: Values = { ...series, createdAt: now, updatedAt: now, ...values }
    for (const column of Object.keys(row)) if (column.startsWith('recurrence_')) row[column] = null
    if (values.id === undefined) delete row.id
    return row
  })
  const inserted = await insertAll(session, main, rows, main)
  await insertChildren(
    tables,
    seriesId,
    inserted.map((row) => row.id as number | string),
  )
  return true
}

/**
 * Rewrites dates from the series: their row's shared columns and `values` (the same for all) in one
 * statement per chunk, `moved` dates' own columns (their dates) one by one, and their rows per
 * language and relationships copied anew. Returns false on adapters without tables.
 */
export async function rewriteCopies(
  req: PayloadRequest,
  { slug, seriesId, isOwn }: SeriesCopies,
  ids: (number | string)[],
  values: Values,
  moved: Map<number | string, Values>,
): Promise<boolean> {
  const tables = await tablesOf(req, slug)
  if (!tables) return false
  if (!ids.length) return true
  const { main, children, session, ops } = tables
  const [series] = await session.select().from(main).where(ops.equals(main.id, seriesId))
  const shared = {
    ...Object.fromEntries(Object.entries(series).filter(([column]) => !isOwn(column))),
    updatedAt: new Date().toISOString(),
    ...values,
  }
  for (const chunk of chunksOf(ids, 1))
    await session.update(main).set(shared).where(ops.in(main.id, chunk))
  for (const [id, own] of moved) await session.update(main).set(own).where(ops.equals(main.id, id))
  for (const { table, parent } of children) {
    for (const chunk of chunksOf(ids, 1))
      await session.delete(table).where(ops.in(table[parent], chunk))
  }
  await insertChildren(tables, seriesId, ids)
  return true
}
