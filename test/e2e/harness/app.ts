import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export type App = {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Everything the server printed so far, for failure messages. */
  output: () => string
  stop: () => Promise<void>
}

const READY_LINE = /calendar ready in \d+ ms: admin (http:\/\/127\.0\.0\.1:\d+)\/admin/
const START_TIMEOUT_MS = 90_000
const STOP_TIMEOUT_MS = 20_000

/**
 * Starts the app as the README does (`npm start`: production mode, the admin build in
 * `dev/.next`) on a fresh SQLite file, a free port of 127.0.0.1 and a temporary media folder. The
 * build must exist: building here would hide two minutes inside a test.
 */
export async function startApp(): Promise<App> {
  if (!fs.existsSync(path.join(PROJECT_ROOT, 'dev', '.next', 'BUILD_ID'))) {
    throw new Error('No admin build in dev/.next: run `npm run build` before `npm run test:e2e`.')
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-e2e-app-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    DATABASE_URI: `file:${path.join(scratch, 'calendar.db')}`,
    CAL_MEDIA_DIR: path.join(scratch, 'media'),
    HOST: '127.0.0.1',
    PORT: '0',
    PAYLOAD_SECRET: 'e2e-secret',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    CAL_ADMIN: 'true',
  }
  // Its own process group, so that stopping it also stops the server under npm.
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))

  const signalGroup = (signal: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, signal)
      return true
    } catch {
      return false // the group is gone
    }
  }
  /** npm may exit before the server under it has closed its database: wait for the whole group. */
  const groupGone = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs
    while (signalGroup(0)) {
      if (Date.now() > deadline) return false
      await delay(100)
    }
    return true
  }
  // Should this process end without stop() (an interrupted run), the server does not outlive it.
  const killOnExit = () => signalGroup('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (signalGroup('SIGTERM') && !(await groupGone(STOP_TIMEOUT_MS))) {
      signalGroup('SIGKILL')
      await groupGone(5_000)
    }
    fs.rmSync(scratch, { recursive: true, force: true })
  }

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the app did not start within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      )
      const onData = () => {
        const match = READY_LINE.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(match[1])
        }
      }
      child.stdout.on('data', onData)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the app exited with ${code}`))
      })
    })
    return { url, output: () => output, stop }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}:\n${output}`)
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
