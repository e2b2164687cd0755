/**
 * RSVP tickets in the admin (issue #62 item 5), in Debian's Chromium against the app as `npm start`
 * runs it: the event's sidebar shows its tickets with the places taken, its attendees list (name,
 * email, going, checked in, when) is searched, checked in and undone, and has a CSV export; then
 * the same in French. axe-core on each new part: no serious or critical violation. Run with
 * `npm run test:e2e` after `npm run build`; screenshots go to test/artifacts/.
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import path from 'node:path'
import { ARTIFACTS_DIR, stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type Browser } from './harness/browser.js'
import { violations as axeViolations } from './harness/axe.js'
import { useAdminSession } from './harness/session.js'

const TICKETS = '/api/cal/tickets/v1'

let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
let eventId = 0
let ticketId = 0

const step = stepsOf(() => ({ ui, browser }))

const violations = (selector: string) => axeViolations(ui.page, selector)

async function write(method: string, path: string, body: unknown, token = adminToken) {
  const response = await rest.request(method, path, { token, body })
  assert.ok(response.status < 300, `${method} ${path}: ${JSON.stringify(response.body)}`)
  return response.body
}

const attendeesOfEvent = () => `/collections/event-attendees?where[event][equals]=${eventId}`

describe('RSVP tickets in the admin, in a browser', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(async () => {
    ;({ browser, ui, rest, adminToken } = session)
    const event = await write('POST', '/api/cal/events/v1/events', {
      title: 'Community potluck',
      start_date: '2031-06-14 18:00:00',
      end_date: '2031-06-14 21:00:00',
      timezone: 'UTC',
      status: 'publish',
    })
    eventId = event.id
    const ticket = await write('POST', `${TICKETS}/tickets`, {
      post_id: eventId,
      provider: 'rsvp',
      name: 'Dinner seat',
      capacity: 10,
    })
    ticketId = ticket.id
    for (const [name, email, quantity] of [
      ['Ada Lovelace', 'ada@example.com', 2],
      ['Grace Hopper', 'grace@example.com', 1],
      ['Alan Turing', 'alan@example.com', 1],
    ] as const)
      await write('POST', `${TICKETS}/rsvp`, {
        ticket_id: ticketId,
        full_name: name,
        email,
        quantity,
      })
  })

  it('the event’s sidebar shows its tickets with the places taken, and links to its attendees', () =>
    step('tickets-event', async () => {
      await ui.openForm(`/collections/events/${eventId}`)
      const glance = ui.page.locator('.cal-event-tickets')
      await glance.getByText('4 of 10 places taken').waitFor()
      assert.equal(
        await glance.getByRole('meter', { name: 'Dinner seat' }).getAttribute('aria-valuenow'),
        '4',
      )
      assert.deepEqual(await violations('.cal-event-tickets'), [])
      await glance.scrollIntoViewIfNeeded()
      await glance.screenshot({ path: path.join(ARTIFACTS_DIR, 'tickets-event.png') })
      assert.match(
        String(await glance.getByRole('link', { name: 'Attendees' }).getAttribute('href')),
        new RegExp(`/collections/event-attendees\\?where\\[event\\]\\[equals\\]=${eventId}$`),
      )
    }))

  it('the attendees list: names, emails, search, check-in and its undo, the CSV export', () =>
    step('tickets-attendees', async () => {
      await ui.open(attendeesOfEvent())
      const table = ui.page.locator('.table')
      await table.getByText('grace@example.com').waitFor()
      assert.equal(await table.locator('tbody tr').count(), 4)
      const csv = ui.page.getByRole('link', { name: 'Export CSV' })
      await ui.page.waitForFunction(() =>
        document.querySelector('.cal-export-csv a')?.getAttribute('href')?.includes('post_id='),
      )
      assert.match(String(await csv.getAttribute('href')), /attendees\.csv\?bom=true&post_id=\d+$/)
      // The plugin's parts of the list (Payload's own table is Payload's).
      assert.deepEqual(await violations('.cal-check-in'), [])
      assert.deepEqual(await violations('.cal-export-csv'), [])
      await ui.screenshot('tickets-attendees')

      const row = table.locator('tbody tr', { hasText: 'grace@example.com' })
      await row.getByRole('button', { name: 'Check in' }).click()
      await row.getByRole('button', { name: 'Undo' }).waitFor()
      const checked = await rest.request(
        'GET',
        `${TICKETS}/attendees?ticket_id=${ticketId}&checkedin=true`,
        {
          token: adminToken,
        },
      )
      assert.deepEqual(
        checked.body.attendees.map((attendee: { email: string }) => attendee.email),
        ['grace@example.com'],
      )
      await row.getByRole('button', { name: 'Undo' }).click()
      await row.getByRole('button', { name: 'Check in' }).waitFor()

      await ui.page.locator('.search-filter__input').fill('Turing')
      await table.locator('tbody tr', { hasText: 'alan@example.com' }).waitFor()
      await ui.page.waitForFunction(() => document.querySelectorAll('.table tbody tr').length === 1)
    }))

  it('in French: the sidebar and the attendees list speak French', () =>
    step('fr-tickets', async () => {
      await ui.open('/account')
      await ui.page.locator('.payload-settings__language .rs__control').click()
      await ui.page.locator('.rs__option', { hasText: 'Français' }).click()
      await ui.page.locator('.payload-settings h3', { hasText: 'Paramètres de Payload' }).waitFor()
      await ui.openForm(`/collections/events/${eventId}`)
      await ui.page.locator('.cal-event-tickets').getByText('4 places prises sur 10').waitFor()
      await ui.page.getByRole('link', { name: 'Participants' }).first().waitFor()
      assert.deepEqual(await violations('.cal-event-tickets'), [])
      const glance = ui.page.locator('.cal-event-tickets')
      await glance.scrollIntoViewIfNeeded()
      await glance.screenshot({ path: path.join(ARTIFACTS_DIR, 'fr-tickets-event.png') })
      await ui.open(attendeesOfEvent())
      await ui.page.getByRole('button', { name: 'Enregistrer' }).first().waitFor()
      assert.deepEqual(await violations('.cal-check-in'), [])
      assert.deepEqual(await violations('.cal-export-csv'), [])
      await ui.screenshot('fr-tickets-attendees')
    }))
})
