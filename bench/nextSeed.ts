/**
 * `node --import tsx bench/nextSeed.ts APP_DIR DATABASE_URL`: writes the benchmark's calendar
 * (bench/dataset.ts, 1,000 events, seed 1) into a template app's database through that app's own
 * Payload and config (its Local API and database adapter, as bench/generate.ts does for the host).
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Payload, SanitizedConfig } from 'payload'
import { buildDataset, defaultSize } from './dataset.js'
import { APP_SECRET } from '../test/package/templateApp.js'

const [appDir, databaseUrl, events = '1000'] = process.argv.slice(2)
process.env.DATABASE_URL = databaseUrl
process.env.PAYLOAD_SECRET = APP_SECRET
// As `next start` runs it: no schema push (the app's migrations made the schema).
Object.assign(process.env, { NODE_ENV: 'production' })
const appRequire = createRequire(path.join(appDir, 'package.json'))
const { getPayload } = (await import(pathToFileURL(appRequire.resolve('payload')).href)) as {
  getPayload: (options: { config: Promise<SanitizedConfig> }) => Promise<Payload>
}
const { default: config } = (await import(
  pathToFileURL(path.join(appDir, 'src', 'payload.config.ts')).href
)) as { default: Promise<SanitizedConfig> }
const payload = await getPayload({ config })
// The template's adapter has no transactions: without this, every row's commit waits for the disk.
await (
  payload.db as unknown as { client: { execute(sql: string): Promise<unknown> } }
).client.execute('PRAGMA synchronous = OFF')
await buildDataset(payload, defaultSize(Number(events)), 1, console.log)
await payload.destroy()
process.exit(0)
