import type { PayloadRequest } from 'payload'
import type { SqlRow } from './calendarStore.js'
import { chunksOf, tablesOf } from './sqlSeriesCopies.js'

/**
 * Rows of a collection kept wholly in its main table (the change log, the kept forms), written in
 * the request's transaction in a few multi-row statements on the SQL adapters, where Payload's
 * `create` writes one row a statement and builds each through the collection's fields. With
 * `keepExisting`, a row whose unique key is there already is left as it is (`ON CONFLICT DO
 * NOTHING`); without, it fails the statement as Payload's `create` would. Each statement gives
 * the event loop a turn after it on SQLite (sqliteYields.ts), so a statement per kept form held
 * the change log's turn, and every writer behind it, for one turn of a busy loop per form (issue
 * #59). False when the adapter keeps no such table: the caller writes row by row.
 */
export async function insertRows(
  req: PayloadRequest,
  slug: string,
  rows: SqlRow[],
  { keepExisting = false } = {},
): Promise<boolean> {
  const tables = await tablesOf(req, slug)
  if (!tables) return false
  if (!rows.length) return true
  for (const chunk of chunksOf(rows, Object.keys(rows[0]).length)) {
    const insert = tables.session.insert(tables.main).values(chunk)
    await (keepExisting ? insert.onConflictDoNothing() : insert)
  }
  return true
}
