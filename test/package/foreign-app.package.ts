/**
 * The plugin as a package, in a Payload app that is not ours: `npm pack` at the root (once for
 * both package files: templateApp.ts's packedPlugin), a fresh app
 * in a temporary folder (test/package/app: its own users with a field, access and a hook, its own
 * collection, a rule of its own on events, the database adapters configured exactly as Payload's
 * SQLite and PostgreSQL templates do, schema pushed in development as there) that installs the
 * tarball with `payload` and the database adapters from the registry, then each scenario of
 * app/drive.mjs run in that app over HTTP, through a bare Node server and Payload's own request
 * handling. `npm run test:package`; on PostgreSQL too
 * when DATABASE_URI names one (`bash scripts/with-postgres.sh npm run test:package`).
 */
import assert from 'node:assert/strict'
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { freshPostgresDatabase, NO_POSTGRES, postgresUri } from './postgres.js'
import { packPlugin, type Packed } from './templateApp.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const APP_SOURCES = path.join(ROOT, 'test', 'package', 'app')
const ours = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
const pinned = (name: string): string => ours.devDependencies[name] ?? ours.dependencies[name]

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-foreign-app-'))
const appDir = path.join(scratch, 'app')

let packed: Packed

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

/** Runs one scenario of drive.mjs in the app; its output is shown, its exit code is the verdict. */
function drive(scenario: string, databaseUri: string): string {
  const run = spawnSync(process.execPath, ['drive.mjs', scenario, databaseUri], {
    cwd: appDir,
    encoding: 'utf8',
    // Development mode: Payload pushes the schema of a fresh app, as `payload dev` would.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      APP_MEDIA_DIR: path.join(scratch, `media-${scenario}`),
    },
    timeout: 180_000,
  })
  const output = `${run.stdout}${run.stderr}`
  console.log(output)
  assert.equal(run.status, 0, `scenario ${scenario} failed:\n${output}`)
  return output
}

describe('the plugin installed from its tarball in a foreign Payload app', () => {
  before(() => {
    packed = packPlugin(scratch)
    fs.mkdirSync(appDir)
    fs.writeFileSync(
      path.join(appDir, 'package.json'),
      JSON.stringify({ name: 'foreign-app', private: true, type: 'module' }, null, 2),
    )
    for (const file of fs.readdirSync(APP_SOURCES))
      fs.copyFileSync(path.join(APP_SOURCES, file), path.join(appDir, file))
    // The plugin's peers as a user installs them (README), at the versions pinned here.
    const packages = [
      'payload',
      '@payloadcms/richtext-lexical',
      '@payloadcms/db-sqlite',
      '@payloadcms/db-postgres',
      'graphql',
    ].map((name) => `${name}@${pinned(name)}`)
    npm(
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        path.join(scratch, packed.filename),
        ...packages,
      ],
      appDir,
    )
  })
  after(() => fs.rmSync(scratch, { recursive: true, force: true }))

  test('the tarball holds the compiled plugin folders with their types, and nothing of the host app (dev/), tests, bench or data', () => {
    const files = packed.files.map((file) => file.path)
    console.log(
      `tarball ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked`,
    )
    for (const entry of [
      'index',
      'exports/client',
      'exports/rsc',
      'exports/next',
      'exports/react',
      'exports/reactCalendar',
    ]) {
      assert.ok(files.includes(`dist/src/${entry}.js`), `dist/src/${entry}.js`)
      assert.ok(files.includes(`dist/src/${entry}.d.ts`), `dist/src/${entry}.d.ts`)
    }
    assert.ok(files.includes('dist/core/documents.d.ts'), 'dist/core/documents.d.ts')
    assert.ok(files.includes('CHANGELOG.md'))
    // Compiled from the plugin's folders (its floors) alone.
    const outside = files.filter(
      (file) =>
        file.startsWith('dist/') &&
        !/^dist\/(core|collections|endpoints|features|src)\//.test(file),
    )
    assert.deepEqual(outside, [])
    // No source, no host file (dev/: server, migrations, admin pages, its generated types).
    const strays = files.filter(
      (file) =>
        /^(core|collections|endpoints|features|src|dev|test|bench|scripts|data)\//.test(file) ||
        /(^|\/)(payload-types|payload\.config|next\.config|importMap|seed|server)\.|\/migrations\//.test(
          file,
        ) ||
        /\.ts$(?<!\.d\.ts)/.test(file),
    )
    assert.deepEqual(strays, [])
  })

  test('the app installed the plugin from the tarball, not from this repository', () => {
    const installed = JSON.parse(
      fs.readFileSync(
        path.join(appDir, 'node_modules', 'payload-events-calendar', 'package.json'),
        'utf8',
      ),
    )
    assert.equal(installed.version, ours.version)
    assert.ok(
      !fs.lstatSync(path.join(appDir, 'node_modules', 'payload-events-calendar')).isSymbolicLink(),
    )
  })

  test('the config builds in every one of 16 fresh Node processes (Lexical loaded core first: no unsettled top-level await)', async () => {
    const starts = Array.from(
      { length: 16 },
      () =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['drive.mjs', 'config', 'file::memory:'], {
            cwd: appDir,
            env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development' },
            stdio: 'ignore',
            timeout: 120_000,
          })
          child.on('exit', (code) => resolve(code))
        }),
    )
    const codes = await Promise.all(starts)
    // Before Lexical was loaded core first, about half of these exited with code 13, having printed
    // nothing.
    assert.deepEqual(
      codes.filter((code) => code !== 0),
      [],
    )
  })

  test("SQLite as Payload's template configures it (no transactions): index, /doc, create with an inline venue, a write refused half-way leaves nothing, archive, French, by-slug, rights, delete", () => {
    assert.match(
      drive('plain', `file:${path.join(scratch, 'plain.db')}`),
      /scenario plain: \d+ checks passed/,
    )
  })

  test('enabled: false keeps the collections and mounts no routes', () => {
    assert.match(
      drive('disabled', `file:${path.join(scratch, 'disabled.db')}`),
      /scenario disabled: \d+ checks passed/,
    )
  })

  test("renamed slugs and the app's own upload collection", () => {
    assert.match(
      drive('renamed', `file:${path.join(scratch, 'renamed.db')}`),
      /scenario renamed: \d+ checks passed/,
    )
  })

  test(
    "PostgreSQL as Payload's template configures it: the same as on SQLite",
    {
      skip: postgresUri ? false : NO_POSTGRES,
    },
    async () => {
      const uri = await freshPostgresDatabase(`foreign_app_${process.pid}`)
      assert.match(drive('plain', uri), /scenario plain: \d+ checks passed/)
    },
  )
})
