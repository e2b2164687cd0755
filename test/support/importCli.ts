import { spawn, type ChildProcess } from 'node:child_process'
import { PROJECT_ROOT } from '../../dev/paths.js'
import { childProgram } from './childProgram.js'

export type CliRun = { child: ChildProcess; done: Promise<{ code: number | null; output: string }> }

/**
 * Starts `scripts/import.ts` as its own process (childProgram.ts) on the database DATABASE_URI
 * names (`npm run import`).
 */
export function startImportCli(args: string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [...childProgram('scripts/import.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  )
  return { child, done }
}

export const runImportCli = (args: string[], env?: Record<string, string>) =>
  startImportCli(args, env).done
