import type { FlattenedField, Payload, Sort, Where } from 'payload'
import type { SqlRow as Row } from './calendarStore.js'
import { tableNameOf } from './sqlTables.js'
import { storeOf } from './store.js'

/**
 * What the SQL fast paths (a page's ids, sqlPageIds.ts; the facets' facts and id lists,
 * sqlFacets.ts) share of Payload's SQL adapters: their query builder, their connection, and the
 * shapes of drizzle's objects as far as the plugin uses them.
 */

/** What `buildQuery` of Payload's SQL adapters (`@payloadcms/drizzle`) gives back. */
export type BuiltQuery = {
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
export type Query = {
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

export type SqlAdapter = {
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
export const nameOfTable = (table: unknown) =>
  (table as Record<symbol, string> | undefined)?.[Symbol.for('drizzle:Name')]

let buildQueryLoading: Promise<BuildQuery | null> | undefined

/** Payload's own query builder for its SQL adapters, when the app has it (it comes with them). */
const payloadBuildQuery = () =>
  (buildQueryLoading ??= import('@payloadcms/drizzle').then(
    (module) => module.buildQuery as unknown as BuildQuery,
    () => null,
  ))

/** Runs SQL on the adapter's own connection, when it is one of Payload's SQLite or PostgreSQL. */
export function runnerOf(
  db: SqlAdapter,
): ((text: string, params: unknown[]) => Promise<Row[]>) | null {
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
export async function builtConditions(
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

/** `query` with the joins a built query asks for, as the adapter's `find` adds them. */
export function withJoins(query: Query, joins: BuiltQuery['joins']): Query {
  for (const join of joins) {
    const method = query[join.type ?? 'leftJoin'] as (table: unknown, on: unknown) => Query
    query = method.call(query, join.table, join.condition)
  }
  return query
}

/**
 * Runs SQL made with the adapter's drizzle `sql` tag on the adapter's own connection; null on
 * adapters other than Payload's SQLite and PostgreSQL.
 */
export function sqlRunnerOf(payload: Payload): ((query: unknown) => Promise<Row[]>) | null {
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

/** Whether a drizzle table has a column of this name. */
export const hasColumn = (table: Record<string, unknown> | undefined, name: string) =>
  Boolean(table) &&
  Object.values(table!).some((column) => (column as { name?: unknown } | null)?.name === name)
