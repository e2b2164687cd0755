import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { childProgram } from './childProgram.js'

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export type ServerProcess = {
  child: ChildProcess
  /** `http://127.0.0.1:<port>`, as the server printed it. */
  url: string
  output: () => string
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>
}

/**
 * Starts `dev/server.ts` as its own process (childProgram.ts; no admin UI, a free port on
 * 127.0.0.1) and resolves with its address once it prints its start line.
 */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, childProgram('dev/server.ts'), {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      CAL_ADMIN: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the server did not start within ${timeoutMs} ms: ${output}`))
    }, timeoutMs)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /calendar ready in \d+ ms: REST (http:\/\/[^\s]+)\/api /.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1], output: () => output, exited })
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code} before it was ready: ${output}`))
    })
  })
}
