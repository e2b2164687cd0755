/**
 * Event status and attendance in the admin (issue #28 item 4), in Debian's Chromium against the app
 * as `npm start` runs it: the event form's status and attendance, canceled and postponed events at
 * a glance in the calendar view, the events list and the dashboard, and a recurring series' "Cancel
 * this date" (the date stays listed, as canceled) beside "Remove this date" (it leaves the series).
 * Run with `npm run test:e2e` after `npm run build`; screenshots go to test/artifacts/.
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type App } from './harness/app.js'
import { type Browser } from './harness/browser.js'
import { useAdminSession } from './harness/session.js'

const V1 = '/api/cal/events/v1'
const APRIL = '/collections/events/calendar?mode=month&date=2031-04-01'

let app: App
let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
const ids: Record<string, number> = {}

const step = stepsOf(() => ({ ui, browser }))

async function v1Event(name: string, body: Record<string, unknown>) {
  const response = await rest.request('POST', `${V1}/events`, {
    token: adminToken,
    body: { title: name, status: 'publish', timezone: 'UTC', ...body },
  })
  assert.equal(response.status, 201, JSON.stringify(response.body))
  ids[name] = response.body.id
  return response.body
}
const v1Read = async (id: number) =>
  (await rest.request('GET', `${V1}/events/${id}`, { token: adminToken })).body

describe('event status and attendance in the admin, in a browser', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(async () => {
    ;({ app, browser, ui, rest, adminToken } = session)
    const day = (n: number) => `2031-04-${String(n).padStart(2, '0')}`
    await v1Event('Quartet Evening', {
      start_date: `${day(8)} 19:00:00`,
      end_date: `${day(8)} 21:00:00`,
    })
    await v1Event('Harbour Concert', {
      start_date: `${day(9)} 19:00:00`,
      end_date: `${day(9)} 21:00:00`,
      event_status: 'canceled',
      event_status_reason: 'Storm warning',
    })
    await v1Event('Book Fair', {
      start_date: `${day(10)} 10:00:00`,
      end_date: `${day(10)} 18:00:00`,
      event_status: 'postponed',
    })
    await v1Event('Garden Walk', {
      start_date: `${day(11)} 10:00:00`,
      end_date: `${day(11)} 12:00:00`,
    })
  })

  it('sets status and attendance on the event form', () =>
    step('status-form', async () => {
      await ui.openForm(`/collections/events/${ids['Quartet Evening']}`)
      await ui.field('eventStatus').waitFor()
      const statuses = await ui.optionsOf('eventStatus')
      assert.deepEqual(statuses, [
        'Scheduled',
        'Canceled',
        'Postponed',
        'Rescheduled',
        'Moved online',
      ])
      await ui.page.keyboard.press('Escape')
      await ui.choose('eventStatus', 'Moved online')
      // The reason shows once the event is not scheduled.
      await ui.input('eventStatusReason').fill('The hall is closed')
      await ui.choose('attendanceMode', 'Online')
      await ui.input('onlineUrl').fill('https://stream.example/quartet')
      await ui.screenshot('status-form')
      await ui.saveAndWait()
      const record = await v1Read(ids['Quartet Evening'])
      assert.equal(record.event_status, 'moved_online')
      assert.equal(record.event_status_reason, 'The hall is closed')
      assert.equal(record.attendance_mode, 'online')
      assert.equal(record.online_url, 'https://stream.example/quartet')
    }))

  it('refuses an online address that is not one, on the form', () =>
    step('status-form-invalid', async () => {
      await ui.openForm(`/collections/events/${ids['Garden Walk']}`)
      await ui.input('onlineUrl').fill('stream.example')
      await ui.save()
      await ui.field('onlineUrl').locator('.field-error, .tooltip--show').first().waitFor()
      assert.equal((await v1Read(ids['Garden Walk'])).online_url, '')
    }))

  it('shows canceled and postponed events at a glance in the calendar view', () =>
    step('status-calendar', async () => {
      await ui.open(APRIL)
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      const link = (title: string) => ui.page.locator('a.cal-event', { hasText: title }).first()
      await link('Harbour Concert').waitFor()
      assert.equal(await link('Harbour Concert').getAttribute('data-event-status'), 'canceled')
      // The text as written (the mark is shown in capitals).
      assert.match(
        (await link('Harbour Concert').textContent()) ?? '',
        /Canceled · Harbour Concert/,
      )
      assert.match((await link('Book Fair').textContent()) ?? '', /Postponed · Book Fair/)
      assert.equal(await link('Garden Walk').getAttribute('data-event-status'), 'scheduled')
      assert.doesNotMatch((await link('Garden Walk').textContent()) ?? '', /·/)
      // Struck through, so that it reads as canceled before its word is read.
      const decoration = await link('Harbour Concert').evaluate(
        (element) => getComputedStyle(element).textDecorationLine,
      )
      assert.match(decoration, /line-through/)
      await ui.screenshot('status-calendar')
    }))

  it('lists the event status as a column of the events list', () =>
    step('status-list', async () => {
      await ui.open('/collections/events?limit=50')
      const row = ui.page.locator('tr', { hasText: 'Harbour Concert' }).first()
      await row.waitFor()
      await row.getByText('Canceled').first().waitFor()
      const header = ui.page.locator('thead th', { hasText: 'Event status' })
      assert.equal(await header.count(), 1)
      await ui.page
        .locator('tr', { hasText: 'Book Fair' })
        .first()
        .getByText('Postponed')
        .first()
        .waitFor()
      await ui.screenshot('status-list')
    }))

  it('marks canceled and postponed events among the dashboard’s next events', () =>
    step('status-dashboard', async () => {
      await ui.open('')
      const next = ui.page.locator('.cal-glance__next')
      await next.locator('a', { hasText: 'Harbour Concert' }).waitFor()
      assert.equal(
        await next
          .locator('a', { hasText: 'Harbour Concert' })
          .locator('[data-event-status="canceled"]')
          .count(),
        1,
      )
      assert.equal(
        await next
          .locator('a', { hasText: 'Book Fair' })
          .locator('.cal-event-status')
          .textContent(),
        'Postponed · ',
      )
      await ui.screenshot('status-dashboard')
    }))

  it('cancels one date of a series, which stays listed as canceled; removes another, which leaves the series', () =>
    step('status-series', async () => {
      const series = await v1Event('Choir Practice', {
        start_date: '2031-05-06 18:00:00',
        end_date: '2031-05-06 19:30:00',
        recurrence: 'FREQ=WEEKLY;COUNT=4',
      })
      const dates = async () =>
        (
          await rest.request(
            'GET',
            `${V1}/events?start_date=2031-05-01&end_date=2031-05-31&search=Choir`,
          )
        ).body.events as Array<Record<string, any>>
      const before = await dates()
      assert.equal(before.length, 4)
      const [first, second] = before

      await ui.openForm(`/collections/events/${second.id}`)
      const notice = ui.page.locator('.cal-series-notice')
      await notice.getByRole('button', { name: 'Remove this date' }).waitFor()
      await ui.screenshot('status-series-notice')
      await Promise.all([
        ui.page.waitForEvent('load'),
        notice.getByRole('button', { name: 'Cancel this date' }).click(),
      ])
      await ui.page.locator('form[data-form-ready="true"]').first().waitFor()
      // Canceled, it is no longer offered: removing still is.
      await notice.getByRole('button', { name: 'Remove this date' }).waitFor()
      assert.equal(await notice.getByRole('button', { name: 'Cancel this date' }).count(), 0)

      const afterCancel = await dates()
      assert.deepEqual(
        afterCancel.map((date) => [date.id, date.event_status]),
        before.map((date) => [date.id, date.id === second.id ? 'canceled' : 'scheduled']),
      )
      // In the series' feed: an exception of the series, cancelled.
      const feed = await (await fetch(`${app.url}/api/cal/ical/events/${series.id}.ics`)).text()
      const exception = feed
        .split('BEGIN:VEVENT')
        .find((block) => block.includes('RECURRENCE-ID') && block.includes('STATUS:CANCELLED'))
      assert.ok(exception, feed)

      await ui.openForm(`/collections/events/${first.id}`)
      await Promise.all([
        ui.page.waitForURL(new RegExp(`/admin/collections/events/${series.id}$`)),
        ui.page
          .locator('.cal-series-notice')
          .getByRole('button', { name: 'Remove this date' })
          .click(),
      ])
      const afterRemove = await dates()
      assert.deepEqual(
        afterRemove.map((date) => date.id),
        before.slice(1).map((date) => date.id),
      )
      assert.deepEqual((await v1Read(series.id)).recurrence.exdates, ['2031-05-06 18:00:00'])
      assert.equal((await v1Read(second.id)).event_status, 'canceled')
    }))
})
