import type { Payload } from 'payload'
import { usesSql } from '../database/store.js'

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
export type RelationalTable = {
  findFirst(config: unknown): { prepare(name?: string): unknown }
  findMany(config: unknown): { prepare(name?: string): unknown; toSQL?(): unknown }
}

type DrizzleAdapter = {
  drizzle?: { query?: Record<string, RelationalTable | undefined> }
  tableNameMap?: Map<string, string>
}

/**
 * The relational queries of a collection's main table when the adapter is one of Payload's
 * drizzle-based ones, else null (MongoDB, or an adapter without).
 */
function relationalTableOf(db: object, slug: string): RelationalTable | null {
  const { drizzle, tableNameMap } = db as DrizzleAdapter
  if (!usesSql(db) || !tableNameMap || !drizzle?.query) return null
  return drizzle.query[tableNameOf(tableNameMap, slug)] ?? null
}

/**
 * A read of the collection's main table prepared once through the adapter's drizzle instance and
 * run again with no query building: `query` makes it from the table's relational queries, and it is
 * prepared under `name`. Null when the adapter has no drizzle (MongoDB) or drizzle refuses it
 * (logged as `what` that cannot be read so): the caller then reads through the adapter.
 */
export function preparedRead<Prepared>(
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

/** drizzle's `sql` template tag, as far as this plugin writes SQL with it. */
export type SqlTag = ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
  identifier?: (name: string) => unknown
}

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
