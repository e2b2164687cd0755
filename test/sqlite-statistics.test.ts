/**
 * SQLite has no automatic ANALYZE; the plugin analyzes when the app starts and again as the
 * calendar grows (core/database/sqliteStatistics.ts). PostgreSQL's autovacuum does it by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startTestServer, type TestServer } from './helpers.js'
import { suiteDatabase } from './support/database.js'

type Client = { execute: (sql: string) => Promise<{ rows: Record<string, unknown>[] }> }
;(suiteDatabase === 'sqlite' ? describe : describe.skip)(
  'SQLite statistics (the planner picks date-window indexes only with them)',
  () => {
    let server: TestServer
    let client: Client
    /** The rows ANALYZE counted in the table, by the statistics it left (0 when none). */
    const analyzedRows = async (table: string): Promise<number> => {
      const { rows } = await client.execute(
        `SELECT stat FROM sqlite_stat1 WHERE tbl = '${table}' AND idx IS NOT NULL`,
      )
      return Math.max(0, ...rows.map((row) => Number(String(row.stat).split(' ')[0])))
    }

    beforeAll(async () => {
      server = await startTestServer()
      client = (server.payload.db as unknown as { client: Client }).client
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('are made when the app starts', async () => {
      const { rows } = await client.execute(
        "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'",
      )
      expect(Number(rows[0]!.n)).toBe(1)
    })

    it('are made again in the background once the calendar has grown (500 records created)', async () => {
      expect(await analyzedRows('event_tags')).toBe(0)
      for (let n = 0; n < 500; n++)
        await server.payload.create({ collection: 'event-tags', data: { name: `Tag ${n}` } })
      const deadline = Date.now() + 20_000
      while ((await analyzedRows('event_tags')) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await analyzedRows('event_tags')).toBeGreaterThan(100)
    })
  },
)
