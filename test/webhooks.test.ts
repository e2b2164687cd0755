/**
 * Webhooks over HTTP (features/webhooks): a real receiver on 127.0.0.1 (private addresses allowed
 * here), the jobs queue run by the server's own autoRun every second, short backoff and timeout.
 * Signatures verify, the body carries the record as anonymous v1 reads it, a record's deliveries
 * arrive in order, 500s and a receiver that hangs are retried with the same delivery id, and the
 * secret is never read back.
 */
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import {
  createV1Event,
  useTestServer,
  utcWallClock,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { startReceiver, type Receiver } from './support/webhookReceiver.js'

process.env.CAL_WEBHOOKS_ALLOW_PRIVATE = 'true'
process.env.CAL_WEBHOOKS_BACKOFF_MS = '200'
process.env.CAL_WEBHOOKS_TIMEOUT_MS = '1000'
process.env.CAL_JOBS_AUTORUN = 'true'
// Links in a delivery's record use the site address (a job has no request to take it from).
process.env.CAL_SITE_URL = 'https://calendar.example'
process.env.CAL_WEBHOOKS_CRON = '* * * * * *'
afterAll(() => {
  for (const name of [
    'CAL_WEBHOOKS_ALLOW_PRIVATE',
    'CAL_WEBHOOKS_BACKOFF_MS',
    'CAL_WEBHOOKS_TIMEOUT_MS',
    'CAL_JOBS_AUTORUN',
    'CAL_WEBHOOKS_CRON',
    'CAL_SITE_URL',
  ])
    delete process.env[name]
})

const WEBHOOKS = `/api/${DEFAULTS.webhooksSlug}`
const DELIVERIES = `/api/${DEFAULTS.webhookDeliveriesSlug}`
const SECRET = 'a-webhook-secret-of-some-length-0042'

let server: TestServer
let admin: TestUser
let receiver: Receiver
useTestServer([], (setup) => ({ server, admin } = setup))
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
})

/** A webhook to `path` of the receiver for `events` only; returns its id. */
async function addWebhook(path: string, events: string[]): Promise<number> {
  const response = await server.request('POST', WEBHOOKS, {
    token: admin.token,
    body: { url: receiver.url(path), secret: SECRET, events, active: true },
  })
  expect(response.status).toBe(201)
  return response.body.doc.id
}

const deactivate = (id: number) =>
  server.request('PATCH', `${WEBHOOKS}/${id}`, { token: admin.token, body: { active: false } })

const publicEvent = (title: string) =>
  createV1Event(server, admin, {
    title,
    start_date: utcWallClock(3),
    end_date: utcWallClock(3, 2),
    status: 'publish',
  })

const updateEvent = async (id: number, body: Record<string, unknown>) => {
  const response = await server.request('POST', `${V1}/events/${id}`, { token: admin.token, body })
  expect(response.status).toBe(200)
}

async function deliveryLog(deliveryId: string) {
  const response = await server.request(
    'GET',
    `${DELIVERIES}?where[deliveryId][equals]=${deliveryId}`,
    { token: admin.token },
  )
  expect(response.status).toBe(200)
  return response.body.docs[0]
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

it('POSTs a signed body with the record as anonymous v1 reads it; the secret is never read back', async () => {
  const webhook = await addWebhook('/signed', ['event.created'])
  const read = await server.request('GET', `${WEBHOOKS}/${webhook}`, { token: admin.token })
  expect(read.body.secret).not.toContain(SECRET.slice(0, 8))
  expect(read.body.secret.endsWith(SECRET.slice(-4))).toBe(true)

  const event = await publicEvent('Signed concert')
  const [request] = await receiver.waitFor('/signed', 1)
  const expected = createHmac('sha256', SECRET)
    .update(`${request.timestamp}.${request.raw}`)
    .digest('hex')
  expect(request.signature).toBe(`sha256=${expected}`)
  expect(Math.abs(Number(request.timestamp) - Date.now() / 1000)).toBeLessThan(120)
  expect(request.id).toMatch(/^[0-9a-f-]{36}$/)
  const anonymous = await server.request('GET', `${V1}/events/${event.id}`)
  expect(request.body).toMatchObject({
    event: 'event.created',
    resource: 'events',
    id: event.id,
    change: 'upsert',
  })
  expect(request.body.record).toEqual(anonymous.body)

  const log = await until(
    () => deliveryLog(request.id),
    (doc) => doc?.status === 'delivered',
  )
  expect(log).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 })
  expect(JSON.stringify(log)).not.toContain(SECRET)
  await deactivate(webhook)
})

it('an update that keeps the secret out (or sends back the masked one) keeps it; a new one replaces it', async () => {
  const webhook = await addWebhook('/kept', ['venue.created'])
  const masked = (await server.request('GET', `${WEBHOOKS}/${webhook}`, { token: admin.token }))
    .body.secret
  for (const body of [{ active: true }, { secret: masked }]) {
    const response = await server.request('PATCH', `${WEBHOOKS}/${webhook}`, {
      token: admin.token,
      body,
    })
    expect(response.status).toBe(200)
    expect(response.body.doc.secret).toBe(masked)
  }
  const stored = await server.payload.db.findOne({
    collection: DEFAULTS.webhooksSlug,
    where: { id: { equals: webhook } },
  })
  expect((stored as { secret?: string }).secret).toBe(SECRET)
  const replaced = await server.request('PATCH', `${WEBHOOKS}/${webhook}`, {
    token: admin.token,
    body: { secret: 'another-secret-entirely-9876' },
  })
  expect(replaced.body.doc.secret.endsWith('9876')).toBe(true)
  await deactivate(webhook)
})

it('retries after 500s with the same id and body, backing off, until it is accepted', async () => {
  receiver.answer('/flaky', (_request, count) => (count <= 2 ? 500 : 200))
  const webhook = await addWebhook('/flaky', ['event.created'])
  await publicEvent('Flaky concert')
  const requests = await receiver.waitFor('/flaky', 3)
  expect(new Set(requests.map((one) => one.id)).size).toBe(1)
  expect(new Set(requests.map((one) => one.raw)).size).toBe(1)
  // The first retry waits the backoff (200 ms) at least, the second twice that.
  expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(190)
  expect(requests[2].at - requests[1].at).toBeGreaterThanOrEqual(390)
  const log = await until(
    () => deliveryLog(requests[0].id),
    (doc) => doc?.status === 'delivered',
  )
  expect(log).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 })
  await deactivate(webhook)
})

it('a receiver that hangs: the attempt times out and is retried', async () => {
  receiver.answer('/hangs', (_request, count) => (count === 1 ? 'hang' : 200))
  const webhook = await addWebhook('/hangs', ['event.created'])
  await publicEvent('Slow concert')
  const requests = await receiver.waitFor('/hangs', 2)
  expect(requests[1].id).toBe(requests[0].id)
  // The timeout (1 s), then the backoff.
  expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(1000)
  const log = await until(
    () => deliveryLog(requests[0].id),
    (doc) => doc?.status === 'delivered',
  )
  expect(log).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 })
  await deactivate(webhook)
})

it("a record's deliveries arrive in the order of its changes, a failed one holding the later ones back", async () => {
  // Each delivery is refused once, so every one is retried while the next change waits.
  const refused = new Set<string>()
  receiver.answer('/ordered', (request) => {
    if (refused.has(request.id)) return 200
    refused.add(request.id)
    return 500
  })
  const webhook = await addWebhook('/ordered', [])
  const event = await publicEvent('Ordered concert 0')
  await updateEvent(event.id, { title: 'Ordered concert 1' })
  await updateEvent(event.id, { title: 'Ordered concert 2' })
  await updateEvent(event.id, { status: 'draft' })
  const requests = await receiver.waitFor('/ordered', 8)
  const ofEvent = requests.filter(
    (one) => one.body.resource === 'events' && one.body.id === event.id,
  )
  const accepted = ofEvent.filter((one, i) => ofEvent.findIndex((o) => o.id === one.id) !== i)
  expect(accepted.map((one) => one.body.event)).toEqual([
    'event.created',
    'event.updated',
    'event.updated',
    'event.deleted',
  ])
  const sequences = accepted.map((one) => one.body.sequence)
  expect([...sequences].sort((a, b) => a - b)).toEqual(sequences)
  // Never a later change before an earlier one was accepted.
  for (let i = 1; i < ofEvent.length; i++)
    expect(ofEvent[i].body.sequence).toBeGreaterThanOrEqual(ofEvent[i - 1].body.sequence)
  expect(accepted[3].body).toMatchObject({ change: 'delete', record: null })
  await deactivate(webhook)
})

it('"retry now" in the delivery log sends a failed delivery again', async () => {
  receiver.answer('/given-up', (_request, count) => (count === 1 ? 410 : 200))
  const webhook = await addWebhook('/given-up', ['event.created'])
  const [first] = await Promise.all([
    receiver.waitFor('/given-up', 1),
    publicEvent('Retried concert'),
  ])
  const id = first[0].id
  // Give it up by hand, as 24 hours of failures would.
  const pending = await until(
    () => deliveryLog(id),
    (doc) => doc?.attempts === 1,
  )
  await server.payload.db.updateOne({
    collection: DEFAULTS.webhookDeliveriesSlug,
    where: { id: { equals: pending.id } },
    data: { status: 'failed', nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString() },
  })
  const retry = await server.request('PATCH', `${DELIVERIES}/${pending.id}`, {
    token: admin.token,
    body: { retryNow: true },
  })
  expect(retry.status).toBe(200)
  const requests = await receiver.waitFor('/given-up', 2)
  expect(requests[1].id).toBe(id)
  const log = await until(
    () => deliveryLog(id),
    (doc) => doc?.status === 'delivered',
  )
  expect(log).toMatchObject({ status: 'delivered', attempts: 2 })
  await deactivate(webhook)
})

it('drafts are not delivered; an inactive webhook gets nothing', async () => {
  const webhook = await addWebhook('/quiet', [])
  await deactivate(webhook)
  const loud = await addWebhook('/drafts', [])
  await createV1Event(server, admin, {
    title: 'A draft',
    start_date: utcWallClock(4),
    end_date: utcWallClock(4, 1),
    status: 'draft',
  })
  const marker = await publicEvent('After the draft')
  const requests = await receiver.waitFor('/drafts', 1)
  expect(requests.map((one) => one.body.id)).toEqual([marker.id])
  expect(receiver.received.filter((one) => one.path === '/quiet')).toEqual([])
  await deactivate(loud)
})
