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
  findMany(config: unknown): { prepare(name?: string): unknown }
}

type DrizzleAdapter = {
  drizzle?: { query?: Record<string, RelationalTable | undefined> }
  tableNameMap?: Map<string, string>
}

/**
 * The relational queries of a collection's main table when the adapter is one of Payload's
 * drizzle-based ones (for statements prepared once), else null (MongoDB, or an adapter without).
 */
export function relationalTableOf(db: object, slug: string): RelationalTable | null {
  const { drizzle, tableNameMap } = db as DrizzleAdapter
  if (!tableNameMap || !drizzle?.query) return null
  return drizzle.query[tableNameOf(tableNameMap, slug)] ?? null
}
