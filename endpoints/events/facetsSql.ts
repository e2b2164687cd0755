import type { Payload } from 'payload'
import { isFreeCost } from '../../src/lib/cost.js'
import { calendarStore } from '../../src/database/stores.js'
import type { Context } from '../context.js'
import type { DataKey } from '../data.js'
import {
  FREE,
  LINKED,
  type Count,
  type Counted,
  type Dimension,
  type Named,
  type Tally,
} from './facetCounts.js'

/** The languages a localized name is read in, in turn: the request's, then its fallbacks. */
function fallbackChain(payload: Payload, lang: string): string[] {
  const localization = payload.config.localization
  if (!localization) return [lang]
  const locale = localization.locales.find((item) => item.code === lang)
  const fallbacks = locale?.fallbackLocale ?? []
  return [
    ...new Set([
      lang,
      ...(Array.isArray(fallbacks) ? fallbacks : [fallbacks]),
      localization.defaultLocale,
    ]),
  ]
}

/**
 * The counts by SQL where the store runs SQL of the plugin's own (src/database/calendarStore.ts
 * `sqlAccess`), in one statement: each distinct set of conditions is the SELECT of its ids that
 * the archive's page would run (`matchingIds`: Payload's own `buildQuery`, the caller's read
 * access, the trash), and so is
 * each collection of records the values are (venues, organizers, terms) as the caller may read
 * it, each named once in a WITH; every count is a GROUP BY over one of them (UNION ALL), with the
 * records' slugs and names in the request's language (its fallbacks in turn, as Payload reads
 * them), for the values that can be among the `limit` shown only. A second statement counts free
 * events only when more than one cost string means free (an
 * event may carry two). Null when the store runs no such SQL, the request is in a transaction, or
 * its tables are not as Payload names them: the Local API counts then.
 */
export async function tallyBySql(
  context: Context,
  counts: Count[],
  limit: number,
): Promise<Counted | null> {
  const { payload, req, options } = context
  const access = calendarStore(payload).sqlAccess(payload, req, options.slugs.events)
  if (!access) return null
  const { sql, run, hasColumn } = access
  const tableOf = (key: DataKey) => access.tableOf(options.slugs[key as 'events'])
  const events = tableOf('events')
  const rels = `${events}_rels`
  const texts = `${events}_texts`
  const relColumn: Record<'categories' | 'tags' | 'organizer', string> = {
    categories: `${tableOf('categories')}_id`,
    tags: `${tableOf('tags')}_id`,
    organizer: `${tableOf('organizers')}_id`,
  }
  const own = ['venue_id', 'event_status', 'attendance_mode', 'featured', 'start_date_local']
  const linkedKeys: DataKey[] = ['categories', 'tags', 'organizers', 'venues']
  if (
    !own.every((column) => hasColumn(events, column)) ||
    !Object.values(relColumn).every((column) => hasColumn(rels, column)) ||
    !hasColumn(texts, 'text') ||
    !linkedKeys.every(
      (key) => hasColumn(tableOf(key), 'slug') && hasColumn(`${tableOf(key)}_locales`, 'name'),
    ) ||
    !hasColumn(tableOf('venues'), 'city')
  )
    return null

  const withs: unknown[] = []
  const id = (name: string) => sql.identifier(name)
  const column = (table: string, name: string) => sql`${id(table)}.${id(name)}`
  /** The ids of `key` that match `where` as the caller may read them, as a name of the WITH. */
  const named = new Map<string, string | null>()
  const idsOf = async (key: DataKey, where: Count['where'], trash: boolean) => {
    const known = JSON.stringify([key, where, trash])
    if (!named.has(known)) {
      const readable = await context.data.readable(key, { where, trash })
      const ids =
        readable &&
        (await access.matchingIds({
          slug: options.slugs[key as 'events'],
          where: readable,
          locale: context.lang,
        }))
      if (readable && !ids) return undefined
      const alias = `s${named.size}`
      // Materialized: read by several groups, selected once (SQLite otherwise runs it again for
      // each).
      if (ids) withs.push(sql`${id(alias)} as materialized ${ids.query}`)
      named.set(known, ids ? alias : null)
    }
    return named.get(known)
  }
  const inIds = (alias: string) => sql`(select ${id('id')} from ${id(alias)})`

  const dow = access.dayOfWeek(sql`substr(${column('e', 'start_date_local')}, 1, 10)`)
  const hour = sql`substr(${column('e', 'start_date_local')}, 12, 2)`
  const isTrue = (value: unknown) => sql`case when ${value} then 1 else 0 end`
  /**
   * What the groups read of each event of a scope, in one pass over its events (`f` and the
   * scope's name): each group then counts rows of it, instead of looking every event up again.
   */
  const facts = new Set<string>()
  const factsOf = (scope: string) => {
    const alias = `f${scope}`
    if (!facts.has(scope)) {
      facts.add(scope)
      const fact = (value: unknown, name: string) => sql`${value} as ${id(name)}`
      withs.push(
        sql`${id(alias)} as materialized (select ${sql.join(
          [
            fact(column('e', 'venue_id'), 'venue'),
            fact(sql`coalesce(${column('e', 'event_status')}, 'scheduled')`, 'event_status'),
            fact(sql`coalesce(${column('e', 'attendance_mode')}, 'offline')`, 'attendance_mode'),
            fact(
              sql`case when ${column('e', 'featured')} then 'true' else 'false' end`,
              'featured',
            ),
            fact(sql`case ${dow} when 0 then 7 else ${dow} end`, 'day_of_week'),
            fact(
              sql`case when ${column('e', 'all_day')} then 'all_day' when ${hour} < '06' then 'night' when ${hour} < '12' then 'morning' when ${hour} < '17' then 'afternoon' when ${hour} < '21' then 'evening' else 'night' end`,
              'time_of_day',
            ),
          ],
          sql`, `,
        )} from ${id(events)} as ${id('e')} where ${column('e', 'id')} in ${inIds(scope)})`,
      )
    }
    return alias
  }
  const onFacts = (name: string, scope: string) =>
    sql`select ${column(factsOf(scope), name)} as v, count(*) as n from ${id(factsOf(scope))} where ${column(factsOf(scope), name)} is not null group by 1`
  const inRels = (path: string, columnName: string, scope: string) =>
    sql`select ${column('r', columnName)} as v, count(distinct ${column('r', 'parent_id')}) as n from ${id(rels)} as ${id('r')} where ${column('r', 'path')} = ${path} and ${column('r', columnName)} is not null and ${column('r', 'parent_id')} in ${inIds(scope)} group by 1`
  const ofVenue = (field: 'city' | 'country', scope: string, venues: string) =>
    sql`select ${column('v', field)} as v, count(*) as n from ${id(factsOf(scope))} join ${id(tableOf('venues'))} as ${id('v')} on ${column('v', 'id')} = ${column(factsOf(scope), 'venue')} where ${column('v', 'id')} in ${inIds(venues)} and ${isTrue(column('v', 'has_password'))} = 0 and trim(${column('v', field)}) <> '' group by 1`
  const tallyOf = (dimension: Dimension, scope: string): unknown => {
    switch (dimension) {
      case 'categories':
      case 'tags':
        return inRels(dimension, relColumn[dimension], scope)
      case 'organizer':
        return inRels('organizers', relColumn.organizer, scope)
      case 'venue':
      case 'event_status':
      case 'attendance_mode':
      case 'featured':
      case 'day_of_week':
      case 'time_of_day':
        return onFacts(dimension, scope)
      case 'cost':
        return sql`select ${column('t', 'text')} as v, count(distinct ${column('t', 'parent_id')}) as n from ${id(texts)} as ${id('t')} where ${column('t', 'path')} = ${'cost'} and ${column('t', 'parent_id')} in ${inIds(scope)} group by 1`
      case 'city':
      case 'country':
        throw new Error('counted with their venues')
    }
  }
  const chain = fallbackChain(payload, context.lang)
  /** A linked value with its record: its slug, its name (in the languages in turn), its lock. */
  const withRecords = (g: number, key: DataKey, tally: unknown, records: string) => {
    const table = tableOf(key)
    const locales = `${table}_locales`
    const joins = chain.map(
      (code, i) =>
        sql` left join ${id(locales)} as ${id(`l${i}`)} on ${column(`l${i}`, '_parent_id')} = ${column('x', 'id')} and ${column(`l${i}`, '_locale')} = ${code}`,
    )
    const name = sql`coalesce(${sql.join(
      chain.map((_, i) => column(`l${i}`, 'name')),
      sql`, `,
    )})`
    const locked = hasColumn(table, 'has_password') ? isTrue(column('x', 'has_password')) : sql`0`
    const readable = sql`select ${column('t', 'v')} as v, ${column('t', 'n')} as n from (${tally}) as ${id('t')} where ${column('t', 'v')} in ${inIds(records)}`
    return sql`select ${sql.raw(String(g))} as g, cast(${column('c', 'v')} as text) as v, ${column('c', 'n')} as n, ${name} as name, ${column('x', 'slug')} as slug, ${locked} as locked from (${top(g, readable)}) as ${id('c')} join ${id(table)} as ${id('x')} on ${column('x', 'id')} = ${column('c', 'v')}${sql.join(joins)}`
  }
  /**
   * The values of a group that can be among its `limit` shown: those with at least as many
   * events as the last shown (ties included, which the request's collation orders by name). Only
   * those are named and sent back: building rows cost libSQL more than counting them.
   */
  const top = (g: number, tally: unknown) => {
    const alias = `c${g}`
    withs.push(sql`${id(alias)} as materialized (${tally})`)
    const n = column(alias, 'n')
    return sql`select ${column(alias, 'v')} as v, ${n} as n from ${id(alias)} where ${n} >= coalesce((select ${n} from ${id(alias)} order by ${n} desc limit 1 offset ${sql.raw(String(limit - 1))}), 0)`
  }
  const plain = (g: number, tally: unknown) =>
    sql`select ${sql.raw(String(g))} as g, cast(${column('c', 'v')} as text) as v, ${column('c', 'n')} as n, null as name, null as slug, 0 as locked from (${tally}) as ${id('c')}`

  const parts: unknown[] = []
  const scopes: (string | null)[] = []
  for (const [g, { where, trash, dimension }] of counts.entries()) {
    const scope = await idsOf('events', where, trash)
    if (scope === undefined) return null
    scopes.push(scope)
    const key = dimension === 'city' || dimension === 'country' ? 'venues' : LINKED[dimension]
    const records = key ? await idsOf(key, {}, false) : null
    if (records === undefined) return null
    // Nothing the caller may read: no values.
    if (scope === null || (key && records === null)) continue
    if (dimension === 'city' || dimension === 'country')
      parts.push(plain(g, top(g, ofVenue(dimension, scope, records!))))
    else if (key) parts.push(withRecords(g, key, tallyOf(dimension, scope), records!))
    else parts.push(plain(g, tallyOf(dimension, scope)))
  }

  const tallies = counts.map((): Tally => new Map())
  const names = counts.map(() => new Map<number, Named>())
  if (parts.length) {
    const rows = await run(
      sql`with ${sql.join(withs, sql`, `)} ${sql.join(parts, sql` union all `)}`,
    )
    for (const row of rows) {
      if (row.v === null || row.v === undefined) continue
      const g = Number(row.g)
      tallies[g].set(String(row.v), Number(row.n))
      if (row.slug !== null && row.slug !== undefined)
        names[g].set(Number(row.v), {
          id: Number(row.v),
          slug: String(row.slug),
          name: String(row.name ?? ''),
          locked: Number(row.locked) === 1,
        })
    }
  }
  // Free events: the count of the one free cost string, or of any of several, counted again.
  for (const [g, count] of counts.entries()) {
    if (count.dimension !== 'cost' || !scopes[g]) continue
    const free = [...tallies[g].keys()].filter(isFreeCost)
    let events = free.length === 1 ? tallies[g].get(free[0])! : 0
    if (free.length > 1) {
      const [row] = await run(
        sql`with ${sql.join(withs, sql`, `)} select count(distinct ${column('t', 'parent_id')}) as n from ${id(texts)} as ${id('t')} where ${column('t', 'path')} = ${'cost'} and ${column('t', 'text')} in (${sql.join(
          free.map((text) => sql`${text}`),
          sql`, `,
        )}) and ${column('t', 'parent_id')} in ${inIds(scopes[g]!)}`,
      )
      events = Number(row.n)
    }
    if (events) tallies[g].set(FREE, events)
  }
  return { tallies, named: names }
}
