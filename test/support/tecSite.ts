import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { PROJECT_ROOT } from '../../dev/paths.js'

/**
 * The recorded The Events Calendar site (test/fixtures/tec-site, see its README): responses of a
 * real site, copied into the repository as they were recorded.
 */
export const TEC_FIXTURES = path.resolve(PROJECT_ROOT, 'test', 'fixtures', 'tec-site')

export type Recorded = { request: string; headers: Record<string, string>; body: any }

export const readFixture = (name: string): Recorded =>
  JSON.parse(fs.readFileSync(path.join(TEC_FIXTURES, name), 'utf8'))

/** Every event of the archive as the administrator walks it (drafts and pending included). */
export function recordedEvents(authenticated = true): any[] {
  const prefix = authenticated ? 'events-all-statuses' : 'events'
  return fs
    .readdirSync(TEC_FIXTURES)
    .filter((name) => name.startsWith(`${prefix}.page-`))
    .sort()
    .flatMap((name) => readFixture(name).body.events)
}

export type TecSite = {
  /** The v1 root, as a WordPress site names it: …/wp-json/tribe/events/v1/ */
  root: string
  /**
   * Requests received, in order: path and query after the root, and whether they came with
   * credentials.
   */
  requests: { path: string; authorized: boolean }[]
  /** Changes a body before it is served (a changed event, a failing record). */
  transform: (file: string, body: any) => any
  /** Delay of each answer, to catch a run halfway. */
  delayMs: number
  /** Other files served at /files/<name> (images), with their type; a missing one is 404. */
  files: Map<string, { type: string; data: Buffer }>
  close: () => Promise<void>
}

/**
 * Serves the recorded files at their `request` paths, body and headers as recorded: an archive by
 * its resource and `page` (the administrator's events archive when the request has credentials),
 * single records by id; anything else 404 as WordPress answers it.
 */
export async function startTecSite(): Promise<TecSite> {
  const files = fs.readdirSync(TEC_FIXTURES).filter((name) => name.endsWith('.json'))
  const site: TecSite = {
    root: '',
    requests: [],
    transform: (_file, body) => body,
    delayMs: 0,
    files: new Map(),
    close: async () => undefined,
  }
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (site.delayMs) await new Promise((resolve) => setTimeout(resolve, site.delayMs))
    if (url.pathname.startsWith('/files/')) {
      const served = site.files.get(url.pathname.slice('/files/'.length))
      res.writeHead(served ? 200 : 404, { 'content-type': served?.type ?? 'text/html' })
      res.end(served?.data ?? 'not found')
      return
    }
    const rest = url.pathname.replace(/^\/wp-json\/tribe\/events\/v1\//, '').replace(/\/$/, '')
    const authorized = Boolean(req.headers.authorization)
    site.requests.push({ path: rest + url.search, authorized })
    const page = url.searchParams.get('page') ?? '1'
    let file: string | undefined
    if (/^(events|venues|organizers)\/\d+$/.test(rest)) file = `${rest.replace('s/', '-')}.json`
    else if (rest === 'events')
      file = `${authorized ? 'events-all-statuses' : 'events'}.page-${page}.json`
    else if (['venues', 'organizers', 'categories', 'tags'].includes(rest))
      file = `${rest}.page-${page}.json`
    if (!file || !files.includes(file)) {
      res.writeHead(404, { 'content-type': 'application/json; charset=UTF-8' })
      res.end(
        JSON.stringify({
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        }),
      )
      return
    }
    const recorded = readFixture(file)
    const body = site.transform(file, structuredClone(recorded.body))
    res.writeHead(200, { ...recorded.headers, 'content-type': 'application/json; charset=UTF-8' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  site.root = `http://127.0.0.1:${port}/wp-json/tribe/events/v1/`
  site.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return site
}
