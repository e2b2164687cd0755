import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { PROJECT_ROOT } from '../dev/paths.js'
import {
  registerAdministrator,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.js'
import { runImportCli } from './support/importCli.js'
import { suiteDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * A round trip between two instances of our server: the seeded calendar of one (its own process
 * and SQLite file) exported through its v1 and imported into the other, in English then French.
 */

let server: TestServer
let admin: TestUser
let source: ServerProcess
let dir: string
const sqlite = suiteDatabase === 'sqlite'

beforeAll(async () => {
  if (!sqlite) return
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-source-'))
  const env = {
    DATABASE_URI: `file:${path.join(dir, 'source.db')}`,
    CAL_MEDIA_DIR: path.join(dir, 'media'),
    PAYLOAD_SECRET: 'source',
    LOG_LEVEL: 'warn',
  }
  execFileSync(process.execPath, ['--import', 'tsx', 'dev/seed.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  })
  source = await startServerProcess(env)
  server = await startTestServer()
  admin = await registerAdministrator(server)
}, 180_000)
afterAll(async () => {
  source?.child.kill('SIGTERM')
  await source?.exited
  await server?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const archive = async (base: string, token?: string) => {
  const response = await fetch(
    `${base}events?per_page=50&start_date=1900-01-01&end_date=2199-12-31`,
    { headers: token ? { authorization: `JWT ${token}` } : {} },
  )
  return (await response.json()).events as any[]
}

const comparable = (event: any) => ({
  title: event.title,
  description: event.description,
  excerpt: event.excerpt,
  slug: event.slug,
  status: event.status,
  date_utc: event.date_utc,
  all_day: event.all_day,
  start_date: event.start_date,
  end_date: event.end_date,
  utc_start_date: event.utc_start_date,
  utc_end_date: event.utc_end_date,
  timezone: event.timezone,
  cost: event.cost,
  cost_details: event.cost_details,
  website: event.website === event.url ? 'its own page' : event.website,
  show_map: event.show_map,
  show_map_link: event.show_map_link,
  hide_from_listings: event.hide_from_listings,
  sticky: event.sticky,
  featured: event.featured,
  categories: event.categories.map((t: any) => [t.name, t.slug, t.description]),
  tags: event.tags.map((t: any) => [t.name, t.slug, t.description]),
  venue: event.venue && {
    name: event.venue.venue,
    slug: event.venue.slug,
    address: event.venue.address,
    city: event.venue.city,
    zip: event.venue.zip,
    country: event.venue.country,
    geo_lat: event.venue.geo_lat,
    geo_lng: event.venue.geo_lng,
  },
  organizer: event.organizer.map((o: any) => ({
    name: o.organizer,
    slug: o.slug,
    email: o.email,
    phone: o.phone,
    website: o.website,
  })),
})

;(sqlite ? it : it.skip)(
  'exports through v1 and imports every field of every event, then the French texts',
  async () => {
    const from = `${source.url}/api/cal/events/v1/`
    const english = await runImportCli(['--from', from, '--quiet'], {
      DATABASE_URI: process.env.DATABASE_URI!,
    })
    expect(english.output).toMatch(/Import done/)
    expect(english.code).toBe(0)
    const ours = `${server.url}/api/cal/events/v1/`
    const theirs = await archive(from)
    expect(theirs).toHaveLength(12)
    expect((await archive(ours, admin.token)).map(comparable)).toEqual(theirs.map(comparable))

    const french = await runImportCli(
      ['--from', `${source.url}/fr/api/cal/events/v1/`, '--language', 'fr', '--quiet'],
      { DATABASE_URI: process.env.DATABASE_URI! },
    )
    expect(french.code).toBe(0)
    expect(french.output).toMatch(/events\s+12\s+0\s+12\s+0\s/)
    const frenchTheirs = await archive(`${source.url}/fr/api/cal/events/v1/`)
    const frenchOurs = await archive(`${server.url}/fr/api/cal/events/v1/`, admin.token)
    expect(frenchOurs.map((e) => [e.title, e.description, e.venue?.venue])).toEqual(
      frenchTheirs.map((e) => [e.title, e.description, e.venue?.venue]),
    )
    expect(frenchOurs[0].title).not.toBe((await archive(ours, admin.token))[0].title)
  },
  120_000,
)
