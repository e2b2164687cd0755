/**
 * The generic store (core/database/generic/) under concurrent v1 writes: the path MongoDB takes,
 * here on the suite's database (SQLite, or PostgreSQL under scripts/with-postgres.sh, where
 * transactions really overlap). Servers started as their own processes with `CAL_STORE=generic`:
 * on PostgreSQL two on one database, each taking half the writes and running the webhooks' queue
 * meanwhile, and reading what the other wrote; on SQLite one, then, once the writes are done,
 * another in its place that runs the queue (the host sets no busy timeout, reads write too,
 * keeping record forms, and the jobs runner writes outside transactions: beside other writes, in
 * any store, they fail each other with SQLITE_BUSY). The writes arrive together. What must hold
 * without SQL locks:
 * - every write answers, and ids and slugs are unique (events, and the organizers named inline,
 *   one record per name);
 * - the change log's sequences run 1, 2, 3, … with no gap and no duplicate, and name every write;
 * - the change mark is the newest: a write acknowledged by one process is in the very next
 *   anonymous read of the other (of itself on SQLite), whose response cache follows the mark;
 * - a term's count is what the archive lists;
 * - every delivery of a webhook is sent once (each delivery id received once, each logged as
 *   delivered at its first attempt);
 * - no claim is left behind once the writes are done.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import { checkResponse } from './contract.js'
import { freshDatabase, suiteDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'
import { startReceiver, type Receiver } from './support/webhookReceiver.js'
import { utcWallClock, V1 } from './helpers.js'

/** How many events are created at once, and how many of them are then trashed at once. */
const CREATES = 30
const TRASHES = 10
const ORGANIZERS = ['Org Alpha', 'Org Beta', 'Org Gamma']

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-generic-media-'))
let database: TestDatabase
let receiver: Receiver
const servers: ServerProcess[] = []
let token = ''
let env: Record<string, string>

type Answer = { status: number; body: any; headers: Headers }

async function call(
  server: ServerProcess,
  method: string,
  route: string,
  body?: unknown,
  withToken = true,
): Promise<Answer> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      ...(withToken && token ? { authorization: `JWT ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const result = {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  }
  await checkResponse(server.url, method, route, result)
  return result
}

/** A table's name in Payload's SQL adapters: the slug in snake case. */
const tableOf = (slug: string) => slug.replace(/-/g, '_')

beforeAll(async () => {
  database = await freshDatabase('generic_store')
  receiver = await startReceiver()
  env = {
    DATABASE_URI: database.uri,
    CAL_MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: 'generic-store-secret',
    CAL_STORE: 'generic',
    CAL_WEBHOOKS_ALLOW_PRIVATE: 'true',
    CAL_WEBHOOKS_CRON: '* * * * * *',
    CAL_WEBHOOKS_BACKOFF_MS: '200',
    CAL_WEBHOOKS_TIMEOUT_MS: '2000',
  }
  // One after the other: the first applies the migrations.
  const autoRun = suiteDatabase === 'postgres' ? 'true' : 'false'
  servers.push(await startServerProcess({ ...env, CAL_JOBS_AUTORUN: autoRun }))
  if (suiteDatabase === 'postgres')
    servers.push(await startServerProcess({ ...env, CAL_JOBS_AUTORUN: autoRun }))
  const registered = await call(servers[0], 'POST', '/api/users/first-register', {
    email: 'admin@example.com',
    password: 'correct horse battery staple',
  })
  expect(registered.status).toBe(200)
  token = registered.body.token
}, 180_000)

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await receiver?.close()
  await database?.drop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

const writerOf = (i: number) => servers[i % servers.length]
/** The process that reads what `writer` wrote: the other one, when there are two. */
const readerOf = (writer: ServerProcess) => servers.find((server) => server !== writer) ?? writer

describe('the generic store', () => {
  it('is the store the servers name in their ready line', () => {
    for (const server of servers) expect(server.output()).toMatch(/store: generic\b/)
  })

  it('keeps ids, slugs, the change log, the change mark, term counts and webhook deliveries right under concurrent writes', async () => {
    const webhook = await call(servers[0], 'POST', `/api/${DEFAULTS.webhooksSlug}`, {
      url: receiver.url('/generic'),
      secret: 'a-webhook-secret-of-some-length-0042',
      events: ['event.created'],
      active: true,
    })
    expect(webhook.status).toBe(201)
    const category = await call(servers[0], 'POST', `${V1}/categories`, { name: 'Shared' })
    expect(category.status).toBe(201)

    // The archive of the category as anonymous callers read it, kept by the response cache of each
    // process until the change mark moves.
    const from = utcWallClock(0)
    const archive = (server: ServerProcess) =>
      call(
        server,
        'GET',
        `${V1}/events?categories=${category.body.id}&per_page=50&start_date=${encodeURIComponent(from)}`,
        undefined,
        false,
      )
    const listedIds = async (server: ServerProcess) => {
      const answer = await archive(server)
      expect(answer.status).toBe(200)
      return answer.body.events.map((event: { id: number }) => event.id) as number[]
    }

    // Creates at once, each in the other process's next anonymous read of the archive.
    const created = await Promise.all(
      Array.from({ length: CREATES }, async (_, i) => {
        const writer = writerOf(i)
        const title = `Generic race ${i}`
        await listedIds(readerOf(writer))
        const response = await call(writer, 'POST', `${V1}/events`, {
          title: 'Generic race',
          description: title,
          start_date: utcWallClock(5, i % 24),
          end_date: utcWallClock(5, (i % 24) + 1),
          timezone: 'UTC',
          status: 'publish',
          categories: [category.body.id],
          tags: 'generic-race',
          organizer: [{ organizer: ORGANIZERS[i % ORGANIZERS.length] }],
        })
        expect(response.status).toBe(201)
        expect(await listedIds(readerOf(writer))).toContain(response.body.id)
        return response.body
      }),
    )
    const ids = created.map((event) => event.id)
    expect(new Set(ids).size).toBe(CREATES)
    expect(new Set(created.map((event) => event.slug)).size).toBe(CREATES)
    const organizerIds = new Set(created.map((event) => event.organizer[0].id))
    expect(organizerIds.size).toBe(ORGANIZERS.length)

    // Trashes at once, each gone from the other process's next anonymous archive read.
    const trashed = ids.slice(0, TRASHES)
    await Promise.all(
      trashed.map(async (id, i) => {
        const writer = writerOf(i)
        await listedIds(readerOf(writer))
        expect((await call(writer, 'DELETE', `${V1}/events/${id}`)).status).toBe(200)
        expect(await listedIds(readerOf(writer))).not.toContain(id)
      }),
    )

    // Term counts: what the archive lists.
    expect((await archive(servers[0])).body.total).toBe(CREATES - TRASHES)
    for (const server of servers) {
      const term = await call(
        server,
        'GET',
        `${V1}/categories/${category.body.id}`,
        undefined,
        false,
      )
      expect(term.body.count).toBe(CREATES - TRASHES)
    }

    // The change log: 1, 2, 3, … with every write in it.
    const log = await database.query(
      `SELECT sequence, resource, record, kind FROM ${tableOf(DEFAULTS.changeLogSlug)} ORDER BY sequence`,
    )
    const sequences = log.map((row) => Number(row.sequence))
    expect(sequences).toEqual(sequences.map((_, i) => i + 1))
    const logged = (kind: string) =>
      new Set(
        log
          .filter((row) => row.resource === 'events' && row.kind === kind)
          .map((row) => Number(row.record)),
      )
    expect([...logged('create')].sort()).toEqual([...ids].sort())
    expect([...logged('trash')].sort()).toEqual([...trashed].sort())

    // Every event.created delivery sent once, delivered at its first attempt (on SQLite by a
    // server that runs the queue, in place of the one that wrote).
    if (suiteDatabase !== 'postgres') {
      const [writer] = servers.splice(0, 1)
      writer.child.kill('SIGTERM')
      await writer.exited
      servers.push(await startServerProcess({ ...env, CAL_JOBS_AUTORUN: 'true' }))
    }
    const received = await receiver.waitFor('/generic', CREATES, 60_000)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const deliveryIds = receiver.received
      .filter((request) => request.path === '/generic')
      .map((request) => request.id)
    expect(deliveryIds).toHaveLength(CREATES)
    expect(new Set(deliveryIds).size).toBe(CREATES)
    expect(new Set(received.map((request) => request.body.id))).toEqual(new Set(ids))
    const deliveries = await call(
      servers[0],
      'GET',
      `/api/${DEFAULTS.webhookDeliveriesSlug}?limit=100&where[webhook][equals]=${webhook.body.doc.id}`,
    )
    expect(deliveries.body.docs).toHaveLength(CREATES)
    for (const delivery of deliveries.body.docs)
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 })

    // Nothing claimed is left behind.
    const claims = await database.query(
      `SELECT claim FROM ${tableOf(DEFAULTS.sequencesSlug)} WHERE sequence = 'calendar-claims'`,
    )
    expect(claims).toEqual([])
  }, 240_000)
})
