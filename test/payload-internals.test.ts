/**
 * Every private field and function of Payload's SQL adapters that the calendar's stores read,
 * each asserted by name on the adapter as the plugin holds it, so that a Payload upgrade which
 * moves one fails here, not on a user's site. Each test's name says which plugin file reads it
 * and what breaks if it moves (many of those reads fall back to a slower path in silence, so
 * nothing else would fail). On SQLite; on PostgreSQL under `scripts/with-postgres.sh` (the
 * suite's `DATABASE_URI`); on MongoDB there is nothing to read.
 */
import { describe, expect, test } from '@jest/globals'
import type { Payload } from 'payload'
import { useTestServer } from './helpers.js'
import { suiteDatabase } from './support/database.js'

let payload: Payload
useTestServer([], ({ server }) => {
  payload = server.payload
})

/** The adapter's fields, read as the plugin reads them: by name, past Payload's public type. */
type Fields = Record<string | symbol, unknown>
const adapter = () => payload.db as unknown as Fields
const field = (owner: unknown, name: string | symbol): unknown => (owner as Fields)?.[name]
const events = () => (field(adapter(), 'tables') as Record<string, Fields>).events
const expectFunctions = (owner: unknown, names: string[]) => {
  for (const name of names) expect(typeof field(owner, name)).toBe('function')
}

const DRIZZLE_NAME = Symbol.for('drizzle:Name')
const onSql = suiteDatabase === 'sqlite' || suiteDatabase === 'postgres'
const onSqlite = suiteDatabase === 'sqlite'
const onPostgres = suiteDatabase === 'postgres'

describe.each([{ database: suiteDatabase }])("Payload's SQL adapter on $database", () => {
  const sqlTest = onSql ? test : test.skip
  const sqliteTest = onSqlite ? test : test.skip
  const postgresTest = onPostgres ? test : test.skip

  sqlTest(
    "`name` is 'sqlite' or 'postgres': core/database/store.ts picks the store by it; else the generic store runs and every SQL fast path is off",
    () => {
      expect(payload.db.name).toBe(suiteDatabase)
    },
  )

  sqlTest(
    '`tables` keys drizzle tables by table name, with their columns: core/database/sqlPageIds.ts (a page’s ids, the facet counts’ SQL access), sqlTables.ts (the kept forms’ and change mark’s prepared reads) and sqlSeriesCopies.ts read them; else archives, facet counts, kept forms and series fall back to slower paths',
    () => {
      const tables = field(adapter(), 'tables') as Record<string, Fields>
      expect(typeof tables).toBe('object')
      expect(Object.keys(tables)).toEqual(expect.arrayContaining(['events', 'events_locales']))
      expect(events().id).toBeDefined()
      expect(field(events().id, 'name')).toBe('id')
    },
  )

  sqlTest(
    "the Symbol `drizzle:Name` on a table gives its name: core/database/sqlPageIds.ts names a page's tables in its SQL by it; else the archive's page SQL names no table",
    () => {
      expect(events()[DRIZZLE_NAME]).toBe('events')
    },
  )

  sqlTest(
    '`tableNameMap` maps a collection key to its table name: core/database/sqlTables.ts (tableNameOf), sqlPageIds.ts, sqlSeriesCopies.ts, parentLookups.ts; else no table is found and every SQL path is off',
    () => {
      const map = field(adapter(), 'tableNameMap')
      expect(map).toBeInstanceOf(Map)
      expect((map as Map<string, string>).get('events')).toBe('events')
      expect((map as Map<string, string>).get('event_categories')).toBe('event_categories')
    },
  )

  sqlTest(
    "`drizzle.query[table].findMany/findFirst(…).prepare(name)` and the operators' `sql` handed to a `where` callback: core/database/sqlTables.ts (preparedRead, drizzleSqlOf) for the kept forms and the change mark; else kept forms and the change mark are read through `find`, and facet counts lose drizzle's `sql` tag",
    () => {
      const query = field(field(adapter(), 'drizzle'), 'query') as Record<string, Fields>
      const table = query.events as {
        findFirst: (config: unknown) => { prepare: (name: string) => unknown }
        findMany: (config: unknown) => { prepare: (name: string) => unknown; toSQL: () => unknown }
      }
      expect(typeof table.findFirst).toBe('function')
      expect(typeof table.findFirst({ columns: { id: true } }).prepare).toBe('function')
      let sqlTag: unknown
      table
        .findMany({
          where: (_row: unknown, operators: { sql?: unknown }) => {
            sqlTag = operators.sql
            return undefined
          },
        })
        .toSQL()
      expect(typeof sqlTag).toBe('function')
      expect(typeof field(sqlTag, 'identifier')).toBe('function')
    },
  )

  sqlTest(
    "`drizzle.select`, `drizzle.selectDistinct` and `drizzle.dialect.sqlToQuery`: core/database/sqlPageIds.ts builds a page's SELECT with them, and core/database/sqlFacets.ts runs the facets' reads made with the `sql` tag; else archives and facet counts fall back to `find`",
    () => {
      const drizzle = field(adapter(), 'drizzle') as Fields
      expectFunctions(drizzle, ['select', 'selectDistinct'])
      const dialect = drizzle.dialect as { sqlToQuery: (query: unknown) => unknown }
      expect(typeof dialect.sqlToQuery).toBe('function')
      const select = (drizzle.select as (fields: object) => { from: (table: unknown) => unknown })({
        id: events().id,
      }).from(events())
      const built = dialect.sqlToQuery((select as { getSQL: () => unknown }).getSQL()) as Fields
      expect(built.sql).toMatch(/select .*"id".* from "events"/i)
      expect(Array.isArray(built.params)).toBe(true)
    },
  )

  sqlTest(
    "`drizzle.transaction(work, options)`: core/database/sqlTransaction.ts opens the calendar's transaction with it; else no calendar write can begin",
    () => {
      expect(typeof field(field(adapter(), 'drizzle'), 'transaction')).toBe('function')
    },
  )

  sqlTest(
    '`primaryDrizzle` is unset without read replicas: core/database/sqlPageIds.ts turns its SQL off when it is set; else every archive falls back to `find`',
    () => {
      expect(field(adapter(), 'primaryDrizzle')).toBeUndefined()
    },
  )

  sqlTest(
    "`sessions[transactionID].db` is the transaction's drizzle, with insert, update, delete, select (and execute of SQL text on PostgreSQL): core/database/postgresLocks.ts (PostgreSQL's locks), sqlTransaction.ts (registers its own) and sqlSeriesCopies.ts write in it; else locks and a series' bulk writes run outside the request's transaction",
    async () => {
      const sessions = field(adapter(), 'sessions')
      expect(typeof sessions).toBe('object')
      const id = await payload.db.beginTransaction()
      expect(id).toBeTruthy()
      try {
        const session = field((sessions as Fields)[String(id)], 'db') as Fields
        expectFunctions(session, ['insert', 'update', 'delete', 'select'])
        // PostgreSQL's advisory locks are taken with a string of SQL in the transaction.
        if (onPostgres) await (session.execute as (sql: string) => Promise<unknown>)('SELECT 1')
      } finally {
        await payload.db.rollbackTransaction(id!)
      }
    },
  )

  sqlTest(
    '`operators.equals` and `operators.in` are drizzle conditions: core/database/sqlSeriesCopies.ts writes with them and adapterFacts.ts reads the operator names (for collections/hooks/queryGuard.ts); else series fall back to date-by-date writes and the query guard passes what the adapter cannot run',
    () => {
      const operators = field(adapter(), 'operators') as Fields
      expectFunctions(operators, ['equals', 'in'])
      expect(Object.keys(operators)).toEqual(expect.arrayContaining(['like', 'not_like', 'equals']))
    },
  )

  sqlTest(
    "`initializing` is a promise of the adapter's init: core/database/sqlTransaction.ts waits for it before its first transaction; else a write at start may find no drizzle",
    async () => {
      const initializing = field(adapter(), 'initializing')
      expect(initializing).toBeInstanceOf(Promise)
      await expect(initializing).resolves.toBeUndefined()
    },
  )

  sqlTest(
    "`beforeSchemaInit` is a list of hooks and `rawTables` the raw schema with each table's `indexes`: core/database/parentLookups.ts adds the parent-lookup indexes through them; else localized reads scan their tables again",
    () => {
      expect(Array.isArray(field(adapter(), 'beforeSchemaInit'))).toBe(true)
      const rawTables = field(adapter(), 'rawTables') as Record<string, Fields>
      expect(typeof rawTables.events_locales.indexes).toBe('object')
      expect(Object.keys(rawTables.events_locales.indexes as object)).toContain(
        'events_locales_parent_lookup_idx',
      )
    },
  )

  sqlTest(
    "`@payloadcms/drizzle`'s `buildQuery({ adapter, fields, locale, sort, tableName, where })` gives `joins` (table, condition, type?, isOneToMany?), `where`, `orderBy` (column, order) and `selectFields`: core/database/sqlPageIds.ts builds a page's conditions with it; else the archive's SQL errs or falls back to `find`",
    async () => {
      const { buildQuery } = (await import('@payloadcms/drizzle')) as unknown as {
        buildQuery: (args: object) => Fields
      }
      expect(typeof buildQuery).toBe('function')
      const built = buildQuery({
        adapter: payload.db,
        fields: payload.collections.events.config.flattenedFields,
        locale: 'en',
        sort: '-title',
        tableName: 'events',
        where: { and: [{ title: { like: 'concert' } }, { categories: { in: [1] } }] },
      })
      expect(Object.keys(built)).toEqual(
        expect.arrayContaining(['joins', 'where', 'orderBy', 'selectFields']),
      )
      const joins = built.joins as Fields[]
      expect(joins.length).toBeGreaterThan(0)
      for (const join of joins) {
        expect(join).toHaveProperty('table')
        expect(join).toHaveProperty('condition')
        expect(['undefined', 'boolean']).toContain(typeof join.isOneToMany)
      }
      expect(built.where).toBeTruthy()
      const [order] = built.orderBy as Fields[]
      expect(field(order.column, 'name')).toBe('title')
      expect(typeof order.order).toBe('function')
      expect(field((built.selectFields as Fields).id, 'name')).toBe('id')
    },
  )

  sqliteTest(
    'SQLite: `client.execute`, `client.transaction` and `client.close` of libSQL: core/database/sqliteWriter.ts (the one writer), sqliteCommits.ts (the commit watch), sqliteStatistics.ts (ANALYZE) and sqlPageIds.ts run SQL with them; else writes are not serialized and the response cache cannot see commits',
    async () => {
      const client = field(adapter(), 'client') as Fields
      expectFunctions(client, ['execute', 'transaction', 'close'])
      const result = (await (client.execute as (sql: string) => Promise<Fields>)(
        'PRAGMA journal_mode',
      )) as { rows: Fields[] }
      expect(result.rows[0]).toHaveProperty('journal_mode')
    },
  )

  sqliteTest(
    'SQLite: `connect`, `clientConfig.url`, `busyTimeout` and `wal` (false or its `synchronous`): core/database/sqliteWriter.ts opens its writer connection with them; else the writer connects to nothing or with other settings',
    () => {
      expect(typeof field(adapter(), 'connect')).toBe('function')
      expect(field(field(adapter(), 'clientConfig'), 'url')).toMatch(/^file:/)
      expect(typeof field(adapter(), 'busyTimeout')).toBe('number')
      const wal = field(adapter(), 'wal')
      expect(wal === false || typeof field(wal, 'synchronous') === 'string').toBe(true)
    },
  )

  sqliteTest(
    'SQLite: `transactionOptions` is set when transactions are on: core/database/calendarAdapter.ts and sqlTransaction.ts decide by it whether the adapter has transactions; else the calendar opens its own on every write',
    () => {
      expect(field(adapter(), 'transactionOptions')).toBeDefined()
    },
  )

  postgresTest(
    "PostgreSQL: `pool.query(text, values)` and `pool.options.max` of pg's pool: core/database/sqlPageIds.ts runs a page's SQL with it and core/database/transactionSlots.ts sizes the calendar's transactions by it; else archives fall back to `find` and transactions may take every connection",
    async () => {
      const pool = field(adapter(), 'pool') as Fields
      expect(typeof pool.query).toBe('function')
      expect(typeof field(pool.options, 'max')).toBe('number')
      const { rows } = (await (pool.query as (text: string, values: unknown[]) => Promise<Fields>)(
        'SELECT $1::int AS one',
        [1],
      )) as { rows: Fields[] }
      expect(rows).toEqual([{ one: 1 }])
    },
  )
})
