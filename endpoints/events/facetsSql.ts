import { isFreeCost } from '../../src/lib/cost.js'
import { drizzleSqlOf, tableNameOf } from '../../src/lib/tables.js'
import type { Context } from '../context.js'
import { matchingIdsQuery, sqlRunnerOf } from '../pageIdsSql.js'
import { FREE, type Count, type Dimension, type Tally } from './facetCounts.js'

/** drizzle's `sql` tag with the helpers this module writes SQL with. */
type Sql = ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
  identifier(name: string): unknown
  raw(text: string): unknown
  join(chunks: unknown[], separator?: unknown): unknown
}

type SqlAdapter = {
  name?: string
  tables?: Record<string, Record<string, unknown>>
  tableNameMap?: Map<string, string>
}

/** Whether a drizzle table has a column of this name. */
const hasColumn = (table: Record<string, unknown> | undefined, name: string) =>
  Boolean(table) &&
  Object.values(table!).some((column) => (column as { name?: unknown } | null)?.name === name)

/**
 * The counts by SQL on Payload's SQLite and PostgreSQL adapters: each distinct set of conditions
 * is the SELECT of its ids that the archive's page would run (`matchingIdsQuery`: Payload's own
 * `buildQuery`, the caller's read access, the trash), named once in a WITH, and every count is a
 * GROUP BY over one of them, all in one statement (UNION ALL): one round trip whatever the number
 * of groups and values. A second statement counts free events only when more than one cost string
 * means free (an event may carry two). Null when the adapter is another, the request is in a
 * transaction, or its tables are not as Payload names them: the Local API counts then.
 */
export async function tallyBySql(context: Context, counts: Count[]): Promise<Tally[] | null> {
  const { payload, req, options } = context
  const db = payload.db as unknown as SqlAdapter
  const run = sqlRunnerOf(payload)
  const sql = drizzleSqlOf(payload, options.slugs.events) as Sql | null
  if (!run || !sql?.raw || !sql.join || !db.tables || !db.tableNameMap) return null
  const name = (slug: string) => tableNameOf(db.tableNameMap!, slug)
  const events = name(options.slugs.events)
  const rels = `${events}_rels`
  const texts = `${events}_texts`
  const relColumn: Record<'categories' | 'tags' | 'organizer', string> = {
    categories: `${name(options.slugs.categories)}_id`,
    tags: `${name(options.slugs.tags)}_id`,
    organizer: `${name(options.slugs.organizers)}_id`,
  }
  const own = ['venue_id', 'event_status', 'attendance_mode', 'featured', 'start_date_local']
  if (
    !own.every((column) => hasColumn(db.tables![events], column)) ||
    !Object.values(relColumn).every((column) => hasColumn(db.tables![rels], column)) ||
    !hasColumn(db.tables![texts], 'text')
  )
    return null

  // Each distinct set of conditions once, as `s0`, `s1`, ….
  const scopes = new Map<string, { alias: string; ids: unknown }>()
  const scopeOf: string[] = []
  for (const { where, trash } of counts) {
    const key = JSON.stringify([where, trash])
    if (!scopes.has(key)) {
      const readable = await context.data.readable('events', { where, trash })
      const ids =
        readable &&
        (await matchingIdsQuery(payload, req, {
          slug: options.slugs.events,
          where: readable,
          locale: context.lang,
        }))
      if (readable && !ids) return null
      scopes.set(key, { alias: `s${scopes.size}`, ids: ids ? ids.query : null })
    }
    scopeOf.push(key)
  }
  const id = (name: string) => sql.identifier(name)
  const column = (table: string, name: string) => sql`${id(table)}.${id(name)}`
  const dow =
    db.name === 'postgres'
      ? sql`cast(extract(dow from cast(substr(${column('e', 'start_date_local')}, 1, 10) as date)) as integer)`
      : sql`cast(strftime('%w', substr(${column('e', 'start_date_local')}, 1, 10)) as integer)`
  const hour = sql`substr(${column('e', 'start_date_local')}, 12, 2)`
  const onEvents = (value: unknown, ids: unknown) =>
    sql`select cast(${value} as text) as v, count(*) as n from ${id(events)} as ${id('e')} where ${column('e', 'id')} in (select ${id('id')} from ${ids}) group by 1`
  const inRels = (path: string, columnName: string, ids: unknown) =>
    sql`select cast(${column('r', columnName)} as text) as v, count(distinct ${column('r', 'parent_id')}) as n from ${id(rels)} as ${id('r')} where ${column('r', 'path')} = ${path} and ${column('r', columnName)} is not null and ${column('r', 'parent_id')} in (select ${id('id')} from ${ids}) group by 1`
  const select = (dimension: Dimension, ids: unknown): unknown => {
    switch (dimension) {
      case 'categories':
      case 'tags':
        return inRels(dimension, relColumn[dimension], ids)
      case 'organizer':
        return inRels('organizers', relColumn.organizer, ids)
      case 'venue':
        return sql`select cast(${column('e', 'venue_id')} as text) as v, count(*) as n from ${id(events)} as ${id('e')} where ${column('e', 'venue_id')} is not null and ${column('e', 'id')} in (select ${id('id')} from ${ids}) group by 1`
      case 'event_status':
        return onEvents(sql`coalesce(${column('e', 'event_status')}, 'scheduled')`, ids)
      case 'attendance_mode':
        return onEvents(sql`coalesce(${column('e', 'attendance_mode')}, 'offline')`, ids)
      case 'featured':
        return onEvents(sql`case when ${column('e', 'featured')} then 'true' else 'false' end`, ids)
      case 'day_of_week':
        return onEvents(sql`case ${dow} when 0 then 7 else ${dow} end`, ids)
      case 'time_of_day':
        return onEvents(
          sql`case when ${column('e', 'all_day')} then 'all_day' when ${hour} < '06' then 'night' when ${hour} < '12' then 'morning' when ${hour} < '17' then 'afternoon' when ${hour} < '21' then 'evening' else 'night' end`,
          ids,
        )
      case 'cost':
        return sql`select ${column('t', 'text')} as v, count(distinct ${column('t', 'parent_id')}) as n from ${id(texts)} as ${id('t')} where ${column('t', 'path')} = ${'cost'} and ${column('t', 'parent_id')} in (select ${id('id')} from ${ids}) group by 1`
    }
  }

  const withs = [...scopes.values()].flatMap(({ alias, ids }) =>
    ids ? [sql`${id(alias)} as ${ids}`] : [],
  )
  // Scopes the caller may read nothing of have no SELECT: their counts are empty.
  const parts = counts.flatMap((count, i) => {
    const { alias, ids } = scopes.get(scopeOf[i])!
    return ids
      ? [
          sql`select ${sql.raw(String(i))} as g, v, n from (${select(count.dimension, id(alias))}) as ${id(`c${i}`)}`,
        ]
      : []
  })
  const result = counts.map((): Tally => new Map())
  if (parts.length) {
    const rows = await run(
      sql`with ${sql.join(withs, sql`, `)} ${sql.join(parts, sql` union all `)}`,
    )
    for (const row of rows) {
      if (row.v === null || row.v === undefined) continue
      result[Number(row.g)].set(String(row.v), Number(row.n))
    }
  }
  // Free events: the count of the one free cost string, or of any of several, counted again.
  for (const [i, count] of counts.entries()) {
    if (count.dimension !== 'cost') continue
    const free = [...result[i].keys()].filter(isFreeCost)
    let events = free.length === 1 ? result[i].get(free[0])! : 0
    if (free.length > 1) {
      const { ids } = scopes.get(scopeOf[i])!
      const [row] = await run(
        sql`with ${id('s')} as ${ids} select count(distinct ${column('t', 'parent_id')}) as n from ${id(texts)} as ${id('t')} where ${column('t', 'path')} = ${'cost'} and ${column('t', 'text')} in (${sql.join(
          free.map((text) => sql`${text}`),
          sql`, `,
        )}) and ${column('t', 'parent_id')} in (select ${id('id')} from ${id('s')})`,
      )
      events = Number(row.n)
    }
    if (events) result[i].set(FREE, events)
  }
  return result
}
