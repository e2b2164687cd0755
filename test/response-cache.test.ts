import http from 'node:http'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cacheKey, isCacheableQuery } from '../endpoints/cache/responses.js'
import { V1 } from './helpers.js'
import { freshDatabase, type TestDatabase } from './support/database.js'
import { startServerProcess, type ServerProcess } from './support/serverProcess.js'

/**
 * The server's response cache (issue #16 item 5), through HTTP, with two server processes on one
 * database (a SQLite file, or PostgreSQL when the suite runs on it): what one process writes, the
 * other's very next read shows, though it answers repeated reads from its cache.
 */

let database: TestDatabase
let mediaDir: string
let first: ServerProcess
let second: ServerProcess
let token: string

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any; text: string }

/**
 * A request on a connection of its own (the processes close idle keep-alive connections after 5 s).
 */
function call(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const request = http.request(
      `${base}${route}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }
            : {}),
          ...(options.token ? { authorization: `JWT ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          let body: any = text
          try {
            body = text ? JSON.parse(text) : undefined
          } catch {
            // a calendar
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text })
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

beforeAll(async () => {
  database = await freshDatabase('response-cache')
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-cache-media-'))
  const env = {
    DATABASE_URI: database.uri,
    CAL_MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: 'response-cache-secret',
  }
  // One after the other: the first applies the migrations.
  first = await startServerProcess(env)
  second = await startServerProcess(env)
  const registered = await call(first.url, 'POST', '/api/users/first-register', {
    body: { email: 'cache@example.com', password: 'response-cache-password' },
  })
  expect(registered.status).toBe(200)
  const login = await call(first.url, 'POST', '/api/users/login', {
    body: { email: 'cache@example.com', password: 'response-cache-password' },
  })
  token = login.body.token
}, 180_000)

afterAll(async () => {
  for (const running of [first, second]) {
    running?.child.kill('SIGTERM')
    await running?.exited
  }
  await database?.drop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

const ARCHIVE = `${V1}/events?start_date=2030-01-01&end_date=2030-12-31`
const create = (base: string, title: string, day: string) =>
  call(base, 'POST', `${V1}/events`, {
    token,
    body: {
      title,
      start_date: `2030-${day} 10:00:00`,
      end_date: `2030-${day} 12:00:00`,
      timezone: 'UTC',
    },
  })

describe('two server processes on one database', () => {
  it('answers a repeated anonymous read from the cache, and shows the other process’s writes at the very next read', async () => {
    const created = await create(first.url, 'First concert', '03-01')
    expect(created.status).toBe(201)

    const cold = await call(second.url, 'GET', ARCHIVE)
    expect(cold.status).toBe(200)
    expect(cold.headers['x-cal-cache']).toBeUndefined()
    const warm = await call(second.url, 'GET', ARCHIVE)
    expect(warm.headers['x-cal-cache']).toBe('hit')
    expect(warm.text).toBe(cold.text)
    expect(warm.headers.etag).toBe(cold.headers.etag)
    expect(warm.headers['x-tec-total']).toBe('1')

    // A create in the first process: the second's next read has it, total included.
    await create(first.url, 'Second concert', '04-01')
    const afterCreate = await call(second.url, 'GET', ARCHIVE)
    expect(afterCreate.headers['x-cal-cache']).toBeUndefined()
    expect(afterCreate.body.events.map((event: { title: string }) => event.title)).toEqual([
      'First concert',
      'Second concert',
    ])
    expect(afterCreate.headers['x-tec-total']).toBe('2')
    expect((await call(second.url, 'GET', ARCHIVE)).headers['x-cal-cache']).toBe('hit')

    // An update, then a delete for good, in the first process.
    expect(
      (
        await call(first.url, 'PATCH', `${V1}/events/${created.body.id}`, {
          token,
          body: { title: 'Renamed concert' },
        })
      ).status,
    ).toBe(200)
    const single = await call(second.url, 'GET', `${V1}/events/${created.body.id}`)
    expect(single.body.title).toBe('Renamed concert')
    expect((await call(second.url, 'GET', ARCHIVE)).body.events[0].title).toBe('Renamed concert')
    expect(
      (await call(first.url, 'DELETE', `${V1}/events/${created.body.id}?force=true`, { token }))
        .status,
    ).toBe(200)
    const afterDelete = await call(second.url, 'GET', ARCHIVE)
    expect(afterDelete.body.events.map((event: { title: string }) => event.title)).toEqual([
      'Second concert',
    ])
    expect(afterDelete.headers['x-tec-total']).toBe('1')
    expect((await call(second.url, 'GET', `${V1}/events/${created.body.id}`)).status).toBe(404)
  }, 120_000)

  it('drops only what a change can affect: an event’s change keeps the venues list and other events', async () => {
    const kept = await create(first.url, 'Kept apart', '05-01')
    const changed = await create(first.url, 'Changed apart', '05-02')
    const venues = `${V1}/venues`
    const routes = [venues, `${V1}/events/${kept.body.id}`, `${V1}/events/${changed.body.id}`]
    for (const route of [...routes, ARCHIVE]) {
      expect((await call(second.url, 'GET', route)).status).toBe(200)
      expect((await call(second.url, 'GET', route)).headers['x-cal-cache']).toBe('hit')
    }
    const patched = await call(first.url, 'PATCH', `${V1}/events/${changed.body.id}`, {
      token,
      body: { title: 'Changed at last' },
    })
    expect(patched.status).toBe(200)
    // The other process: the venues list and the other event still come from its cache.
    expect((await call(second.url, 'GET', venues)).headers['x-cal-cache']).toBe('hit')
    expect((await call(second.url, 'GET', routes[1])).headers['x-cal-cache']).toBe('hit')
    const single = await call(second.url, 'GET', routes[2])
    expect(single.headers['x-cal-cache']).toBeUndefined()
    expect(single.body.title).toBe('Changed at last')
    const archive = await call(second.url, 'GET', ARCHIVE)
    expect(archive.headers['x-cal-cache']).toBeUndefined()
    expect(archive.text).toContain('Changed at last')
  }, 120_000)

  it('changes a feed’s ETag in one process after a write in the other', async () => {
    const feed = `/api/cal/ical/events.ics?start_date=2030-01-01&end_date=2030-12-31`
    const before = await call(second.url, 'GET', feed)
    expect(before.status).toBe(200)
    expect(
      (
        await call(second.url, 'GET', feed, {
          headers: { 'if-none-match': String(before.headers.etag) },
        })
      ).status,
    ).toBe(304)
    await create(first.url, 'Third concert', '05-01')
    const after = await call(second.url, 'GET', feed, {
      headers: { 'if-none-match': String(before.headers.etag) },
    })
    expect(after.status).toBe(200)
    expect(after.text).toContain('SUMMARY:Third concert')
  }, 60_000)

  it('keeps only what any anonymous caller gets: no hits for authenticated or password reads, nor for dates given as words', async () => {
    for (const [route, options] of [
      [ARCHIVE, { token }],
      [`${ARCHIVE}&password=x`, {}],
      [`${V1}/events?start_date=now&end_date=%2B5%20years`, {}],
    ] as const) {
      await call(second.url, 'GET', route, options)
      const again = await call(second.url, 'GET', route, options)
      expect(again.status).toBe(200)
      expect([route, again.headers['x-cal-cache']]).toEqual([route, undefined])
    }
  }, 60_000)

  it('ends entries when a scheduled event comes due, with no write', async () => {
    // Time enough for the create and two reads before it comes due, on a loaded machine too.
    const dueAt = new Date(Date.now() + 6000)
    const scheduled = await call(first.url, 'POST', `${V1}/events`, {
      token,
      body: {
        title: 'Scheduled concert',
        start_date: '2030-06-01 10:00:00',
        end_date: '2030-06-01 12:00:00',
        timezone: 'UTC',
        status: 'publish',
        date_utc: dueAt.toISOString().slice(0, 19).replace('T', ' '),
      },
    })
    expect(scheduled.status).toBe(201)
    expect(scheduled.body.status).toBe('future')
    await call(second.url, 'GET', ARCHIVE)
    const before = await call(second.url, 'GET', ARCHIVE)
    expect(before.headers['x-cal-cache']).toBe('hit')
    expect(before.text).not.toContain('Scheduled concert')
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now() + 1000))
    const after = await call(second.url, 'GET', ARCHIVE)
    expect(after.headers['x-cal-cache']).toBeUndefined()
    expect(after.text).toContain('Scheduled concert')
  }, 60_000)
})

describe('answers before Payload’s request handling (the host’s cachedReads)', () => {
  const SHARED = [
    'etag',
    'cache-control',
    'vary',
    'content-type',
    'content-language',
    'x-tec-total',
    'x-tec-totalpages',
    'access-control-allow-methods',
    'access-control-allow-headers',
  ]
  const pick = (headers: http.IncomingHttpHeaders) =>
    Object.fromEntries(SHARED.map((name) => [name, headers[name]]))
  const route = `${V1}/events?start_date=2031-01-01&end_date=2031-12-31&per_page=5`

  it('answers a repeated anonymous read, its HEAD and its 304 early, with the bytes and headers Payload’s path gave', async () => {
    expect((await create(first.url, 'Early concert', '03-02')).status).toBe(201)
    const year = `${V1}/events?start_date=2030-01-01&end_date=2030-12-31&per_page=5`
    const made = await call(second.url, 'GET', year)
    expect(made.status).toBe(200)
    expect(made.headers['x-cal-early']).toBeUndefined()
    const early = await call(second.url, 'GET', year)
    expect(early.headers['x-cal-early']).toBe('1')
    expect(early.headers['x-cal-cache']).toBe('hit')
    expect(early.text).toBe(made.text)
    expect(pick(early.headers)).toEqual(pick(made.headers))
    expect(early.headers['cache-control']).toBe('public, max-age=60')
    expect(early.headers.vary).toBe('Authorization, Cookie')

    const head = await call(second.url, 'HEAD', year)
    expect([head.status, head.headers['x-cal-early'], head.text]).toEqual([200, '1', ''])
    expect(pick(head.headers)).toEqual(pick(made.headers))

    const revalidated = await call(second.url, 'GET', year, {
      headers: { 'if-none-match': String(made.headers.etag) },
    })
    expect([revalidated.status, revalidated.headers['x-cal-early'], revalidated.text]).toEqual([
      304,
      '1',
      '',
    ])
    expect(revalidated.headers.etag).toBe(made.headers.etag)
    expect(revalidated.headers['content-type']).toBeUndefined()

    // The same read through a language root is another entry, in its own language.
    const french = `/fr${year}`
    await call(second.url, 'GET', french)
    const frenchEarly = await call(second.url, 'GET', french)
    expect([frenchEarly.headers['x-cal-early'], frenchEarly.headers['content-language']]).toEqual([
      '1',
      'fr',
    ])
    expect(frenchEarly.body.rest_url).toContain('/fr/api/')
  }, 60_000)

  it('never answers a caller with credentials early: a token, a bad token, a session cookie', async () => {
    await call(second.url, 'GET', route)
    expect((await call(second.url, 'GET', route)).headers['x-cal-early']).toBe('1')
    const withToken = await call(second.url, 'GET', route, { token })
    expect(withToken.status).toBe(200)
    expect(withToken.headers['x-cal-early']).toBeUndefined()
    expect(withToken.headers['cache-control']).toBe('private, no-store')
    const badToken = await call(second.url, 'GET', route, {
      headers: { authorization: 'JWT not-a-token' },
    })
    expect([badToken.status, badToken.headers['x-cal-early']]).toEqual([401, undefined])
    const apiKey = await call(second.url, 'GET', route, {
      headers: { authorization: 'users API-Key not-a-key' },
    })
    expect([apiKey.status, apiKey.headers['x-cal-early']]).toEqual([401, undefined])
    const cookie = await call(second.url, 'GET', route, {
      headers: { cookie: `theme=dark; payload-token=${token}` },
    })
    expect([cookie.status, cookie.headers['x-cal-early'], cookie.headers['cache-control']]).toEqual(
      [200, undefined, 'private, no-store'],
    )
    // Other cookies leave a caller anonymous.
    expect(
      (await call(second.url, 'GET', route, { headers: { cookie: 'theme=dark' } })).headers[
        'x-cal-early'
      ],
    ).toBe('1')
  }, 60_000)

  it('never answers a password unlock from the locked entry', async () => {
    const locked = await create(first.url, 'Locked concert', '07-01')
    expect(
      (
        await call(first.url, 'PATCH', `/api/events/${locked.body.id}`, {
          token,
          body: { description: 'Secret setlist', password: 'letmein' },
        })
      ).status,
    ).toBe(200)
    // The archive lists a locked event with no content; its password (a parameter) unlocks it.
    const day = `${V1}/events?start_date=2030-07-01&end_date=2030-07-01`
    const lockedMade = await call(second.url, 'GET', day)
    expect([lockedMade.status, lockedMade.body.events[0]?.title]).toEqual([200, 'Locked concert'])
    const lockedEarly = await call(second.url, 'GET', day)
    expect(lockedEarly.headers['x-cal-early']).toBe('1')
    expect(lockedEarly.text).not.toContain('Secret setlist')
    for (let i = 0; i < 2; i++) {
      const unlocked = await call(second.url, 'GET', `${day}&password=letmein`)
      expect([
        unlocked.status,
        unlocked.headers['x-cal-early'],
        unlocked.headers['cache-control'],
      ]).toEqual([200, undefined, 'private, no-store'])
      expect(unlocked.text).toContain('Secret setlist')
    }
    // The one event refuses without its password, and no refusal is kept.
    for (let i = 0; i < 2; i++)
      expect(
        (await call(second.url, 'GET', `${V1}/events/${locked.body.id}`)).headers['x-cal-early'],
      ).toBeUndefined()
  }, 60_000)

  it('sees a write of the other process at the very next read', async () => {
    await call(second.url, 'GET', route)
    const before = await call(second.url, 'GET', route)
    expect(before.headers['x-cal-early']).toBe('1')
    expect(before.headers['x-tec-total']).toBe('0')
    expect(
      (
        await call(first.url, 'POST', `${V1}/events`, {
          token,
          body: {
            title: 'New year concert',
            start_date: '2031-01-01 10:00:00',
            end_date: '2031-01-01 12:00:00',
            timezone: 'UTC',
          },
        })
      ).status,
    ).toBe(201)
    const after = await call(second.url, 'GET', route, {
      headers: { 'if-none-match': String(before.headers.etag) },
    })
    expect([after.status, after.headers['x-cal-early'], after.headers['x-tec-total']]).toEqual([
      200,
      undefined,
      '1',
    ])
    expect(after.body.events.map((event: { title: string }) => event.title)).toEqual([
      'New year concert',
    ])
  }, 60_000)

  it('answers a feed’s revalidation early from its kept validators, and the feed itself once it was sent whole', async () => {
    const feed = `/api/cal/ical/events.ics?start_date=2030-01-01&end_date=2030-12-31`
    // Its revalidation first: a 304 made by Payload's path starts no feed, and keeps the
    // validators.
    const tag = (await call(second.url, 'HEAD', feed)).headers.etag
    const first304 = await call(second.url, 'GET', feed, {
      headers: { 'if-none-match': String(tag) },
    })
    expect([first304.status, first304.headers['x-cal-early']]).toEqual([304, '1'])
    const made = await call(second.url, 'GET', feed)
    expect([made.status, made.headers['x-cal-early'], made.headers.etag]).toEqual([
      200,
      undefined,
      tag,
    ])
    const again = await call(second.url, 'GET', feed)
    expect([
      again.status,
      again.headers['x-cal-early'],
      again.headers['content-type'],
      again.headers.etag,
    ]).toEqual([200, '1', made.headers['content-type'], tag])
    expect(again.headers['content-disposition']).toBe(made.headers['content-disposition'])
    expect(again.text).toBe(made.text)
    expect(again.text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const revalidated = await call(second.url, 'GET', feed, {
      headers: { 'if-none-match': String(made.headers.etag) },
    })
    expect([revalidated.status, revalidated.headers['x-cal-early'], revalidated.text]).toEqual([
      304,
      '1',
      '',
    ])
    expect(revalidated.headers['last-modified']).toBe(made.headers['last-modified'])
    const bySince = await call(second.url, 'GET', feed, {
      headers: { 'if-modified-since': String(made.headers['last-modified']) },
    })
    expect([bySince.status, bySince.headers['x-cal-early']]).toEqual([304, '1'])
    const late = await create(first.url, 'Late concert', '11-01')
    expect(late.status).toBe(201)
    const changed = await call(second.url, 'GET', feed, {
      headers: { 'if-none-match': String(made.headers.etag) },
    })
    expect([changed.status, changed.headers['x-cal-early']]).toEqual([200, undefined])
    expect(changed.text).toContain('SUMMARY:Late concert')

    // One event's calendar is made whole, so it is kept whole.
    const one = `/api/cal/ical/events/${late.body.id}.ics`
    const oneMade = await call(second.url, 'GET', one)
    const oneEarly = await call(second.url, 'GET', one)
    expect([
      oneEarly.status,
      oneEarly.headers['x-cal-early'],
      oneEarly.headers['content-type'],
      oneEarly.headers['content-disposition'],
    ]).toEqual([200, '1', oneMade.headers['content-type'], oneMade.headers['content-disposition']])
    expect(oneEarly.text).toBe(oneMade.text)
    expect(oneEarly.text).toContain('SUMMARY:Late concert')
  }, 60_000)
})

describe('cache keys', () => {
  it('keys by origin, language segment, path and the query in any order', () => {
    const key = (query: string, language: string | null = null, origin = 'http://a') =>
      cacheKey(origin, language, '/api/cal/events/v1/events', new URLSearchParams(query))
    expect(key('a=1&b=2')).toBe(key('b=2&a=1'))
    expect(key('a=1&a=2')).toBe(key('a=2&a=1'))
    expect(key('a=1')).not.toBe(key('a=2'))
    expect(key('a=1', 'fr')).not.toBe(key('a=1'))
    expect(key('a=1', null, 'http://b')).not.toBe(key('a=1'))
  })

  it('keeps no query whose dates are words or relative', () => {
    expect(
      isCacheableQuery(
        new URLSearchParams('start_date=2030-01-01&end_date=2030-12-31 23:59:59&categories=jazz'),
      ),
    ).toBe(true)
    expect(isCacheableQuery(new URLSearchParams('starts_after=1893456000'))).toBe(true)
    for (const query of [
      'start_date=now',
      'end_date=%2B3%20weeks',
      'starts_before=tomorrow',
      'ends_after=next friday',
    ]) {
      expect([query, isCacheableQuery(new URLSearchParams(query))]).toEqual([query, false])
    }
  })
})
