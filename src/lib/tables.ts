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
