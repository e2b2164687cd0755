/**
 * The active webhooks are kept by each process between its writes (collections/webhooks/active.ts).
 * A webhook that another process on the same database adds or turns off must reach this process's
 * next write, through the change mark that a webhook's write moves. Deliveries are queued in the
 * write's transaction, so the outbox (the delivery log) shows at once which webhooks a write saw.
 * No process works the webhooks queue here: every write comes from the test, one after the other
 * (two processes writing at once on one SQLite file fail each other with SQLITE_BUSY).
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import {
  createV1Event,
  useTestServer,
  utcWallClock,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

const WEBHOOKS = `/api/${DEFAULTS.webhooksSlug}`
const DELIVERIES = `/api/${DEFAULTS.webhookDeliveriesSlug}`

let server: TestServer
let admin: TestUser
let other: ServerProcess
useTestServer([], (setup) => ({ server, admin } = setup))
beforeAll(async () => {
  other = await startServerProcess({
    DATABASE_URI: process.env.DATABASE_URI!,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET!,
    CAL_JOBS_AUTORUN: 'false',
  })
}, 120_000)
afterAll(async () => {
  other?.child.kill('SIGTERM')
  await other?.exited
})

const publicEvent = async (title: string): Promise<number> =>
  (
    await createV1Event(server, admin, {
      title,
      start_date: utcWallClock(3),
      end_date: utcWallClock(3, 2),
      status: 'publish',
    })
  ).id

/** A write of the other process to the webhooks (its answer checked, its log shown if it fails). */
async function otherWrites(method: string, path: string, body: unknown, status: number) {
  const response = await fetch(`${other.url}${path}`, {
    method,
    headers: { authorization: `JWT ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== status)
    throw new Error(`${method} ${path}: ${response.status} ${text}\n${other.output()}`)
  return JSON.parse(text)
}

/** The records the outbox holds deliveries of for `webhook`. */
async function queuedFor(webhook: number): Promise<number[]> {
  const response = await server.request(
    'GET',
    `${DELIVERIES}?where[webhook][equals]=${webhook}&sort=createdAt&limit=50`,
    { token: admin.token },
  )
  expect(response.status).toBe(200)
  return response.body.docs.map((one: { record: number }) => Number(one.record))
}

it("a webhook another process adds or turns off is heeded by this process's next write", async () => {
  // This process has written since it last read the webhooks: it keeps them as current.
  await publicEvent('Before the other process')
  await publicEvent('Again before it')
  const added = await otherWrites(
    'POST',
    WEBHOOKS,
    {
      url: 'https://hooks.example/calendar',
      secret: 'a-webhook-secret-of-some-length-7',
      active: true,
    },
    201,
  )
  const webhook = added.doc.id as number
  const heard = await publicEvent('After the other process added a webhook')
  expect(await queuedFor(webhook)).toEqual([heard])
  await otherWrites('PATCH', `${WEBHOOKS}/${webhook}`, { active: false }, 200)
  await publicEvent('After the other process turned it off')
  expect(await queuedFor(webhook)).toEqual([heard])
})
