import type { BaseDatabaseAdapter } from 'payload'

/** Payload's abstract SQL table, as far as this module reads and extends it. */
type RawTable = { indexes?: Record<string, { name: string; on: string | string[] }> }

/** What Payload's SQL adapters (SQLite, PostgreSQL) hold that this module reads and extends. */
type SqlSchemaAdapter = BaseDatabaseAdapter & {
  beforeSchemaInit?: SchemaHook[]
  rawTables?: Record<string, RawTable>
  tableNameMap?: Map<string, string>
}
type SchemaHook = (args: { adapter: SqlSchemaAdapter; schema: object }) => object

/** The parent column of each kind of child table, under the key Payload's raw schema gives it. */
const PARENT_COLUMNS = { _locales: '_parentID', _texts: 'parent' } as const

/** `event-categories`, `event_categories`, `eventCategories` alike. */
const sameName = (a: string, b: string) =>
  a.replace(/[^a-z0-9]/gi, '').toLowerCase() === b.replace(/[^a-z0-9]/gi, '').toLowerCase()

/**
 * Payload reads a record's localized values and text lists with one subquery per record on the
 * child table's parent column (`_parent_id` of `…_locales`, `parent_id` of `…_texts`), but indexes
 * those tables by locale or order first, so each subquery scans its whole table: a page of events
 * gets slower as the calendar grows. On Payload's SQL adapters, the calendar's collections (the
 * `slugs` given, never the app's own) get an index on that column, named
 * `<table>_parent_lookup_idx`; the app's next `payload migrate:create` picks it up. Other adapters
 * are left as they are.
 */
export function indexParentLookups(db: BaseDatabaseAdapter, slugs: readonly string[]): void {
  const adapter = db as SqlSchemaAdapter
  if (!Array.isArray(adapter.beforeSchemaInit)) return
  adapter.beforeSchemaInit.push(({ adapter: built, schema }) => {
    for (const [key, tableName] of built.tableNameMap ?? []) {
      if (!slugs.some((slug) => sameName(slug, key))) continue
      for (const [suffix, column] of Object.entries(PARENT_COLUMNS)) {
        const table = built.rawTables?.[`${tableName}${suffix}`]
        if (!table) continue
        const name = `${tableName}${suffix}_parent_lookup_idx`
        table.indexes = { ...table.indexes, [name]: { name, on: column } }
      }
    }
    return schema
  })
}
