/** `node --import tsx bench/generate.ts EVENTS SEED DATABASE_URI`: writes a benchmark dataset (bench/dataset.ts) into that database. */
import { getPayload } from 'payload'
import { buildDataset, defaultSize } from './dataset.js'

const [events, seed, uri] = process.argv.slice(2)
process.env.DATABASE_URI = uri
process.env.LOG_LEVEL = 'warn'
const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
const started = Date.now()
await buildDataset(payload, defaultSize(Number(events)), Number(seed), console.log)
await payload.destroy()
console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(0)
