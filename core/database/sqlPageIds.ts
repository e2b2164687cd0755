import type { Payload, PayloadRequest, Where } from 'payload'
import type {
  FormsLookup,
  PageIds,
  PageIdsArgs,
  SqlRow as Row,
  SqlTag,
  TotalArgs,
} from './calendarStore.js'
import {
  builtConditions,
  nameOfTable,
  runnerOf,
  withJoins,
  type Query,
  type SqlAdapter,
} from './sqlQueries.js'
import { columnOf, drizzleSqlOf, tableNameOf } from './sqlTables.js'

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
  const db = sqlAdapterOf(payload)
  if (!db || req.transactionID || args.limit <= 0) return null
  const { shape, times, kinds } = timesOf(args.where)
  const offset = (args.page - 1) * args.limit
  const run = runnerOf(db)
  const key = JSON.stringify([
    args.slug,
    args.locale,
    args.sort,
    args.forms ?? null,
    args.firstSorted ?? false,
    shape,
  ])
  const statement = run
    ? await keptStatement(db, key, args.where, kinds, { paged: true }, (where) =>
        compiledPage(payload, db, { ...args, where }, CANARY_PAGE),
      )
    : null
  if (statement === 'unsupported') return null
  let rows: Row[]
  if (statement && run) {
    rows = await run(statement.text, valuesOf(statement, times, { limit: args.limit, offset }))
  } else {
    // A shape whose values cannot be put in again (or an adapter this module cannot run SQL
    // on): built with this request's values, every time.
    const built = await compiledPage(payload, db, args, { limit: args.limit, offset })
    if (built === 'unsupported') return null
    rows = await built.query
  }
  const ids = rows.map((row) => Number(row.id))
  const sorted = args.firstSorted
    ? { sorted: new Map(rows.map((row, i) => [ids[i], row[FIRST_SORTED]])) }
    : {}
  if (!args.forms) return { ids, forms: null, ...sorted }
  const forms = new Map<number, string>()
  rows.forEach((row, i) => {
    if (typeof row.form === 'string') forms.set(ids[i], row.form)
  })
  return { ids, forms, ...sorted }
}

/** The name of the order's first column in a page's SELECT, read with `firstSorted`. */
const FIRST_SORTED = 'o0'

/**
 * How many records match, in one SELECT on Payload's SQL adapters: the conditions built by the
 * adapter's own `buildQuery`, as `pageIdsBySql` builds a page's, counted (each record once where a
 * condition joins another table). Payload's `count` builds its statement anew for each request,
 * its joins under new random names, so the database prepared it anew each time too: with a
 * category filter, half of an archive page's time (issue #59). Null where `pageIdsBySql` is.
 */
export async function totalBySql(
  payload: Payload,
  req: PayloadRequest,
  args: TotalArgs,
): Promise<number | null> {
  const db = sqlAdapterOf(payload)
  const run = db && runnerOf(db)
  if (!db || !run || req.transactionID) return null
  const { shape, times, kinds } = timesOf(args.where)
  const key = JSON.stringify(['total', args.slug, args.locale, shape])
  const statement = await keptStatement(db, key, args.where, kinds, { paged: false }, (where) =>
    compiledTotal(payload, db, { ...args, where }),
  )
  if (statement === 'unsupported') return null
  let rows: Row[]
  if (statement) rows = await run(statement.text, valuesOf(statement, times))
  else {
    const built = await compiledTotal(payload, db, args)
    if (built === 'unsupported') return null
    rows = await built.query
  }
  return Number(rows[0]?.total ?? 0)
}

/** The count of what the conditions match, as `compiledPage` builds them. */
async function compiledTotal(
  payload: Payload,
  db: SqlAdapter,
  args: TotalArgs,
): Promise<{ query: Query } | 'unsupported'> {
  const conditions = await builtConditions(payload, db, args)
  const sql = drizzleSqlOf(payload, args.slug)
  if (conditions === 'unsupported' || !sql) return 'unsupported'
  const { table, joins, where: condition } = conditions
  const total = joins.length ? sql`count(distinct ${table.id})` : sql`count(*)`
  let query = withJoins(db.drizzle!.select({ total: aliased(total, 'total') }).from(table), joins)
  if (condition) query = query.where(condition)
  return { query }
}

/** Payload's SQL adapter, when it is one this module can build statements on. */
function sqlAdapterOf(payload: Payload): SqlAdapter | null {
  const db = payload.db as unknown as SqlAdapter
  if (!db.drizzle || !db.tables || !db.tableNameMap || db.primaryDrizzle) return null
  return db
}

/**
 * The statement kept for `key`, built the first time with canary times in the place of the
 * request's, so that each request's own go in again (null: a shape whose values cannot).
 */
async function keptStatement(
  db: SqlAdapter,
  key: string,
  where: Where,
  kinds: readonly TimeKind[],
  { paged }: { paged: boolean },
  build: (where: Where) => Promise<{ query: Query } | 'unsupported'>,
): Promise<Statement | null | 'unsupported'> {
  const statements = statementsOf(db)
  const kept = statements.get(key)
  if (kept !== undefined) return kept
  const built = await build(withTimes(where, canaryTimes(kinds)))
  if (built === 'unsupported') return 'unsupported'
  const statement = slotsOf(built.query.toSQL(), kinds, { paged })
  keep(statements, key, statement)
  return statement
}

/** Shapes of query kept per adapter, the oldest forgotten first beyond this many. */
const MAX_STATEMENTS = 1000

function keep(statements: Map<string, Statement | null>, key: string, statement: Statement | null) {
  if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
  statements.set(key, statement)
}

/** A kept statement's parameters with this request's times and, for a page, its paging. */
function valuesOf(
  statement: Statement,
  times: string[],
  paging?: { limit: number; offset: number },
): unknown[] {
  const params = [...statement.params]
  statement.times.forEach((at, i) => at.forEach((index) => (params[index] = times[i])))
  if (paging && statement.limitAt !== null && statement.offsetAt !== null) {
    params[statement.limitAt] = paging.limit
    params[statement.offsetAt] = paging.offset
  }
  return params
}

/**
 * A page's statement made for one shape of query: its SQL, and its parameters with, at the
 * positions named, the times of the conditions and the page's limit and offset to put in.
 */
type Statement = {
  text: string
  params: unknown[]
  /** For each time the conditions hold, in order, where the parameters have it. */
  times: number[][]
  /** Null in a statement without paging (a total). */
  limitAt: number | null
  offsetAt: number | null
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
  { paged = true } = {},
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
  const pagingFound = paged
    ? limits.length === 1 && offsets.length === 1
    : limits.length === 0 && offsets.length === 0
  if (embedded || times.some((at) => !at.length) || !pagingFound) return null
  return {
    text: built.sql,
    params: built.params,
    times,
    limitAt: paged ? limits[0] : null,
    offsetAt: paged ? offsets[0] : null,
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
  const sql = args.forms || args.firstSorted ? drizzleSqlOf(payload, args.slug) : null
  const forms = args.forms && sql ? { sql, lookup: args.forms } : null
  if (args.forms && (!forms || !orderBy.length)) return 'unsupported'
  if (args.firstSorted && (!sql || !orderBy.length)) return 'unsupported'
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
    const first =
      args.firstSorted && !forms
        ? { [FIRST_SORTED]: aliased(sql!`${orderBy[0].column}`, FIRST_SORTED) }
        : {}
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
    query = withJoins(db.drizzle!.selectDistinct({ ...selected, ...first }).from(table), joins)
  } else {
    const form = forms && formColumn(forms.sql, db, forms.lookup, nameOfTable(table)!)
    if (forms && !form) return 'unsupported'
    const first = args.firstSorted
      ? { [FIRST_SORTED]: aliased(sql!`${orderBy[0].column}`, FIRST_SORTED) }
      : {}
    query = db.drizzle!.select({ id: table.id, ...first, ...(form ? { form } : {}) }).from(table)
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
      .drizzle!.select({
        id: page.id,
        ...(args.firstSorted ? { [FIRST_SORTED]: page[FIRST_SORTED] } : {}),
        form,
      })
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
