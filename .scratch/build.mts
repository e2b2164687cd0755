process.env.DATABASE_URI = 'file:/tmp/impbench/source.db'
process.env.CAL_MEDIA_DIR = '/tmp/impbench/media'
process.env.LOG_LEVEL = 'warn'
const { getPayload } = await import('/work/wt-import/node_modules/payload/dist/index.js')
const { default: config } = await import('/work/wt-import/payload.config.js')
const { buildDataset } = await import('/work/wt-import/bench/dataset.js')
const payload = await getPayload({ config })
await buildDataset(payload, { events: 3000, venues: 200, organizers: 100, categories: 30, tags: 50 }, 1, (l: string) => console.log(l))
await payload.destroy()
process.exit(0)
