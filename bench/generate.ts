/**
 * `node --import tsx bench/generate.ts EVENTS SEED DATABASE_URI [SERIES]`: writes a benchmark
 * dataset (bench/dataset.ts) into that database, and SERIES weekly recurring series beside its
 * events (bench/series.ts).
 */
import { getPayload } from 'payload'
import { buildDataset, defaultSize } from './dataset.js'
import { fillTranslationStatus } from '../collections/translations/backfill.js'

const [events, seed, uri, series = '0'] = process.argv.slice(2)
process.env.DATABASE_URI = uri
process.env.LOG_LEVEL = 'warn'
const { loadAppConfig } = await import('../dev/config.js')
const payload = await getPayload({ config: await loadAppConfig() })
const started = Date.now()
await buildDataset(payload, defaultSize(Number(events)), Number(seed), console.log)
if (Number(series) > 0) {
  const { buildSeries } = await import('./series.js')
  await buildSeries(payload, Number(series), Number(seed), console.log)
}
// The records are written below the hooks: their translation status is filled here, once, or
// every server started on a copy would fill it while it is measured.
await fillTranslationStatus(payload)
console.log('  translation status filled')
await payload.destroy()
console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(0)
