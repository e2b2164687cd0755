/**
 * At least once across a crash: the server, as its own process, commits a change and starts its
 * delivery; the receiver holds the request unanswered and the server is killed with SIGKILL. Once
 * it is up again (same database), the delivery is sent again with the same id and body, and the
 * log shows it delivered.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import { freshDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'
import { startReceiver, type Receiver } from './support/webhookReceiver.js'

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-webhooks-crash-media-'))
let database: TestDatabase
let receiver: Receiver
let running: ServerProcess | undefined
let env: Record<string, string>
beforeAll(async () => {
  database = await freshDatabase('webhooks_crash')
  receiver = await startReceiver()
  env = {
    DATABASE_URI: database.uri,
    CAL_MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: 'webhooks-crash-secret',
    CAL_WEBHOOKS_ALLOW_PRIVATE: 'true',
    CAL_JOBS_AUTORUN: 'true',
    CAL_WEBHOOKS_CRON: '* * * * * *',
    CAL_WEBHOOKS_BACKOFF_MS: '200',
    // A delivery is claimed for twice this plus 5 s: after the crash it is sent again once that
    // claim has lapsed.
    CAL_WEBHOOKS_TIMEOUT_MS: '2000',
  }
})
afterAll(async () => {
  running?.child.kill('SIGKILL')
  await running?.exited
  await receiver?.close()
  await database?.drop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

async function call(url: string, method: string, route: string, body?: unknown, token?: string) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

it('a delivery cut short by SIGKILL is sent again after the restart, with the same id', async () => {
  receiver.answer('/crash', (_request, count) => (count === 1 ? 'hang' : 200))
  running = await startServerProcess(env)
  const registered = await call(running.url, 'POST', '/api/users/first-register', {
    email: 'admin@example.com',
    password: 'webhooks-crash-password',
  })
  expect(registered.status).toBe(200)
  const token: string = registered.body.token
  const webhook = await call(
    running.url,
    'POST',
    `/api/${DEFAULTS.webhooksSlug}`,
    { url: receiver.url('/crash'), secret: 'crash-webhook-secret-1234', events: ['event.created'] },
    token,
  )
  expect(webhook.status).toBe(201)
  const created = await call(
    running.url,
    'POST',
    '/api/cal/events/v1/events',
    {
      title: 'Crash concert',
      start_date: '2031-06-01 10:00:00',
      end_date: '2031-06-01 12:00:00',
      status: 'publish',
    },
    token,
  )
  expect(created.status).toBe(201)

  const [first] = await receiver.waitFor('/crash', 1)
  running.child.kill('SIGKILL')
  await running.exited
  running = await startServerProcess(env)

  const requests = await receiver.waitFor('/crash', 2, 45_000)
  expect(requests[1].id).toBe(first.id)
  expect(requests[1].raw).toBe(first.raw)
  expect(first.body).toMatchObject({ resource: 'events', id: created.body.id, change: 'upsert' })

  const login = await call(running.url, 'POST', '/api/users/login', {
    email: 'admin@example.com',
    password: 'webhooks-crash-password',
  })
  const deadline = Date.now() + 20_000
  let log: any
  while (Date.now() < deadline) {
    log = (
      await call(
        running.url,
        'GET',
        `/api/${DEFAULTS.webhookDeliveriesSlug}?where[deliveryId][equals]=${first.id}`,
        undefined,
        login.body.token,
      )
    ).body.docs[0]
    if (log?.status === 'delivered') break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(log).toMatchObject({ status: 'delivered', lastStatus: 200 })
}, 120_000)
