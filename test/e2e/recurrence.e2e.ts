/**
 * Recurring events in the admin, in Debian's Chromium against the app as `npm start` runs it: a
 * weekly series made with the recurrence editor (its sentence and next ten dates shown before
 * saving) lands on the right days, at 19:00 in Paris on both sides of the change to summer time, in
 * the calendar view and in the v1 archive, and as one VEVENT with its RRULE in the feed; a date
 * opens its own record, which links to its series and says what a save changes (the sidebar's
 * applyTo: a change saved for all reaches every date); a date moved to the trash in the admin
 * leaves the calendar and the archive, and is an EXDATE of the feed; the dashboard lists the
 * series' dates, and a series waiting for review once; a date changed alone (time and title) is an
 * exception of the series everywhere; "this and the following dates" splits the series in two; the
 * editor adds an extra date and excludes one; a New York series stays at 09:30 local across the end
 * of summer time. Run with `npm run test:e2e` after `npm run build`; screenshots go to
 * test/artifacts/ (the editor's alone, `recurrence-editor-field.png`, is the README's
 * docs/recurrence-editor.png).
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { ARTIFACTS_DIR, stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type App } from './harness/app.js'
import { type Browser } from './harness/browser.js'
import { useAdminSession } from './harness/session.js'

const V1 = '/api/cal/events/v1'
const TITLE = 'Evening Yoga'
// Paris moves to summer time on Sunday 28 March 2027: 19:00 is 18:00 UTC before, 17:00 UTC after.
const MARCH = '/collections/events/calendar?mode=month&date=2027-03-01'
const TUESDAYS_AND_THURSDAYS = [
  '2027-03-02',
  '2027-03-04',
  '2027-03-09',
  '2027-03-11',
  '2027-03-16',
  '2027-03-18',
  '2027-03-23',
  '2027-03-25',
  '2027-03-30',
  '2027-04-01',
  '2027-04-06',
  '2027-04-08',
  '2027-04-13',
  '2027-04-15',
]
const TRASHED_DAY = '2027-03-30'
const ALONE_DAY = '2027-04-06'
const SPLIT_DAY = '2027-04-13'

let app: App
let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
let seriesId = 0

const step = stepsOf(() => ({ ui, browser }))

type V1Event = {
  id: number
  title: string
  start_date: string
  end_date: string
  utc_start_date: string
  timezone: string
  series?: { id: number; detached: boolean }
}

/**
 * The series' dates in the v1 archive from 1 March to 16 April, as an anonymous reader sees them.
 */
async function archived(): Promise<V1Event[]> {
  const response = await rest.request(
    'GET',
    `${V1}/events?start_date=2027-03-01&end_date=2027-04-16&per_page=50`,
  )
  assert.equal(response.status, 200, JSON.stringify(response.body))
  return (response.body.events as V1Event[]).filter((event) => event.title === TITLE)
}

/** Every yoga date in the same window, whatever its title has become. */
async function yogaDates(): Promise<V1Event[]> {
  const response = await rest.request(
    'GET',
    `${V1}/events?start_date=2027-03-01&end_date=2027-04-16&per_page=50`,
  )
  assert.equal(response.status, 200, JSON.stringify(response.body))
  return (response.body.events as V1Event[]).filter((event) => /Yoga/.test(event.title))
}

/** The series' own iCalendar file, as a calendar app reads it. */
async function seriesFeed(): Promise<string> {
  const response = await fetch(`${app.url}/api/cal/ical/events/${seriesId}.ics`)
  assert.equal(response.status, 200)
  return response.text()
}

async function openCalendar() {
  await ui.open(MARCH)
  await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
}
const datesShown = () => ui.page.locator('.cal-calendar__grid a.cal-event', { hasText: TITLE })
const dateIn = (day: string) =>
  ui.page.locator(`.cal-day__timed[data-day="${day}"] a.cal-event`, { hasText: TITLE })
const editor = () => ui.page.locator('fieldset.cal-recurrence')

/** One of the editor's selects (Payload's), found by the name of its group. */
const select = (name: string) => editor().getByRole('group', { name, exact: true })

/** Picks an option of one of the editor's selects, as an editor does. */
async function choose(name: string, option: string) {
  await select(name).locator('.rs__control').click()
  await ui.page.locator('.rs__option').getByText(option, { exact: true }).click()
}

const chosen = (name: string) => select(name).locator('.rs__single-value').innerText()

describe('recurring events in the admin, in a browser', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(() => void ({ app, browser, ui, rest, adminToken } = session))

  it('makes a weekly series with the editor, saying the rule and showing the next ten dates before saving', () =>
    step('recurrence-editor', async () => {
      await ui.open('/collections/events/create')
      await ui.input('title').fill(TITLE)
      // The browser's clock is UTC: 18:00 UTC is 19:00 in Paris on 2 March.
      await ui.fillDate('startDate', 'Mar 2, 2027 6:00 PM')
      await ui.fillDate('endDate', 'Mar 2, 2027 7:30 PM')
      await ui.pickZone('Europe/Paris')
      await ui.page
        .locator('.cal-zoned-time[data-field="startDate"]', {
          hasText: 'Tue, Mar 2, 2027, 7:00 PM Europe/Paris',
        })
        .waitFor()
      await ui.choose('status', 'Published')

      // Labels: each control is found by its name, as a screen reader announces it.
      await choose('Repeat', 'Weekly')
      const tuesday = editor().getByRole('checkbox', { name: 'Tuesday' })
      assert.equal(await tuesday.isChecked(), true, 'weekly starts on the start’s weekday')
      assert.equal(await tuesday.isDisabled(), true, 'the last weekday left cannot be unchecked')
      await editor().getByRole('checkbox', { name: 'Thursday' }).focus()
      await ui.page.keyboard.press('Space')
      await editor().getByRole('radio', { name: 'On' }).check()
      await editor().getByLabel('Ends: On').fill('2027-04-15')

      const preview = editor().locator('.cal-recurrence__preview')
      await preview
        .locator('.cal-recurrence__sentence', {
          hasText: 'Every week on Tuesday and Thursday, until 15 April 2027',
        })
        .waitFor()
      await preview.getByRole('heading', { name: 'Next dates (Europe/Paris)' }).waitFor()
      const next = await preview.locator('ol.cal-recurrence__next li time').allInnerTexts()
      assert.deepEqual(next, [
        'Tue, Mar 2, 2027, 7:00 PM',
        'Thu, Mar 4, 2027, 7:00 PM',
        'Tue, Mar 9, 2027, 7:00 PM',
        'Thu, Mar 11, 2027, 7:00 PM',
        'Tue, Mar 16, 2027, 7:00 PM',
        'Thu, Mar 18, 2027, 7:00 PM',
        'Tue, Mar 23, 2027, 7:00 PM',
        'Thu, Mar 25, 2027, 7:00 PM',
        'Tue, Mar 30, 2027, 7:00 PM',
        'Thu, Apr 1, 2027, 7:00 PM',
      ])
      // The instants of each side of the change: 18:00 UTC on the 25th, 17:00 UTC on the 30th.
      assert.equal(
        await preview.locator('li[data-date="2027-03-25 19:00:00"] time').getAttribute('datetime'),
        '2027-03-25T18:00:00.000Z',
      )
      assert.equal(
        await preview.locator('li[data-date="2027-03-30 19:00:00"] time').getAttribute('datetime'),
        '2027-03-30T17:00:00.000Z',
      )
      await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await ui.screenshot('recurrence-editor')
      // The README's picture, docs/recurrence-editor.png, is a copy of this one.
      await editor().screenshot({ path: path.join(ARTIFACTS_DIR, 'recurrence-editor-field.png') })

      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      seriesId = Number(/events\/(\d+)/.exec(ui.page.url())![1])
      const saved = (
        await rest.request('GET', `/api/events/${seriesId}?depth=0`, { token: adminToken })
      ).body
      assert.deepEqual(saved.recurrence.rules, ['FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270415T215959Z'])
      assert.equal(saved.isSeries, true)
      assert.equal(saved.timezone, 'Europe/Paris')

      // Read back, the editor shows the saved rule.
      await ui.open(`/collections/events/${seriesId}`)
      await editor()
        .locator('.cal-recurrence__sentence', {
          hasText: 'Every week on Tuesday and Thursday, until 15 April 2027',
        })
        .waitFor()
      assert.equal(await chosen('Repeat'), 'Weekly')
      assert.equal(await editor().getByRole('checkbox', { name: 'Thursday' }).isChecked(), true)

      // In the French admin, the editor speaks French.
      await browser.context.addCookies([{ name: 'payload-lng', value: 'fr', url: app.url }])
      try {
        await ui.open(`/collections/events/${seriesId}`)
        await editor()
          .locator('.cal-recurrence__sentence', {
            hasText: 'Toutes les semaines le mardi et jeudi, jusqu’au 15 avril 2027',
          })
          .waitFor()
        assert.equal(await chosen('Répéter'), 'Chaque semaine')
        await editor().getByRole('heading', { name: 'Prochaines dates (Europe/Paris)' }).waitFor()
        assert.equal(
          await editor().locator('ol.cal-recurrence__next li time').first().innerText(),
          'mar. 2 mars 2027, 19:00',
        )
        await ui.screenshot('recurrence-editor-fr')
      } finally {
        await browser.context.addCookies([{ name: 'payload-lng', value: 'en', url: app.url }])
      }
    }))

  it('gives the series in the calendar feed as one VEVENT with its rule, and marks it in the events list', () =>
    step('recurrence-feed-list', async () => {
      const feed = await seriesFeed()
      assert.match(feed, /DTSTART;TZID=Europe\/Paris:20270302T190000/)
      assert.match(feed, /RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270415T215959Z/)

      await ui.open('/collections/events?sort=startDate&limit=50')
      const rows = ui.page.locator('table tbody tr', { hasText: TITLE })
      await rows.first().waitFor()
      assert.ok((await rows.count()) > 1, 'the series and its dates are listed')
      assert.equal(
        await rows.locator('.cal-repeat-mark[aria-label="Repeats"]').count(),
        await rows.count(),
        'each has the repeat mark',
      )
      await ui.screenshot('recurrence-list')
    }))

  it('puts its dates in the v1 archive at 19:00 in Paris on both sides of the change to summer time', () =>
    step('recurrence-v1', async () => {
      const dates = await archived()
      assert.deepEqual(
        dates.map((event) => event.start_date),
        TUESDAYS_AND_THURSDAYS.map((day) => `${day} 19:00:00`),
      )
      assert.ok(
        dates.every(
          (event) => event.end_date.endsWith(' 20:30:00') && event.timezone === 'Europe/Paris',
        ),
      )
      assert.equal(
        dates.find((event) => event.start_date.startsWith('2027-03-25'))!.utc_start_date,
        '2027-03-25 18:00:00',
      )
      assert.equal(
        dates.find((event) => event.start_date.startsWith('2027-03-30'))!.utc_start_date,
        '2027-03-30 17:00:00',
      )
      assert.ok(
        !dates.some((event) => event.id === seriesId),
        'the series itself is not listed, its dates are',
      )
    }))

  it('shows its dates on their days in the calendar view, marked as repeating, each opening its own record', () =>
    step('recurrence-calendar', async () => {
      await openCalendar()
      // March's grid runs from Monday 1 March to Sunday 4 April.
      const shownDays = TUESDAYS_AND_THURSDAYS.filter((day) => day <= '2027-04-04')
      for (const day of shownDays) {
        await dateIn(day).waitFor()
        assert.equal(
          (await dateIn(day).innerText()).replace(/\s+/g, ' '),
          `19:00 ↻ Repeats: ${TITLE}`,
        )
        assert.equal(await dateIn(day).getAttribute('data-repeats'), 'true')
      }
      assert.equal(
        await datesShown().count(),
        shownDays.length,
        'one link per date, none for the series',
      )
      assert.equal(await ui.page.locator(`a.cal-event[data-event-id="${seriesId}"]`).count(), 0)
      await ui.screenshot('recurrence-calendar')

      const v1Date = (await archived()).find((event) => event.start_date.startsWith(TRASHED_DAY))!
      assert.equal(
        await dateIn(TRASHED_DAY).getAttribute('data-event-id'),
        String(v1Date.id),
        'the calendar and v1 name the same record',
      )
      await dateIn(TRASHED_DAY).click()
      await ui.page.waitForURL(new RegExp(`/admin/collections/events/${v1Date.id}$`))
      const notice = ui.page.locator('.cal-series-notice')
      await notice.getByText(`This event is one date of the series “${TITLE}”.`).waitFor()
      await notice
        .getByText('Saving changes this date only (“Save changes to” in the sidebar offers more).')
        .waitFor()
      assert.equal(await editor().count(), 0, 'a date of a series has no recurrence of its own')
      await ui.page
        .locator('.cal-zoned-time[data-field="startDate"]', {
          hasText: 'Tue, Mar 30, 2027, 7:00 PM Europe/Paris',
        })
        .waitFor()
      await ui.screenshot('recurrence-date')
      assert.match(
        (await notice
          .getByRole('link', { name: 'Open the series to change all its dates' })
          .getAttribute('href'))!,
        new RegExp(`/admin/collections/events/${seriesId}$`),
      )
    }))

  it('cancels a date moved to the trash in the admin: it leaves the calendar view and the v1 archive', () =>
    step('recurrence-trash', async () => {
      const trashed = (await archived()).find((event) => event.start_date.startsWith(TRASHED_DAY))!
      await ui.open(`/collections/events/${trashed.id}`)
      const notice = ui.page.locator('.cal-series-notice')
      await notice.waitFor()
      // The notice says what a save would change, as the sidebar's choice stands.
      await ui.choose('applyTo', 'This and the following dates')
      await notice
        .getByText('Saving changes this date and the following ones: the series splits here.')
        .waitFor()
      await ui.choose('applyTo', 'All dates of the series')
      await notice.getByText('Saving changes every date of the series.').waitFor()
      await ui.screenshot('recurrence-date-apply-to')
      await ui.choose('applyTo', 'This date')
      await notice.getByText('Saving changes this date only', { exact: false }).waitFor()
      await ui.page.locator('.doc-controls__dots').click()
      await ui.page.locator('#action-delete').click()
      const [response] = await Promise.all([
        ui.page.waitForResponse(
          (candidate) =>
            new URL(candidate.url()).pathname.startsWith('/api/') &&
            ['DELETE', 'PATCH'].includes(candidate.request().method()),
        ),
        ui.page.locator('#confirm-action').click(),
      ])
      assert.ok(response.ok(), `trashing failed: ${response.status()}`)

      const dates = await archived()
      assert.deepEqual(
        dates.map((event) => event.start_date.slice(0, 10)),
        TUESDAYS_AND_THURSDAYS.filter((day) => day !== TRASHED_DAY),
      )
      const series = (
        await rest.request('GET', `/api/events/${seriesId}?depth=0`, { token: adminToken })
      ).body
      assert.deepEqual(series.recurrence.exdates, [`${TRASHED_DAY} 19:00:00`])
      assert.match(await seriesFeed(), /EXDATE;TZID=Europe\/Paris:20270330T190000/)

      await openCalendar()
      await dateIn('2027-03-25').waitFor()
      assert.equal(await dateIn(TRASHED_DAY).count(), 0)
      await dateIn('2027-04-01').waitFor()
      await ui.screenshot('recurrence-calendar-cancelled')

      // The series' editor lists the cancelled date among its excluded dates.
      await ui.open(`/collections/events/${seriesId}`)
      await editor()
        .locator('.cal-recurrence__dates--excluded li[data-date="2027-03-30 19:00:00"]')
        .waitFor()
      assert.equal(
        await editor()
          .locator('ol.cal-recurrence__next li[data-date="2027-03-30 19:00:00"]')
          .count(),
        0,
      )
    }))

  it('lists the dates of a series among the next events of the dashboard, and a series waiting for review once', () =>
    step('recurrence-dashboard', async () => {
      const pending = await rest.request('POST', '/api/events', {
        token: adminToken,
        body: {
          title: 'Proposed Workshop',
          status: 'pending',
          startDate: '2027-06-01T08:00:00.000Z',
          endDate: '2027-06-01T09:00:00.000Z',
          timezone: 'Europe/Paris',
          recurrence: { rules: ['FREQ=DAILY;COUNT=3'] },
        },
      })
      assert.equal(pending.status, 201, JSON.stringify(pending.body))
      await ui.open('')
      const next = ui.page.locator('.cal-glance__next li')
      await next.first().waitFor()
      // The first five dates of the yoga series (nothing else comes before), each marked, none the
      // series itself.
      assert.equal(await next.count(), 5)
      for (const item of await next.all()) {
        assert.match(
          (await item.innerText()).replace(/\s+/g, ' '),
          /7:00 PM Europe\/Paris ↻ Repeats: Evening Yoga$/,
        )
        assert.doesNotMatch(
          (await item.locator('a').getAttribute('href'))!,
          new RegExp(`/events/${seriesId}$`),
        )
      }
      const waiting = ui.page.locator('.cal-glance__waiting li', { hasText: 'Proposed Workshop' })
      await waiting.first().waitFor()
      assert.equal(
        await waiting.count(),
        1,
        'the series waits for review, not each of its three dates',
      )
      assert.match(
        (await waiting.locator('a').getAttribute('href'))!,
        new RegExp(`/events/${pending.body.doc.id}$`),
      )
      await ui.screenshot('recurrence-dashboard')
    }))

  it('saves a change on a date for all the dates of its series when the sidebar says so', () =>
    step('recurrence-apply-to-all', async () => {
      const date = (await archived()).find((event) => event.start_date.startsWith('2027-04-08'))!
      await ui.open(`/collections/events/${date.id}`)
      await ui.page.locator('.cal-series-notice').waitFor()
      await ui.input('title').fill('Evening Yoga and Tea')
      await ui.choose('applyTo', 'All dates of the series')
      await ui.page
        .locator('.cal-series-notice', { hasText: 'Saving changes every date of the series.' })
        .waitFor()
      await ui.saveAndWait()
      const series = (
        await rest.request('GET', `/api/events/${seriesId}?depth=0`, { token: adminToken })
      ).body
      assert.equal(series.title, 'Evening Yoga and Tea')
      const response = await rest.request(
        'GET',
        `${V1}/events?start_date=2027-03-01&end_date=2027-04-16&per_page=50`,
      )
      const titles = (response.body.events as V1Event[])
        .filter((event) => event.title.startsWith('Evening Yoga'))
        .map((event) => event.title)
      assert.equal(titles.length, TUESDAYS_AND_THURSDAYS.length - 1)
      assert.ok(
        titles.every((title) => title === 'Evening Yoga and Tea'),
        titles.join(', '),
      )
    }))

  it('changes one date alone (its time and title) when the sidebar says "This date", the others as they were', () =>
    step('recurrence-this-date', async () => {
      const before = await yogaDates()
      const date = before.find((event) => event.start_date.startsWith(ALONE_DAY))!
      await ui.openForm(`/collections/events/${date.id}`)
      await ui.page
        .locator('.cal-series-notice', { hasText: 'Saving changes this date only' })
        .waitFor()
      await ui.input('title').fill('Evening Yoga, outdoors')
      // Summer time in April: 18:00 UTC (the browser's clock) is 20:00 in Paris.
      await ui.fillDate('startDate', 'Apr 6, 2027 6:00 PM')
      await ui.fillDate('endDate', 'Apr 6, 2027 7:30 PM')
      await ui.page
        .locator('.cal-zoned-time[data-field="startDate"]', {
          hasText: 'Tue, Apr 6, 2027, 8:00 PM Europe/Paris',
        })
        .waitFor()
      await ui.saveAndWait()

      const after = await yogaDates()
      assert.equal(after.length, before.length)
      const changed = after.find((event) => event.id === date.id)!
      assert.equal(changed.title, 'Evening Yoga, outdoors')
      assert.equal(changed.start_date, `${ALONE_DAY} 20:00:00`)
      assert.equal(changed.series?.detached, true)
      const others = after.filter((event) => event.id !== date.id)
      assert.ok(
        others.every(
          (event) =>
            event.title === 'Evening Yoga and Tea' && event.start_date.endsWith(' 19:00:00'),
        ),
        JSON.stringify(others),
      )
      // In the feed the series keeps its rule, and the changed date is an exception of its own.
      const feed = await seriesFeed()
      assert.match(feed, /RECURRENCE-ID;TZID=Europe\/Paris:20270406T190000/)
      assert.match(feed, /DTSTART;TZID=Europe\/Paris:20270406T200000/)

      await ui.open('/collections/events/calendar?mode=month&date=2027-04-01')
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      const moved = ui.page.locator(
        `.cal-day__timed[data-day="${ALONE_DAY}"] a.cal-event[data-event-id="${date.id}"]`,
      )
      assert.equal(
        (await moved.innerText()).replace(/\s+/g, ' '),
        '20:00 ↻ Repeats: Evening Yoga, outdoors',
      )
      await ui.screenshot('recurrence-this-date')
    }))

  it('splits the series at a date when the sidebar says "This and the following dates"', () =>
    step('recurrence-following', async () => {
      const date = (await yogaDates()).find((event) => event.start_date.startsWith(SPLIT_DAY))!
      await ui.openForm(`/collections/events/${date.id}`)
      await ui.page.locator('.cal-series-notice').waitFor()
      await ui.input('title').fill('Late Yoga')
      await ui.choose('applyTo', 'This and the following dates')
      await ui.page
        .locator('.cal-series-notice', {
          hasText: 'Saving changes this date and the following ones: the series splits here.',
        })
        .waitFor()
      await ui.saveAndWait()

      const after = await yogaDates()
      const byDay = (event: V1Event) => event.start_date.slice(0, 10)
      assert.deepEqual(after.filter((event) => event.title === 'Late Yoga').map(byDay), [
        '2027-04-13',
        '2027-04-15',
      ])
      assert.ok(
        after
          .filter((event) => byDay(event) < SPLIT_DAY)
          .every((event) => event.title !== 'Late Yoga'),
      )
      // The first series ends the second before the split (19:00 in Paris is 17:00 UTC in April)…
      const first = (
        await rest.request('GET', `/api/events/${seriesId}?depth=0`, { token: adminToken })
      ).body
      assert.deepEqual(first.recurrence.rules, ['FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270413T165959Z'])
      // …and the following dates belong to a new series that starts there, with the change.
      const late = after.filter((event) => event.title === 'Late Yoga')
      const newSeriesId = late[0].series!.id
      assert.notEqual(newSeriesId, seriesId)
      assert.ok(late.every((event) => event.series!.id === newSeriesId))
      const second = (
        await rest.request('GET', `/api/events/${newSeriesId}?depth=0`, { token: adminToken })
      ).body
      assert.equal(second.isSeries, true)
      assert.equal(second.title, 'Late Yoga')
      assert.equal(second.startDate, '2027-04-13T17:00:00.000Z')
      assert.doesNotMatch(await seriesFeed(), /20270413T190000/)

      await ui.open('/collections/events/calendar?mode=month&date=2027-04-01')
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      for (const day of ['2027-04-13', '2027-04-15']) {
        const shown = ui.page.locator(`.cal-day__timed[data-day="${day}"] a.cal-event`, {
          hasText: 'Yoga',
        })
        assert.equal((await shown.innerText()).replace(/\s+/g, ' '), '19:00 ↻ Repeats: Late Yoga')
      }
      await ui.screenshot('recurrence-following')
    }))

  it('adds an extra date and excludes one with the editor, each shown in the preview before saving and in v1 after', () =>
    step('recurrence-extra-excluded', async () => {
      const lateSeriesId = (await yogaDates()).find((event) => event.title === 'Late Yoga')!.series!
        .id
      await ui.openForm(`/collections/events/${lateSeriesId}`)
      const extra = editor().getByLabel('Extra dates')
      await extra.fill('2027-04-20T19:00')
      // Its Add button is enabled once the editor holds the typed date; Enter then adds it.
      await editor().locator('input[name="recurrence-extra"] + button:not([disabled])').waitFor()
      await extra.press('Enter')
      await editor()
        .locator('.cal-recurrence__dates--extra li[data-date="2027-04-20 19:00:00"]')
        .waitFor()
      await editor().getByLabel('Excluded dates').fill('2027-04-15')
      await editor()
        .locator('input[name="recurrence-excluded"] + button', { hasText: 'Add' })
        .click()
      await editor()
        .locator('.cal-recurrence__dates--excluded li[data-date="2027-04-15 19:00:00"]')
        .waitFor()
      const next = editor().locator('ol.cal-recurrence__next li')
      await editor()
        .locator('ol.cal-recurrence__next li[data-date="2027-04-20 19:00:00"]')
        .waitFor()
      assert.deepEqual(
        await next.evaluateAll((items) => items.map((item) => item.getAttribute('data-date'))),
        ['2027-04-13 19:00:00', '2027-04-20 19:00:00'],
      )
      await ui.saveAndWait()

      const response = await rest.request(
        'GET',
        `${V1}/events?start_date=2027-04-01&end_date=2027-04-30&per_page=50`,
      )
      const late = (response.body.events as V1Event[]).filter(
        (event) => event.title === 'Late Yoga',
      )
      assert.deepEqual(
        late.map((event) => event.start_date),
        ['2027-04-13 19:00:00', '2027-04-20 19:00:00'],
      )
      const series = (
        await rest.request('GET', `/api/events/${lateSeriesId}?depth=0`, { token: adminToken })
      ).body
      assert.deepEqual(
        [series.recurrence.rdates, series.recurrence.exdates],
        [['2027-04-20 19:00:00'], ['2027-04-15 19:00:00']],
      )
    }))

  it('keeps a New York series at 09:30 local across the end of summer time (7 November 2027): preview, v1, calendar view and feed', () =>
    step('recurrence-new-york', async () => {
      await ui.openForm('/collections/events/create')
      await ui.input('title').fill('Morning Standup')
      // 13:30 UTC (the browser's clock) is 09:30 in New York on 4 November (EDT); from 7 November
      // 09:30 is 14:30 UTC.
      await ui.fillDate('startDate', 'Nov 4, 2027 1:30 PM')
      await ui.fillDate('endDate', 'Nov 4, 2027 2:00 PM')
      await ui.pickZone('America/New_York')
      await ui.page
        .locator('.cal-zoned-time[data-field="startDate"]', {
          hasText: 'Thu, Nov 4, 2027, 9:30 AM America/New_York',
        })
        .waitFor()
      await ui.choose('status', 'Published')
      await choose('Repeat', 'Weekly')
      await editor().getByRole('radio', { name: 'On' }).check()
      await editor().getByLabel('Ends: On').fill('2027-11-18')
      const preview = editor().locator('.cal-recurrence__preview')
      await preview
        .locator('.cal-recurrence__sentence', {
          hasText: 'Every week on Thursday, until 18 November 2027',
        })
        .waitFor()
      assert.deepEqual(await preview.locator('ol.cal-recurrence__next li time').allInnerTexts(), [
        'Thu, Nov 4, 2027, 9:30 AM',
        'Thu, Nov 11, 2027, 9:30 AM',
        'Thu, Nov 18, 2027, 9:30 AM',
      ])
      assert.equal(
        await preview.locator('li[data-date="2027-11-04 09:30:00"] time').getAttribute('datetime'),
        '2027-11-04T13:30:00.000Z',
      )
      assert.equal(
        await preview.locator('li[data-date="2027-11-11 09:30:00"] time').getAttribute('datetime'),
        '2027-11-11T14:30:00.000Z',
      )
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      const standupId = Number(/events\/(\d+)/.exec(ui.page.url())![1])

      const response = await rest.request(
        'GET',
        `${V1}/events?start_date=2027-11-01&end_date=2027-11-30&per_page=50`,
      )
      const dates = (response.body.events as V1Event[]).filter(
        (event) => event.title === 'Morning Standup',
      )
      assert.deepEqual(
        dates.map((event) => [event.start_date, event.utc_start_date, event.timezone]),
        [
          ['2027-11-04 09:30:00', '2027-11-04 13:30:00', 'America/New_York'],
          ['2027-11-11 09:30:00', '2027-11-11 14:30:00', 'America/New_York'],
          ['2027-11-18 09:30:00', '2027-11-18 14:30:00', 'America/New_York'],
        ],
      )

      await ui.open('/collections/events/calendar?mode=month&date=2027-11-01')
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      for (const day of ['2027-11-04', '2027-11-11', '2027-11-18']) {
        const shown = ui.page.locator(`.cal-day__timed[data-day="${day}"] a.cal-event`, {
          hasText: 'Morning Standup',
        })
        assert.equal(
          (await shown.innerText()).replace(/\s+/g, ' '),
          '09:30 ↻ Repeats: Morning Standup',
        )
      }
      await ui.screenshot('recurrence-new-york')

      const feed = await (await fetch(`${app.url}/api/cal/ical/events/${standupId}.ics`)).text()
      assert.match(feed, /BEGIN:VTIMEZONE\r\nTZID:America\/New_York/)
      assert.match(feed, /DTSTART;TZID=America\/New_York:20271104T093000/)
      assert.match(feed, /RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=/)
    }))

  it('sent nothing anywhere but 127.0.0.1', () => {
    assert.deepEqual(browser.blocked, [])
  })
})
