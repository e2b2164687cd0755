import type { Payload, PayloadRequest } from 'payload'
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
import { CANARY_PAGE, keptStatement, timesOf, valuesOf } from './keptStatements.js'

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

/** The name of the order's `i`th column in a page's SELECT, where it is selected. */
const orderAlias = (i: number) => `o${i}`
/** The order's first column, read with `firstSorted`. */
const FIRST_SORTED = orderAlias(0)

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
          orderBy.map(({ column }, i) => [
            orderAlias(i),
            aliased(forms.sql`${column}`, orderAlias(i)),
          ]),
        )
      : {}
  // With `firstSorted`, the order's first column (as `ordering`'s first, where it has one).
  const first = args.firstSorted
    ? { [FIRST_SORTED]: aliased(sql!`${orderBy[0].column}`, FIRST_SORTED) }
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
    query = withJoins(db.drizzle!.selectDistinct({ ...selected, ...first }).from(table), joins)
  } else {
    const form = forms && formColumn(forms.sql, db, forms.lookup, nameOfTable(table)!)
    if (forms && !form) return 'unsupported'
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
      .orderBy(...orderBy.map(({ order }, i) => order(page[orderAlias(i)]))),
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
