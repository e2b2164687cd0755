/**
 * The editors' calendar tools in Debian's Chromium against the app as `npm start` runs it: the
 * calendar view (events created through v1 on their days, a click opens one, a day click creates
 * one, paging, filters, week mode, the French admin, each role's events), the time-zone picker and
 * the zoned dates of the list, and the dashboard's calendar at a glance. Run with `npm run
 * test:e2e` after `npm run build`; screenshots of each view go to test/artifacts/.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { ARTIFACTS_DIR, stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type App } from './harness/app.js'
import { type Browser } from './harness/browser.js'
import { ADMIN, useAdminSession } from './harness/session.js'

const CONTRIBUTOR = { email: 'contributor@example.com', password: 'contributor-password' }
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'subscriber-password' }
const V1 = '/api/cal/events/v1'
const MARCH = '/collections/events/calendar?mode=month&date=2031-03-01'

let app: App
let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
const ids: Record<string, number> = {}

const step = stepsOf(() => ({ ui, browser }))

async function v1Event(name: string, body: Record<string, unknown>, token = adminToken) {
  const response = await rest.request('POST', `${V1}/events`, {
    token,
    body: { title: name, status: 'publish', ...body },
  })
  assert.equal(response.status, 201, JSON.stringify(response.body))
  ids[name] = response.body.id
  return response.body
}

async function createUser(user: { email: string; password: string }, role: string) {
  const created = await rest.request('POST', '/api/users', {
    token: adminToken,
    body: { ...user, role },
  })
  assert.equal(created.status, 201, JSON.stringify(created.body))
}

/** The calendar's loaded grid (the request for its window answered). */
async function openCalendar(route = MARCH) {
  await ui.open(route)
  await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
}

const eventIn = (day: string, title: string) =>
  ui.page.locator(`.cal-day__timed[data-day="${day}"] a.cal-event`, { hasText: title })
const shownTitles = async () =>
  [...new Set(await ui.page.locator('.cal-calendar__grid a.cal-event').allInnerTexts())]
    .map((text) => text.replace(/^\d\d:\d\d /, ''))
    .sort()

describe('the editors’ calendar tools, in a browser', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(() => void ({ app, browser, ui, rest, adminToken } = session))

  it('shows an event created through v1 on its local day, opens it on a click or with the keyboard', () =>
    step('calendar-month', async () => {
      // 00:30 on 12 March in Paris is 11 March in UTC: the calendar places it on the 12th.
      await v1Event('Midnight Jazz', {
        start_date: '2031-03-12 00:30:00',
        end_date: '2031-03-12 02:00:00',
        timezone: 'Europe/Paris',
        categories: ['Jazz'],
      })
      await v1Event('Morning Market', {
        start_date: '2031-03-12 08:00:00',
        end_date: '2031-03-12 12:00:00',
        categories: ['Markets'],
      })
      await v1Event('Spring Festival', {
        start_date: '2031-03-14 00:00:00',
        end_date: '2031-03-18 23:59:59',
        all_day: true,
      })
      await v1Event('Draft Rehearsal', {
        start_date: '2031-03-05 18:00:00',
        end_date: '2031-03-05 20:00:00',
        status: 'draft',
      })
      await v1Event('April Fool Show', {
        start_date: '2031-04-10 20:00:00',
        end_date: '2031-04-10 22:00:00',
      })

      await openCalendar()
      await ui.page.getByRole('heading', { name: 'March 2031' }).waitFor()
      await eventIn('2031-03-12', 'Midnight Jazz').waitFor()
      assert.equal(await eventIn('2031-03-12', 'Midnight Jazz').innerText(), '00:30 Midnight Jazz')
      assert.equal(await eventIn('2031-03-11', 'Midnight Jazz').count(), 0)
      // Ordered by local start within the day; coloured by status.
      assert.deepEqual(
        await ui.page.locator('.cal-day__timed[data-day="2031-03-12"] a').allInnerTexts(),
        ['00:30 Midnight Jazz', '08:00 Morning Market'],
      )
      assert.match(
        (await eventIn('2031-03-05', 'Draft Rehearsal').getAttribute('class'))!,
        /cal-status-draft/,
      )
      assert.match(
        (await eventIn('2031-03-12', 'Morning Market').getAttribute('class'))!,
        /cal-status-publish/,
      )
      // The all-day festival is one bar on top, from Friday 14 to Sunday 16 and on in the next
      // week.
      const festival = ui.page.locator('a.cal-event--span', { hasText: 'Spring Festival' })
      assert.equal(await festival.count(), 2)
      assert.match((await festival.first().getAttribute('class'))!, /cal-event--after/)
      assert.equal(
        await ui.page.locator('a.cal-event', { hasText: 'April Fool Show' }).count(),
        0,
        'April is not loaded for March',
      )
      assert.equal(
        await ui.page
          .locator('.cal-feed-links a', { hasText: 'Subscribe to the calendar' })
          .count(),
        1,
        'the calendar offers its subscription',
      )
      await ui.screenshot('calendar-month')

      await eventIn('2031-03-12', 'Morning Market').click()
      await ui.page.waitForURL(new RegExp(`/admin/collections/events/${ids['Morning Market']}$`))
      assert.equal(await ui.valueOf(ui.input('title'), 'Morning Market'), 'Morning Market')
      // Calendar apps: the event as .ics in its sidebar, and the calendar's subscription (README
      // "Calendar feeds").
      const eventFeed = await ui.page
        .locator('.cal-feed-links a', { hasText: 'Add this event to a calendar' })
        .getAttribute('href')
      assert.match(eventFeed!, new RegExp(`/api/cal/ical/events/${ids['Morning Market']}\\.ics$`))
      assert.match(await (await ui.page.request.get(eventFeed!)).text(), /SUMMARY:Morning Market/)
      assert.match(
        (await ui.page
          .locator('.cal-feed-links a', { hasText: 'Subscribe to the calendar' })
          .getAttribute('href'))!,
        /^webcal:\/\/.+\/api\/cal\/ical\/events\.ics$/,
      )
      await ui.page
        .locator('.cal-feed-links')
        .first()
        .screenshot({ path: path.join(ARTIFACTS_DIR, 'event-feed-links.png') })

      // Keyboard: the event is a link in the tab order; Enter opens it.
      await openCalendar()
      await eventIn('2031-03-12', 'Midnight Jazz').focus()
      await ui.page.keyboard.press('Enter')
      await ui.page.waitForURL(new RegExp(`/admin/collections/events/${ids['Midnight Jazz']}$`))
    }))

  it('pages by month, switches to a week, filters by category, and speaks the admin’s language', () =>
    step('calendar-paging', async () => {
      await openCalendar()
      await ui.page.getByRole('button', { name: 'Next month' }).click()
      await ui.page.getByRole('heading', { name: 'April 2031' }).waitFor()
      await ui.page.locator('a.cal-event', { hasText: 'April Fool Show' }).waitFor()
      assert.match(ui.page.url(), /date=2031-04-01/)
      await ui.page.getByRole('button', { name: 'Previous month' }).click()
      await ui.page.getByRole('heading', { name: 'March 2031' }).waitFor()

      await ui.page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Jazz' })
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      await ui.page.waitForFunction(() => !document.body.innerText.includes('Morning Market'))
      assert.deepEqual(await shownTitles(), ['Midnight Jazz'])
      await ui.page
        .getByRole('combobox', { name: 'Category' })
        .selectOption({ label: 'All categories' })
      await eventIn('2031-03-12', 'Morning Market').waitFor()

      // From March to a week: March's first week (March 2031 is not this month).
      await ui.page.getByRole('button', { name: 'Week', exact: true }).click()
      await ui.page.getByRole('heading', { name: 'Feb 24 – Mar 2, 2031' }).waitFor()
      await ui.page.getByRole('button', { name: 'Next week' }).click()
      await ui.page.getByRole('heading', { name: 'Mar 3 – Mar 9, 2031' }).waitFor()
      await eventIn('2031-03-05', 'Draft Rehearsal').waitFor()

      await openCalendar('/collections/events/calendar?mode=week&date=2031-03-12')
      assert.equal(await ui.page.locator('.cal-week').count(), 1)
      await eventIn('2031-03-12', 'Morning Market').waitFor()
      await ui.page.locator('a.cal-event--span', { hasText: 'Spring Festival' }).waitFor()
      await ui.screenshot('calendar-week')

      // The list view leads to the calendar.
      await ui.open('/collections/events')
      await ui.page.locator('a.cal-calendar-link').click()
      await ui.page.waitForURL(/\/collections\/events\/calendar/)

      await browser.context.addCookies([{ name: 'payload-lng', value: 'fr', url: app.url }])
      try {
        await openCalendar()
        await ui.page.getByRole('heading', { name: 'mars 2031' }).waitFor()
        await ui.page.getByRole('button', { name: 'Mois suivant' }).waitFor()
        await ui.page.getByText('Brouillon').first().waitFor()
        await ui.screenshot('calendar-fr')
      } finally {
        await browser.context.addCookies([{ name: 'payload-lng', value: 'en', url: app.url }])
      }
    }))

  it('creates an event on the day clicked, its start prefilled', () =>
    step('calendar-create', async () => {
      await openCalendar()
      await ui.page.getByRole('button', { name: 'New event on Thursday, March 20, 2031' }).click()
      await ui.page.waitForURL(/\/collections\/events\/create\?calendarDay=2031-03-20/)
      const start = ui.field('startDate').locator('input')
      assert.equal(await ui.valueOf(start, 'Mar 20, 2031 9:00 AM'), 'Mar 20, 2031 9:00 AM')
      await ui.input('title').fill('Made From The Calendar')
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = Number(/events\/(\d+)/.exec(ui.page.url())![1])
      const saved = (await rest.request('GET', `/api/events/${id}?depth=0`, { token: adminToken }))
        .body
      assert.equal(saved.startDate, '2031-03-20T09:00:00.000Z')
      assert.equal(saved.endDate, '2031-03-20T10:00:00.000Z')
      assert.equal(saved.timezone, 'UTC', 'a new event starts in the site zone')

      await openCalendar()
      await eventIn('2031-03-20', 'Made From The Calendar').waitFor()
      // A click on an empty part of a day creates too.
      await ui.page.locator('.cal-day__timed[data-day="2031-03-25"]').click()
      await ui.page.waitForURL(/calendarDay=2031-03-25/)
    }))

  it('picks a zone from a searchable list, and shows dates with their zone in the form and the list', () =>
    step('zone-picker', async () => {
      await ui.open('/collections/events/create')
      const zone = ui.field('timezone')
      await zone.locator('.rs__single-value', { hasText: 'UTC' }).waitFor()
      await ui.input('title').fill('Tokyo Premiere')
      await ui.fillDate('startDate', 'Mar 3, 2031 10:00 AM')
      await ui.fillDate('endDate', 'Mar 3, 2031 12:00 PM')
      await zone.locator('.rs__control').click()
      await ui.page.keyboard.type('tokyo')
      assert.deepEqual(await ui.page.locator('.rs__option').allInnerTexts(), [
        'Asia/Tokyo (GMT+09:00)',
      ])
      await ui.screenshot('zone-picker')
      await ui.page.locator('.rs__option').first().click()
      // Under the pickers (the editor's clock): the time in the event's zone.
      await ui.page
        .locator('.cal-zoned-time[data-field="startDate"]', {
          hasText: 'Mon, Mar 3, 2031, 7:00 PM Asia/Tokyo',
        })
        .waitFor()
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = Number(/events\/(\d+)/.exec(ui.page.url())![1])
      const saved = (await rest.request('GET', `/api/events/${id}?depth=0`, { token: adminToken }))
        .body
      assert.equal(saved.timezone, 'Asia/Tokyo')
      assert.equal(saved.startDateLocal, '2031-03-03 19:00:00')
      await ui.screenshot('event-edit-zoned')

      // An offset zone written through v1 stays as it is, offered in the list, and saves unchanged.
      const offset = await v1Event('Offset Evening', {
        start_date: '2031-03-04 19:00:00',
        end_date: '2031-03-04 21:00:00',
        timezone: 'UTC+2',
      })
      await ui.open(`/collections/events/${offset.id}`)
      await ui.field('timezone').locator('.rs__single-value', { hasText: 'UTC+2' }).waitFor()
      await ui.input('title').fill('Offset Evening, again')
      await ui.saveAndWait()
      const v1Read = (await rest.request('GET', `${V1}/events/${offset.id}`, { token: adminToken }))
        .body
      assert.equal(v1Read.timezone, 'UTC+2')
      assert.equal(v1Read.start_date, '2031-03-04 19:00:00')

      // The list shows starts in each event's zone, named; an all-day event as a date.
      await ui.open('/collections/events?sort=startDate&limit=50')
      const rowOf = (title: string) => ui.page.locator('table tbody tr', { hasText: title })
      await rowOf('Tokyo Premiere').getByText('Mon, Mar 3, 2031, 7:00 PM Asia/Tokyo').waitFor()
      await rowOf('Offset Evening').getByText('Tue, Mar 4, 2031, 7:00 PM UTC+2').waitFor()
      await rowOf('Spring Festival').getByText('Fri, Mar 14, 2031', { exact: true }).waitFor()
      await ui.screenshot('events-list')
    }))

  it('shows a contributor and a subscriber what their list view shows them', () =>
    step('calendar-roles', async () => {
      await createUser(CONTRIBUTOR, 'contributor')
      await createUser(SUBSCRIBER, 'subscriber')
      const contributorToken = await rest.login(CONTRIBUTOR.email, CONTRIBUTOR.password)
      await v1Event(
        'Contributor Idea',
        { start_date: '2031-03-21 18:00:00', end_date: '2031-03-21 19:00:00', status: 'draft' },
        contributorToken,
      )
      await v1Event(
        'Contributor Proposal',
        { start_date: '2031-03-22 18:00:00', end_date: '2031-03-22 19:00:00', status: 'pending' },
        contributorToken,
      )

      const listed = async (token: string) => {
        const window =
          'where[startDateLocal][less_than]=2031-04-07&where[endDateLocal][greater_than_equal]=2031-02-24&limit=100&depth=0'
        const docs = (await rest.request('GET', `/api/events?${window}`, { token })).body
          .docs as Array<{ title: string }>
        return docs.map((doc) => doc.title).sort()
      }

      await ui.logout()
      await ui.login(CONTRIBUTOR.email, CONTRIBUTOR.password)
      await openCalendar()
      await eventIn('2031-03-21', 'Contributor Idea').waitFor()
      assert.deepEqual(await shownTitles(), await listed(contributorToken))
      assert.match(
        (await eventIn('2031-03-22', 'Contributor Proposal').getAttribute('class'))!,
        /cal-status-pending/,
      )

      await ui.logout()
      await ui.login(SUBSCRIBER.email, SUBSCRIBER.password)
      await openCalendar()
      await eventIn('2031-03-12', 'Morning Market').waitFor()
      const subscriberSees = await shownTitles()
      assert.deepEqual(
        subscriberSees,
        await listed(await rest.login(SUBSCRIBER.email, SUBSCRIBER.password)),
      )
      for (const hidden of ['Draft Rehearsal', 'Contributor Idea', 'Contributor Proposal'])
        assert.ok(!subscriberSees.includes(hidden), hidden)
      // No day offers to create what a subscriber may not create.
      assert.equal(await ui.page.getByRole('button', { name: /^New event on/ }).count(), 0)
    }))

  it('shows the calendar at a glance on the dashboard: next events, and for editors what waits for review', () =>
    step('dashboard', async () => {
      await ui.logout()
      await ui.login(ADMIN.email, ADMIN.password)
      // The next events the administrator may see, by start: in March 2031, the Tokyo premiere
      // comes first.
      const next = ui.page.locator('.cal-glance__next')
      await next.locator('li').first().waitFor()
      assert.match(
        await next.locator('li').first().innerText(),
        /Mon, Mar 3, 2031, 7:00 PM Asia\/Tokyo\s+Tokyo Premiere/,
      )
      const waiting = ui.page.locator('.cal-glance__waiting')
      await waiting.getByRole('link', { name: 'Contributor Proposal' }).waitFor()
      assert.equal(
        await waiting.getByText('Contributor Idea').count(),
        0,
        'a draft is not waiting for review',
      )
      await ui.page.locator('.collections, .dashboard__card-list, .card').first().waitFor()
      await ui.screenshot('dashboard')
      await next.getByRole('link', { name: 'Open the calendar' }).click()
      await ui.page.waitForURL(/\/collections\/events\/calendar/)

      await ui.logout()
      await ui.login(SUBSCRIBER.email, SUBSCRIBER.password)
      await ui.page.locator('.cal-glance__next li').first().waitFor()
      assert.equal(await ui.page.locator('.cal-glance__waiting').count(), 0)
    }))

  it('sent nothing anywhere but 127.0.0.1', () => {
    assert.deepEqual(browser.blocked, [])
  })
})
