import type { PayloadRequest } from 'payload'
import type { CountMove, StoredCounts } from './calendarStore.js'
import { drizzleSqlOf, tableIn } from './sqlTables.js'

/** A term table's counted columns, as drizzle names them. */
type CountColumns = { id: unknown; eventCount?: unknown; publicEventCount?: unknown }
type Update = PromiseLike<unknown> & {
  where(condition: unknown): { returning(columns: object): PromiseLike<StoredCounts[]> }
}
type Session = { update(table: object): { set(values: object): Update } }
type Operators = { equals: (column: unknown, value: unknown) => unknown }

/**
 * Moves the stored counts of terms by what a write changed, one `UPDATE … RETURNING` per term in
 * the transaction of `req`, never below 0 (issue #60): Payload's `find` and `updateOne` of a
 * localized collection build a relational query over all its tables, and cost a linked create
 * about a quarter of its CPU. Null when the adapter keeps no such table.
 */
export async function moveCounts(
  req: PayloadRequest,
  slug: string,
  moves: CountMove[],
): Promise<Map<number, StoredCounts> | null> {
  const found = await tableIn<Session, CountColumns, Operators>(req.payload, req, slug)
  const sql = drizzleSqlOf(req.payload, slug)
  if (!found?.table.eventCount || !found.table.publicEventCount || !sql) return null
  const { table, session, operators } = found
  const moved = (column: unknown, by: number) =>
    sql`case when coalesce(${column}, 0) + ${by} < 0 then 0 else coalesce(${column}, 0) + ${by} end`
  const counts = new Map<number, StoredCounts>()
  for (const { id, all, shown } of moves) {
    const [row] = await session
      .update(table)
      .set({
        eventCount: moved(table.eventCount, all),
        publicEventCount: moved(table.publicEventCount, shown),
      })
      .where(operators.equals(table.id, id))
      .returning({ eventCount: table.eventCount, publicEventCount: table.publicEventCount })
    if (row)
      counts.set(id, {
        eventCount: Number(row.eventCount),
        publicEventCount: Number(row.publicEventCount),
      })
  }
  return counts
}
