import type { FlattenedField, Payload, PayloadRequest, Sort, Where } from 'payload'
import { tableNameOf } from '../src/lib/tables.js'

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
  then: Promise<{ id: number }[]>['then']
}

type SqlAdapter = {
  drizzle?: { select(fields: object): Query; selectDistinct(fields: object): Query }
  tables?: Record<string, Record<string, unknown>>
  tableNameMap?: Map<string, string>
  primaryDrizzle?: unknown
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
 * answers, issue #27). Null when this cannot be done and the adapter's `find` must answer: another
 * adapter, a transaction (its own session), read replicas (the adapter picks the primary after a
 * write), or an order on a one-to-many join (the adapter groups).
 */
export async function pageIdsBySql(
  payload: Payload,
  req: PayloadRequest,
  args: { slug: string; where: Where; sort: Sort; limit: number; page: number; locale: string },
): Promise<number[] | null> {
  const db = payload.db as unknown as SqlAdapter
  if (!db.drizzle || !db.tables || !db.tableNameMap || db.primaryDrizzle) return null
  if (req.transactionID || args.limit <= 0) return null
  const buildQuery = await payloadBuildQuery()
  if (!buildQuery) return null
  const tableName = tableNameOf(db.tableNameMap, args.slug)
  const table = db.tables[tableName]
  if (!table) return null
  const { joins, orderBy, selectFields, where } = buildQuery({
    adapter: db,
    fields: payload.collections[args.slug].config.flattenedFields,
    locale: args.locale,
    sort: args.sort,
    tableName,
    where: args.where,
  })
  if (joins.some((join) => join.isOneToMany)) return null
  let query: Query
  if (joins.length) {
    // As the adapter does: distinct rows of the id and the columns the order names.
    const selected = Object.fromEntries(
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
    query = db.drizzle.selectDistinct(selected).from(table)
    for (const join of joins) {
      const method = query[join.type ?? 'leftJoin'] as (table: unknown, on: unknown) => Query
      query = method.call(query, join.table, join.condition)
    }
  } else query = db.drizzle.select({ id: table.id }).from(table)
  if (where) query = query.where(where)
  const rows = await query
    .orderBy(...orderBy.map(({ column, order }) => order(column)))
    .offset((args.page - 1) * args.limit)
    .limit(args.limit)
  return rows.map((row) => row.id)
}
