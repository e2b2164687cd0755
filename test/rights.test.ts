import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { DEFAULTS } from '../core/defaults.js'
import { RUN_HERE } from '../features/import/collections.js'
import { startTestServer, V1, type TestServer } from './helpers.js'

const ICS = '/api/cal/ical'
const CSV = '/api/cal/csv'
const FULLCALENDAR = '/api/cal/fullcalendar/events'
import { registerCast, ROLES, type Cast, type Caller, type RoleName } from './support/callers.js'

/**
 * The rights matrix of docs/v1-reference.md §3 as amended by docs/v1-differences.md §4, over every
 * v1 write route and Payload's REST routes for the same collections, for anonymous callers and each
 * role by token and by API key. Expected statuses come from the tables below, written from the
 * contract, not from the access code. Each case works on a fresh record; a refused request must
 * also leave the record as it was and show nothing of it, and no answer to someone below editor
 * carries a record password.
 */

let server: TestServer
let cast: Cast
const PASSWORD = 'rights-matrix-password-4711'

beforeAll(async () => {
  server = await startTestServer()
  cast = await registerCast(server)
})
afterAll(async () => {
  await server?.stop()
})

const RANK: Record<RoleName, number> = {
  subscriber: 0,
  contributor: 1,
  author: 2,
  editor: 3,
  administrator: 4,
}
const rankOf = (caller: Caller) => (caller.role ? RANK[caller.role] : -1)
const callers = () => cast.callers.filter((caller) => !caller.invalid)
const CALLER_NAMES = [
  'anonymous',
  ...ROLES.flatMap((role) => [`${role} (token)`, `${role} (API key)`]),
]
const callerNamed = (name: string) => callers().find((caller) => caller.name === name)!
/**
 * The callers of the three largest matrices (writes of posts, of a series' dates, reads of records
 * that are not public): anonymous and each role by its token. An API key authenticates as its
 * user; the other matrices run with both, and running these with both doubled the file's time.
 */
const MATRIX_CALLER_NAMES = CALLER_NAMES.filter((name) => !name.endsWith('(API key)'))

type Ownership = 'own' | 'other'
type PostType = {
  collection: 'events' | 'venues' | 'organizers'
  route: string
  nameArg: string
  nameField: string
}
const POST_TYPES: PostType[] = [
  { collection: 'events', route: 'events', nameArg: 'title', nameField: 'title' },
  { collection: 'venues', route: 'venues', nameArg: 'venue', nameField: 'name' },
  { collection: 'organizers', route: 'organizers', nameArg: 'organizer', nameField: 'name' },
]
type Taxonomy = { collection: 'event-categories' | 'event-tags'; route: string; manageRank: number }
const TAXONOMIES: Taxonomy[] = [
  { collection: 'event-categories', route: 'categories', manageRank: RANK.author },
  { collection: 'event-tags', route: 'tags', manageRank: RANK.editor },
]

let counter = 0
const unique = (what: string) => `${what}-${++counter}-${Math.random().toString(36).slice(2, 8)}`

/**
 * A record made past access, owned by the caller (`own`) or by someone else, with a marker in its
 * text and a password.
 */
async function fresh(
  type: PostType,
  caller: Caller,
  ownership: Ownership,
  status: string,
  extra: Record<string, unknown> = {},
) {
  const marker = unique('marker')
  const owner =
    ownership === 'own' && caller.user
      ? caller.user.id
      : caller.role === 'author'
        ? cast.users.editor.id
        : cast.users.author.id
  const dates =
    type.collection === 'events'
      ? { startDate: '2031-03-01T10:00:00.000Z', endDate: '2031-03-01T12:00:00.000Z' }
      : {}
  const doc = await server.payload.create({
    collection: type.collection,
    data: {
      [type.nameField]: `Name ${marker}`,
      description: `About ${marker}`,
      slug: unique(type.route),
      status,
      author: owner,
      password: PASSWORD,
      ...dates,
      ...extra,
    } as never,
    overrideAccess: true,
  })
  return { id: doc.id as number, slug: (doc as unknown as { slug: string }).slug, marker }
}

const stored = (collection: string, id: number) =>
  server.payload
    .find({
      collection: collection as 'events',
      where: { id: { equals: id } },
      trash: true,
      locale: 'all',
      depth: 0,
      overrideAccess: true,
    })
    .then(({ docs }) => docs[0] ?? null)

/**
 * Whether a role may change (update, or move to the trash) a record (docs/v1-reference.md §3.1,
 * §3.2).
 */
function mayChange(caller: Caller, ownership: Ownership, status: string): boolean {
  const rank = rankOf(caller)
  if (rank >= RANK.editor) return true
  if (rank === RANK.author) return ownership === 'own'
  if (rank === RANK.contributor) return ownership === 'own' && ['draft', 'pending'].includes(status)
  return false
}

/**
 * The records a write case works on: statuses, and a draft in the trash, which only editors may
 * change.
 */
const STATES = ['draft', 'pending', 'publish', 'trashed'] as const
type State = (typeof STATES)[number]
const freshIn = (type: PostType, caller: Caller, ownership: Ownership, state: State) =>
  state === 'trashed'
    ? fresh(type, caller, ownership, 'draft', { deletedAt: new Date().toISOString() })
    : fresh(type, caller, ownership, state)
const mayUpdate = (caller: Caller, ownership: Ownership, state: State) =>
  state === 'trashed' ? rankOf(caller) >= RANK.editor : mayChange(caller, ownership, state)
/**
 * Moving to the trash: 200, or 410 when it is there already, for those who may
 * (docs/v1-differences.md §5).
 */
const trashOutcome = (caller: Caller, ownership: Ownership, state: State) =>
  mayChange(caller, ownership, state === 'trashed' ? 'draft' : state)
    ? state === 'trashed'
      ? 410
      : 200
    : denied(caller)

const denied = (caller: Caller) => (caller.role ? 403 : 401)

type Call = { method: string; path: string; body?: unknown }
type Mismatch = string

async function send(caller: Caller, call: Call) {
  return server.request(call.method, call.path, { headers: caller.headers, body: call.body })
}

/**
 * Sends a call and notes a mismatch: status, code of a refusal, a refused call that showed the
 * record or changed it, a password shown.
 */
async function expectCall(
  mismatches: Mismatch[],
  caller: Caller,
  label: string,
  call: Call,
  expected: number,
  record?: { collection: string; id: number; marker: string },
) {
  const refusal = expected === 401 || expected === 403
  const before = record && refusal && JSON.stringify(await stored(record.collection, record.id))
  const response = await send(caller, call)
  const text = JSON.stringify(response.body ?? '')
  if (response.status !== expected)
    mismatches.push(`${label}: expected ${expected}, got ${response.status} ${text.slice(0, 160)}`)
  if (refusal) {
    if (call.path.startsWith(V1) && response.body?.code !== 'rest_forbidden')
      mismatches.push(`${label}: refused with code ${response.body?.code}, not rest_forbidden`)
    if (record && text.includes(record.marker))
      mismatches.push(`${label}: the refusal shows the record`)
    if (record && JSON.stringify(await stored(record.collection, record.id)) !== before)
      mismatches.push(`${label}: the refused call changed the record`)
  }
  if (text.includes(PASSWORD) && (rankOf(caller) < RANK.editor || call.path.startsWith(V1)))
    mismatches.push(`${label}: the answer shows a record password`)
  return response
}

describe('v1 writes of events, venues and organizers', () => {
  it.each(MATRIX_CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const mismatches: Mismatch[] = []
    for (const type of POST_TYPES) {
      const base = `${V1}/${type.route}`
      const valid =
        type.collection === 'events'
          ? {
              title: unique('New'),
              start_date: '2031-01-01 10:00:00',
              end_date: '2031-01-01 12:00:00',
              event_status: 'postponed',
              event_status_reason: 'Rights',
              attendance_mode: 'mixed',
              online_url: 'https://stream.example/rights',
              is_virtual: true,
              virtual_url: 'https://stream.example/pro',
            }
          : { [type.nameArg]: unique('New') }
      // Create: contributors and above; refusals come before validation (an empty body).
      await expectCall(
        mismatches,
        caller,
        `POST /${type.route}`,
        { method: 'POST', path: base, body: valid },
        rankOf(caller) >= RANK.contributor ? 201 : denied(caller),
      )
      if (rankOf(caller) < RANK.contributor)
        await expectCall(
          mismatches,
          caller,
          `POST /${type.route} (invalid)`,
          { method: 'POST', path: base, body: {} },
          denied(caller),
        )

      const ownerships: Ownership[] =
        caller.user && rankOf(caller) < RANK.editor ? ['own', 'other'] : ['other']
      for (const ownership of ownerships) {
        for (const state of STATES) {
          const allowed = mayUpdate(caller, ownership, state)
          const what = `${type.route} (${ownership} ${state})`
          let record = await freshIn(type, caller, ownership, state)
          const target = () => ({ collection: type.collection, ...record })
          for (const method of ['POST', 'PUT', 'PATCH']) {
            await expectCall(
              mismatches,
              caller,
              `${method} /${what}/{id}`,
              { method, path: `${base}/${record.id}`, body: { [type.nameArg]: unique('Renamed') } },
              allowed ? 200 : denied(caller),
              target(),
            )
          }
          // Refused before validation: an invalid name does not change the refusal.
          await expectCall(
            mismatches,
            caller,
            `PATCH /${what}/{id} (invalid)`,
            { method: 'PATCH', path: `${base}/${record.id}`, body: { [type.nameArg]: '' } },
            allowed ? 400 : denied(caller),
            target(),
          )
          await expectCall(
            mismatches,
            caller,
            `PATCH /${what}/by-slug`,
            {
              method: 'PATCH',
              path: `${base}/by-slug/${record.slug}`,
              body: { [type.nameArg]: unique('Renamed') },
            },
            allowed ? 200 : denied(caller),
            target(),
          )
          await expectCall(
            mismatches,
            caller,
            `DELETE /${what}/{id}`,
            { method: 'DELETE', path: `${base}/${record.id}` },
            trashOutcome(caller, ownership, state),
            target(),
          )
          record = await freshIn(type, caller, ownership, state)
          await expectCall(
            mismatches,
            caller,
            `DELETE /${what}/by-slug`,
            { method: 'DELETE', path: `${base}/by-slug/${record.slug}` },
            trashOutcome(caller, ownership, state),
            target(),
          )
          // For good, from the trash too (docs/v1-differences.md §9): editors only.
          const forceAllowed = rankOf(caller) >= RANK.editor
          await expectCall(
            mismatches,
            caller,
            `DELETE /${what}/{id}?force=true`,
            { method: 'DELETE', path: `${base}/${record.id}?force=true` },
            forceAllowed ? 200 : denied(caller),
            target(),
          )
          if (forceAllowed && (await stored(type.collection, record.id)))
            mismatches.push(`force delete of ${what}: the record is still there`)
        }
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe('v1 writes of the dates of a recurring series (apply_to)', () => {
  it.each(MATRIX_CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const mismatches: Mismatch[] = []
    const events = POST_TYPES[0]
    const ownerships: Ownership[] =
      caller.user && rankOf(caller) < RANK.editor ? ['own', 'other'] : ['other']
    for (const ownership of ownerships) {
      for (const state of ['draft', 'publish'] as const) {
        const series = await fresh(events, caller, ownership, state, {
          recurrence: { rules: ['FREQ=DAILY;COUNT=4'] },
        })
        const dates = await server.payload.find({
          collection: 'events',
          where: { series: { equals: series.id } },
          sort: 'startDate',
          depth: 0,
          overrideAccess: true,
        })
        const allowed = mayUpdate(caller, ownership, state)
        const what = `date of a series (${ownership} ${state})`
        for (const [index, applyTo] of (['this', 'following', 'all'] as const).entries()) {
          const date = dates.docs[index]
          await expectCall(
            mismatches,
            caller,
            `PATCH /events/${what} apply_to=${applyTo}`,
            {
              method: 'PATCH',
              path: `${V1}/events/${date.id}`,
              body: { title: unique('Renamed'), apply_to: applyTo },
            },
            allowed ? 200 : denied(caller),
            { collection: 'events', id: series.id, marker: series.marker },
          )
        }
        const last = dates.docs[3]
        await expectCall(
          mismatches,
          caller,
          `DELETE /events/${what} apply_to=all`,
          { method: 'DELETE', path: `${V1}/events/${last.id}?apply_to=all` },
          trashOutcome(caller, ownership, state),
          { collection: 'events', id: series.id, marker: series.marker },
        )
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe('v1 writes of categories and tags', () => {
  it.each(CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const mismatches: Mismatch[] = []
    for (const taxonomy of TAXONOMIES) {
      const allowed = rankOf(caller) >= taxonomy.manageRank
      const expected = (ok: number) => (allowed ? ok : denied(caller))
      const base = `${V1}/${taxonomy.route}`
      await expectCall(
        mismatches,
        caller,
        `POST /${taxonomy.route}`,
        { method: 'POST', path: base, body: { name: unique('Term') } },
        expected(201),
      )
      await expectCall(
        mismatches,
        caller,
        `POST /${taxonomy.route} (invalid)`,
        { method: 'POST', path: base, body: { name: '' } },
        expected(400),
      )
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const marker = unique('term')
        const term = await server.payload.create({
          collection: taxonomy.collection,
          data: { name: marker },
          overrideAccess: true,
        })
        const body = method === 'DELETE' ? undefined : { name: unique('Renamed') }
        const target = { collection: taxonomy.collection, id: term.id as number, marker }
        await expectCall(
          mismatches,
          caller,
          `${method} /${taxonomy.route}/{id}`,
          { method, path: `${base}/${term.id}`, body },
          expected(200),
          target,
        )
        // An unknown id: refused callers learn nothing, others get the validation error.
        await expectCall(
          mismatches,
          caller,
          `${method} /${taxonomy.route}/{unknown id}`,
          { method, path: `${base}/999999`, body },
          expected(400),
        )
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe('v1 writes in a batch (/api/cal/batch/v1): each item as its single call', () => {
  it.each(CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const [events, venues] = POST_TYPES
    const published = await fresh(events, caller, 'other', 'publish')
    const draft = await fresh(venues, caller, 'other', 'draft')
    const cases: [string, Record<string, unknown>, number, typeof published?][] = [
      [
        'POST /events',
        {
          path: '/cal/events/v1/events',
          body: {
            title: unique('Batch'),
            start_date: '2031-01-01 10:00:00',
            end_date: '2031-01-01 12:00:00',
          },
        },
        rankOf(caller) >= RANK.contributor ? 201 : denied(caller),
      ],
      [
        'POST /events (no end_date: rights come before validation)',
        { path: '/cal/events/v1/events', body: { title: unique('Batch') } },
        rankOf(caller) >= RANK.contributor ? 400 : denied(caller),
      ],
      [
        'POST /tags',
        { path: '/cal/events/v1/tags', body: { name: unique('Batch') } },
        rankOf(caller) >= RANK.editor ? 201 : denied(caller),
      ],
      [
        "PATCH /events/{id} (other's, published)",
        {
          method: 'PATCH',
          path: `/cal/events/v1/events/${published.id}`,
          body: { title: unique('Renamed') },
        },
        mayUpdate(caller, 'other', 'publish') ? 200 : denied(caller),
        published,
      ],
      [
        "DELETE /venues/{id} (other's draft)",
        { method: 'DELETE', path: `/cal/events/v1/venues/${draft.id}` },
        trashOutcome(caller, 'other', 'draft'),
        draft,
      ],
    ]
    const before = await Promise.all(
      [published, draft].map(async (record, i) =>
        JSON.stringify(await stored(i ? 'venues' : 'events', record.id)),
      ),
    )
    const response = await send(caller, {
      method: 'POST',
      path: '/api/cal/batch/v1',
      body: { requests: cases.map(([, request]) => request) },
    })
    expect(response.status).toBe(207)
    const mismatches: Mismatch[] = []
    for (const [i, [label, , expected, record]] of cases.entries()) {
      const item = response.body.responses[i]
      const text = JSON.stringify(item.body)
      if (item.status !== expected)
        mismatches.push(`${label}: expected ${expected}, got ${item.status} ${text.slice(0, 160)}`)
      if (expected !== 401 && expected !== 403) continue
      if (item.body.code !== 'rest_forbidden')
        mismatches.push(`${label}: refused with code ${item.body.code}, not rest_forbidden`)
      if (record && text.includes(record.marker))
        mismatches.push(`${label}: the refusal shows the record`)
    }
    const after = await Promise.all(
      [published, draft].map(async (record, i) =>
        JSON.stringify(await stored(i ? 'venues' : 'events', record.id)),
      ),
    )
    for (const [i, [label, , expected]] of cases.slice(3).entries())
      if ((expected === 401 || expected === 403) && after[i] !== before[i])
        mismatches.push(`${label}: the refused item changed the record`)
    expect(mismatches).toEqual([])
  })
})

describe("Payload's REST obeys the same matrix", () => {
  it.each(CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const mismatches: Mismatch[] = []
    // Payload answers 403 to every refused write, anonymous callers included.
    const refused = 403
    for (const type of POST_TYPES) {
      const base = `/api/${type.collection}`
      const valid =
        type.collection === 'events'
          ? {
              title: unique('New'),
              startDate: '2031-01-01T10:00:00Z',
              endDate: '2031-01-01T12:00:00Z',
              eventStatus: 'canceled',
              eventStatusReason: 'Rights',
              attendanceMode: 'online',
              onlineUrl: 'https://stream.example/rights',
            }
          : { name: unique('New') }
      await expectCall(
        mismatches,
        caller,
        `POST ${base}`,
        { method: 'POST', path: base, body: valid },
        rankOf(caller) >= RANK.contributor ? 201 : refused,
      )
      const ownerships: Ownership[] =
        caller.user && rankOf(caller) < RANK.editor ? ['own', 'other'] : ['other']
      for (const ownership of ownerships) {
        for (const state of STATES) {
          const allowed = mayUpdate(caller, ownership, state)
          const what = `${type.collection} (${ownership} ${state})`
          const path = (id: number, query = '') => `${base}/${id}?trash=true${query}`
          let record = await freshIn(type, caller, ownership, state)
          const target = () => ({ collection: type.collection, ...record })
          await expectCall(
            mismatches,
            caller,
            `PATCH ${what}`,
            {
              method: 'PATCH',
              path: path(record.id),
              body: { [type.nameField]: unique('Renamed') },
            },
            allowed ? 200 : refused,
            target(),
          )
          const mayTrash = state === 'trashed' ? allowed : mayChange(caller, ownership, state)
          await expectCall(
            mismatches,
            caller,
            `PATCH ${what} to the trash`,
            {
              method: 'PATCH',
              path: path(record.id),
              body: { deletedAt: new Date().toISOString() },
            },
            mayTrash ? 200 : refused,
            target(),
          )
          await expectCall(
            mismatches,
            caller,
            `DELETE ${what}`,
            { method: 'DELETE', path: path(record.id) },
            rankOf(caller) >= RANK.editor ? 200 : refused,
            target(),
          )
          if (state === 'pending') continue
          // A bulk write changes only the records the caller may change.
          record = await freshIn(type, caller, ownership, state)
          const before = JSON.stringify(await stored(type.collection, record.id))
          await send(caller, {
            method: 'PATCH',
            path: `${base}?trash=true&where[id][equals]=${record.id}`,
            body: { [type.nameField]: unique('Bulk') },
          })
          await send(caller, {
            method: 'DELETE',
            path: `${base}?trash=true&where[id][equals]=${record.id}`,
          })
          const changed = JSON.stringify(await stored(type.collection, record.id)) !== before
          if (changed !== (allowed || rankOf(caller) >= RANK.editor))
            mismatches.push(`bulk PATCH and DELETE of ${what}: changed ${changed}`)
        }
      }
    }
    for (const taxonomy of TAXONOMIES) {
      const allowed = rankOf(caller) >= taxonomy.manageRank
      const base = `/api/${taxonomy.collection}`
      await expectCall(
        mismatches,
        caller,
        `POST ${base}`,
        { method: 'POST', path: base, body: { name: unique('Term') } },
        allowed ? 201 : refused,
      )
      for (const method of ['PATCH', 'DELETE']) {
        const marker = unique('term')
        const term = await server.payload.create({
          collection: taxonomy.collection,
          data: { name: marker },
          overrideAccess: true,
        })
        const body = method === 'PATCH' ? { name: unique('Renamed') } : undefined
        await expectCall(
          mismatches,
          caller,
          `${method} ${base}/{id}`,
          { method, path: `${base}/${term.id}`, body },
          allowed ? 200 : refused,
          { collection: taxonomy.collection, id: term.id as number, marker },
        )
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe("the change log's collection", () => {
  it.each(CALLER_NAMES)("%s: Payload's REST refuses it", async (name) => {
    const caller = callerNamed(name)
    const slug = DEFAULTS.changeLogSlug
    for (const call of [
      { method: 'GET', path: `/api/${slug}` },
      { method: 'GET', path: `/api/${slug}/1` },
      { method: 'POST', path: `/api/${slug}`, body: { sequence: 1, resource: 'events' } },
      { method: 'DELETE', path: `/api/${slug}/1` },
    ]) {
      const response = await send(caller, call)
      expect([call.method, call.path, response.status]).toEqual([call.method, call.path, 403])
    }
  })
})

describe('webhooks and their delivery log: administrators only, secrets never read back in full', () => {
  const SECRET = 'rights-matrix-webhook-secret-4711'
  it.each(CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const admin = caller.role === 'administrator'
    const mismatches: Mismatch[] = []
    const hooks = `/api/${DEFAULTS.webhooksSlug}`
    const deliveries = `/api/${DEFAULTS.webhookDeliveriesSlug}`
    const refused = 403
    const webhook = await server.payload.create({
      collection: DEFAULTS.webhooksSlug as 'events',
      data: { url: 'https://example.com/hook', secret: SECRET, active: false } as never,
      overrideAccess: true,
    })
    const delivery = await server.payload.db.create({
      collection: DEFAULTS.webhookDeliveriesSlug,
      data: {
        webhook: webhook.id,
        deliveryId: `rights-${name}`,
        event: 'event.created',
        resource: 'events',
        record: 1,
        change: 'upsert',
        orderKey: `${webhook.id}:events:1`,
        status: 'failed',
        attempts: 1,
      },
    })
    const calls: [string, { method: string; path: string; body?: unknown }, number][] = [
      [`GET ${hooks}`, { method: 'GET', path: hooks }, admin ? 200 : refused],
      [
        `GET ${hooks}/{id}`,
        { method: 'GET', path: `${hooks}/${webhook.id}` },
        admin ? 200 : refused,
      ],
      [
        `POST ${hooks}`,
        { method: 'POST', path: hooks, body: { url: 'https://example.com/x', secret: SECRET } },
        admin ? 201 : refused,
      ],
      [
        `PATCH ${hooks}/{id}`,
        { method: 'PATCH', path: `${hooks}/${webhook.id}`, body: { url: 'https://example.com/y' } },
        admin ? 200 : refused,
      ],
      [`GET ${deliveries}`, { method: 'GET', path: deliveries }, admin ? 200 : refused],
      [
        `GET ${deliveries}/{id}`,
        { method: 'GET', path: `${deliveries}/${delivery.id}` },
        admin ? 200 : refused,
      ],
      [
        `POST ${deliveries}`,
        { method: 'POST', path: deliveries, body: { deliveryId: 'x', event: 'event.created' } },
        refused,
      ],
      [
        `PATCH ${deliveries}/{id} (retry now)`,
        { method: 'PATCH', path: `${deliveries}/${delivery.id}`, body: { retryNow: true } },
        admin ? 200 : refused,
      ],
      [
        `DELETE ${deliveries}/{id}`,
        { method: 'DELETE', path: `${deliveries}/${delivery.id}` },
        admin ? 200 : refused,
      ],
      [
        `DELETE ${hooks}/{id}`,
        { method: 'DELETE', path: `${hooks}/${webhook.id}` },
        admin ? 200 : refused,
      ],
    ]
    for (const [label, call, status] of calls) {
      const response = await send(caller, call)
      if (response.status !== status) mismatches.push(`${label}: ${response.status}, not ${status}`)
      if (JSON.stringify(response.body ?? '').includes(SECRET.slice(0, 12)))
        mismatches.push(`${label}: the secret was read back`)
    }
    if (!admin) {
      const stored = await server.payload.db.findOne({
        collection: DEFAULTS.webhooksSlug,
        where: { id: { equals: webhook.id } },
      })
      if ((stored as { url?: string } | null)?.url !== 'https://example.com/hook')
        mismatches.push('the webhook was changed or deleted')
    }
    expect(mismatches).toEqual([])
  })
})

describe('reads of records that are not public', () => {
  // [status of the record, extra data, trashed]
  const KINDS: [string, Record<string, unknown>, boolean][] = [
    ['draft', {}, false],
    ['pending', {}, false],
    ['private', {}, false],
    ['future', { publishedAt: '2099-01-01T00:00:00.000Z' }, false],
    ['publish', {}, true],
  ]

  /**
   * Who reads a record that is not published: editors, and its author when a contributor or more
   * (docs/v1-reference.md §3.1, §3.3).
   */
  const mayRead = (caller: Caller, ownership: Ownership) =>
    rankOf(caller) >= RANK.editor || (rankOf(caller) >= RANK.contributor && ownership === 'own')

  it.each(MATRIX_CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const mismatches: Mismatch[] = []
    for (const type of POST_TYPES) {
      const kind = type.collection === 'events' ? 'event' : type.collection.slice(0, -1)
      const ownerships: Ownership[] =
        caller.user && rankOf(caller) < RANK.editor ? ['own', 'other'] : ['other']
      for (const ownership of ownerships) {
        for (const [status, extra, trashed] of KINDS) {
          const since = (await send(caller, { method: 'GET', path: `${V1}/changes` })).body
            .next_since
          const record = await fresh(type, caller, ownership, status, {
            ...extra,
            password: null,
            ...(trashed ? { deletedAt: new Date().toISOString() } : {}),
          })
          const what = `${type.route} (${ownership} ${trashed ? 'trashed' : status})`
          const readable = !trashed && mayRead(caller, ownership)
          // An event's calendar file answers as its v1 single read (endpoints/ical).
          const calendarPaths =
            type.collection === 'events'
              ? [`${ICS}/events/${record.id}.ics`, `${ICS}/events/by-slug/${record.slug}.ics`]
              : []
          for (const path of [
            `${V1}/${type.route}/${record.id}`,
            `${V1}/${type.route}/by-slug/${record.slug}`,
            ...calendarPaths,
          ]) {
            const response = await send(caller, { method: 'GET', path })
            const code =
              trashed && type.collection === 'events'
                ? 'event-no-longer-available'
                : `${kind}-not-accessible`
            const expected = readable ? 200 : 403
            if (response.status !== expected || (!readable && response.body?.code !== code))
              mismatches.push(
                `GET ${what} by ${path.includes('by-slug') ? 'slug' : 'id'}: expected ${expected} ${readable ? '' : code}, got ${response.status} ${response.body?.code}`,
              )
            if (!readable && JSON.stringify(response.body).includes(record.marker))
              mismatches.push(`GET ${what}: the refusal shows the record`)
          }
          {
            // The change log names the record to those who may read it, or to its author and
            // editors once it is trashed (a delete), and to nobody else (endpoints/changes).
            const changes = await send(caller, {
              method: 'GET',
              path: `${V1}/changes?since=${since}&resources=${type.route}&per_page=500`,
            })
            const told = changes.body?.changes?.find(
              (change: { id: number }) => change.id === record.id,
            )
            const concerned = rankOf(caller) >= RANK.editor || mayRead(caller, ownership)
            const expected = concerned ? (readable ? 'upsert' : 'delete') : undefined
            if (changes.status !== 200 || told?.change !== expected)
              mismatches.push(
                `GET changes (${what}): ${changes.status}, told ${told?.change}, expected ${expected}`,
              )
          }
          if (type.collection === 'events') {
            // The feed of the record's day lists it exactly when the v1 archive of that day does.
            const statuses =
              rankOf(caller) >= RANK.contributor
                ? '&status=draft,pending,private,future,publish'
                : ''
            const query = `start_date=2031-03-01&end_date=2031-03-01&per_page=50&search=${record.marker}${statuses}`
            const feed = await send(caller, { method: 'GET', path: `${ICS}/events.ics?${query}` })
            const listed =
              feed.status === 200 && String(feed.body).includes(`UID:event-${record.id}@`)
            const archive = await send(caller, { method: 'GET', path: `${V1}/events?${query}` })
            const listable =
              archive.status === 200 &&
              archive.body.events.some((event: { id: number }) => event.id === record.id)
            if (feed.status !== 200 || listed !== listable)
              mismatches.push(
                `GET events.ics (${what}): ${feed.status}, listed ${listed}, expected ${listable}`,
              )
            // Facet counts count it exactly when the archive lists it (drafts never for
            // anonymous callers, endpoints/events/facets.ts).
            const faceted = await send(caller, {
              method: 'GET',
              path: `${V1}/events?${query}&facets=event_status,day_of_week`,
            })
            const counted = (faceted.body?.facets?.event_status ?? []).reduce(
              (sum: number, item: { count: number }) => sum + item.count,
              0,
            )
            if (faceted.status !== 200 || counted !== (listable ? 1 : 0))
              mismatches.push(
                `GET events?facets (${what}): ${faceted.status}, counted ${counted}, expected ${listable ? 1 : 0}`,
              )
            // So does the FullCalendar feed of that day.
            const dayQuery = `start=2031-03-01&end=2031-03-02&timeZone=UTC&search=${record.marker}${statuses}`
            const fullCalendar = await send(caller, {
              method: 'GET',
              path: `${FULLCALENDAR}?${dayQuery}`,
            })
            const shown =
              fullCalendar.status === 200 &&
              fullCalendar.body.some((event: { id: string }) => event.id === String(record.id))
            if (fullCalendar.status !== 200 || shown !== listable)
              mismatches.push(
                `GET fullcalendar/events (${what}): ${fullCalendar.status}, listed ${shown}, expected ${listable}`,
              )
          }
          // The CSV export of the same query lists it exactly when the v1 archive does
          // (endpoints/csv): venues and organizers by their marker, events on the record's day.
          {
            const statuses =
              rankOf(caller) >= RANK.contributor
                ? '&status=draft,pending,private,future,publish'
                : ''
            const query =
              type.collection === 'events'
                ? `start_date=2031-03-01&end_date=2031-03-01&search=${record.marker}${statuses}`
                : `search=${record.marker}${statuses}`
            const csv = await send(caller, {
              method: 'GET',
              path: `${CSV}/${type.route}.csv?${query}`,
            })
            const listed = csv.status === 200 && String(csv.body).includes(`?id=${record.id}`)
            const archive = await send(caller, {
              method: 'GET',
              path: `${V1}/${type.route}?per_page=50&${query}`,
            })
            const listable =
              archive.status === 200 &&
              archive.body[type.route].some((item: { id: number }) => item.id === record.id)
            if (csv.status !== 200 || listed !== listable)
              mismatches.push(
                `GET ${type.route}.csv (${what}): ${csv.status}, listed ${listed}, expected ${listable}`,
              )
          }
          // Payload's REST hides what the caller may not read (404), trash included.
          const restReadable = trashed
            ? rankOf(caller) >= RANK.editor
            : status === 'publish'
              ? true
              : rankOf(caller) >= RANK.contributor
          const rest = await send(caller, {
            method: 'GET',
            path: `/api/${type.collection}/${record.id}?trash=true`,
          })
          if (rest.status !== (restReadable ? 200 : 404))
            mismatches.push(
              `GET /api/${what}: expected ${restReadable ? 200 : 404}, got ${rest.status}`,
            )
          const list = await send(caller, {
            method: 'GET',
            path: `/api/${type.collection}?trash=true&limit=0&where[id][equals]=${record.id}`,
          })
          if ((list.body?.docs?.length ?? 0) !== (restReadable ? 1 : 0))
            mismatches.push(
              `GET /api/${type.collection}?where (${what}): listed ${list.body?.docs?.length}`,
            )
        }
      }
      // The archives: other statuses only for contributors and above; a status filter from others
      // is refused.
      const archive = await send(caller, {
        method: 'GET',
        path: `${V1}/${type.route}?status=draft&per_page=50`,
      })
      const archiveExpected = rankOf(caller) >= RANK.contributor ? 200 : 400
      if (archive.status !== archiveExpected)
        mismatches.push(
          `GET /${type.route}?status=draft: expected ${archiveExpected}, got ${archive.status}`,
        )
      if (type.collection === 'events') {
        const feed = await send(caller, { method: 'GET', path: `${ICS}/events.ics?status=draft` })
        if (feed.status !== archiveExpected)
          mismatches.push(
            `GET events.ics?status=draft: expected ${archiveExpected}, got ${feed.status}`,
          )
        const fullCalendar = await send(caller, {
          method: 'GET',
          path: `${FULLCALENDAR}?start=2031-03-01&end=2031-03-02&status=draft`,
        })
        if (fullCalendar.status !== archiveExpected)
          mismatches.push(
            `GET fullcalendar/events?status=draft: expected ${archiveExpected}, got ${fullCalendar.status}`,
          )
      }
      const csv = await send(caller, {
        method: 'GET',
        path: `${CSV}/${type.route}.csv?status=draft`,
      })
      if (csv.status !== archiveExpected)
        mismatches.push(
          `GET ${type.route}.csv?status=draft: expected ${archiveExpected}, got ${csv.status}`,
        )
    }
    expect(mismatches).toEqual([])
  })

  it("password-protected records are locked for everyone without the password (on Payload's REST for all but who may edit them), and the password is shown to editors only", async () => {
    const mismatches: Mismatch[] = []
    for (const type of POST_TYPES) {
      const record = await fresh(type, callerNamed('editor (token)'), 'own', 'publish')
      for (const caller of callers()) {
        const single = await send(caller, {
          method: 'GET',
          path: `${V1}/${type.route}/${record.id}`,
        })
        const text = JSON.stringify(single.body)
        if (
          type.collection === 'events' &&
          (single.status !== 403 || single.body.code !== 'event-password-protected')
        )
          mismatches.push(`${caller.name} GET locked event: ${single.status} ${single.body.code}`)
        if (text.includes(record.marker))
          mismatches.push(`${caller.name} GET locked ${type.route}: the content is shown`)
        const unlocked = await send(caller, {
          method: 'GET',
          path: `${V1}/${type.route}/${record.id}?password=${PASSWORD}`,
        })
        if (unlocked.status !== 200 || !JSON.stringify(unlocked.body).includes(record.marker))
          mismatches.push(
            `${caller.name} GET locked ${type.route} with its password: ${unlocked.status}`,
          )
        // The archive lists the record (an event by its title, which stays shown) without its
        // content.
        const archive = await send(caller, {
          method: 'GET',
          path: `${V1}/${type.route}?per_page=50&start_date=2031-01-01&end_date=2031-12-31&search=${record.marker}`,
        })
        const listed = (archive.body[type.route] ?? []).some(
          (item: { id: number }) => item.id === record.id,
        )
        if (!listed || JSON.stringify(archive.body).includes(`About ${record.marker}`))
          mismatches.push(
            `${caller.name} archive of ${type.route}: listed ${listed}, the locked content shown`,
          )
        // The CSV export likewise: the row is there, its content only with the password.
        const csvPath = `${CSV}/${type.route}.csv?start_date=2031-01-01&end_date=2031-12-31&search=${record.marker}`
        const csv = String((await send(caller, { method: 'GET', path: csvPath })).body)
        if (
          !csv.includes(`?id=${record.id}`) ||
          csv.includes(`About ${record.marker}`) ||
          csv.includes(PASSWORD)
        )
          mismatches.push(
            `${caller.name} ${type.route}.csv: the locked row is missing or its content shown`,
          )
        const unlockedCsv = String(
          (await send(caller, { method: 'GET', path: `${csvPath}&password=${PASSWORD}` })).body,
        )
        if (!unlockedCsv.includes(`About ${record.marker}`))
          mismatches.push(`${caller.name} ${type.route}.csv with the password: no content`)
        if (type.collection === 'events') {
          // The feeds: the event is listed by its title without its content; its own file is
          // refused without the password.
          const feedPath = `${ICS}/events.ics?start_date=2031-01-01&end_date=2031-12-31&search=${record.marker}`
          const feed = String((await send(caller, { method: 'GET', path: feedPath })).body)
          if (
            !feed.includes(`UID:event-${record.id}@`) ||
            feed.includes(`About ${record.marker}`) ||
            feed.includes(PASSWORD)
          )
            mismatches.push(
              `${caller.name} events.ics: the locked event is missing or its content shown`,
            )
          const unlockedFeed = String(
            (await send(caller, { method: 'GET', path: `${feedPath}&password=${PASSWORD}` })).body,
          )
          if (!unlockedFeed.includes(`About ${record.marker}`))
            mismatches.push(`${caller.name} events.ics with the password: no content`)
          // The FullCalendar feed lists it by its title, nothing of its content.
          const fullCalendar = await send(caller, {
            method: 'GET',
            path: `${FULLCALENDAR}?start=2031-01-01&end=2031-12-31&search=${record.marker}`,
          })
          const shown = JSON.stringify(fullCalendar.body)
          if (
            !shown.includes(`"id":"${record.id}"`) ||
            shown.includes(`About ${record.marker}`) ||
            shown.includes(PASSWORD)
          )
            mismatches.push(
              `${caller.name} fullcalendar/events: the locked event is missing or its content shown`,
            )
          const file = await send(caller, { method: 'GET', path: `${ICS}/events/${record.id}.ics` })
          if (file.status !== 403 || file.body.code !== 'event-password-protected')
            mismatches.push(
              `${caller.name} GET locked event .ics: ${file.status} ${file.body?.code}`,
            )
          const unlockedFile = await send(caller, {
            method: 'GET',
            path: `${ICS}/events/${record.id}.ics?password=${PASSWORD}`,
          })
          if (
            unlockedFile.status !== 200 ||
            !String(unlockedFile.body).includes(`About ${record.marker}`)
          )
            mismatches.push(
              `${caller.name} GET locked event .ics with its password: ${unlockedFile.status}`,
            )
        }
        for (const path of [
          `/api/${type.collection}/${record.id}`,
          `/api/${type.collection}?limit=100`,
          `/api/${type.collection}/${record.id}?select[password]=true`,
        ]) {
          const rest = await send(caller, { method: 'GET', path })
          const shown = JSON.stringify(rest.body).includes(PASSWORD)
          if (shown !== rankOf(caller) >= RANK.editor)
            mismatches.push(`${caller.name} GET ${path}: password shown ${shown}`)
        }
        // Payload's REST cannot take a password: the content is for those who may edit the record
        // (here its author, an editor).
        for (const path of [
          `/api/${type.collection}/${record.id}`,
          `/api/${type.collection}?limit=100&where[id][equals]=${record.id}`,
          `/api/${type.collection}/${record.id}?select[description]=true`,
        ]) {
          const rest = await send(caller, { method: 'GET', path })
          const contentShown = JSON.stringify(rest.body).includes(`About ${record.marker}`)
          if (rest.status !== 200 || contentShown !== rankOf(caller) >= RANK.editor)
            mismatches.push(
              `${caller.name} GET ${path}: ${rest.status}, content shown ${contentShown}`,
            )
        }
        // Duplicating copies the content into the caller's own record: only for those who may see
        // it.
        const duplicate = await send(caller, {
          method: 'POST',
          path: `/api/${type.collection}/${record.id}/duplicate`,
          body: {},
        })
        if (
          (duplicate.status === 200) !== rankOf(caller) >= RANK.editor ||
          (duplicate.status !== 200 &&
            JSON.stringify(duplicate.body).includes(`About ${record.marker}`))
        ) {
          mismatches.push(
            `${caller.name} POST /api/${type.collection}/${record.id}/duplicate: ${duplicate.status}`,
          )
        }
        const probe = await send(caller, {
          method: 'GET',
          path: `/api/${type.collection}?where[password][equals]=${PASSWORD}`,
        })
        if (rankOf(caller) < RANK.editor && probe.status === 200 && probe.body.totalDocs > 0)
          mismatches.push(`${caller.name} can query by password`)
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe('imports: administrators only, and the source is never asked for anyone else', () => {
  let source: http.Server
  let asked = 0
  let root = ''
  beforeAll(async () => {
    source = http.createServer((_req, res) => {
      asked++
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end('{"code":"rest_no_route","message":"none","data":{"status":404}}')
    })
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
    root = `http://127.0.0.1:${(source.address() as AddressInfo).port}/wp-json/tribe/events/v1/`
  })
  afterAll(async () => {
    await new Promise((resolve) => source.close(resolve))
  })

  it.each(CALLER_NAMES)('%s', async (name) => {
    const caller = callerNamed(name)
    const admin = caller.role === 'administrator'
    const mismatches: Mismatch[] = []
    const runs = `/api/${DEFAULTS.importRunsSlug}`
    const before = asked
    await expectCall(
      mismatches,
      caller,
      `POST ${runs}`,
      { method: 'POST', path: runs, body: { from: root, dryRun: true } },
      admin ? 201 : 403,
    )
    // A run that is not started, to read, change and delete.
    const run = await server.payload.create({
      collection: DEFAULTS.importRunsSlug as 'events',
      data: { from: root, header: 'Authorization: Basic c2VjcmV0' } as never,
      overrideAccess: true,
      context: { [RUN_HERE]: true },
    })
    await expectCall(
      mismatches,
      caller,
      `GET ${runs}`,
      { method: 'GET', path: runs },
      admin ? 200 : 403,
    )
    await expectCall(
      mismatches,
      caller,
      `GET ${runs}/{id}`,
      { method: 'GET', path: `${runs}/${run.id}` },
      admin ? 200 : 403,
    )
    const read = await send(caller, { method: 'GET', path: `${runs}/${run.id}` })
    if (JSON.stringify(read.body ?? '').includes('c2VjcmV0'))
      mismatches.push('the credentials of a run were read back')
    await expectCall(
      mismatches,
      caller,
      `PATCH ${runs}/{id}`,
      { method: 'PATCH', path: `${runs}/${run.id}`, body: { cancel: true } },
      admin ? 200 : 403,
    )
    await expectCall(
      mismatches,
      caller,
      `DELETE ${runs}/{id}`,
      { method: 'DELETE', path: `${runs}/${run.id}` },
      admin ? 200 : 403,
    )
    const mappings = `/api/${DEFAULTS.importMappingsSlug}`
    await expectCall(
      mismatches,
      caller,
      `GET ${mappings}`,
      { method: 'GET', path: mappings },
      admin ? 200 : 403,
    )
    await expectCall(
      mismatches,
      caller,
      `POST ${mappings}`,
      {
        method: 'POST',
        path: mappings,
        body: { source: root, resource: 'events', sourceId: '1', targetId: 1 },
      },
      403,
    )
    // The CSV import's preview and start (features/import/csvRoutes.ts).
    const file = Buffer.from('Organizer Name\r\nRights matrix organizer\r\n')
    await expectCall(
      mismatches,
      caller,
      `POST ${CSV}/preview`,
      { method: 'POST', path: `${CSV}/preview?type=organizers&dry_run=true`, body: file },
      admin ? 200 : caller.role ? 403 : 401,
    )
    await expectCall(
      mismatches,
      caller,
      `POST ${CSV}/import`,
      { method: 'POST', path: `${CSV}/import?type=organizers&dry_run=true`, body: file },
      admin ? 202 : caller.role ? 403 : 401,
    )
    // Payload's own endpoint that works the queue: its access is the jobs config's
    // (administrators).
    await expectCall(
      mismatches,
      caller,
      'GET /api/payload-jobs/run',
      { method: 'GET', path: '/api/payload-jobs/run?queue=nothing-queued' },
      admin ? 200 : 401,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    if (!admin && asked !== before) mismatches.push(`the source was asked ${asked - before} times`)
    expect(mismatches).toEqual([])
  })
})
