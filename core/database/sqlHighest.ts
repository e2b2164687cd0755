import type { Payload, PayloadRequest } from 'payload'
import type { HighestArgs } from './calendarStore.js'
import { drizzleSqlOf, tableIn } from './sqlTables.js'

type Column = unknown
type Statement = PromiseLike<Record<string, unknown>[]> & {
  where(condition: unknown): Statement
  orderBy(order: unknown): Statement
  limit(count: number): Statement
}
type Session = { select(columns: Record<string, Column>): { from(table: object): Statement } }
type Operators = { equals: (column: Column, value: unknown) => unknown }

/**
 * The highest value of a number field among a collection's rows (those whose `where` field equals
 * its value, when given), by one SELECT … ORDER BY … LIMIT 1 in the transaction of `req` (outside
 * any, without it): the last id claimed, the change mark, the change log's last sequence,
 * each read on every write. Payload's `find` builds the same through the collection's fields and
 * its relational query, then turns the row into a document. 0 when there is no row; null when the
 * adapter keeps no such column.
 */
export async function highestValue(
  payload: Payload,
  req: PayloadRequest | undefined,
  { slug, field, where }: HighestArgs,
): Promise<number | null> {
  const found = await tableIn<Session, Record<string, Column>, Operators>(payload, req, slug)
  const column = found?.table[field]
  const filter = where && found?.table[where.field]
  const sql = drizzleSqlOf(payload, slug)
  if (!found || !column || (where && !filter) || !sql) return null
  const { table, session, operators } = found
  let query = session.select({ value: column }).from(table)
  if (where) query = query.where(operators.equals(filter, where.equals))
  const [row] = await query.orderBy(sql`${column} desc`).limit(1)
  return Number(row?.value ?? 0)
}
