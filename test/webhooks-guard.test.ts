/**
 * Webhooks without `CAL_WEBHOOKS_ALLOW_PRIVATE`: a URL with a non-public IP address is refused when
 * saved, and a host name that resolves to one (`localhost`) is refused when delivered, so the
 * receiver on 127.0.0.1 never hears of it. Bad input to the webhooks collection answers 400 in
 * Payload's error shape and writes nothing.
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
import { startReceiver, type Receiver } from './support/webhookReceiver.js'

process.env.CAL_WEBHOOKS_BACKOFF_MS = '200'
process.env.CAL_WEBHOOKS_TIMEOUT_MS = '1000'
process.env.CAL_JOBS_AUTORUN = 'true'
process.env.CAL_WEBHOOKS_CRON = '* * * * * *'
afterAll(() => {
  for (const name of [
    'CAL_WEBHOOKS_BACKOFF_MS',
    'CAL_WEBHOOKS_TIMEOUT_MS',
    'CAL_JOBS_AUTORUN',
    'CAL_WEBHOOKS_CRON',
  ])
    delete process.env[name]
})

const WEBHOOKS = `/api/${DEFAULTS.webhooksSlug}`
const DELIVERIES = `/api/${DEFAULTS.webhookDeliveriesSlug}`
const SECRET = 'guarded-webhook-secret-000000'

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

const create = (body: Record<string, unknown>) =>
  server.request('POST', WEBHOOKS, { token: admin.token, body })

const count = async () =>
  (await server.request('GET', WEBHOOKS, { token: admin.token })).body.totalDocs as number

it.each([
  'http://127.0.0.1:8080/hook',
  'http://10.0.0.7/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://[::1]/hook',
  'http://[fd00::1]/hook',
  'http://[fe80::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://0.0.0.0/hook',
  'http://[::]/hook',
])('refuses %s when saved (400 on url)', async (url) => {
  const before = await count()
  const response = await create({ url, secret: SECRET })
  expect(response.status).toBe(400)
  expect(response.body.errors[0].data.errors.map((e: { path: string }) => e.path)).toEqual(['url'])
  expect(await count()).toBe(before)
})

it('a host name that resolves to loopback is refused when delivered: a failed attempt, nothing sent', async () => {
  const port = new URL(receiver.url('/')).port
  const saved = await create({ url: `http://localhost:${port}/guarded`, secret: SECRET })
  expect(saved.status).toBe(201)
  await createV1Event(server, admin, {
    title: 'Guarded concert',
    start_date: utcWallClock(2),
    end_date: utcWallClock(2, 1),
    status: 'publish',
  })
  const deadline = Date.now() + 20_000
  let log: any
  while (Date.now() < deadline) {
    log = (await server.request('GET', DELIVERIES, { token: admin.token })).body.docs[0]
    if (log?.attempts >= 2) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(log).toMatchObject({ status: 'pending', lastStatus: null })
  expect(log.attempts).toBeGreaterThanOrEqual(2)
  expect(log.lastError).toMatch(/not a public address/)
  expect(receiver.received).toEqual([])
})

it.each([
  ['no url', { secret: SECRET }, 'url'],
  ['a relative url', { url: '/hooks', secret: SECRET }, 'url'],
  ['another scheme', { url: 'ftp://example.com/hook', secret: SECRET }, 'url'],
  ['credentials in the url', { url: 'https://user:pw@example.com/hook', secret: SECRET }, 'url'],
  [
    'a url of 3000 characters',
    { url: `https://example.com/${'a'.repeat(3000)}`, secret: SECRET },
    'url',
  ],
  ['no secret', { url: 'https://example.com/hook' }, 'secret'],
  ['a short secret', { url: 'https://example.com/hook', secret: 'short' }, 'secret'],
  [
    'an unknown event',
    { url: 'https://example.com/hook', secret: SECRET, events: ['event.exploded'] },
    'events',
  ],
  [
    'events not a list of names',
    { url: 'https://example.com/hook', secret: SECRET, events: [{ a: 1 }] },
    'events',
  ],
])('refuses %s with 400 in Payload’s error shape, writing nothing', async (_name, body, path) => {
  const before = await count()
  const response = await create(body)
  expect(response.status).toBe(400)
  expect(response.body.errors[0].name).toBe('ValidationError')
  expect(response.body.errors[0].data.errors.map((e: { path: string }) => e.path)).toContain(path)
  expect(await count()).toBe(before)
})

it('an update with bad events or url is refused and changes nothing', async () => {
  const saved = await create({ url: 'https://example.com/hook', secret: SECRET, active: false })
  const id = saved.body.doc.id
  for (const body of [{ events: ['venue.exploded'] }, { url: 'not a url' }]) {
    const response = await server.request('PATCH', `${WEBHOOKS}/${id}`, {
      token: admin.token,
      body,
    })
    expect(response.status).toBe(400)
  }
  const read = await server.request('GET', `${WEBHOOKS}/${id}`, { token: admin.token })
  expect(read.body).toMatchObject({ url: 'https://example.com/hook', events: [] })
})
