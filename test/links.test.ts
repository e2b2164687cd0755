/**
 * Every link an answer carries resolves (issue #37 items 3 and 5): against the real server, in
 * English, with `translation_language=fr` and `es`, and through the host's `/fr/api` root, the
 * index, `/doc`, each archive (two pages, so that next and previous links exist), a record of each
 * resource, a feed and a CSV export are read; every API link they carry (an absolute URL under an
 * API root) keeps the language in the form the request used, ends without a slash, and answers 200
 * without a redirect in that language. Links carry the request's public origin: its Host, never a
 * hostile one, `X-Forwarded-*` only when the app trusts its proxy, Payload's `serverURL` first.
 * And the plugin's health check.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { closeDatabase } from '../dev/database.js'
import { startTestServer, V1, type TestServer } from './helpers.js'
import { registerCast } from './support/callers.js'
import { freshDatabase, type TestDatabase } from './support/database.js'
import { writeGoldenCalendar, type GoldenIds } from './support/goldenCalendar.js'
import { closeRawAgent, sendRaw } from './support/rawHttp.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

let server: TestServer
let ids: GoldenIds

beforeAll(async () => {
  server = await startTestServer()
  ids = await writeGoldenCalendar(server, await registerCast(server))
}, 180_000)

afterAll(async () => {
  await server?.stop()
  closeRawAgent()
})

type LanguageForm = {
  name: string
  /** Where the request goes: Payload's API root or one of the host's language roots. */
  apiRoot: string
  /** The query every start request carries. */
  query: Record<string, string>
  lang: 'en' | 'fr' | 'es'
}

const FORMS: LanguageForm[] = [
  { name: 'English', apiRoot: '/api', query: {}, lang: 'en' },
  {
    name: 'translation_language=fr',
    apiRoot: '/api',
    query: { translation_language: 'fr' },
    lang: 'fr',
  },
  {
    name: 'translation_language=es',
    apiRoot: '/api',
    query: { translation_language: 'es' },
    lang: 'es',
  },
  { name: 'the /fr/api root', apiRoot: '/fr/api', query: {}, lang: 'fr' },
]

const withQuery = (route: string, form: LanguageForm, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ ...extra, ...form.query })
  return query.size ? `${route}?${query}` : route
}

/** What the start of a walk read: its address, status, language and body. */
type Read = {
  address: string
  status: number
  lang: string | null
  etag: string | null
  text: string
}

const read = async (address: string): Promise<Read> => {
  const response = await fetch(address, { redirect: 'manual' })
  return {
    address,
    status: response.status,
    lang: response.headers.get('content-language'),
    etag: response.headers.get('etag'),
    text: await response.text(),
  }
}

/**
 * A link read as `read` does; a password-protected record's link, whose address is right, read
 * again with its password.
 */
const readUnlocked = async (link: string): Promise<Read> => {
  const answer = await read(link)
  if (answer.status !== 403 || !/-password-protected$/.test(JSON.parse(answer.text).code))
    return answer
  return read(`${link}${link.includes('?') ? '&' : '?'}password=open%20sesame`)
}

/** An API root's path: `/api`, `/fr/api`, … followed by the calendar's roots. */
const API_LINK = /^(\/(en|fr|es))?\/api\/cal(\/|$)/

/**
 * The API links of an answer: in JSON, every string value that is an absolute URL on the server
 * under an API root, but `servers` of `/doc` (bases of paths, not resources: checked on their own)
 * and a record's links in each language (its `translations`: `translationLinks`, below); in text
 * (a feed, CSV), every such URL.
 */
function apiLinks(origin: string, text: string, lang?: string): string[] {
  const found: string[] = []
  const keep = (value: string) => {
    if (!value.startsWith(`${origin}/`)) return
    if (API_LINK.test(new URL(value).pathname)) found.push(value)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const [value] of text.matchAll(new RegExp(`${escaped}/[^\\s"<>,;\\\\]*`, 'g'))) keep(value)
    return found
  }
  const walk = (value: unknown): void => {
    if (typeof value === 'string') keep(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'translations' && lang) continue
        else if (key !== 'servers') walk(inner)
      }
  }
  walk(json)
  return found
}

/** The API links of the records' `translations` of an answer, by the language they lead to. */
function translationLinks(text: string): [string, string][] {
  const found: [string, string][] = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'translations' && inner && typeof inner === 'object')
          for (const [language, links] of Object.entries(inner)) {
            // Not /doc's schema of the key, which has the same name.
            const link = (links as { rest_url?: unknown }).rest_url
            if (typeof link === 'string') found.push([language, link])
          }
        else walk(inner)
      }
  }
  try {
    walk(JSON.parse(text))
  } catch {
    // A feed or CSV: no records' translations.
  }
  return found
}

/** The start addresses of a walk in one language form: the index, /doc, archives, records. */
async function startsOf(form: LanguageForm): Promise<string[]> {
  const v1 = `${server.url}${form.apiRoot}/cal/events/v1`
  // The calendar's events are in 2030, past the default window.
  const window = (name: string): Record<string, string> =>
    name === 'events' ? { start_date: '2030-01-01' } : {}
  const archives = ['events', 'venues', 'organizers', 'categories', 'tags'].flatMap((name) => [
    withQuery(`${v1}/${name}`, form, { per_page: '2', ...window(name) }),
    withQuery(`${v1}/${name}`, form, { per_page: '2', page: '2', ...window(name) }),
  ])
  // A date of the recurring series, which links to its series.
  const dates = await server.request('GET', `${V1}/events?per_page=50&start_date=2030-09-01`)
  const date = (dates.body.events as { id: number; series?: unknown }[]).find(
    (event) => event.series,
  )
  expect(date).toBeDefined()
  return [
    withQuery(`${server.url}${form.apiRoot}/cal`, form),
    withQuery(v1, form),
    withQuery(`${v1}/doc`, form),
    ...archives,
    withQuery(`${v1}/events/${date!.id}`, form),
    withQuery(`${v1}/events/${ids.events.concert}`, form),
    withQuery(`${v1}/venues/${ids.venues.lyon}`, form),
    withQuery(`${v1}/organizers/${ids.organizers.alpha}`, form),
    withQuery(`${v1}/categories/${ids.categories.bebop}`, form),
    withQuery(`${v1}/tags/${ids.tags.outdoor}`, form),
    withQuery(`${server.url}${form.apiRoot}/cal/ical/events.ics`, form),
    withQuery(`${server.url}${form.apiRoot}/cal/csv/events.csv`, form),
  ]
}

describe.each(FORMS)('every API link resolves, in $name', (form) => {
  let starts: Read[]
  let links: string[]

  beforeAll(async () => {
    starts = []
    for (const address of await startsOf(form)) starts.push(await read(address))
    links = [...new Set(starts.flatMap((start) => apiLinks(server.url, start.text, form.lang)))]
  }, 60_000)

  test('each page read answers 200 in the language asked, and archives have two pages', () => {
    for (const start of starts)
      expect([start.address, start.status, start.lang]).toEqual([start.address, 200, form.lang])
    const firstPages = starts.filter(
      (start) => start.address.includes('per_page=2') && !/[?&]page=2/.test(start.address),
    )
    expect(firstPages).toHaveLength(5)
    for (const start of firstPages)
      expect([start.address, JSON.parse(start.text).next_rest_url]).toEqual([
        start.address,
        expect.any(String),
      ])
  })

  test('links keep the language in the form the request used, and end without a slash', () => {
    expect(links.length).toBeGreaterThan(30)
    for (const link of links) {
      const url = new URL(link)
      const problems = []
      if (url.pathname.endsWith('/')) problems.push('trailing slash')
      if (form.apiRoot === '/api') {
        if (!url.pathname.startsWith('/api/')) problems.push('a language segment')
        const carried = url.searchParams.get('translation_language')
        if (form.lang === 'en' ? carried !== null : carried !== form.lang)
          problems.push(`translation_language=${carried}`)
      } else {
        if (!url.pathname.startsWith(`${form.apiRoot}/`)) problems.push('no language segment')
        if (url.searchParams.has('translation_language')) problems.push('translation_language')
      }
      expect([link, problems]).toEqual([link, []])
    }
  })

  test('each link answers 200 without a redirect, in the language asked', async () => {
    for (const link of links) {
      const answer = await readUnlocked(link)
      expect([link, answer.status, answer.lang]).toEqual([link, 200, form.lang])
    }
  }, 120_000)

  test('a record’s links in each language (`translations`) keep the request’s form and answer in that language as the record’s own does', async () => {
    const languageOf = new Map<string, string>()
    for (const start of starts)
      for (const [language, link] of translationLinks(start.text)) languageOf.set(link, language)
    expect(languageOf.size).toBeGreaterThan(10)
    // A record, whatever the language of its address.
    const recordOf = (link: string) => new URL(link).pathname.replace(/^\/(fr|es)\/api\//, '/api/')
    const ownStatus = new Map<string, number>()
    for (const [link, language] of languageOf)
      if (language === form.lang) ownStatus.set(recordOf(link), (await readUnlocked(link)).status)
    for (const [link, language] of languageOf) {
      const url = new URL(link)
      const inForm =
        form.apiRoot === '/api'
          ? url.pathname.startsWith('/api/') &&
            url.searchParams.get('translation_language') === (language === 'en' ? null : language)
          : url.pathname.startsWith(language === 'en' ? '/api/' : `/${language}/api/`)
      const answer = await readUnlocked(link)
      // A record embedded in another (a draft organizer of an event) may be one the caller cannot
      // read on its own: then it answers in no language, as at its address in the request's.
      const expected = ownStatus.get(recordOf(link)) ?? 200
      expect([link, inForm, answer.status, expected === 200 ? answer.lang : null]).toEqual([
        link,
        true,
        expected,
        expected === 200 ? language : null,
      ])
    }
  }, 120_000)

  test("/doc's servers, the index's way up and the calendar root's links are under the request's root", () => {
    const api = `${server.url}${form.apiRoot}`
    const [root, index, doc] = starts.slice(0, 3).map((start) => JSON.parse(start.text)) as [
      { routes: Record<string, { _links: { self: { href: string }[] } }> },
      { _links: { up: { href: string }[] } },
      {
        servers: { url: string }[]
        paths: Record<string, { servers?: { url: string }[] }>
      },
    ]
    expect(doc.servers).toEqual([{ url: `${api}/cal/events/v1` }])
    expect(doc.paths['/events.ics'].servers).toEqual([{ url: `${api}/cal/ical` }])
    expect(doc.paths['/events.csv'].servers).toEqual([{ url: `${api}/cal/csv` }])
    expect(index._links.up).toEqual([{ href: withQuery(`${api}/cal`, form) }])
    expect(root.routes['/cal/events/v1']._links.self).toEqual([
      { href: withQuery(`${api}/cal/events/v1`, form) },
    ])
  })
})

/** A v1 read sent with these headers (node:http, so that any Host goes as written). */
async function readWith(base: string, route: string, headers: Record<string, string>) {
  const answer = await sendRaw(base, { method: 'GET', path: route, headers })
  expect(answer.status).toBe(200)
  return { body: JSON.parse(answer.text), headers: answer.headers }
}

const ARCHIVE = `${V1}/events?per_page=2&start_date=2030-01-01`
/** Where the links of an answer lead: their origin, all the same. */
const originsOf = (...links: string[]) => [...new Set(links.map((link) => new URL(link).origin))]

describe("links carry the request's public origin", () => {
  test('a Host names the origin of API links and of record pages, early answers included', async () => {
    for (let time = 0; time < 2; time++) {
      const { body } = await readWith(server.url, ARCHIVE, { host: 'example.test:8080' })
      expect(originsOf(body.rest_url, body.next_rest_url, body.events[0].rest_url)).toEqual([
        'http://example.test:8080',
      ])
      expect(body.events[0].url).toMatch(/^http:\/\/example\.test:8080\/event\//)
    }
    const index = await readWith(server.url, V1, { host: 'example.test:8080' })
    expect(index.body._links.up).toEqual([{ href: 'http://example.test:8080/api/cal' }])
  })

  test('two Hosts never share an answer (the response cache and the early answers)', async () => {
    const early: unknown[] = []
    for (const host of ['one.test', 'two.test', 'one.test', 'two.test']) {
      const { body, headers } = await readWith(server.url, ARCHIVE, { host })
      expect(originsOf(body.rest_url)).toEqual([`http://${host}`])
      early.push(headers['x-cal-early'])
    }
    // Each Host's second read is answered from its own entry, before Payload.
    expect(early).toEqual([undefined, undefined, '1', '1'])
  })

  test("a hostile Host falls back to the server's own address", async () => {
    for (const host of ['evil.com/x', 'a b', '', 'evil.com:99999', 'user@evil.com']) {
      const { body } = await readWith(server.url, ARCHIVE, { host })
      expect([host, originsOf(body.rest_url)]).toEqual([host, [server.url]])
    }
  })

  test('a CSV export, whose rows carry API links, has a validator of its own per form of links', async () => {
    // The same language and query: through the language root, then not.
    const query = 'start_date=2030-01-01&translation_language=fr'
    const etags = []
    for (const [root, link] of [
      ['/fr/api', `${server.url}/fr/api/cal/events/v1/events/`],
      ['/api', `${server.url}/api/cal/events/v1/events/`],
    ]) {
      const answer = await read(`${server.url}${root}/cal/csv/events.csv?${query}`)
      expect([root, answer.status, answer.text.includes(link)]).toEqual([root, 200, true])
      etags.push(answer.etag)
    }
    expect(new Set(etags).size).toBe(2)
  })

  test('X-Forwarded-Host and -Proto are ignored unless the app trusts its proxy', async () => {
    const { body } = await readWith(server.url, ARCHIVE, {
      host: 'example.test',
      'x-forwarded-host': 'proxy.test',
      'x-forwarded-proto': 'https',
    })
    expect(originsOf(body.rest_url)).toEqual([`http://example.test`])
  })

  describe('in apps that say otherwise', () => {
    let database: TestDatabase
    let mediaDir: string
    const running: ServerProcess[] = []
    const start = async (env: Record<string, string>) => {
      const started = await startServerProcess({
        DATABASE_URI: database.uri,
        CAL_MEDIA_DIR: mediaDir,
        PAYLOAD_SECRET: 'links-secret',
        ...env,
      })
      running.push(started)
      return started.url
    }

    beforeAll(async () => {
      database = await freshDatabase('links')
      mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-links-media-'))
    })

    afterAll(async () => {
      for (const child of running) {
        child.child.kill('SIGTERM')
        await child.exited
      }
      await database?.drop()
      fs.rmSync(mediaDir, { recursive: true, force: true })
    })

    test('trustProxy: X-Forwarded-Host and -Proto name the origin, a hostile one is not believed', async () => {
      const url = await start({ CAL_TRUST_PROXY: 'true' })
      for (let time = 0; time < 2; time++) {
        const { body } = await readWith(url, ARCHIVE, {
          host: 'internal:3000',
          'x-forwarded-host': 'proxy.test, internal',
          'x-forwarded-proto': 'https',
        })
        expect(originsOf(body.rest_url)).toEqual([`https://proxy.test`])
      }
      const hostile = await readWith(url, ARCHIVE, {
        host: 'internal:3000',
        'x-forwarded-host': 'evil.com/x',
      })
      expect(originsOf(hostile.body.rest_url)).toEqual(['http://internal:3000'])
    }, 90_000)

    test("Payload's serverURL wins over Host and X-Forwarded-*", async () => {
      const url = await start({ CAL_SITE_URL: 'https://calendar.example', CAL_TRUST_PROXY: 'true' })
      const { body } = await readWith(url, ARCHIVE, {
        host: 'example.test',
        'x-forwarded-host': 'proxy.test',
      })
      expect(originsOf(body.rest_url)).toEqual([`https://calendar.example`])
    }, 90_000)
  })
})

describe("the calendar's root (/api/cal)", () => {
  test('names the namespaces, for anyone; HEAD alike; other methods 405', async () => {
    const root = await server.request('GET', '/api/cal')
    expect(root.status).toBe(200)
    expect(root.body.namespaces).toEqual([
      'cal/events/v1',
      'cal/ical',
      'cal/csv',
      'cal/fullcalendar',
      'cal/translations',
      'cal/batch/v1',
    ])
    expect(root.body._links.help).toEqual([{ href: `${server.url}/api/cal/events/v1/doc` }])
    const french = await server.request('GET', '/api/cal?translation_language=fr')
    expect(french.headers.get('content-language')).toBe('fr')
    expect(french.body.routes['/cal/events/v1']._links.self).toEqual([
      { href: `${server.url}/api/cal/events/v1?translation_language=fr` },
    ])
    const head = await fetch(`${server.url}/api/cal`, { method: 'HEAD' })
    expect([head.status, await head.text()]).toEqual([200, ''])
    const post = await fetch(`${server.url}/api/cal`, { method: 'POST' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })
})

describe('the health check of the plugin (/api/cal/health)', () => {
  test('answers 200 with the database up, for anyone, never kept by a cache; HEAD alike', async () => {
    const callers: Record<string, string>[] = [{}, { authorization: 'JWT not-a-token' }]
    for (const headers of callers) {
      const response = await fetch(`${server.url}/api/cal/health`, { headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual({ status: 'ok', database: 'up' })
    }
    const head = await fetch(`${server.url}/api/cal/health`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    // Other methods: the namespace's 405, with what is allowed.
    const post = await fetch(`${server.url}/api/cal/health`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect((await post.json()).code).toBe('rest_no_route')
    // The host's own check answers the same.
    const host = await fetch(`${server.url}/api/health`)
    expect(host.headers.get('cache-control')).toBe('no-store')
    expect([host.status, await host.json()]).toEqual([200, { status: 'ok', database: 'up' }])
  })

  // Last: the database of this file's server is gone afterwards.
  test('answers 503 with the database down, as does the host’s /api/health', async () => {
    await closeConnection(server)
    for (const route of ['/api/cal/health', '/api/health']) {
      const response = await fetch(`${server.url}${route}`)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect([route, response.status, await response.json()]).toEqual([
        route,
        503,
        { status: 'error', database: 'down' },
      ])
    }
  })
})

/**
 * The server's database connection closed under it: its PostgreSQL pool ended (as the server's own
 * close does it, clients in use included), its SQLite client closed.
 */
async function closeConnection(running: TestServer) {
  const db = running.payload.db
  if (db.name === 'postgres') await closeDatabase(db)
  else (db as unknown as { client: { close: () => void } }).client.close()
}
