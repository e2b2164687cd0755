import { describe, expect, it } from '@jest/globals'
import {
  createV1Event,
  type TestServer,
  type TestUser,
  useTestServer,
  utcWallClock,
  V1,
} from './helpers.js'

/**
 * Event status and attendance (collections/eventStatus.ts) on the v1 namespace: the keys of
 * records and writes, The Events Calendar Pro's write names, the previous start kept when a
 * published event moves, the archive's filters, and what a password hides.
 */

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor', 'contributor'], (setup) => ({ server, users } = setup))

const call = (method: string, path: string, user = 'editor', body?: unknown) =>
  server.request(method, `${V1}${path}`, { token: users[user].token, body })
const when = (days: number) => ({ start_date: utcWallClock(days), end_date: utcWallClock(days, 2) })
const create = (body: Record<string, unknown>, user = 'editor') =>
  createV1Event(server, users[user], { ...when(30), ...body })
const countEvents = async () =>
  (await server.payload.count({ collection: 'events', trash: true, overrideAccess: true }))
    .totalDocs

describe('keys of event records', () => {
  it('an event written without them is scheduled, in person, with no reason, previous start or online address', async () => {
    const event = await create({ title: 'Plain' })
    expect(event).toMatchObject({
      event_status: 'scheduled',
      event_status_reason: '',
      previous_start_date: '',
      attendance_mode: 'offline',
      online_url: '',
    })
    // Additive: after the keys records had, before the series keys.
    const keys = Object.keys(event)
    expect(keys.indexOf('event_status')).toBe(keys.indexOf('post_parent') + 1)
  })

  it('writes and reads every key; a partial update keeps the others', async () => {
    const event = await create({
      title: 'Moved online',
      timezone: 'Europe/Paris',
      event_status: 'moved_online',
      event_status_reason: 'The hall is closed.',
      previous_start_date: '2031-03-01 19:00:00',
      attendance_mode: 'online',
      online_url: 'https://stream.example/live',
    })
    expect(event).toMatchObject({
      event_status: 'moved_online',
      event_status_reason: 'The hall is closed.',
      previous_start_date: '2031-03-01 19:00:00',
      attendance_mode: 'online',
      online_url: 'https://stream.example/live',
    })
    const stored = await server.payload.findByID({
      collection: 'events',
      id: event.id,
      overrideAccess: true,
    })
    // Read in the event's zone: 19:00 in Paris in March is 18:00 UTC.
    expect(stored.previousStartDate).toBe('2031-03-01T18:00:00.000Z')
    const updated = await call('PATCH', `/events/${event.id}`, 'editor', {
      event_status: 'postponed',
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      event_status: 'postponed',
      event_status_reason: 'The hall is closed.',
      attendance_mode: 'online',
      online_url: 'https://stream.example/live',
    })
    const cleared = await call('PATCH', `/events/${event.id}`, 'editor', {
      event_status_reason: '',
      previous_start_date: '',
      online_url: '',
    })
    expect(cleared.body).toMatchObject({
      event_status_reason: '',
      previous_start_date: '',
      online_url: '',
    })
  })

  it('the reason is stored in the request’s language', async () => {
    const event = await create({ title: 'Bilingual', event_status: 'canceled' })
    await call('PATCH', `/events/${event.id}`, 'editor', { event_status_reason: 'Storm' })
    const french = await server.request('PATCH', `/fr${V1}/events/${event.id}`, {
      token: users.editor.token,
      body: { event_status_reason: 'Tempête' },
    })
    expect(french.status).toBe(200)
    expect(french.body.event_status_reason).toBe('Tempête')
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body.event_status_reason).toBe(
      'Storm',
    )
    expect(
      (await server.request('GET', `/fr${V1}/events/${event.id}`)).body.event_status_reason,
    ).toBe('Tempête')
  })
})

describe('invalid arguments', () => {
  it.each([
    [{ event_status: 'cancelled' }, 'event_status'],
    [{ event_status: ['canceled'] }, 'event_status'],
    [{ event_status: 3 }, 'event_status'],
    [{ attendance_mode: 'virtual' }, 'attendance_mode'],
    [{ online_url: 'javascript:alert(1)' }, 'online_url'],
    [{ online_url: 'stream.example' }, 'online_url'],
    [{ previous_start_date: 'not a date' }, 'previous_start_date'],
    [{ previous_start_date: 20310101 }, 'previous_start_date'],
    [{ event_status_reason: { text: 'x' } }, 'event_status_reason'],
    [{ is_virtual: 'maybe' }, 'is_virtual'],
    [{ virtual_url: 'ftp://files.example' }, 'virtual_url'],
  ])('%j is 400 rest_invalid_param naming %s, and nothing is written', async (args, name) => {
    const before = await countEvents()
    const response = await call('POST', '/events', 'editor', {
      title: 'Refused',
      ...when(3),
      ...args,
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { [name]: expect.any(String) } },
    })
    expect(await countEvents()).toBe(before)
  })

  it('an invalid update leaves the event as it was', async () => {
    const event = await create({ title: 'Kept', event_status: 'canceled' })
    const response = await call('PATCH', `/events/${event.id}`, 'editor', {
      event_status: 'postponed',
      attendance_mode: 'hybrid',
    })
    expect(response.status).toBe(400)
    expect((await server.request('GET', `${V1}/events/${event.id}`)).body.event_status).toBe(
      'canceled',
    )
  })
})

describe('The Events Calendar Pro’s names on write', () => {
  it('is_virtual: true is online without a venue, mixed with one; false is offline', async () => {
    const online = await create({ title: 'Virtual', is_virtual: true })
    expect(online.attendance_mode).toBe('online')
    const mixed = await create({
      title: 'Hybrid',
      is_virtual: 'true',
      venue: { venue: 'Status Hall', city: 'Lyon' },
    })
    expect(mixed.attendance_mode).toBe('mixed')
    const back = await call('PATCH', `/events/${mixed.id}`, 'editor', { is_virtual: false })
    expect(back.body.attendance_mode).toBe('offline')
  })

  it('virtual_url is online_url; the v1 names win when both are given', async () => {
    const event = await create({
      title: 'Both names',
      virtual_url: 'https://pro.example/room',
    })
    expect(event.online_url).toBe('https://pro.example/room')
    const both = await create({
      title: 'Both names again',
      is_virtual: true,
      attendance_mode: 'mixed',
      virtual_url: 'https://pro.example/room',
      online_url: 'https://ours.example/room',
    })
    expect(both).toMatchObject({
      attendance_mode: 'mixed',
      online_url: 'https://ours.example/room',
    })
    // They are arguments only: records show the v1 keys.
    expect(both).not.toHaveProperty('is_virtual')
    expect(both).not.toHaveProperty('virtual_url')
  })
})

describe('the previous start', () => {
  it('is kept when the start of a published, scheduled event moves; the status stays', async () => {
    const start = utcWallClock(40)
    const event = await create({ title: 'Moves', start_date: start, end_date: utcWallClock(40, 1) })
    expect(event.status).toBe('publish')
    const moved = await call('PATCH', `/events/${event.id}`, 'editor', {
      start_date: utcWallClock(47),
      end_date: utcWallClock(47, 1),
    })
    expect(moved.body).toMatchObject({ previous_start_date: start, event_status: 'scheduled' })
    // Another edit that does not move the start keeps it.
    const renamed = await call('PATCH', `/events/${event.id}`, 'editor', { title: 'Moved' })
    expect(renamed.body.previous_start_date).toBe(start)
  })

  it('is kept when one write moves the start and says rescheduled or postponed', async () => {
    for (const eventStatus of ['rescheduled', 'postponed']) {
      const start = utcWallClock(41)
      const event = await create({ title: `Moved and ${eventStatus}`, ...when(41) })
      const moved = await call('POST', `/events/${event.id}`, 'editor', {
        ...when(48),
        event_status: eventStatus,
      })
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({
        event_status: eventStatus,
        previous_start_date: start,
        start_date: utcWallClock(48),
      })
    }
  })

  it('is kept over two writes: postponed, then moved and rescheduled; or moved, then rescheduled', async () => {
    const start = utcWallClock(42)
    const postponedFirst = await create({ title: 'Postponed first', ...when(42) })
    const postponed = await call('PATCH', `/events/${postponedFirst.id}`, 'editor', {
      event_status: 'postponed',
    })
    // Postponing alone moves nothing: no previous start yet.
    expect(postponed.body).toMatchObject({ event_status: 'postponed', previous_start_date: '' })
    const rescheduled = await call('PATCH', `/events/${postponedFirst.id}`, 'editor', {
      ...when(55),
      event_status: 'rescheduled',
    })
    expect(rescheduled.body).toMatchObject({
      event_status: 'rescheduled',
      previous_start_date: start,
    })

    const movedFirst = await create({ title: 'Moved first', ...when(42) })
    await call('PATCH', `/events/${movedFirst.id}`, 'editor', when(56))
    const saidSo = await call('PATCH', `/events/${movedFirst.id}`, 'editor', {
      event_status: 'rescheduled',
    })
    expect(saidSo.body).toMatchObject({ event_status: 'rescheduled', previous_start_date: start })
  })

  it('is kept when a canceled or postponed event moves and stays so', async () => {
    for (const eventStatus of ['canceled', 'postponed']) {
      const start = utcWallClock(43)
      const event = await create({
        title: `${eventStatus} moves`,
        ...when(43),
        event_status: eventStatus,
      })
      const moved = await call('PATCH', `/events/${event.id}`, 'editor', when(50))
      expect(moved.body).toMatchObject({ event_status: eventStatus, previous_start_date: start })
    }
  })

  it('is not kept for drafts (one write or two), nor when an event goes back to scheduled as it moves', async () => {
    const draft = await create({ title: 'Draft moves', status: 'draft' })
    const draftMoved = await call('PATCH', `/events/${draft.id}`, 'editor', {
      ...when(50),
      event_status: 'rescheduled',
    })
    expect(draftMoved.body).toMatchObject({ event_status: 'rescheduled', previous_start_date: '' })
    const draftPostponed = await create({ title: 'Draft postponed', status: 'draft' })
    await call('PATCH', `/events/${draftPostponed.id}`, 'editor', { event_status: 'postponed' })
    const draftRescheduled = await call('PATCH', `/events/${draftPostponed.id}`, 'editor', {
      ...when(51),
      event_status: 'rescheduled',
    })
    expect(draftRescheduled.body.previous_start_date).toBe('')

    const postponed = await create({ title: 'Back to scheduled', event_status: 'postponed' })
    const back = await call('PATCH', `/events/${postponed.id}`, 'editor', {
      ...when(52),
      event_status: 'scheduled',
    })
    expect(back.body).toMatchObject({ event_status: 'scheduled', previous_start_date: '' })
  })

  it('a write that sets it wins', async () => {
    const rescheduled = await create({ title: 'Rescheduled' })
    const withStatus = await call('PATCH', `/events/${rescheduled.id}`, 'editor', {
      ...when(51),
      event_status: 'rescheduled',
      previous_start_date: '2030-01-01 10:00:00',
    })
    expect(withStatus.body).toMatchObject({
      event_status: 'rescheduled',
      previous_start_date: '2030-01-01 10:00:00',
    })
  })

  it("the admin form, which sends every field, and Payload's REST keep it too", async () => {
    const event = await create({ title: 'Admin moves' })
    const stored = await server.payload.findByID({
      collection: 'events',
      id: event.id,
      overrideAccess: true,
    })
    const response = await server.request('PATCH', `/api/events/${event.id}`, {
      token: users.editor.token,
      body: {
        title: stored.title,
        eventStatus: stored.eventStatus,
        previousStartDate: stored.previousStartDate ?? null,
        attendanceMode: stored.attendanceMode,
        startDate: new Date(Date.parse(stored.startDate) + 86_400_000).toISOString(),
        endDate: new Date(Date.parse(stored.endDate) + 86_400_000).toISOString(),
      },
    })
    expect(response.status).toBe(200)
    expect(response.body.doc.previousStartDate).toBe(stored.startDate)
    // Payload's REST, moved and rescheduled in one write.
    const moved = response.body.doc
    const rescheduled = await server.request('PATCH', `/api/events/${event.id}`, {
      token: users.editor.token,
      body: {
        eventStatus: 'rescheduled',
        startDate: new Date(Date.parse(moved.startDate) + 86_400_000).toISOString(),
        endDate: new Date(Date.parse(moved.endDate) + 86_400_000).toISOString(),
      },
    })
    expect(rescheduled.status).toBe(200)
    expect(rescheduled.body.doc).toMatchObject({
      eventStatus: 'rescheduled',
      previousStartDate: moved.startDate,
    })
  })
})

describe('archive filters', () => {
  it('event_status and attendance_mode take comma lists; scheduled and offline are the defaults', async () => {
    const tag = `status-filter-${Date.now()}`
    const made = {
      canceled: await create({ title: 'F canceled', tags: tag, event_status: 'canceled' }),
      postponed: await create({ title: 'F postponed', tags: tag, event_status: 'postponed' }),
      online: await create({ title: 'F online', tags: tag, attendance_mode: 'online' }),
      plain: await create({ title: 'F plain', tags: tag }),
    }
    const ids = async (query: string) => {
      const response = await server.request('GET', `${V1}/events?tags=${tag}&${query}`)
      expect(response.status).toBe(200)
      return (response.body.events as { id: number }[]).map((event) => event.id).sort()
    }
    const sorted = (...events: Record<string, any>[]) => events.map((event) => event.id).sort()
    expect(await ids('event_status=canceled,postponed')).toEqual(
      sorted(made.canceled, made.postponed),
    )
    expect(await ids('event_status=scheduled')).toEqual(sorted(made.online, made.plain))
    expect(await ids('attendance_mode=online,mixed')).toEqual(sorted(made.online))
    expect(await ids('attendance_mode=offline&event_status=canceled')).toEqual(
      sorted(made.canceled),
    )
    const response = await server.request(
      'GET',
      `${V1}/events?tags=${tag}&event_status=canceled&attendance_mode=offline`,
    )
    expect(response.body.rest_url).toContain('event_status=canceled')
    expect(response.body.rest_url).toContain('attendance_mode=offline')
  })

  it('unknown words are 400 rest_invalid_param', async () => {
    for (const query of ['event_status=cancelled', 'attendance_mode=virtual,online']) {
      const response = await server.request('GET', `${V1}/events?${query}`)
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('rest_invalid_param')
    }
  })
})

describe('password-protected events', () => {
  it('in an archive keep their status and attendance, and hide the online address', async () => {
    const tag = `status-locked-${Date.now()}`
    const event = await create({
      title: 'Locked',
      tags: tag,
      event_status: 'canceled',
      event_status_reason: 'Flooded',
      attendance_mode: 'mixed',
      online_url: 'https://secret.example/room',
    })
    await server.request('PATCH', `/api/events/${event.id}`, {
      token: users.administrator.token,
      body: { password: 'letmein' },
    })
    const locked = (await server.request('GET', `${V1}/events?tags=${tag}`)).body.events[0]
    expect(locked).toMatchObject({
      event_status: 'canceled',
      event_status_reason: 'Flooded',
      attendance_mode: 'mixed',
      online_url: '',
    })
    const anonymous = await server.request('GET', `/api/events/${event.id}`)
    expect(anonymous.body).toMatchObject({ eventStatus: 'canceled', attendanceMode: 'mixed' })
    expect(JSON.stringify(anonymous.body)).not.toContain('secret.example')
  })
})
