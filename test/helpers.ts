import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, it } from '@jest/globals'
import type { RunningServer } from '../dev/server.js'
import { checkResponse } from './contract.js'
import { freshDatabase, suiteStore } from './support/database.js'

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers }

export type TestServer = RunningServer & {
  /** The SQLite file of the server's database ('' on other databases). */
  dbFile: string
  /** Sends a request to the server and returns its status, JSON body and headers. */
  request: <T = any>(
    method: string,
    route: string,
    options?: RequestOptions,
  ) => Promise<ApiResponse<T>>
  stop: () => Promise<void>
}

export type RequestOptions = {
  token?: string
  apiKey?: string
  /** JSON (an object), or sent as it is (a string, or the bytes of a file). */
  body?: unknown
  headers?: Record<string, string>
}

/**
 * Boots the real server (no admin UI) on 127.0.0.1 and a database of its own: a fresh SQLite file,
 * or a fresh PostgreSQL database when `DATABASE_URI` names a PostgreSQL server, or the MongoDB
 * database it names (test/support/database.ts).
 */
export async function startTestServer(): Promise<TestServer> {
  const database = await freshDatabase('test')
  process.env.DATABASE_URI = database.uri
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-media-'))
  process.env.CAL_MEDIA_DIR = mediaDir
  process.env.PAYLOAD_SECRET ??= 'test-secret'
  process.env.LOG_LEVEL ??= 'fatal'
  const { startServer } = await import('../dev/server.js')
  const running = await startServer({ admin: false, host: '127.0.0.1', port: 0 })
  const request = async (method: string, route: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `JWT ${options.token}`
    if (options.apiKey) headers.authorization = `users API-Key ${options.apiKey}`
    let body: BodyInit | undefined
    if (options.body instanceof Uint8Array)
      body = new Blob([options.body as Uint8Array<ArrayBuffer>])
    else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(`${running.url}${route}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: keep the text
    }
    const result = { status: response.status, body: parsed as any, headers: response.headers }
    await checkResponse(running.url, method, route, result)
    return result
  }
  const stop = async () => {
    await running.close()
    await database.drop()
    fs.rmSync(mediaDir, { recursive: true, force: true })
  }
  return { ...running, dbFile: database.file, request, stop }
}

/**
 * `it` for a test of an SQL store's own path (a statement it prepares, the SQL a write runs): in
 * the generic store, which has no such path, the test is skipped and its name says why.
 */
export function itOnSqlStores(
  reason: string,
): (name: string, test: () => Promise<unknown>, timeout?: number) => void {
  if (suiteStore !== 'generic') return it
  return (name, test, timeout) =>
    it.skip(`${name} [not in the generic store: ${reason}]`, test, timeout)
}

export type TestUser = { id: number; email: string; token: string; apiKey: string; role: string }

const PASSWORD = 'correct horse battery staple'

/** Registers the first user (an administrator) and logs in. */
export async function registerAdministrator(server: TestServer): Promise<TestUser> {
  const email = 'admin@example.com'
  const registered = await server.request('POST', '/api/users/first-register', {
    body: { email, password: PASSWORD },
  })
  if (registered.status !== 200)
    throw new Error(
      `first-register failed: ${registered.status} ${JSON.stringify(registered.body)}`,
    )
  return login(server, email, registered.body.user.role)
}

/**
 * Creates a user with a role (as the administrator) and logs in as them; each gets an API key too.
 */
export async function createUser(
  server: TestServer,
  admin: TestUser,
  role: string,
): Promise<TestUser> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const apiKey = `key-${role}-${Math.random().toString(36).slice(2)}`
  const created = await server.request('POST', '/api/users', {
    token: admin.token,
    body: { email, password: PASSWORD, role, enableAPIKey: true, apiKey },
  })
  if (created.status !== 201)
    throw new Error(`creating a ${role} failed: ${created.status} ${JSON.stringify(created.body)}`)
  return { ...(await login(server, email, role)), apiKey }
}

async function login(server: TestServer, email: string, role: string): Promise<TestUser> {
  const response = await server.request('POST', '/api/users/login', {
    body: { email, password: PASSWORD },
  })
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`)
  return { id: response.body.user.id, email, token: response.body.token, apiKey: '', role }
}

export type StartedServer = { server: TestServer; admin: TestUser; users: Record<string, TestUser> }

/**
 * A test server for the tests of one file: started before them with an administrator (also
 * `users.administrator`) and a user of each role given, stopped after them. `started` receives
 * them, to assign to the file's variables.
 */
export function useTestServer(
  roles: readonly string[],
  started: (setup: StartedServer) => unknown,
): void {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startTestServer()
    const admin = await registerAdministrator(server)
    const users: Record<string, TestUser> = { administrator: admin }
    for (const role of roles) users[role] = await createUser(server, admin, role)
    await started({ server, admin, users })
  })
  afterAll(async () => {
    await server?.stop()
  })
}

/** A minimal valid event for Payload's REST. */
export function eventData(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Concert',
    startDate: '2030-05-01T18:00:00.000Z',
    endDate: '2030-05-01T20:00:00.000Z',
    status: 'publish',
    ...overrides,
  }
}

export const V1 = '/api/cal/events/v1'

/** `YYYY-MM-DD HH:MM:SS` in UTC of now plus some days (and hours). */
export function utcWallClock(days: number, hours = 0): string {
  return new Date(Date.now() + days * 86_400_000 + hours * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

/** Creates an event through the v1 API and returns its record. */
export async function createV1Event(
  server: TestServer,
  user: TestUser,
  body: Record<string, unknown>,
) {
  const response = await server.request('POST', `${V1}/events`, {
    token: user.token,
    body: { timezone: 'UTC', ...body },
  })
  if (response.status !== 201)
    throw new Error(`creating an event failed: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body as Record<string, any>
}
