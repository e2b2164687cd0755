import type { Payload, PayloadRequest } from 'payload'
import type { FormRow, SqlTag } from './calendarStore.js'

/**
 * The name of a collection's main table in Payload's SQL adapters: they key their tables by the
 * slug in snake case (`cal-sequences` → `cal_sequences`, `eventCategories` → `event_categories`),
 * and `tableNameMap` gives the name that key has in the database.
 */
export function tableNameOf(tableNameMap: Map<string, string>, slug: string): string {
  const key = slug
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .toLowerCase()
  return tableNameMap.get(key) ?? key
}

/** A table's relational queries in a drizzle-based adapter (Payload's SQLite and PostgreSQL). */
type RelationalTable = {
  findFirst(config: unknown): { prepare(name?: string): unknown }
  findMany(config: unknown): { prepare(name?: string): unknown; toSQL?(): unknown }
}

type DrizzleAdapter = {
  drizzle?: { query?: Record<string, RelationalTable | undefined> }
  tableNameMap?: Map<string, string>
}

/** The operators drizzle hands to a relational query's `where` and `orderBy` callbacks. */
type Operators = {
  eq: (column: unknown, value: unknown) => unknown
  gt: (column: unknown, value: unknown) => unknown
  and: (...conditions: unknown[]) => unknown
  inArray: (column: unknown, values: unknown[]) => unknown
  asc: (column: unknown) => unknown
  desc: (column: unknown) => unknown
  sql: SqlTag & { placeholder: (name: string) => unknown }
}
type Columns = Record<string, unknown>

/** The relational queries of a collection's main table, or null when the adapter has none. */
function relationalTableOf(db: object, slug: string): RelationalTable | null {
  const { drizzle, tableNameMap } = db as DrizzleAdapter
  if (!tableNameMap || !drizzle?.query) return null
  return drizzle.query[tableNameOf(tableNameMap, slug)] ?? null
}

/**
 * A read of the collection's main table prepared once through the adapter's drizzle instance and
 * run again with no query building: `query` makes it from the table's relational queries, and it is
 * prepared under `name`. Null when drizzle refuses it (logged as `what` that cannot be read so):
 * the caller then reads through the adapter.
 */
function preparedRead<Prepared>(
  payload: Payload,
  slug: string,
  name: string,
  query: (table: RelationalTable) => { prepare(name?: string): unknown },
  what: string,
): Prepared | null {
  const table = relationalTableOf(payload.db, slug)
  if (!table) return null
  try {
    return query(table).prepare(name) as Prepared
  } catch (error) {
    payload.logger.warn({
      err: error,
      msg: `${what} cannot be read by a prepared statement; reading through the adapter`,
    })
    return null
  }
}

/** Per adapter, prepared reads by what they read (null: not preparable). */
const preparedReads = new WeakMap<object, Map<string, unknown>>()

/** The read kept under `key` for the adapter, made by `make` the first time. */
function keptRead<Prepared>(payload: Payload, key: string, make: () => Prepared | null) {
  let reads = preparedReads.get(payload.db)
  if (!reads) preparedReads.set(payload.db, (reads = new Map()))
  if (!reads.has(key)) reads.set(key, make())
  return reads.get(key) as Prepared | null
}

type LastValueRead = { execute(): Promise<{ value: number } | undefined> }

/**
 * The highest `value` of `sequence` in the sequences collection: the same query as the adapter's
 * `findOne` sorted on it, prepared once (every read of the calendar reads the change mark, issue
 * #16: a fifth of a cached answer's cost). Null when it cannot be prepared.
 */
export function readLastValue(
  payload: Payload,
  slug: string,
  sequence: string,
): Promise<number> | null {
  const prepared = keptRead<LastValueRead>(payload, `last:${slug}:${sequence}`, () =>
    preparedRead<LastValueRead>(
      payload,
      slug,
      'cal_change_mark',
      (table) =>
        table.findFirst({
          columns: { value: true },
          where: (row: Columns, { eq }: Operators) => eq(row.sequence, sequence),
          orderBy: (row: Columns, { desc }: Operators) => [desc(row.value)],
        }),
      'the change mark',
    ),
  )
  return prepared && prepared.execute().then((row) => Number(row?.value ?? 0))
}

type FirstAfterRead = {
  execute(values: { after: string }): Promise<Record<string, unknown> | undefined>
}

/**
 * The earliest value of a date field after `after` (an ISO time) among the collection's records,
 * those in the trash too, only those of `status` when given: what the calendar's next time
 * boundary reads after every write (endpoints/calendarState.ts), by a statement prepared once
 * instead of Payload's `find` (which builds its query anew, a few milliseconds each on a
 * localized collection). Null when it cannot be prepared; a missing value reads as null.
 */
export function readFirstAfter(
  payload: Payload,
  slug: string,
  field: string,
  after: string,
  status?: string,
): Promise<string | null> | null {
  const prepared = keptRead<FirstAfterRead>(payload, `first:${slug}:${field}:${status ?? ''}`, () =>
    preparedRead<FirstAfterRead>(
      payload,
      slug,
      `cal_first_${tableNameOf(new Map(), slug)}_${field}_${status ?? 'any'}`,
      (table) =>
        table.findFirst({
          columns: { [field]: true },
          where: (row: Columns, { and, eq, gt, sql }: Operators) =>
            status === undefined
              ? gt(row[field], sql.placeholder('after'))
              : and(gt(row[field], sql.placeholder('after')), eq(row.status, status)),
          orderBy: (row: Columns, { asc }: Operators) => [asc(row[field])],
        }),
      `the earliest ${field} of ${slug}`,
    ),
  )
  return (
    prepared &&
    prepared.execute({ after }).then((row) => {
      const value = row?.[field]
      return value === undefined || value === null ? null : String(value)
    })
  )
}

type FormsRead = { execute(values: Record<string, string>): Promise<FormRow[]> }

/**
 * The kept forms of these keys, read by a statement prepared once per count of keys: the same
 * query as the adapter's `find`, without building it on every archive page (a quarter of a page's
 * cost when no cache answers). Null when it cannot be prepared.
 */
export function readForms(
  payload: Payload,
  slug: string,
  keys: string[],
): Promise<FormRow[]> | null {
  const count = keys.length
  const prepared = keptRead<FormsRead>(payload, `forms:${slug}:${count}`, () =>
    preparedRead<FormsRead>(
      payload,
      slug,
      `cal_record_forms_${count}`,
      (table) =>
        table.findMany({
          columns: { key: true, body: true },
          where: (row: Columns, { inArray, sql }: Operators) =>
            inArray(
              row.key,
              Array.from({ length: count }, (_, i) => sql.placeholder(`k${i}`)),
            ),
          orderBy: (row: Columns, { desc }: Operators) => [desc(row.id)],
        }),
      'kept forms',
    ),
  )
  return prepared && prepared.execute(Object.fromEntries(keys.map((key, i) => [`k${i}`, key])))
}

/** `table.name`, both quoted, in SQL made with `sql`. */
export const columnOf = (sql: SqlTag, table: string, name: string): unknown =>
  sql`${sql.identifier(table)}.${sql.identifier(name)}`

const sqlTags = new WeakMap<object, SqlTag | null>()

/**
 * The `sql` tag of the drizzle-orm copy the adapter itself runs (the app may hold several), taken
 * from the operators its relational queries hand to a `where` callback. Null on adapters without
 * drizzle. `slug` names any collection of the adapter.
 */
export function drizzleSqlOf(payload: Payload, slug: string): SqlTag | null {
  const known = sqlTags.get(payload.db)
  if (known !== undefined) return known
  let tag: SqlTag | null = null
  const table = relationalTableOf(payload.db, slug)
  try {
    table
      ?.findMany({
        where: (_row: unknown, operators: { sql?: SqlTag }) => {
          tag = operators.sql ?? null
          return undefined
        },
      })
      .toSQL?.()
  } catch {
    tag = null
  }
  sqlTags.set(payload.db, tag)
  return tag
}

/**
 * What the plugin's statements read of a drizzle adapter (Payload's SQLite and PostgreSQL): its
 * tables by name (each module says which columns it uses), its database and its transactions'
 * (`Session`, as far as the module writes with it), the tables' names and its SQL operators.
 */
type DrizzleParts<Session, Table, Operators> = {
  tables?: Record<string, Table>
  drizzle?: Session
  sessions?: Record<string, { db?: Session } | undefined>
  tableNameMap?: Map<string, string>
  operators?: Operators
}

/**
 * What a statement on one collection's main table starts from in a drizzle adapter: the table,
 * the database a write of `req` goes through (its transaction's; without `req`, the adapter's
 * own) and the adapter's SQL operators. Null on an adapter without them or without that table.
 */
export async function tableIn<Session, Table, Operators>(
  payload: Payload,
  req: PayloadRequest | undefined,
  slug: string,
): Promise<{ table: Table; session: Session; operators: Operators } | null> {
  const adapter = payload.db as unknown as DrizzleParts<Session, Table, Operators>
  const { tables, drizzle, tableNameMap, operators } = adapter
  if (!tables || !drizzle || !tableNameMap || !operators) return null
  const table = tables[tableNameOf(tableNameMap, slug)]
  if (!table) return null
  const session = req ? await sessionOf(req, drizzle, adapter.sessions) : drizzle
  return { table, session, operators }
}

/**
 * The drizzle database a write of `req` goes through in a drizzle adapter: its transaction's
 * when it has one, else the adapter's own.
 */
export async function sessionOf<Session>(
  req: PayloadRequest,
  drizzle: Session,
  sessions: Record<string, { db?: Session } | undefined> | undefined,
): Promise<Session> {
  const transactionID = await req.transactionID
  return (
    (transactionID !== undefined &&
      transactionID !== null &&
      sessions?.[String(transactionID)]?.db) ||
    drizzle
  )
}
