/**
 * The cluster of scripts/cluster.sh as the cluster tests use it: started in a folder of its own,
 * its balancer's address, each node's address, faults on demand, and requests through either.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const V1 = '/api/cal/events/v1'
const PASSWORD = 'correct horse battery staple'

export type Answer = { status: number; body: any; text: string; headers: Headers }

export class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-cluster-'))
  url = ''
  /** The balancer behind nginx's shared cache (proxy_cache). */
  cachedUrl = ''
  nodes: string[] = []
  token = ''

  constructor(private readonly environment: Record<string, string> = {}) {
    fs.rmSync(this.dir, { recursive: true })
  }

  script(...args: string[]): string {
    return execFileSync('bash', [path.join(ROOT, 'scripts', 'cluster.sh'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...this.environment, CAL_CLUSTER_DIR: this.dir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
  }

  up(nodes = 3): void {
    const printed = this.script('up', '--nodes', String(nodes))
    this.url = /CLUSTER_URL=(\S+)/.exec(printed)![1]
    this.cachedUrl = /CACHED_URL=(\S+)/.exec(printed)![1]
    this.nodes = Array.from(
      { length: nodes },
      (_, i) => `http://127.0.0.1:${this.file(`node-${i + 1}.port`)}`,
    )
  }

  down(): void {
    this.script('down')
  }

  file(name: string): string {
    return fs.readFileSync(path.join(this.dir, name), 'utf8').trim()
  }

  pid(node: number): number {
    return Number(this.file(`node-${node}.pid`))
  }

  /** Whether node's process runs: a killed one not yet reaped (a zombie) does not. */
  alive(node: number): boolean {
    try {
      const stat = fs.readFileSync(`/proc/${this.pid(node)}/stat`, 'utf8')
      return stat.slice(stat.lastIndexOf(') ') + 2, stat.lastIndexOf(') ') + 3) !== 'Z'
    } catch {
      return false
    }
  }

  /** The end of a node's log (what a node that died said last), for a failure's message. */
  logTail(node: number, lines = 30): string {
    try {
      return this.file(`node-${node}.log`).split('\n').slice(-lines).join('\n')
    } catch {
      return '(no log)'
    }
  }

  databaseUri(): string {
    return /DATABASE_URI=(\S+)/.exec(fs.readFileSync(path.join(this.dir, 'env'), 'utf8'))![1]
  }

  /** One query on the cluster's database, on a connection of its own. */
  async sql<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.databaseUri() })
    await client.connect()
    try {
      return (await client.query(text, values)).rows as T[]
    } finally {
      await client.end()
    }
  }

  /** A request to `base` (the balancer or one node), as the administrator when `admin`. */
  async request(
    base: string,
    method: string,
    route: string,
    options: {
      body?: unknown
      admin?: boolean
      timeoutMs?: number
      headers?: Record<string, string>
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.admin) headers.authorization = `JWT ${this.token}`
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${base}${route}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, body, text, headers: response.headers }
  }

  /** The first user, an administrator, registered through the balancer; valid on every node. */
  async registerAdministrator(): Promise<void> {
    const email = 'admin@example.com'
    const registered = await this.request(this.url, 'POST', '/api/users/first-register', {
      body: { email, password: PASSWORD },
    })
    if (registered.status !== 200) throw new Error(`first-register: ${registered.text}`)
    this.token = registered.body.token
  }
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  seconds = 60,
): Promise<void> {
  const until = Date.now() + seconds * 1000
  for (;;) {
    try {
      if (await check()) return
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A v1 event for `day` days from now (UTC wall clock), published. */
export function eventBody(title: string, day: number): Record<string, unknown> {
  const start = new Date(Date.now() + day * 86_400_000)
  const wall = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')
  return {
    title,
    start_date: wall(start),
    end_date: wall(new Date(start.getTime() + 3_600_000)),
    timezone: 'UTC',
    status: 'publish',
  }
}
