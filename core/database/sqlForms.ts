import type { PayloadRequest } from 'payload'
import type { FormRowInput } from './calendarStore.js'
import { chunksOf, tablesOf } from './sqlSeriesCopies.js'

/**
 * Kept record forms written in a few multi-row statements, a row whose key is kept already left
 * as it is (`ON CONFLICT DO NOTHING`): in the request's transaction, on the SQL adapters. Each
 * statement gives the event loop a turn after it on SQLite (sqliteYields.ts), so a statement per
 * form kept the change log's turn, and every writer behind it, for one turn of a busy loop per
 * form (issue #59). False when the adapter keeps no such table: the caller writes row by row.
 */
export async function insertForms(
  req: PayloadRequest,
  slug: string,
  rows: FormRowInput[],
): Promise<boolean> {
  const tables = await tablesOf(req, slug)
  if (!tables) return false
  if (!rows.length) return true
  const now = new Date().toISOString()
  const values = rows.map((row) => ({ ...row, updatedAt: now, createdAt: now }))
  for (const chunk of chunksOf(values, Object.keys(values[0]).length))
    await tables.session.insert(tables.main).values(chunk).onConflictDoNothing()
  return true
}
