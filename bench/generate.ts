/** `node --import tsx bench/generate.ts EVENTS SEED FILE`: writes a benchmark dataset (bench/dataset.ts) to FILE. */
import fs from 'node:fs'
import { getPayload } from 'payload'
import { buildDataset, defaultSize } from './dataset.js'

const [events, seed, file] = process.argv.slice(2)
const partial = `${file}.partial`
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(partial + suffix, { force: true })
process.env.DATABASE_URI = `file:${partial}`
process.env.LOG_LEVEL = 'warn'
const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
const started = Date.now()
await buildDataset(payload, defaultSize(Number(events)), Number(seed), console.log)
await payload.destroy()
for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(partial + suffix)) fs.renameSync(partial + suffix, file + suffix)
console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(0)
