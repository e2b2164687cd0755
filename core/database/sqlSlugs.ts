import type { PayloadRequest } from 'payload'
import { tableIn } from './sqlTables.js'

type Column = unknown
type Statement = PromiseLike<{ slug: unknown }[]> & { where(condition: unknown): Statement }
type Session = { select(columns: { slug: Column }): { from(table: object): Statement } }
type Operators = {
  and: (...conditions: unknown[]) => unknown
  in: (column: Column, values: unknown[]) => unknown
  not_equals: (column: Column, value: unknown) => unknown
}

/**
 * Those of `slugs` that records of the collection have, but the record `ownId`: one SELECT of the
 * slug column in the transaction of `req` (which sees the writes before it, a batch's items
 * included). Payload's `find` of the same builds a relational query over all the tables of a
 * localized collection and turns every row into a document, field by field: 1.6 ms a create for
 * an event with a title of its own, and a millisecond more for each 25 events that share its
 * title (collections/hooks/uniqueSlug.ts reads them all). Null when the adapter keeps no such
 * column.
 */
export async function takenSlugs(
  req: PayloadRequest,
  slug: string,
  slugs: string[],
  ownId?: number | string,
): Promise<Set<string> | null> {
  const found = await tableIn<Session, { id?: Column; slug?: Column }, Operators>(
    req.payload,
    req,
    slug,
  )
  if (!found?.table.slug || !found.table.id) return null
  if (!slugs.length) return new Set()
  const { table, session, operators } = found
  const among = operators.in(table.slug, slugs)
  const rows = await session
    .select({ slug: table.slug })
    .from(table)
    .where(
      ownId === undefined ? among : operators.and(among, operators.not_equals(table.id, ownId)),
    )
  return new Set(rows.map((row) => String(row.slug)))
}
