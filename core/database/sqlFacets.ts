import type { Payload, PayloadRequest, Where } from 'payload'
import type { SqlRow as Row, SqlTag } from './calendarStore.js'
import type {
  EventFacts,
  FacetSlugs,
  FacetSource,
  FactsScope,
  IdQuery,
  NamedRecord,
  VenueFacts,
} from './facetSource.js'
import {
  builtConditions,
  hasColumn,
  sqlRunnerOf,
  withJoins,
  type SqlAdapter,
} from './sqlQueries.js'
import { columnOf, drizzleSqlOf, tableNameOf } from './sqlTables.js'
import { storeOf } from './store.js'

/**
 * The facets' reads on Payload's SQLite and PostgreSQL adapters (facetSource.ts), outside a
 * transaction: their statements run on the adapter's own connection. Here alone the plugin knows
 * how the adapters name an event's tables and columns (`<table>_rels` with `parent_id`, `path` and
 * `<related table>_id`, `<table>_texts`, `<table>_locales` with `_parent_id` and `_locale`).
 *
 * Null when the adapter keeps no tables or SQL tag this module knows, the request is in a
 * transaction (its own session), or the tables are not as Payload names them: the Local API
 * counts then.
 */
export function facetSourceOf(
  payload: Payload,
  req: PayloadRequest,
  slugs: FacetSlugs,
): FacetSource | null {
  const db = payload.db as unknown as SqlAdapter
  const run = sqlRunnerOf(payload)
  const sql = drizzleSqlOf(payload, slugs.events)
  const { tables, tableNameMap } = db
  if (!run || !sql?.raw || !sql.join || !tables || !tableNameMap || req.transactionID) return null
  const tableOf = (slug: string) => tableNameOf(tableNameMap, slug)
  const has = (table: string, column: string) => hasColumn(tables[table], column)
  const events = tableOf(slugs.events)
  const names: EventTables = {
    events,
    rels: `${events}_rels`,
    texts: `${events}_texts`,
    venues: tableOf(slugs.venues),
    categories: `${tableOf(slugs.categories)}_id`,
    tags: `${tableOf(slugs.tags)}_id`,
    organizers: `${tableOf(slugs.organizers)}_id`,
    venueLocked: has(tableOf(slugs.venues), 'has_password'),
  }
  const named = [slugs.categories, slugs.tags, slugs.organizers, slugs.venues].map(tableOf)
  if (
    !EVENT_COLUMNS.every((column) => has(events, column)) ||
    ![names.categories, names.tags, names.organizers].every((column) => has(names.rels, column)) ||
    !has(names.texts, 'text') ||
    !named.every((table) => has(table, 'slug') && has(`${table}_locales`, 'name')) ||
    !['city', 'country'].every((column) => has(names.venues, column))
  )
    return null
  const access: Access = { sql, run, postgres: storeOf(db) === 'postgres' }
  return {
    facts: (scope) => readFacts(access, names, scope),
    matchingIds: (args) => matchingIdsQuery(payload, db, args),
    idLists: (queries) => readIdLists(access, queries),
    namedRecords: (wanted, languages) =>
      readNamedRecords(
        access,
        wanted.map(({ slug, ids }) => ({ table: tableOf(slug), ids })),
        languages,
        (table) => has(table, 'has_password'),
      ),
  }
}

/** The statements' means: the adapter's own `sql` tag and connection. */
type Access = { sql: SqlTag; run(statement: unknown): Promise<Row[]>; postgres: boolean }

/** The tables and columns of an event's facts, as the adapter names them. */
type EventTables = {
  events: string
  rels: string
  texts: string
  venues: string
  categories: string
  tags: string
  organizers: string
  venueLocked: boolean
}

/** The event's own columns the facts read. */
const EVENT_COLUMNS = [
  'venue_id',
  'event_status',
  'attendance_mode',
  'featured',
  'start_date_local',
  'all_day',
]

/** A truth as 1 or 0 (SQLite stores booleans as integers, PostgreSQL as booleans). */
const flag = (sql: SqlTag, value: unknown) => sql`case when ${value} then 1 else 0 end`

/** An aggregate: the rows of `values` as one JSON text of arrays (`[]`: none). */
const jsonRows = ({ sql, postgres }: Access, values: unknown[]) =>
  postgres
    ? sql`coalesce(cast(json_agg(json_build_array(${sql.join(values, sql`, `)})) as text), '[]')`
    : sql`json_group_array(json_array(${sql.join(values, sql`, `)}))`

/** An aggregate: an integer expression's values as one text, comma-separated (null: none). */
const idList = ({ sql, postgres }: Access, value: unknown) =>
  postgres ? sql`string_agg(cast(${value} as text), ',')` : sql`group_concat(${value}, ',')`

/**
 * The SELECT of the ids of `slug` that match `where` (each once), built as a page's is, for
 * aggregates over them; null when only the adapter's `find` can run the conditions.
 */
async function matchingIdsQuery(
  payload: Payload,
  db: SqlAdapter,
  args: { slug: string; where: Where; locale: string },
): Promise<IdQuery | null> {
  if (!db.drizzle || db.primaryDrizzle) return null
  const conditions = await builtConditions(payload, db, { ...args, sort: [] })
  if (conditions === 'unsupported') return null
  const { table, joins, where: condition } = conditions
  const columns = { id: table.id }
  const query = joins.length
    ? withJoins(db.drizzle.selectDistinct(columns).from(table), joins)
    : db.drizzle.select(columns).from(table)
  // In an object: a drizzle query is a thenable, which an async function's result would run.
  return { query: condition ? query.where(condition) : query }
}

async function readIdLists(access: Access, queries: IdQuery[]): Promise<string[]> {
  const { sql, run } = access
  const texts = queries.map(() => '')
  if (!queries.length) return texts
  const lists = queries.map(
    ({ query }, k) =>
      sql`select ${sql.raw(String(k))} as k, ${idList(access, columnOf(sql, 'q', 'id'))} as ids from ${query} as ${sql.identifier('q')}`,
  )
  for (const row of await run(sql.join(lists, sql` union all `)))
    texts[Number(row.k)] = row.ids === null || row.ids === undefined ? '' : String(row.ids)
  return texts
}

async function readFacts(
  access: Access,
  { events, rels, texts, venues, ...columns }: EventTables,
  scope: FactsScope,
): Promise<{ events: Map<number, EventFacts>; venues: Map<number, VenueFacts> }> {
  const { sql } = access
  const id = (name: string) => sql.identifier(name)
  const column = (table: string, name: string) => columnOf(sql, table, name)
  const among = (value: unknown, ids: number[] | undefined) =>
    ids
      ? sql` and ${value} in (${sql.join(
          [0, ...ids].map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql``
  const { slice } = scope
  // The slice's events by id; their relations and texts are those of the same ids.
  const ofEvents = (value: unknown) =>
    slice
      ? sql` and ${value} in (select ${id('id')} from ${id(events)}${
          slice.after === null ? sql`` : sql` where ${id('id')} > ${slice.after}`
        } order by ${id('id')} limit ${slice.limit})`
      : among(value, scope.events)
  const rows = (values: unknown[], from: unknown, where: unknown) =>
    sql`(select ${jsonRows(access, values)} from ${from} where 1 = 1${where})`
  const [row] = await access.run(
    sql`select ${sql.join(
      [
        sql`${rows(
          [
            column('e', 'id'),
            column('e', 'venue_id'),
            column('e', 'event_status'),
            column('e', 'attendance_mode'),
            flag(sql, column('e', 'featured')),
            column('e', 'start_date_local'),
            flag(sql, column('e', 'all_day')),
          ],
          sql`${id(events)} as ${id('e')}`,
          ofEvents(column('e', 'id')),
        )} as ${id('events')}`,
        sql`${rows(
          [
            column('r', 'parent_id'),
            column('r', 'path'),
            column('r', columns.categories),
            column('r', columns.tags),
            column('r', columns.organizers),
          ],
          sql`${id(rels)} as ${id('r')}`,
          sql` and ${column('r', 'path')} in (${'categories'}, ${'tags'}, ${'organizers'})${ofEvents(column('r', 'parent_id'))}`,
        )} as ${id('rels')}`,
        sql`${rows(
          [column('t', 'parent_id'), column('t', 'text')],
          sql`${id(texts)} as ${id('t')}`,
          sql` and ${column('t', 'path')} = ${'cost'}${ofEvents(column('t', 'parent_id'))}`,
        )} as ${id('texts')}`,
        sql`${rows(
          [
            column('v', 'id'),
            column('v', 'city'),
            column('v', 'country'),
            columns.venueLocked ? flag(sql, column('v', 'has_password')) : sql`0`,
          ],
          sql`${id(venues)} as ${id('v')}`,
          among(column('v', 'id'), scope.venues),
        )} as ${id('venues')}`,
      ],
      sql`, `,
    )}`,
  )
  const parse = (value: unknown) => JSON.parse(String(value ?? '[]')) as unknown[][]
  const facts = new Map<number, EventFacts>()
  for (const [eventId, venue, eventStatus, attendanceMode, featured, start, allDay] of parse(
    row.events,
  ))
    facts.set(Number(eventId), {
      id: Number(eventId),
      venue,
      eventStatus,
      attendanceMode,
      featured: Number(featured) === 1,
      startDateLocal: start,
      allDay: Number(allDay) === 1,
      categories: [],
      tags: [],
      organizers: [],
      cost: [],
    })
  for (const [parent, path, category, tag, organizer] of parse(row.rels)) {
    const event = facts.get(Number(parent))
    const value = path === 'categories' ? category : path === 'tags' ? tag : organizer
    if (event && value !== null) event[path as 'tags'].push(value)
  }
  for (const [parent, text] of parse(row.texts)) facts.get(Number(parent))?.cost.push(text)
  const venueFacts = new Map<number, VenueFacts>()
  for (const [venueId, city, country, locked] of parse(row.venues))
    venueFacts.set(Number(venueId), { city, country, locked: Number(locked) === 1 })
  return { events: facts, venues: venueFacts }
}

async function readNamedRecords(
  access: Access,
  wanted: { table: string; ids: number[] }[],
  languages: string[],
  lockable: (table: string) => boolean,
): Promise<Map<number, NamedRecord>[]> {
  const { sql, run } = access
  const id = (name: string) => sql.identifier(name)
  const column = (table: string, name: string) => columnOf(sql, table, name)
  const records = wanted.map(() => new Map<number, NamedRecord>())
  const parts = wanted.flatMap(({ table, ids }, k) => {
    if (!ids.length) return []
    const locales = `${table}_locales`
    const joins = languages.map(
      (code, i) =>
        sql` left join ${id(locales)} as ${id(`l${i}`)} on ${column(`l${i}`, '_parent_id')} = ${column('x', 'id')} and ${column(`l${i}`, '_locale')} = ${code}`,
    )
    const name = sql`coalesce(${sql.join(
      languages.map((_, i) => column(`l${i}`, 'name')),
      sql`, `,
    )})`
    const locked = lockable(table) ? flag(sql, column('x', 'has_password')) : sql`0`
    const values = ids.map((value) => sql`${value}`)
    return [
      sql`select ${sql.raw(String(k))} as k, ${column('x', 'id')} as id, ${column('x', 'slug')} as slug, ${name} as name, ${locked} as locked from ${id(table)} as ${id('x')}${sql.join(joins)} where ${column('x', 'id')} in (${sql.join(values, sql`, `)})`,
    ]
  })
  if (!parts.length) return records
  for (const row of await run(sql.join(parts, sql` union all `))) {
    const record: NamedRecord = {
      id: Number(row.id),
      slug: String(row.slug ?? ''),
      name: String(row.name ?? ''),
      locked: Number(row.locked) === 1,
    }
    records[Number(row.k)].set(record.id, record)
  }
  return records
}
