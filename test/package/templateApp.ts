/**
 * Payload's blank template app, made as a user makes theirs, with the packed plugin added as the
 * README's "Add it to your Payload app" says. The app's files come from where users get them:
 * `src/` from the `create-payload-app` package of our Payload version (its `dist/template/`,
 * which `create-payload-app` copies), the database adapter written by create-payload-app's own
 * adapter table (`dist/lib/ast/adapter-config.js`), and `package.json`, `next.config.mjs` and
 * `tsconfig.json` from Payload's `templates/blank` (test/package/template/: the package does not
 * ship them; `next.config.mjs` and `tsconfig.json` are as the template has them). Then, as a user:
 * `npm install` of the tarball, `payload generate:importmap`, `payload migrate:create` and
 * `payload migrate`, `next build`, `next start`. Used by the package test and `npm run bench:next`.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TEMPLATE_FILES = path.join(ROOT, 'test', 'package', 'template')
const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
/** The Payload version this repository pins; the template's files are its create-payload-app's. */
export const PINNED_VERSION: string = ours.devDependencies.payload
/** The lowest Payload version the package claims: the floor of its peer range (`^3.x.y`). */
export const LOWEST_VERSION: string = ours.peerDependencies.payload.replace(/^\^/, '')
/**
 * The Payload version of the app, every `@payloadcms/*` package at the same: the pinned one, or
 * `CAL_PAYLOAD_VERSION` (a version, or `lowest`: CI's run at the lowest version the package
 * claims). The registry has no create-payload-app of many minors, so the template's files stay
 * the pinned version's.
 */
export const PAYLOAD_VERSION: string =
  process.env.CAL_PAYLOAD_VERSION === 'lowest'
    ? LOWEST_VERSION
    : process.env.CAL_PAYLOAD_VERSION || PINNED_VERSION

/**
 * The version the PostgreSQL app is built on: the lowest the package claims, unless
 * `CAL_PAYLOAD_VERSION` says one. One app per database, the two ends of the peer range between
 * them, instead of a third app (CI's minutes).
 */
export const POSTGRES_APP_VERSION: string = process.env.CAL_PAYLOAD_VERSION
  ? PAYLOAD_VERSION
  : LOWEST_VERSION

export type Database = 'sqlite' | 'postgres'

export type Packed = {
  filename: string
  size: number
  unpackedSize: number
  entryCount: number
  files: { path: string }[]
}

/** Logs a step with its time, so a slow CI step shows where it went. */
function step<T>(name: string, run: () => T): T {
  const started = Date.now()
  const result = run()
  console.log(`template app: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return result
}

/** Runs a command to its end; its output (stdout then stderr), or an error with it. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): string {
  return runFor(command, args, cwd, env).output
}

function runFor(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${output}`)
  return { output, stdout: result.stdout }
}

/** `npm pack --json …`: what it packed (its notices go to stderr). */
function npmPack(args: string[], cwd: string): Packed {
  const { stdout } = runFor('npm', ['pack', '--json', ...args], cwd)
  const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as Packed[]
  return packed
}

let packedOnce: { packed: Packed; tarball: string } | undefined

/**
 * This repository's `npm pack` (prepack builds the plugin): once for every file of
 * `npm run test:package` (scripts/test-package.sh packs before them and names npm's JSON answer,
 * beside the tarball, in CAL_PACKED), once per process for a file run alone.
 */
export function packedPlugin(): { packed: Packed; tarball: string } {
  if (packedOnce) return packedOnce
  const shared = process.env.CAL_PACKED
  if (shared) {
    const output = fs.readFileSync(shared, 'utf8')
    const [packed] = JSON.parse(output.slice(output.search(/^\[/m))) as Packed[]
    packedOnce = { packed, tarball: path.join(path.dirname(shared), packed.filename) }
    return packedOnce
  }
  const folder = scratchFolder('tarball')
  process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }))
  const packed = step('npm pack', () => npmPack(['--pack-destination', folder], ROOT))
  packedOnce = { packed, tarball: path.join(folder, packed.filename) }
  return packedOnce
}

/** The packed plugin copied into `destination` (the SQLite and PostgreSQL apps install it). */
export function packPlugin(destination: string): Packed {
  const { packed, tarball } = packedPlugin()
  fs.copyFileSync(tarball, path.join(destination, packed.filename))
  return packed
}

/** create-payload-app of the pinned Payload version, unpacked beside the app (its tarball). */
function createPayloadApp(appDir: string): string {
  const folder = createPayloadAppOf(appDir)
  if (fs.existsSync(folder)) return folder
  fs.mkdirSync(folder)
  const { filename } = npmPack(['--prefer-offline', `create-payload-app@${PINNED_VERSION}`], folder)
  run('tar', ['xzf', filename, '--strip-components=1'], folder)
  return folder
}

type AdapterConfig = {
  adapterName: string
  packageName: string
  configTemplate: (env: string) => string
}

/** create-payload-app's own table of database adapters: import and config line of each. */
async function adapterOf(cpa: string, database: Database | 'mongodb'): Promise<AdapterConfig> {
  const { DB_ADAPTER_CONFIG } = (await import(
    pathToFileURL(path.join(cpa, 'dist', 'lib', 'ast', 'adapter-config.js')).href
  )) as { DB_ADAPTER_CONFIG: Record<string, AdapterConfig> }
  return DB_ADAPTER_CONFIG[database]
}

/**
 * What the README tells a user to change in the template's `payload.config.ts` (`source`, which
 * create-payload-app ships with MongoDB): the database adapter (as create-payload-app writes it for
 * that database), the plugin, and the admin's languages (step 7: the template's admin is English
 * alone).
 */
export async function configuredTemplate(
  source: string,
  cpa: string,
  database: Database | 'mongodb',
  pluginOptions = '',
): Promise<string> {
  const adapter = await adapterOf(cpa, database)
  const replacements: [RegExp, string][] = [
    [
      /import \{ mongooseAdapter \} from '@payloadcms\/db-mongodb'\n/,
      `import { ${adapter.adapterName} } from '${adapter.packageName}'\n` +
        `import { en } from 'payload/i18n/en'\n` +
        `import { fr } from 'payload/i18n/fr'\n` +
        `import { calendarPlugin } from 'payload-events-calendar'\n`,
    ],
    [/mongooseAdapter\(\{[^}]*\}\)/, adapter.configTemplate('DATABASE_URL')],
    [
      /plugins: \[\]/,
      `plugins: [calendarPlugin(${pluginOptions})],\n  i18n: { supportedLanguages: { en, fr } }`,
    ],
  ]
  let configured = source
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(configured))
      throw new Error(`the template's payload.config.ts has no ${pattern} any more`)
    configured = configured.replace(pattern, replacement)
  }
  return configured
}

/** The template's `payload.config.ts` as create-payload-app ships it. */
export const shippedTemplateConfig = (cpa: string) =>
  fs.readFileSync(path.join(cpa, 'dist', 'template', 'src', 'payload.config.ts'), 'utf8')

/**
 * README's step 4 in the template's `next.config.mjs` (`source`): the calendar's language roots
 * around what it exports.
 */
export function withLanguageRoots(source: string): string {
  const exported = /export default (withPayload\(nextConfig[^\n]*\))\n/
  if (!exported.test(source)) throw new Error(`the template's next.config.mjs has no ${exported}`)
  return (
    `import { withCalendar } from 'payload-events-calendar/next'\n` +
    source.replace(exported, 'export default withCalendar($1)\n')
  )
}

/** The app configured for `database`, its package.json naming that adapter. */
async function configure(
  appDir: string,
  cpa: string,
  database: Database,
  pluginOptions = '',
  version = PAYLOAD_VERSION,
): Promise<void> {
  fs.writeFileSync(
    path.join(appDir, 'src', 'payload.config.ts'),
    await configuredTemplate(shippedTemplateConfig(cpa), cpa, database, pluginOptions),
  )
  const nextConfig = path.join(appDir, 'next.config.mjs')
  fs.writeFileSync(nextConfig, withLanguageRoots(fs.readFileSync(nextConfig, 'utf8')))
  const adapter = await adapterOf(cpa, database)
  const manifest = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'))
  delete manifest.dependencies['@payloadcms/db-mongodb']
  manifest.dependencies[adapter.packageName] = version
  for (const [name, given] of Object.entries<string>(manifest.dependencies))
    if (given === 'workspace:*') manifest.dependencies[name] = version
  fs.writeFileSync(path.join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** Where create-payload-app was unpacked for the app in `appDir`. */
export const createPayloadAppOf = (appDir: string) =>
  path.join(path.dirname(appDir), 'create-payload-app')

/**
 * `npx payload …` in the app, as the README says, until it prints what it does (`done`). Payload's
 * CLI (3.90.2) now and then exits 0 having printed and done nothing, with or without the plugin
 * (its config import settles never and the event loop empties): under load, 2 runs in 5 here. A
 * user runs it again; so does this, at most 6 times (with the foreign app's file beside it, 3 runs
 * in a row once did nothing).
 */
export function payloadCli(
  appDir: string,
  args: string[],
  done: RegExp,
  env: Record<string, string> = {},
): string {
  let output = ''
  for (let attempt = 1; attempt <= 6; attempt++) {
    output = run('npx', ['payload', ...args], appDir, env)
    if (done.test(output)) return output
    console.log(`template app: payload ${args[0]} printed nothing it did (attempt ${attempt})`)
  }
  throw new Error(`payload ${args.join(' ')} did not do its work:\n${output}`)
}

export type BuildOptions = {
  /** The packed plugin. */
  tarball: string
  database: Database
  /** `file:…` for SQLite, `postgres://…` for PostgreSQL: the app's `DATABASE_URL`. */
  databaseUri: string
  /** Where the app is made (created; must not exist). */
  appDir: string
  /** Files added to the app before its build (path inside the app → content). */
  extraFiles?: Record<string, string>
  /** The argument of `calendarPlugin(…)` as source text; none by default, as the README has it. */
  pluginOptions?: string
  /** Payload's version, of every `@payloadcms/*` package too: PAYLOAD_VERSION by default. */
  version?: string
}

export const APP_SECRET = 'template-app-secret-0123456789abcdef'

/** Makes the app and builds it, as a user would; returns its folder. */
export async function buildTemplateApp(options: BuildOptions): Promise<string> {
  const { appDir, database } = options
  const cpa = step('create-payload-app from the registry', () => createPayloadApp(appDir))
  fs.mkdirSync(appDir)
  fs.cpSync(path.join(cpa, 'dist', 'template'), appDir, { recursive: true })
  for (const file of fs.readdirSync(TEMPLATE_FILES))
    fs.copyFileSync(path.join(TEMPLATE_FILES, file), path.join(appDir, file))
  await configure(appDir, cpa, database, options.pluginOptions, options.version)
  for (const [file, content] of Object.entries(options.extraFiles ?? {})) {
    fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true })
    fs.writeFileSync(path.join(appDir, file), content)
  }
  // The template's .env.example, filled in.
  fs.writeFileSync(
    path.join(appDir, '.env'),
    `DATABASE_URL=${options.databaseUri}\nPAYLOAD_SECRET=${APP_SECRET}\n`,
  )
  step('npm install', () =>
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', options.tarball], appDir),
  )
  step('payload generate:importmap', () =>
    payloadCli(appDir, ['generate:importmap'], /Writing import map/),
  )
  step('payload migrate:create', () =>
    payloadCli(appDir, ['migrate:create', 'initial'], /Migration created/),
  )
  step('payload migrate', () => payloadCli(appDir, ['migrate'], /Migrated:/))
  step('next build', () => run('npm', ['run', 'build'], appDir))
  return appDir
}

/**
 * The app built again with another tarball of the plugin (`npm install` of it, the import map,
 * `next build`), its database kept: for a plugin changed since the app was made.
 */
export function rebuildTemplateApp(appDir: string, tarball: string): void {
  step('npm install', () =>
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], appDir),
  )
  // The app's import map already names the plugin's components, so the CLI may find nothing new.
  step('payload generate:importmap', () =>
    payloadCli(appDir, ['generate:importmap'], /Writing import map|No new imports found/),
  )
  step('next build', () => run('npm', ['run', 'build'], appDir))
}

export type RunningApp = {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** The process started (npm, or node with `nodeArgs`), leader of the app's process group. */
  pid: number
  output: () => string
  stop: () => Promise<void>
}

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as net.AddressInfo
  await new Promise((closed) => server.close(closed))
  return port
}

const START_TIMEOUT_MS = 60_000

/**
 * `npm start` of the built app (`next start`) on 127.0.0.1 and a free port, or `npm run dev` with
 * `mode: 'dev'`; resolves once it answers. With `nodeArgs` (e.g. `--cpu-prof`), node runs Next's
 * command itself with them and the script's `NODE_OPTIONS=--no-deprecation`, so that they reach
 * the server's process (the script's cross-env would replace a NODE_OPTIONS given to it).
 */
export async function startTemplateApp(
  appDir: string,
  options: {
    mode?: 'start' | 'dev'
    nextArgs?: string[]
    env?: Record<string, string>
    nodeArgs?: string[]
  } = {},
): Promise<RunningApp> {
  const port = await freePort()
  const script = options.mode ?? 'start'
  const nextArgs = ['-p', String(port), '-H', '127.0.0.1', ...(options.nextArgs ?? [])]
  const next = path.join('node_modules', 'next', 'dist', 'bin', 'next')
  const [command, args] = options.nodeArgs
    ? [process.execPath, [...options.nodeArgs, next, script, ...nextArgs]]
    : ['npm', ['run', script, '--', ...nextArgs]]
  const child = spawn(command, args, {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_OPTIONS: options.nodeArgs ? '--no-deprecation' : '',
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, name)
      return true
    } catch {
      return false
    }
  }
  const killOnExit = () => signal('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    signal('SIGTERM')
    const deadline = Date.now() + 15_000
    while (signal(0) && Date.now() < deadline) await delay(100)
    signal('SIGKILL')
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the app exited with ${child.exitCode}:\n${output}`)
    if (/Ready in/.test(output)) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the app did not start within ${START_TIMEOUT_MS} ms:\n${output}`)
    }
    await delay(100)
  }
  return { url, pid: child.pid!, output: () => output, stop }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A scratch folder for one app and its tarball. */
export const scratchFolder = (name: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `calendar-${name}-`))
