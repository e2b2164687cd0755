import type { FlattenedField, Payload, PayloadRequest, Sort, Where } from 'payload'
import type {
  FormsLookup,
  PageIds,
  PageIdsArgs,
  SqlAccess,
  SqlRow as Row,
  SqlTag,
} from './calendarStore.js'
import { columnOf, drizzleSqlOf, tableNameOf } from './sqlTables.js'
import { storeOf } from './store.js'

/** What `buildQuery` of Payload's SQL adapters (`@payloadcms/drizzle`) gives back. */
type BuiltQuery = {
  joins: { table: unknown; condition: unknown; type?: string; isOneToMany?: boolean }[]
  orderBy: { column: { name: string; table: unknown }; order: (column: unknown) => unknown }[]
  selectFields: Record<string, { name: string; table: unknown; primary?: boolean } | undefined>
  where: unknown
}
type BuildQuery = (args: {
  adapter: unknown
  fields: FlattenedField[]
  locale?: string
  sort?: Sort
  tableName: string
  where: Where
}) => BuiltQuery

/** A chain of drizzle's query builder, as far as this module uses it. */
type Query = {
  from(table: unknown): Query
  where(condition: unknown): Query
  [join: string]: unknown
  orderBy(...columns: unknown[]): Query
  offset(n: number): Query
  limit(n: number): Query
  toSQL(): { sql: string; params: unknown[] }
  as(alias: string): unknown
  then: Promise<Row[]>['then']
}

type SqlAdapter = {
  drizzle?: { select(fields: object): Query; selectDistinct(fields: object): Query }
  tables?: Record<string, Record<string, unknown>>
  tableNameMap?: Map<string, string>
  primaryDrizzle?: unknown
  /** `@payloadcms/db-sqlite`'s libSQL client. */
  client?: { execute(statement: { sql: string; args: unknown[] }): Promise<{ rows: Row[] }> }
  /** `@payloadcms/db-postgres`' pool. */
  pool?: { query(text: string, values: unknown[]): Promise<{ rows: Row[] }> }
}

/** A drizzle table's name (what the adapter compares tables by). */
const nameOfTable = (table: unknown) =>
  (table as Record<symbol, string> | undefined)?.[Symbol.for('drizzle:Name')]

let buildQueryLoading: Promise<BuildQuery | null> | undefined

/** Payload's own query builder for its SQL adapters, when the app has it (it comes with them). */
const payloadBuildQuery = () =>
  (buildQueryLoading ??= import('@payloadcms/drizzle').then(
    (module) => module.buildQuery as unknown as BuildQuery,
    () => null,
  ))

/**
 * The ids of one page in one SELECT on Payload's SQL adapters: the conditions and order built by
 * the adapter's own `buildQuery`, exactly as its `find` builds them, without the relational query
 * and the document transform `find` adds after (half of an archive page's cost when no cache
 * answers, issue #27). With `forms`, the same SELECT reads the page's kept forms.
 *
 * The statement is built once per shape of query (`compiledPage`) and run again with the values
 * of each request. Null when this cannot be done and the adapter's `find` must answer: another
 * adapter, a transaction (its own session), read replicas (the adapter picks the primary after a
 * write), or an order on a one-to-many join (the adapter groups).
 */
export async function pageIdsBySql(
  payload: Payload,
  req: PayloadRequest,
  args: PageIdsArgs,
): Promise<PageIds | null> {
  const db = payload.db as unknown as SqlAdapter
  if (!db.drizzle || !db.tables || !db.tableNameMap || db.primaryDrizzle) return null
  if (req.transactionID || args.limit <= 0) return null
  const { shape, times, kinds } = timesOf(args.where)
  const offset = (args.page - 1) * args.limit
  const run = runnerOf(db)
  const statements = statementsOf(db)
  const key = JSON.stringify([args.slug, args.locale, args.sort, args.forms ?? null, shape])
  let statement = run ? statements.get(key) : null
  if (statement === undefined) {
    const where = withTimes(args.where, canaryTimes(kinds))
    const built = await compiledPage(payload, db, { ...args, where }, CANARY_PAGE)
    if (built === 'unsupported') return null
    statement = slotsOf(built.query.toSQL(), kinds)
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
    statements.set(key, statement)
  }
  let rows: Row[]
  if (statement && run) {
    const params = [...statement.params]
    statement.times.forEach((at, i) => at.forEach((index) => (params[index] = times[i])))
    params[statement.limitAt] = args.limit
    params[statement.offsetAt] = offset
    rows = await run(statement.text, params)
  } else {
    // A shape whose values cannot be put in again (or an adapter this module cannot run SQL
    // on): built with this request's values, every time.
    const built = await compiledPage(payload, db, args, { limit: args.limit, offset })
    if (built === 'unsupported') return null
    rows = await built.query
  }
  const ids = rows.map((row) => Number(row.id))
  if (!args.forms) return { ids, forms: null }
  const forms = new Map<number, string>()
  rows.forEach((row, i) => {
    if (typeof row.form === 'string') forms.set(ids[i], row.form)
  })
  return { ids, forms }
}

/** Shapes of query kept per adapter, the oldest forgotten first beyond this many. */
const MAX_STATEMENTS = 1000

/**
 * A page's statement made for one shape of query: its SQL, and its parameters with, at the
 * positions named, the times of the conditions and the page's limit and offset to put in.
 */
type Statement = {
  text: string
  params: unknown[]
  /** For each time the conditions hold, in order, where the parameters have it. */
  times: number[][]
  limitAt: number
  offsetAt: number
}

const statementsByAdapter = new WeakMap<object, Map<string, Statement | null>>()

function statementsOf(db: object): Map<string, Statement | null> {
  let statements = statementsByAdapter.get(db)
  if (!statements) statementsByAdapter.set(db, (statements = new Map()))
  return statements
}

/**
 * A time in a condition: an instant in the ISO form that the filters and access rules write (the
 * status rule holds the time of the request, so no two requests' conditions are the same), or a
 * `Date`; or a wall-clock time as the archive's date window writes it (`2026-11-26 00:00:00`,
 * another for each day asked).
 */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const WALL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/

/** The forms of time a shape takes out; each is put back in its own form. */
export type TimeKind = 'instant' | 'wall'

const kindOf = (value: string): TimeKind | null =>
  ISO_TIME.test(value) ? 'instant' : WALL_TIME.test(value) ? 'wall' : null

/** A copy of the conditions with `swap` of each time in place of it, met in the order of JSON. */
function mapTimes(value: unknown, swap: (time: string, kind: TimeKind) => unknown): unknown {
  if (typeof value === 'string') {
    const kind = kindOf(value)
    return kind ? swap(value, kind) : value
  }
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? value : swap(value.toISOString(), 'instant')
  if (Array.isArray(value)) return value.map((item) => mapTimes(item, swap))
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, mapTimes(item, swap)]),
    )
  return value
}

/**
 * Marks in a shape: no condition holds a NUL (the query guard refuses them,
 * collections/hooks/queryGuard.ts), and `undefined` is kept apart from a missing key.
 */
const TIME_MARKS: Record<TimeKind, string> = { instant: '\u0000time', wall: '\u0000wall' }
const UNDEFINED_MARK = '\u0000undefined'

/**
 * The conditions as JSON with each time taken out, and the times in order: requests whose
 * conditions differ only in their times share a shape.
 */
export function timesOf(where: Where): { shape: string; times: string[]; kinds: TimeKind[] } {
  const times: string[] = []
  const kinds: TimeKind[] = []
  const marked = mapTimes(where ?? {}, (time, kind) => {
    times.push(time)
    kinds.push(kind)
    return TIME_MARKS[kind]
  })
  const shape = JSON.stringify(marked, (_name, value: unknown) =>
    value === undefined ? UNDEFINED_MARK : value,
  )
  return { shape, times, kinds }
}

/** The conditions with these times in place of theirs, in order. */
export function withTimes(where: Where, times: string[]): Where {
  let next = 0
  return mapTimes(where ?? {}, () => times[next++]) as Where
}

/**
 * Values no request holds, built into a shape's statement in place of its times and paging so
 * that their positions among the parameters can be found: times in the year 1001, in the form of
 * the time they stand for (instants one millisecond apart, wall-clock times one second apart), and
 * paging numbers above any page's. A value the adapter writes in another form (a date column's)
 * is then not found, and the shape is built for each request.
 */
export const canaryTimes = (kinds: readonly TimeKind[]): string[] =>
  kinds.map((kind, i) =>
    kind === 'instant'
      ? new Date(Date.UTC(1001, 0, 1, 0, 0, 0, i)).toISOString()
      : new Date(Date.UTC(1001, 0, 1, 0, 0, i)).toISOString().slice(0, 19).replace('T', ' '),
  )
export const CANARY_PAGE = { limit: 1_000_003_001, offset: 1_000_003_002 }

/**
 * Where the canaries went among a statement's parameters, or null when any of them is not a
 * parameter of its own (the adapter changed or embedded a value): such a shape is built for each
 * request instead.
 */
export function slotsOf(
  built: { sql: string; params: unknown[] },
  kinds: readonly TimeKind[],
): Statement | null {
  const canaries = canaryTimes(kinds)
  const positions = (value: unknown) =>
    built.params.flatMap((param, index) => (param === value ? [index] : []))
  const times = canaries.map(positions)
  const limits = positions(CANARY_PAGE.limit)
  const offsets = positions(CANARY_PAGE.offset)
  const embedded = built.params.some(
    (param) =>
      typeof param === 'string' &&
      !canaries.includes(param) &&
      canaries.some((canary) => param.includes(canary.slice(0, 10))),
  )
  if (embedded || times.some((at) => !at.length) || limits.length !== 1 || offsets.length !== 1)
    return null
  return {
    text: built.sql,
    params: built.params,
    times,
    limitAt: limits[0],
    offsetAt: offsets[0],
  }
}

/** Runs SQL on the adapter's own connection, when it is one of Payload's SQLite or PostgreSQL. */
function runnerOf(db: SqlAdapter): ((text: string, params: unknown[]) => Promise<Row[]>) | null {
  const { client, pool } = db
  const store = storeOf(db)
  if (store === 'sqlite' && typeof client?.execute === 'function')
    return async (sql, args) => (await client.execute({ sql, args })).rows
  if (store === 'postgres' && typeof pool?.query === 'function')
    return async (text, values) => (await pool.query(text, values)).rows
  return null
}

/**
 * The conditions, joins and order of a query on the collection `slug`, as the adapter's `find`
 * builds them, with its table; 'unsupported' when only `find` can run it.
 */
async function builtConditions(
  payload: Payload,
  db: SqlAdapter,
  args: { slug: string; where: Where; locale: string; sort?: Sort },
): Promise<(BuiltQuery & { table: Record<string, unknown> }) | 'unsupported'> {
  const buildQuery = await payloadBuildQuery()
  if (!buildQuery) return 'unsupported'
  const tableName = tableNameOf(db.tableNameMap!, args.slug)
  const table = db.tables![tableName]
  if (!table) return 'unsupported'
  const built = buildQuery({
    adapter: db,
    fields: payload.collections[args.slug].config.flattenedFields,
    locale: args.locale,
    sort: args.sort,
    tableName,
    where: args.where,
  })
  if (built.joins.some((join) => join.isOneToMany)) return 'unsupported'
  return { ...built, table }
}

/**
 * The SELECT of the ids of `slug` that match `where` (each once), built as a page's is, for
 * aggregates over them (`sqlAccessOf`); null when only the adapter's `find` can
 * run the conditions, or the request is in a transaction (its own session).
 */
async function matchingIdsQuery(
  payload: Payload,
  req: PayloadRequest,
  args: { slug: string; where: Where; locale: string },
): Promise<{ query: unknown } | null> {
  const db = payload.db as unknown as SqlAdapter
  if (!db.drizzle || !db.tables || !db.tableNameMap || db.primaryDrizzle) return null
  if (req.transactionID) return null
  const conditions = await builtConditions(payload, db, { ...args, sort: [] })
  if (conditions === 'unsupported') return null
  const { table, joins, where: condition } = conditions
  const columns = { id: table.id }
  let query = joins.length
    ? db.drizzle.selectDistinct(columns).from(table)
    : db.drizzle.select(columns).from(table)
  for (const join of joins) {
    const method = query[join.type ?? 'leftJoin'] as (table: unknown, on: unknown) => Query
    query = method.call(query, join.table, join.condition)
  }
  // In an object: a drizzle query is a thenable, which an async function's result would run.
  return { query: condition ? query.where(condition) : query }
}

/**
 * Runs SQL made with the adapter's drizzle `sql` tag on the adapter's own connection; null on
 * adapters other than Payload's SQLite and PostgreSQL.
 */
function sqlRunnerOf(payload: Payload): ((query: unknown) => Promise<Row[]>) | null {
  const db = payload.db as unknown as SqlAdapter & {
    drizzle?: { dialect?: { sqlToQuery(sql: unknown): { sql: string; params: unknown[] } } }
  }
  const run = runnerOf(db)
  const dialect = db.drizzle?.dialect
  if (!run || typeof dialect?.sqlToQuery !== 'function') return null
  return (query) => {
    const { sql, params } = dialect.sqlToQuery(query)
    return run(sql, params)
  }
}

/**
 * The page's SELECT with the given paging, as the adapter's `find` builds it; 'unsupported' when
 * only `find` can. With `forms`, the form of each row is a column (`formColumn`). Both databases
 * look it up for the page's rows only when the SELECT is plain: PostgreSQL puts off costly
 * columns until after a sort with a limit, and SQLite measured so (2,000 venues sorted on a
 * column with no index: +65 µs for the forms, not the 2,000 lookups). A DISTINCT needs its columns
 * first, so there the SELECT becomes a subquery and the forms are looked up outside it, in its
 * order again.
 */
async function compiledPage(
  payload: Payload,
  db: SqlAdapter,
  args: PageIdsArgs,
  paging: { limit: number; offset: number },
): Promise<{ query: Query } | 'unsupported'> {
  const conditions = await builtConditions(payload, db, args)
  if (conditions === 'unsupported') return 'unsupported'
  const { table, joins, orderBy, selectFields, where: condition } = conditions
  const sql = args.forms ? drizzleSqlOf(payload, args.slug) : null
  const forms = args.forms && sql ? { sql, lookup: args.forms } : null
  if (args.forms && (!forms || !orderBy.length)) return 'unsupported'
  const distinct = joins.length > 0
  // Under forms and DISTINCT, the order's columns by names of their own, for the outer SELECT to
  // order by.
  const ordering =
    forms && distinct
      ? Object.fromEntries(
          orderBy.map(({ column }, i) => [`o${i}`, aliased(forms.sql`${column}`, `o${i}`)]),
        )
      : {}
  let query: Query
  if (distinct) {
    // As the adapter does: distinct rows of the id and the columns the order names.
    const selected = forms
      ? { id: table.id, ...ordering }
      : Object.fromEntries(
          Object.entries(selectFields).filter(
            ([, column]) =>
              column?.primary ||
              orderBy.some(
                (order) =>
                  order.column.name === column?.name &&
                  nameOfTable(order.column.table) === nameOfTable(column?.table),
              ),
          ),
        )
    query = db.drizzle!.selectDistinct(selected).from(table)
    for (const join of joins) {
      const method = query[join.type ?? 'leftJoin'] as (table: unknown, on: unknown) => Query
      query = method.call(query, join.table, join.condition)
    }
  } else {
    const form = forms && formColumn(forms.sql, db, forms.lookup, nameOfTable(table)!)
    if (forms && !form) return 'unsupported'
    query = db.drizzle!.select({ id: table.id, ...(form ? { form } : {}) }).from(table)
  }
  if (condition) query = query.where(condition)
  query = query
    .orderBy(...orderBy.map(({ column, order }) => order(column)))
    .offset(paging.offset)
    .limit(paging.limit)
  // In an object: a drizzle query is a thenable, which an async function's result would run.
  if (!forms || !distinct) return { query }
  const page = query.as('page') as Record<string, unknown>
  const form = formColumn(forms.sql, db, forms.lookup, 'page')
  if (!form) return 'unsupported'
  return {
    query: db
      .drizzle!.select({ id: page.id, form })
      .from(page)
      .orderBy(...orderBy.map(({ order }, i) => order(page[`o${i}`]))),
  }
}

/** An SQL expression named `alias` in a SELECT. */
const aliased = (expression: unknown, alias: string) =>
  (expression as { as(alias: string): unknown }).as(alias)

/**
 * The kept form of each row of `rows` (the page's table or subquery): a lookup on the forms'
 * unique key, its columns named with their tables (drizzle leaves them bare in a one-table
 * SELECT, where the forms' own `id` would answer). Null when the adapter has no table for forms.
 */
function formColumn(sql: SqlTag, db: SqlAdapter, lookup: FormsLookup, rows: string): unknown {
  const formsName = tableNameOf(db.tableNameMap!, lookup.slug)
  const forms = db.tables![formsName]
  if (!forms) return null
  const key = sql`cast(${lookup.prefix} as text) || cast(${columnOf(sql, rows, 'id')} as text) || cast(${lookup.suffix} as text)`
  return aliased(
    sql`(select ${columnOf(sql, formsName, 'body')} from ${forms} where ${columnOf(sql, formsName, 'key')} = ${key})`,
    'form',
  )
}

/** Whether a drizzle table has a column of this name. */
const hasColumn = (table: Record<string, unknown> | undefined, name: string) =>
  Boolean(table) &&
  Object.values(table!).some((column) => (column as { name?: unknown } | null)?.name === name)

/**
 * SQL of the plugin's own on Payload's SQLite and PostgreSQL adapters, outside a transaction (its
 * statements run on the adapter's own connection); null when the adapter keeps no tables or SQL
 * tag this module knows, or the request is in a transaction.
 */
export function sqlAccessOf(
  payload: Payload,
  req: PayloadRequest,
  anySlug: string,
): SqlAccess | null {
  const db = payload.db as unknown as SqlAdapter
  const run = sqlRunnerOf(payload)
  const sql = drizzleSqlOf(payload, anySlug)
  const { tables, tableNameMap } = db
  if (!run || !sql?.raw || !sql.join || !tables || !tableNameMap || req.transactionID) return null
  const postgres = storeOf(db) === 'postgres'
  return {
    sql,
    run,
    tableOf: (slug) => tableNameOf(tableNameMap, slug),
    hasColumn: (table, column) => hasColumn(tables[table], column),
    matchingIds: (args) => matchingIdsQuery(payload, req, args),
    column: (table, name) => columnOf(sql, table, name),
    flag: (value) => sql`case when ${value} then 1 else 0 end`,
    dayOfWeek: (date) =>
      postgres
        ? sql`cast(extract(dow from cast(${date} as date)) as integer)`
        : sql`cast(strftime('%w', ${date}) as integer)`,
    idList: (value) =>
      postgres ? sql`string_agg(cast(${value} as text), ',')` : sql`group_concat(${value}, ',')`,
    jsonRows: (values) =>
      postgres
        ? sql`coalesce(cast(json_agg(json_build_array(${sql.join(values, sql`, `)})) as text), '[]')`
        : sql`json_group_array(json_array(${sql.join(values, sql`, `)}))`,
  }
}
