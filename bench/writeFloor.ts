/**
 * `npm run bench:write-floor`: what Payload's own operations cost for the writes issue #60 times,
 * through the Local API in this process, with the calendar's collection hooks and no HTTP, no
 * authentication and no v1 on top: linked creates one transaction each, linked creates 25 to a
 * transaction (a batch's shape), and title updates. A v1 write goes through the same operation,
 * so these are the floor under its time; a target below them asks for a cheaper Payload
 * operation, not a cheaper v1 (docs/benchmark.md, "Writes beside the anchor").
 *
 * SQLite on a fresh file under bench/data. Each kind runs `--rounds` rounds of `--writes` writes;
 * the first round warms the code up and is shown apart. Prints wall and CPU time (this process,
 * all its threads) per write.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getPayload, type Payload, type PayloadRequest } from 'payload'
import { loadAppConfig } from '../dev/config.js'
import { optionReader } from './options.js'
import { median } from './results.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BATCH_SIZE = 25

const option = optionReader(process.argv.slice(2))
const rounds = option.number('rounds', 6)
const writes = Math.ceil(option.number('writes', 100) / BATCH_SIZE) * BATCH_SIZE

const database = path.join(ROOT, 'bench', 'data', `write-floor-${process.pid}.db`)
fs.mkdirSync(path.dirname(database), { recursive: true })
process.env.DATABASE_URI = `file:${database}`
process.env.LOG_LEVEL ??= 'warn'
process.env.CAL_ADMIN ??= 'false'
process.env.PAYLOAD_SECRET ??= 'write-floor'

const payload: Payload = await getPayload({ config: await loadAppConfig() })

async function linkedEvent() {
  const create = (collection: string, data: Record<string, unknown>) =>
    payload.create({ collection: collection as never, data: data as never, depth: 0 })
  const venue = await create('venues', { name: 'Floor hall', status: 'publish' })
  const organizer = await create('organizers', { name: 'Floor organizer', status: 'publish' })
  const category = await create('event-categories', { name: 'Floor category' })
  let serial = 0
  return () => ({
    title: `Floor event ${serial++}`,
    startDate: '2027-03-01T10:00:00.000Z',
    endDate: '2027-03-01T12:00:00.000Z',
    timezone: 'UTC',
    status: 'publish',
    venue: venue.id,
    organizers: [organizer.id],
    categories: [category.id],
  })
}

const event = await linkedEvent()
const createEvent = (req?: Partial<PayloadRequest>) =>
  payload.create({ collection: 'events' as never, data: event() as never, depth: 0, req })

/** The events the title updates go round. */
const updated: (number | string)[] = []
for (let i = 0; i < 50; i++) updated.push((await createEvent()).id)

const kinds: Record<string, () => Promise<void>> = {
  'linked create': async () => {
    for (let i = 0; i < writes; i++) await createEvent()
  },
  'linked create, 25 a transaction': async () => {
    for (let batch = 0; batch < writes / BATCH_SIZE; batch++) {
      const transactionID = (await payload.db.beginTransaction())!
      const req = { payload, transactionID, context: {} } as Partial<PayloadRequest>
      for (let i = 0; i < BATCH_SIZE; i++) await createEvent(req)
      await payload.db.commitTransaction(transactionID)
    }
  },
  'title update': async () => {
    for (let i = 0; i < writes; i++)
      await payload.update({
        collection: 'events' as never,
        id: updated[i % updated.length],
        data: { title: `Floor update ${i}` } as never,
        depth: 0,
      })
  },
}

console.log(`| write, ${writes} a round | first round, wall | then: wall | then: CPU |`)
console.log('|---|---|---|---|')
for (const [name, run] of Object.entries(kinds)) {
  const wall: number[] = []
  const cpu: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    await run()
    const used = process.cpuUsage(cpuBefore)
    wall.push((performance.now() - started) / writes)
    cpu.push((used.user + used.system) / 1000 / writes)
  }
  const [first, ...rest] = wall
  console.log(
    `| ${name} | ${first.toFixed(1)} ms | ${median(rest).toFixed(1)} ms | ` +
      `${median(cpu.slice(1)).toFixed(1)} ms |`,
  )
}
await payload.destroy()
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true })
process.exit(0)
