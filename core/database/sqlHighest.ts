import type { Payload, PayloadRequest } from 'payload'
import type { HighestArgs } from './calendarStore.js'
import { drizzleSqlOf, sessionOf, tableNameOf, type DrizzleParts } from './sqlTables.js'

type Column = unknown
type Statement = PromiseLike<Record<string, unknown>[]> & {
  where(condition: unknown): Statement
  orderBy(order: unknown): Statement
  limit(count: number): Statement
}
type Session = { select(columns: Record<string, Column>): { from(table: object): Statement } }
type Drizzle = DrizzleParts<
  Session,
  Record<string, Column>,
  { equals: (column: Column, value: unknown) => unknown }
>

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
  const adapter = payload.db as unknown as Drizzle
  const { tables, drizzle, tableNameMap, operators } = adapter
  if (!tables || !drizzle || !tableNameMap || !operators) return null
  const table = tables[tableNameOf(tableNameMap, slug)]
  const column = table?.[field]
  const filter = where && table?.[where.field]
  const sql = drizzleSqlOf(payload, slug)
  if (!column || (where && !filter) || !sql) return null
  const session = req ? await sessionOf(req, drizzle, adapter.sessions) : drizzle
  let query = session.select({ value: column }).from(table)
  if (where) query = query.where(operators.equals(filter, where.equals))
  const [row] = await query.orderBy(sql`${column} desc`).limit(1)
  return Number(row?.value ?? 0)
}
