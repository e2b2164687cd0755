import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startTestServer, type TestServer } from './helpers.js'
import { freshDatabase, suiteDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess } from './support/serverProcess.js'

describe('the server, in process', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('answers a health check that asks the database', async () => {
    const health = await server.request('GET', '/api/health')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ status: 'ok', database: 'up' })
  })

  it('answers unknown paths with 404 in JSON', async () => {
    expect((await server.request('GET', '/nowhere')).status).toBe(404)
    expect((await server.request('GET', '/api/nowhere')).status).toBe(404)
  })

  it('answers paths whose escapes do not decode with 404 rest_no_route, not 500', async () => {
    for (const path of [
      '/api/cal/events/v1/events/by-slug/%C0%AE',
      '/fr/api/cal/events/v1/venues/by-slug/%E0%A4%A',
      '/api/events/%zz',
      '/admin/%',
    ]) {
      const response = await server.request('GET', path)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({
        code: 'rest_no_route',
        message: expect.any(String),
        data: { status: 404 },
      })
    }
  })

  ;(suiteDatabase === 'mongodb' ? it.skip : it)(
    'keeps the migrations of its SQL database in step with the collections (MongoDB has none)',
    async () => {
      const db = server.payload.db as unknown as {
        schema: unknown
        requireDrizzleKit: () => {
          generateDrizzleJson: (schema: unknown) => Promise<unknown>
          generateMigration: (before: unknown, after: unknown) => Promise<string[]>
        }
      }
      const dir = path.resolve('dev/migrations', server.payload.db.name)
      const latest = fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .at(-1)!
      const snapshot = JSON.parse(fs.readFileSync(path.join(dir, latest), 'utf8'))
      const kit = db.requireDrizzleKit()
      const pending = await kit.generateMigration(
        snapshot,
        await kit.generateDrizzleJson(db.schema),
      )
      // When this fails, run `npm run migrate:create <name>` and commit the new migration.
      expect(pending).toEqual([])
    },
  )

  // MongoDB gives other id types to Payload's own collections.
  ;(suiteDatabase === 'mongodb' ? it.skip : it)(
    'keeps dev/payload-types.ts what `npm run generate:types` makes of the config',
    async () => {
      const generated = path.join(
        fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-types-')),
        'payload-types.ts',
      )
      const previous = process.env.PAYLOAD_TS_OUTPUT_PATH
      process.env.PAYLOAD_TS_OUTPUT_PATH = generated
      try {
        const { generateTypes } = await import('payload/node')
        await generateTypes(server.payload.config, { log: false })
      } finally {
        if (previous === undefined) delete process.env.PAYLOAD_TS_OUTPUT_PATH
        else process.env.PAYLOAD_TS_OUTPUT_PATH = previous
      }
      // When this fails, run `npm run generate:types` and commit dev/payload-types.ts.
      expect(fs.readFileSync(generated, 'utf8')).toBe(
        fs.readFileSync(path.resolve('dev/payload-types.ts'), 'utf8'),
      )
    },
  )
})

describe('the server as a process', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await freshDatabase('process')
  })
  afterAll(async () => {
    await database?.drop()
  })

  const start = () => startServerProcess({ DATABASE_URI: database.uri })

  it('logs its URLs, finishes a request in flight on SIGTERM, closes the database and exits 0', async () => {
    const { child, url, output, exited } = await start()
    expect(output()).toMatch(/health http:\/\/127\.0\.0\.1:\d+\/api\/health/)

    // A registration whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'first@example.com', password: 'a-long-password' })
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(`${url}/api/users/first-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      request.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      request.on('error', reject)
      request.write(body.slice(0, 10))
      setTimeout(() => {
        child.kill('SIGTERM')
        setTimeout(() => request.end(body.slice(10)), 300)
      }, 200)
    })
    const code = exited
    expect(await response).toBe(200)
    expect(await code).toBe(0)
    expect(output()).toMatch(/SIGTERM: finishing requests in flight/)

    // The write survived the shutdown: a restart on the same database has the user.
    const again = await start()
    const registered = await fetch(`${again.url}/api/users/init`)
    expect(await registered.json()).toEqual({ initialized: true })
    again.child.kill('SIGINT')
    expect(await again.exited).toBe(0)
  })
})
