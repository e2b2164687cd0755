import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { holdFormKeeping } from '../endpoints/forms/formKeeper.js'
import { suiteDatabase, suiteStore } from './support/database.js'
import { shortForm, statementRecorder, type StatementRecorder } from './support/statements.js'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

/**
 * The SQL statements a write runs, in order, counted so that none is added unseen (issue #38):
 * a v1 create, update and move to the trash of an event with a venue, an organizer and a category,
 * and a v1 create of a venue, each after one write of its kind (a process's first write also
 * prepares what later ones reuse). Each statement is written short: its verb (`count` for a
 * count) and the table it reads or writes (for PostgreSQL's lock functions, the function).
 * docs/benchmark.md ("What a write runs") explains each; a change that adds or removes one
 * changes the list here and there.
 */

let server: TestServer
let admin: TestUser
let recorder: StatementRecorder

useTestServer([], (setup) => ({ server, admin } = setup))

const call = (method: string, path: string, body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: admin.token, body })

/** Statements written across lines, separated by commas; `${part}` puts a named part in. */
const list = (text: string) =>
  text
    .split(',')
    .map((statement) => statement.trim())
    .filter(Boolean)

/** The parts that several writes share, as `list` takes them. */
const LOCK = 'select pg_advisory_xact_lock'
const TURN = 'select pg_advisory_xact_lock_shared'
/** Payload's update of an event: the stored event, its lock check, the row rewritten, read back. */
const PAYLOAD_UPDATE = `select events, select payload_locked_documents,
  delete payload_locked_documents, insert events, delete events_locales, insert events_locales,
  delete events_rels, insert events_rels, delete events_texts, select events`
/**
 * The category's stored counts, moved by the write's difference in one statement (no count of its
 * events, no read of the counts first: core/database/sqlCounts.ts).
 */
const RECOUNT = 'update event_categories'
/**
 * What the answer's record shows: three reads side by side (endpoints/forms/load.ts), in the
 * order they are asked, once the write has committed (outside its turn: the next write starts
 * meanwhile).
 */
const RELATED = 'select venues, select organizers, select event_categories'
/**
 * The change mark, the log's entries (one statement for all: core/database/sqlRows.ts), the kept
 * forms (none to drop when the entries name only records the write created). The active webhooks
 * are not read: the process read them at its first write and nobody moved the mark since
 * (collections/webhooks/active.ts).
 */
const logged = ({ created = false } = {}) =>
  `select cal_sequences, insert cal_sequences, select cal_changes, insert cal_changes,
  ${created ? '' : 'delete cal_record_forms'}`
/** The id claimed. */
const CLAIM = 'select cal_sequences, insert cal_sequences'
/** Payload's create of an event, read back. */
const EVENT_INSERT = 'insert events, insert events_locales, insert events_rels, select events'
/**
 * v1's lookups of a create's links: its terms, its venue, its organizers, each read whole in one
 * query per kind and kept for the answer (`Context.linkedRead`), which reads none of them again.
 */
const LINKS = 'select event_categories, select venues, select organizers'

/** What each write runs, by database. */
const EXPECTED: Record<string, Record<string, string[]>> = {
  sqlite: {
    'event create': list(`select users, begin, ${LINKS}, ${CLAIM}, select events, ${EVENT_INSERT},
      ${RECOUNT}, ${logged()}, commit`),
    'event update': list(`select users, begin, select events, ${PAYLOAD_UPDATE}, ${logged()},
      commit, ${RELATED}`),
    'event trash': list(`select users, begin, select events, ${PAYLOAD_UPDATE}, ${RECOUNT},
      ${logged()}, commit, ${RELATED}`),
    'venue create': list(`select users, begin, select venues, ${CLAIM}, select venues,
      insert venues, insert venues_locales, select venues, ${logged({ created: true })}, commit`),
  },
  // The turns: the shared one, then a key per record, slug base and term; the log's at the end,
  // where the mark, the log, the forms and the webhooks wait for the commit. Ids are claimed on a
  // connection of their own.
  postgres: {
    'event create': list(`select users, begin, ${TURN}, ${LINKS}, ${CLAIM}, ${LOCK},
      select events, ${EVENT_INSERT}, ${LOCK}, ${RECOUNT}, ${LOCK}, ${logged()}, commit`),
    'event update': list(`select users, begin, ${TURN}, ${LOCK}, select events, ${PAYLOAD_UPDATE},
      ${LOCK}, ${logged()}, commit, ${RELATED}`),
    'event trash': list(`select users, begin, ${TURN}, ${LOCK}, select events, ${PAYLOAD_UPDATE},
      ${LOCK}, ${RECOUNT}, ${LOCK}, ${logged()}, commit, ${RELATED}`),
    'venue create': list(`select users, begin, ${TURN}, ${LOCK}, select venues, ${CLAIM}, ${LOCK},
      select venues, insert venues, insert venues_locales, select venues, ${LOCK},
      ${logged({ created: true })}, commit`),
  },
}

async function statementsOf(work: () => Promise<{ status: number }>, status: number) {
  let answered = 0
  const statements = await recorder.record(async () => (answered = (await work()).status))
  expect(answered).toBe(status)
  return statements.map(shortForm)
}

let venue: number
let eventBody: Record<string, unknown>

let releaseKeeping: () => void

beforeAll(async () => {
  // The forms of written events are built after the writes (formWarmer.ts): not here, where a
  // write's statements are recorded.
  releaseKeeping = holdFormKeeping(server.payload)
  recorder = await statementRecorder(server.payload)
  venue = (await call('POST', '/venues', { venue: 'First hall', city: 'Lyon' })).body.id
  const organizer = (await call('POST', '/organizers', { organizer: 'Organizer' })).body.id
  const category = (await call('POST', '/categories', { name: 'Concerts' })).body.id
  eventBody = {
    title: 'Counted',
    start_date: utcWallClock(3),
    end_date: utcWallClock(3, 2),
    venue,
    categories: [category],
    organizer: [organizer],
  }
  // One write of each kind first.
  const first = (await call('POST', '/events', eventBody)).body.id
  await call('POST', `/events/${first}`, { title: 'Retitled' })
  await call('DELETE', `/events/${first}`)
})

afterAll(() => {
  recorder.restore()
  releaseKeeping()
})

// The SQL stores' statements; the generic store writes through Payload's adapter API, with claims.
const describeSqlStore = suiteStore === 'generic' ? describe.skip : describe

describeSqlStore('the statements of a write [not in the generic store: it runs its own]', () => {
  const expected = (write: string) => EXPECTED[suiteDatabase][write]
  let event: number

  it('a v1 create of an event runs the statements listed', async () => {
    const statements = await statementsOf(async () => {
      const response = await call('POST', '/events', eventBody)
      event = response.body.id
      return response
    }, 201)
    expect(statements).toEqual(expected('event create'))
  })

  it('a v1 update of its title runs the statements listed', async () => {
    const statements = await statementsOf(
      () => call('POST', `/events/${event}`, { title: 'Counted again' }),
      200,
    )
    expect(statements).toEqual(expected('event update'))
  })

  it('a v1 move of it to the trash runs the statements listed', async () => {
    const statements = await statementsOf(() => call('DELETE', `/events/${event}`), 200)
    expect(statements).toEqual(expected('event trash'))
  })

  it('a batch of three creates at one venue, organizer and category reads each of them once, and moves the change mark once', async () => {
    const statements = await statementsOf(
      () =>
        server.request('POST', '/api/cal/batch/v1', {
          token: admin.token,
          body: {
            requests: [1, 2, 3].map((n) => ({
              path: '/cal/events/v1/events',
              body: { ...eventBody, title: `Batched ${n}` },
            })),
          },
        }),
      207,
    )
    const count = (statement: string) => statements.filter((each) => each === statement).length
    expect({
      venues: count('select venues'),
      organizers: count('select organizers'),
      categories: count('select event_categories'),
    }).toEqual({ venues: 1, organizers: 1, categories: 1 })
    // One transaction, one scope (collections/hooks/transactionScope.ts): the sequences' row is
    // written by each create's id claim and by the mark's one move, and read once for the mark
    // and once for the claims (on PostgreSQL once a claim: each commits at once, outside the
    // batch's transaction, collections/hooks/integerIds.ts); the log's last sequence is read
    // once, its entries (the event and its category) follow on in one statement a create, the
    // category's kept forms are dropped once, and the active webhooks are known at the batch's
    // one move of the mark.
    expect({
      sequences: count('insert cal_sequences'),
      sequencesRead: count('select cal_sequences'),
      lastSequence: count('select cal_changes'),
      entries: count('insert cal_changes'),
      formsDropped: count('delete cal_record_forms'),
      webhooks: count('select webhooks'),
    }).toEqual({
      sequences: 3 + 1,
      sequencesRead: 1 + (suiteDatabase === 'postgres' ? 3 : 1),
      lastSequence: 1,
      entries: 3,
      formsDropped: 1,
      webhooks: 0,
    })
  })

  it('a v1 create of a venue runs the statements listed', async () => {
    const statements = await statementsOf(
      () => call('POST', '/venues', { venue: 'Counted hall', city: 'Paris' }),
      201,
    )
    expect(statements).toEqual(expected('venue create'))
  })
})
