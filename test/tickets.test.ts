import { describe, expect, it } from '@jest/globals'
import { sentEmails } from '../dev/mailbox.js'
import {
  createV1Event,
  type TestServer,
  type TestUser,
  useTestServer,
  utcWallClock,
  V1,
} from './helpers.js'

/**
 * RSVP tickets (issue #62): Event Tickets' `tribe/tickets/v1` as `cal/tickets/v1`, the visitor's
 * RSVP with capacity that never oversells, managers' attendees and check-in, the event's
 * `ticketed`, and the collections' rights in Payload's own REST.
 */

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor', 'author', 'contributor'], (setup) => ({ server, users } = setup))

const TICKETS = '/api/cal/tickets/v1'
const as = (user?: string) => (user ? { token: users[user].token } : {})
const get = (path: string, user?: string) => server.request('GET', `${TICKETS}${path}`, as(user))
const send = (method: string, path: string, body: unknown, user?: string) =>
  server.request(method, `${TICKETS}${path}`, { ...as(user), body })
const rsvp = (body: Record<string, unknown>) =>
  send('POST', '/rsvp', { full_name: 'Ada Lovelace', email: 'ada@example.com', ...body })

async function publishedEvent(title: string, extra: Record<string, unknown> = {}) {
  return createV1Event(server, users.editor, {
    title,
    start_date: utcWallClock(10),
    end_date: utcWallClock(10, 2),
    status: 'publish',
    ...extra,
  })
}

/** A ticket made as an editor makes it in the admin (Payload's REST of the collection). */
async function ticket(event: number, data: Record<string, unknown> = {}, user = 'editor') {
  const response = await server.request('POST', '/api/event-tickets', {
    token: users[user].token,
    body: { event, name: 'Entry', ...data },
  })
  if (response.status !== 201)
    throw new Error(`ticket: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body.doc as { id: number }
}

const goingCount = async (ticketId: number) =>
  (
    await server.payload.count({
      collection: 'event-attendees',
      where: { and: [{ ticket: { equals: ticketId } }, { going: { equals: true } }] },
      overrideAccess: true,
    })
  ).totalDocs

describe('tickets: Event Tickets’ reads', () => {
  it('an event’s ticket is listed for anyone with its places, and the event becomes ticketed', async () => {
    const event = await publishedEvent('Workshop')
    expect(event.ticketed).toBe(false)
    const made = await ticket(event.id, { capacity: 30, description: 'Bring a laptop' })
    const list = await get(`/tickets?include_post=${event.id}`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-et-total')).toBe('1')
    expect(list.body.total).toBe(1)
    const [record] = list.body.tickets
    expect(record).toMatchObject({
      id: made.id,
      post_id: event.id,
      provider: 'rsvp',
      title: 'Entry',
      description: 'Bring a laptop',
      capacity: 30,
      capacity_details: { available: 30, available_percentage: 100 },
      is_available: true,
    })
    expect(record).not.toHaveProperty('rsvp')
    expect(record.capacity_details).not.toHaveProperty('sold')
    expect(record.rest_url).toMatch(new RegExp(`/api/cal/tickets/v1/tickets/${made.id}$`))
    expect((await get(`/tickets/${made.id}`)).body.id).toBe(made.id)
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body.ticketed).toBe(true)
    const manager = (await get(`/tickets/${made.id}`, 'editor')).body
    expect(manager.rsvp).toEqual({ rsvp_going: 0, rsvp_not_going: 0 })
    expect(manager.capacity_details).toMatchObject({ max: 30, sold: 0 })
  })

  it('a ticket of an event visitors may not read: 401 ticket-not-accessible; none: 404', async () => {
    const draft = await publishedEvent('Draft', { status: 'draft' })
    const made = await ticket(draft.id)
    const refused = await get(`/tickets/${made.id}`)
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('ticket-not-accessible')
    expect((await get(`/tickets/${made.id}`, 'editor')).status).toBe(200)
    expect((await get(`/tickets?include_post=${draft.id}`)).body.total).toBe(0)
    const missing = await get('/tickets/999999')
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('ticket-not-found')
    const page = await get('/tickets?page=999')
    expect(page.status).toBe(400)
    expect(page.body.code).toBe('invalid-page-number')
  })

  it('the last ticket removed clears the event’s ticketed', async () => {
    const event = await publishedEvent('Talk')
    const made = await ticket(event.id)
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body.ticketed).toBe(true)
    const removed = await server.request('DELETE', `/api/event-tickets/${made.id}`, as('editor'))
    expect(removed.status).toBe(200)
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body.ticketed).toBe(false)
  })

  it('a language root reads the ticket in that language, its links kept in it', async () => {
    const event = await publishedEvent('Bilingual')
    const made = await ticket(event.id, { name: 'Seat' })
    await server.payload.update({
      collection: 'event-tickets',
      id: made.id,
      locale: 'fr',
      data: { name: 'Place' },
      overrideAccess: true,
    })
    const french = await server.request('GET', `/fr${TICKETS}/tickets/${made.id}`)
    expect(french.status).toBe(200)
    expect(french.body.title).toBe('Place')
    expect(french.body.rest_url).toMatch(new RegExp(`/fr/api/cal/tickets/v1/tickets/${made.id}$`))
    expect((await get(`/tickets/${made.id}`)).body.title).toBe('Seat')
  })

  it('the namespace index lists its routes under cal/tickets/v1', async () => {
    const index = await get('')
    expect(index.status).toBe(200)
    expect(index.body.namespace).toBe('cal/tickets/v1')
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining([
        '/cal/tickets/v1/tickets',
        '/cal/tickets/v1/attendees/(?P<id>\\d+)',
        '/cal/tickets/v1/rsvp',
      ]),
    )
  })
})

describe('tickets: a visitor’s RSVP', () => {
  it('going takes places, answers 201 with the attendees, and emails the security code', async () => {
    const event = await publishedEvent('Concert')
    const made = await ticket(event.id, { capacity: 5 })
    const before = sentEmails().length
    const answer = await rsvp({ ticket_id: made.id, quantity: 2 })
    expect(answer.status).toBe(201)
    expect(answer.body.going).toBe(true)
    expect(answer.body.attendees).toHaveLength(2)
    for (const attendee of answer.body.attendees) {
      expect(attendee).toMatchObject({
        ticket_id: made.id,
        post_id: event.id,
        title: 'Ada Lovelace',
        email: 'ada@example.com',
        rsvp_going: true,
        order: answer.body.order,
      })
      expect(JSON.stringify(attendee)).not.toContain('security')
    }
    const email = sentEmails()
      .slice(before)
      .find((sent) => sent.to === 'ada@example.com')
    expect(email?.subject).toBe('Your RSVP: Entry')
    const code = /Security code: ([0-9a-f]{10})/.exec(String(email?.text))?.[1]
    expect(code).toBeDefined()
    expect(String(email?.text)).toContain(`/rsvp/${answer.body.order}?security_code=${code}`)
    expect((await get(`/tickets/${made.id}`)).body.capacity_details.available).toBe(3)

    // Read, change and cancel with the code; a wrong code reads nothing.
    const mine = `/rsvp/${answer.body.order}`
    expect((await get(`${mine}?security_code=${code}`)).body.attendees).toHaveLength(2)
    const wrong = await get(`${mine}?security_code=0000000000`)
    expect(wrong.status).toBe(404)
    expect(wrong.body.code).toBe('rsvp-not-found')
    const notGoing = await send('PUT', mine, { security_code: code, going: false })
    expect(notGoing.status).toBe(200)
    expect(notGoing.body.going).toBe(false)
    expect(await goingCount(made.id)).toBe(0)
    expect((await send('PUT', mine, { security_code: code, going: true })).status).toBe(200)
    expect(await goingCount(made.id)).toBe(2)
    const cancelled = await server.request('DELETE', `${TICKETS}${mine}?security_code=${code}`)
    expect(cancelled.status).toBe(200)
    expect(await goingCount(made.id)).toBe(0)
  })

  it('full: 409 rsvp-invalid-stock-request with what is left, and nothing written', async () => {
    const event = await publishedEvent('Small room')
    const made = await ticket(event.id, { capacity: 2 })
    expect((await rsvp({ ticket_id: made.id })).status).toBe(201)
    const full = await rsvp({ ticket_id: made.id, quantity: 2 })
    expect(full.status).toBe(409)
    expect(full.body).toMatchObject({
      code: 'rsvp-invalid-stock-request',
      data: { status: 409, available: 1, requested: 2 },
    })
    expect(await goingCount(made.id)).toBe(1)
  })

  it('not going takes no place, and only where the ticket offers it', async () => {
    const event = await publishedEvent('Dinner')
    const offered = await ticket(event.id, { capacity: 1, showNotGoing: true })
    expect((await rsvp({ ticket_id: offered.id })).status).toBe(201)
    const no = await rsvp({ ticket_id: offered.id, going: false, email: 'bob@example.com' })
    expect(no.status).toBe(201)
    expect(no.body.attendees[0].rsvp_going).toBe(false)
    const plain = await ticket(event.id)
    const refused = await rsvp({ ticket_id: plain.id, going: false })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('rsvp-not-going-not-offered')
  })

  it('bad input, a closed window, a draft or protected event: 4xx, nothing written', async () => {
    const event = await publishedEvent('Fair')
    const made = await ticket(event.id, { capacity: 10 })
    const badEmail = await rsvp({ ticket_id: made.id, email: 'not-an-email' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.data.params).toHaveProperty('email')
    expect((await rsvp({ ticket_id: made.id, quantity: 0 })).status).toBe(400)
    expect((await rsvp({ ticket_id: made.id, quantity: 101 })).status).toBe(409)
    expect((await send('POST', '/rsvp', { ticket_id: made.id })).status).toBe(400)
    const closed = await ticket(event.id, { availableUntil: '2020-01-01T00:00:00.000Z' })
    const late = await rsvp({ ticket_id: closed.id })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('rsvp-not-open')
    const draft = await publishedEvent('Hidden', { status: 'draft' })
    const hidden = await rsvp({ ticket_id: (await ticket(draft.id)).id })
    expect(hidden.status).toBe(401)
    const locked = await publishedEvent('Members only')
    await server.payload.update({
      collection: 'events',
      id: locked.id,
      data: { password: 'secret' },
      overrideAccess: true,
    })
    const protectedAnswer = await rsvp({ ticket_id: (await ticket(locked.id)).id })
    expect(protectedAnswer.status).toBe(403)
    expect(protectedAnswer.body.code).toBe('rsvp-event-protected')
    expect(await goingCount(made.id)).toBe(0)
  })

  it('never oversells: 120 concurrent RSVPs for 25 places make exactly 25 going', async () => {
    const event = await publishedEvent('Popular')
    const made = await ticket(event.id, { capacity: 25 })
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        rsvp({ ticket_id: made.id, email: `visitor${i}@example.com` }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(25)
    expect(statuses.filter((status) => status === 409)).toHaveLength(95)
    expect(await goingCount(made.id)).toBe(25)
    expect((await get(`/tickets/${made.id}`)).body.capacity_details.available).toBe(0)
  })
})

describe('tickets: attendees, managers and rights', () => {
  it('visitors see the going attendees who did not opt out, without emails; managers see all', async () => {
    const event = await publishedEvent('Meetup')
    const made = await ticket(event.id, { showNotGoing: true })
    await rsvp({ ticket_id: made.id, full_name: 'Public Person', email: 'p@example.com' })
    await rsvp({
      ticket_id: made.id,
      full_name: 'Shy Person',
      email: 's@example.com',
      optout: true,
    })
    await rsvp({ ticket_id: made.id, full_name: 'Absent', email: 'a@example.com', going: false })
    const open = await get(`/attendees?post_id=${event.id}`)
    expect(open.status).toBe(200)
    expect(open.body.attendees.map((a: { title: string }) => a.title)).toEqual(['Public Person'])
    expect(open.body.attendees[0]).not.toHaveProperty('email')
    const managed = await get(`/attendees?post_id=${event.id}`, 'editor')
    expect(managed.body.total).toBe(3)
    expect(managed.body.attendees.map((a: { email: string }) => a.email).sort()).toEqual([
      'a@example.com',
      'p@example.com',
      's@example.com',
    ])
    const byEmail = await get(`/attendees?email=p@example.com`)
    expect(byEmail.status).toBe(401)
    const shy = managed.body.attendees.find((a: { title: string }) => a.title === 'Shy Person')
    const hidden = await get(`/attendees/${shy.id}`)
    expect(hidden.status).toBe(401)
    expect(hidden.body.code).toBe('attendee-not-accessible')
    expect((await get(`/attendees/${shy.id}`, 'editor')).body.email).toBe('s@example.com')
  })

  it('managers add attendees within capacity (or override it) and check them in and out', async () => {
    const event = await publishedEvent('Gala')
    const made = await ticket(event.id, { capacity: 1 })
    const body = { ticket_id: made.id, full_name: 'Guest', email: 'guest@example.com' }
    const added = await send('POST', '/attendees', body, 'editor')
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ rsvp_going: true, checked_in: false, email: body.email })
    const full = await send('POST', '/attendees', body, 'editor')
    expect(full.status).toBe(409)
    const over = await send('POST', '/attendees', { ...body, override_capacity: true }, 'editor')
    expect(over.status).toBe(201)
    expect(await goingCount(made.id)).toBe(2)

    const checkIn = await send('PUT', `/attendees/${added.body.id}`, { check_in: true }, 'editor')
    expect(checkIn.status).toBe(201)
    expect(checkIn.body.checked_in).toBe(true)
    expect(checkIn.body.checkin_details).toMatchObject({ source: 'rest-api' })
    const again = await send('PUT', `/attendees/${added.body.id}`, { check_in: true }, 'editor')
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('tec-et-attendee-already-checked-in')
    const undo = await send('PUT', `/attendees/${added.body.id}`, { check_in: false }, 'editor')
    expect(undo.body.checked_in).toBe(false)
    expect(undo.body.checkin_details).toBe(false)
  })

  it('attendee writes are for managers: 401 anonymous, 403 below editor', async () => {
    const event = await publishedEvent('Board')
    const made = await ticket(event.id)
    const body = { ticket_id: made.id, full_name: 'X', email: 'x@example.com' }
    expect((await send('POST', '/attendees', body)).status).toBe(401)
    expect((await send('POST', '/attendees', body, 'author')).status).toBe(403)
    expect((await send('PUT', '/attendees/1', { check_in: true }, 'contributor')).status).toBe(403)
  })

  it('Payload’s REST: anonymous callers read no attendee, a contributor those of their own events', async () => {
    const event = await publishedEvent('Editors’ event')
    const made = await ticket(event.id)
    await rsvp({ ticket_id: made.id, email: 'rest@example.com' })
    const anonymous = await server.request('GET', '/api/event-attendees')
    expect(anonymous.status).toBe(403)
    const contributor = await server.request('GET', '/api/event-attendees', as('contributor'))
    expect(contributor.status).toBe(200)
    expect(contributor.body.totalDocs).toBe(0)
    const editor = await server.request('GET', '/api/event-attendees?limit=500', as('editor'))
    const mine = editor.body.docs.find((doc: { email: string }) => doc.email === 'rest@example.com')
    expect(mine.securityCode).toMatch(/^[0-9a-f]{10}$/)
    // A contributor may not add a ticket to someone else's event.
    const foreign = await server.request('PATCH', `/api/event-tickets/${made.id}`, {
      ...as('contributor'),
      body: { capacity: 1 },
    })
    expect(foreign.status).toBe(403)
  })
})

describe('tickets: editors’ ticket writes, the waitlist, the CSV, what goes with what', () => {
  it('POST, PUT and DELETE /tickets answer as Event Tickets, by the event’s rights', async () => {
    const event = await publishedEvent('Lecture')
    const created = await send(
      'POST',
      '/tickets',
      {
        post_id: event.id,
        provider: 'rsvp',
        name: 'Seat',
        capacity: 40,
        end_date: '2099-12-31',
        end_time: '18:00',
      },
      'editor',
    )
    expect(created.status).toBe(202)
    expect(created.body).toMatchObject({
      post_id: event.id,
      title: 'Seat',
      capacity: 40,
      available_until: '2099-12-31 18:00:00',
    })
    const changed = await send('PUT', `/tickets/${created.body.id}`, { capacity: -1 }, 'editor')
    expect(changed.status).toBe(202)
    expect(changed.body.capacity).toBe(-1)
    expect(changed.body.capacity_details.available).toBe(-1)
    const badDate = await send(
      'PUT',
      `/tickets/${created.body.id}`,
      { end_date: 'soon-ish' },
      'editor',
    )
    expect(badDate.status).toBe(400)
    const missing = await send(
      'POST',
      '/tickets',
      { post_id: 999999, provider: 'rsvp', name: 'X' },
      'editor',
    )
    expect(missing.status).toBe(400)
    expect(missing.body.data.params).toHaveProperty('post_id')
    const ticketBody = { post_id: event.id, provider: 'rsvp', name: 'X' }
    expect((await send('POST', '/tickets', ticketBody)).status).toBe(401)
    // A contributor's ticket goes only on their own event.
    expect((await send('POST', '/tickets', ticketBody, 'contributor')).status).toBe(403)
    const removed = await server.request(
      'DELETE',
      `${TICKETS}/tickets/${created.body.id}`,
      as('editor'),
    )
    expect(removed.status).toBe(200)
    expect((await get(`/tickets/${created.body.id}`)).status).toBe(404)
  })

  it('full: a visitor joins the waitlist, and a freed place goes to the first in line with an email', async () => {
    const event = await publishedEvent('Tasting')
    const made = await ticket(event.id, { capacity: 1 })
    const first = await rsvp({ ticket_id: made.id, email: 'first@example.com' })
    const inLine = await rsvp({ ticket_id: made.id, email: 'second@example.com', waitlist: true })
    expect(inLine.status).toBe(201)
    expect(inLine.body).toMatchObject({ going: false, waitlisted: true })
    expect(inLine.body.attendees[0]).toMatchObject({ rsvp_going: false, waitlisted: true })
    const third = await rsvp({ ticket_id: made.id, email: 'third@example.com', waitlist: true })
    expect(third.body.waitlisted).toBe(true)
    expect(await goingCount(made.id)).toBe(1)
    const code = (to: string) =>
      /Security code: ([0-9a-f]{10})/.exec(
        String([...sentEmails()].reverse().find((email) => email.to === to)?.text),
      )?.[1]
    const before = sentEmails().length
    const cancel = await server.request(
      'DELETE',
      `${TICKETS}/rsvp/${first.body.order}?security_code=${code('first@example.com')}`,
    )
    expect(cancel.status).toBe(200)
    expect(await goingCount(made.id)).toBe(1)
    const second = await get(
      `/rsvp/${inLine.body.order}?security_code=${code('second@example.com')}`,
    )
    expect(second.body).toMatchObject({ going: true, waitlisted: false })
    const moved = sentEmails()
      .slice(before)
      .find((email) => email.to === 'second@example.com')
    expect(moved?.subject).toBe('A place is yours: Entry')
    const stillWaiting = await get(
      `/rsvp/${third.body.order}?security_code=${code('third@example.com')}`,
    )
    expect(stillWaiting.body.waitlisted).toBe(true)
    // More capacity moves the rest of the line up.
    await server.request('PATCH', `/api/event-tickets/${made.id}`, {
      ...as('editor'),
      body: { capacity: 5 },
    })
    expect(await goingCount(made.id)).toBe(2)
  })

  it('managers export attendees as CSV with Event Tickets’ columns; others may not', async () => {
    const event = await publishedEvent('Reading')
    const made = await ticket(event.id)
    await rsvp({ ticket_id: made.id, full_name: '=cmd()', email: 'csv@example.com' })
    const response = await fetch(`${server.url}${TICKETS}/attendees.csv?post_id=${event.id}`, {
      headers: { authorization: `JWT ${users.editor.token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = (await response.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Ticket,Check in,Order ID,Order Status,Ticket ID,Ticket Holder Name,Ticket Holder Email Address,Purchaser Name,Purchaser Email Address',
    )
    expect(lines[1]).toMatch(
      /^Entry,,[0-9a-f-]{36},Going,\d+,'=cmd\(\),csv@example.com,'=cmd\(\),csv@example.com$/,
    )
    expect((await get(`/attendees.csv?post_id=${event.id}`)).status).toBe(401)
    expect((await get(`/attendees.csv?post_id=${event.id}`, 'author')).status).toBe(403)
  })

  it('an event deleted for good takes its tickets and their attendees; trashed, it keeps them', async () => {
    const event = await publishedEvent('Gone')
    const made = await ticket(event.id)
    await rsvp({ ticket_id: made.id })
    const trashed = await server.request('DELETE', `${V1}/events/${event.id}`, as('editor'))
    expect(trashed.status).toBe(200)
    expect(
      await server.payload.count({
        collection: 'event-tickets',
        where: { id: { equals: made.id } },
        overrideAccess: true,
      }),
    ).toEqual(expect.objectContaining({ totalDocs: 1 }))
    const deleted = await server.request(
      'DELETE',
      `${V1}/events/${event.id}?force=true`,
      as('editor'),
    )
    expect(deleted.status).toBe(200)
    const left = async (collection: 'event-tickets' | 'event-attendees', field: string) =>
      (
        await server.payload.count({
          collection,
          where: { [field]: { equals: made.id } },
          overrideAccess: true,
        })
      ).totalDocs
    expect(await left('event-tickets', 'id')).toBe(0)
    expect(await left('event-attendees', 'ticket')).toBe(0)
  })

  it('a series deleted for good, or its dates regenerated, takes the tickets of the dates that go', async () => {
    const series = await publishedEvent('Weekly ticketed', {
      recurrence: 'FREQ=WEEKLY;COUNT=3',
    })
    const datesOf = async () =>
      (
        await server.payload.find({
          collection: 'events',
          where: { series: { equals: series.id } },
          sort: 'startDate',
          overrideAccess: true,
        })
      ).docs.map((date) => date.id as number)
    const dates = await datesOf()
    expect(dates).toHaveLength(3)
    const onFirst = await ticket(dates[0])
    const onLast = await ticket(dates[2])
    await rsvp({ ticket_id: onLast.id })
    const ticketsLeft = async (ids: number[]) =>
      (
        await server.payload.count({
          collection: 'event-tickets',
          where: { id: { in: ids } },
          overrideAccess: true,
        })
      ).totalDocs
    // Two dates instead of three: the third goes, and its ticket and attendee with it.
    const shortened = await server.request('POST', `${V1}/events/${series.id}`, {
      ...as('editor'),
      body: { recurrence: 'FREQ=WEEKLY;COUNT=2' },
    })
    expect(shortened.status).toBe(200)
    expect(await datesOf()).toEqual(dates.slice(0, 2))
    expect(await ticketsLeft([onFirst.id, onLast.id])).toBe(1)
    const deleted = await server.request(
      'DELETE',
      `${V1}/events/${series.id}?force=true`,
      as('editor'),
    )
    expect(deleted.status).toBe(200)
    expect(await datesOf()).toEqual([])
    expect(await ticketsLeft([onFirst.id])).toBe(0)
  })
})
