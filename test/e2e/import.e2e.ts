/**
 * The admin's Import page in Debian's Chromium against the app started as `npm start` does,
 * importing the recorded The Events Calendar site (test/support/tecSite.ts). Run with `npm run
 * test:e2e` after `npm run build`.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startFakeTec } from '../support/fakeTec.js'
import { startTecSite, type TecSite } from '../support/tecSite.js'
import { admin as adminOf, type Admin } from './harness/admin.js'
import { api, type Api } from './harness/api.js'
import { startApp, type App } from './harness/app.js'
import { launchBrowser, type Browser } from './harness/browser.js'

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' }
const EDITOR = { email: 'editor@example.com', password: 'editor-password-123' }

let app: App
let browser: Browser
let ui: Admin
let rest: Api
let site: TecSite

/** The counts of a resource in the run's table. */
async function countsOf(resource: string) {
  const row = ui.page.locator(`.cal-import__table tr[data-resource=${resource}]`)
  const cells = await row.locator('td[data-column]').allTextContents()
  const columns = await row
    .locator('td[data-column]')
    .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-column')))
  return Object.fromEntries(columns.map((column, i) => [column, Number(cells[i])]))
}

const stateIs = (state: string) =>
  ui.page.locator(`.cal-import__run[data-state=${state}]`).waitFor({ timeout: 90_000 })

describe('the Import page', { timeout: 600_000 }, () => {
  before(async () => {
    // Short limits for the source, so that a page or an image that never answers fails in seconds.
    Object.assign(process.env, {
      CAL_IMPORT_TIMEOUT_MS: '3000',
      CAL_IMPORT_RETRIES: '1',
      CAL_IMPORT_BACKOFF_MS: '50',
    })
    site = await startTecSite()
    app = await startApp()
    browser = await launchBrowser()
    ui = adminOf(browser.page, app.url)
    rest = api(app.url)
    try {
      // The first-user form has its own test (admin.e2e.ts): here the administrator is registered
      // through REST.
      const registered = await rest.request('POST', '/api/users/first-register', { body: ADMIN })
      assert.equal(registered.status, 200, JSON.stringify(registered.body))
      await ui.login(ADMIN.email, ADMIN.password)
    } catch (error) {
      await ui.screenshot('failed-import-login').catch(() => {})
      throw new Error(
        `${(error as Error).message}\n${browser.recent().join('\n')}\n${app.output().slice(-3000)}`,
      )
    }
  })
  after(async () => {
    await browser?.close()
    await app?.stop()
    await site?.close()
  })

  it('an administrator imports a site with credentials, watching the progress per resource', async () => {
    // The navigation links to the page (the navigation itself may be folded at this width).
    assert.equal(await ui.page.locator('.cal-import-link').getAttribute('href'), '/admin/import')
    await ui.open('/import')
    await ui.page.locator('input[name=from]').fill(site.root)
    await ui.page.locator('input[name=user]').fill('admin')
    await ui.page.locator('input[name=password]').fill('app password')
    await ui.page.getByRole('button', { name: 'Start import' }).click()
    await stateIs('done')
    assert.deepEqual(await countsOf('events'), {
      read: 31,
      created: 31,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      pruned: 0,
      adjusted: 0,
    })
    assert.deepEqual(await countsOf('venues'), {
      read: 4,
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      pruned: 0,
      adjusted: 0,
    })
    assert.ok(
      site.requests.some((request) => request.path.startsWith('events') && request.authorized),
    )
    await ui.screenshot('import-page')
    const token = await rest.login(ADMIN.email, ADMIN.password)
    assert.equal((await rest.request('GET', '/api/events?limit=0', { token })).body.totalDocs, 31)
  })

  it('a dry run shows what would change; a bad address is refused in the form', async () => {
    await ui.open('/import')
    await ui.page.locator('input[name=from]').fill('https://example.org/not-a-v1-root/')
    await ui.page.getByRole('button', { name: 'Start import' }).click()
    await ui.page.locator('.cal-import__errors', { hasText: 'not a v1 root' }).waitFor()
    await ui.page.locator('input[name=from]').fill(site.root)
    await ui.page.locator('input[name=dryRun]').check()
    await ui.page.getByRole('button', { name: 'Start import' }).click()
    await stateIs('done')
    assert.equal((await countsOf('events')).unchanged, 29)
  })

  it('an import can be cancelled, and the failures are listed', async () => {
    site.delayMs = 1500
    // Every event changed, with an image of its own that takes the delay to answer (404): each
    // record takes a while, so the run is still going when the failure shows (the walk asks its
    // pages ahead, so slow pages alone would not keep it going).
    site.transform = (_file, body) => {
      for (const event of body.events ?? []) {
        Object.assign(event, {
          modified: '2026-11-30 00:00:00',
          modified_utc: '2026-11-30 00:00:00',
          image: { url: `${new URL(site.root).origin}/files/slow-${event.id}.png` },
        })
        if (event.id === 3282)
          Object.assign(event, {
            utc_start_date: 'soon',
            start_date: 'soon',
            utc_end_date: 'later',
            end_date: 'later',
          })
      }
      return body
    }
    await ui.open('/import')
    await ui.page.locator('input[name=from]').fill(site.root)
    await ui.page.getByRole('button', { name: 'Start import' }).click()
    await ui.page.locator('.cal-import__failures', { hasText: '3282' }).waitFor({ timeout: 60_000 })
    await ui.page.getByRole('button', { name: 'Cancel' }).click()
    await stateIs('cancelled')
    site.delayMs = 0
    site.transform = (_file, body) => body
  })

  it('a run with failures ends done and lists each: what, where, the answer', async () => {
    const faulty = await startFakeTec({
      events: 20,
      venues: 60,
      organizers: 6,
      categories: 6,
      tags: 4,
      images: 2,
    })
    faulty.faults.set('venues:2', 'bad-request')
    faulty.faults.set('poster-2.png', 'hang')
    try {
      await ui.open('/import')
      await ui.page.locator('input[name=from]').fill(faulty.root)
      await ui.page.locator('input[name=user]').fill('admin')
      await ui.page.locator('input[name=password]').fill('app password')
      await ui.page.getByRole('button', { name: 'Start import' }).click()
      await stateIs('done')
      const venues = ui.page.locator('.cal-import__failures tr[data-resource=venues]')
      assert.match(await venues.innerText(), /venues\s+http:\/\/127\.0\.0\.1:\d+\/.*page=2/)
      assert.match(
        await venues.innerText(),
        /page 2: HTTP 400 \(rest_bad_request: The page could not be built\.\)/,
      )
      const image = ui.page.locator('.cal-import__failures tr[data-resource=images]')
      assert.match(await image.innerText(), /poster-2\.png\s+no complete answer within 3000 ms/)
      assert.equal((await countsOf('venues')).failed, 1)
      assert.ok((await countsOf('events')).adjusted > 0)
      await ui.page.locator('.cal-import__adjustments summary').click()
      await ui.page
        .locator('.cal-import__adjustments li', { hasText: 'named "(no title)' })
        .first()
        .waitFor()
      await ui.screenshot('import-failures')
    } finally {
      await faulty.close()
    }
  })

  it('an iCalendar file is uploaded and imported', async () => {
    const file = path.join(os.tmpdir(), `calendar-e2e-${process.pid}.ics`)
    fs.writeFileSync(
      file,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//example//club//EN',
        'BEGIN:VEVENT',
        'UID:talk@club.example',
        'DTSTAMP:20261124T120000Z',
        'DTSTART:20270501T090000Z',
        'DTEND:20270501T100000Z',
        'SUMMARY:Uploaded talk',
        'LOCATION:Library',
        'CATEGORIES:Talks',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    )
    await ui.open('/import')
    await ui.choose('format', 'An iCalendar file')
    await ui.page.locator('input[name=ics]').setInputFiles(file)
    await ui.page.getByRole('button', { name: 'Start import' }).click()
    await stateIs('done')
    fs.rmSync(file)
    assert.deepEqual(await countsOf('events'), {
      read: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      pruned: 0,
      adjusted: 0,
    })
    const token = await rest.login(ADMIN.email, ADMIN.password)
    const found = await rest.request(
      'GET',
      `/api/events?where[title][equals]=${encodeURIComponent('Uploaded talk')}&depth=1`,
      { token },
    )
    assert.equal(found.body.docs[0]?.venue?.name, 'Library')
  })

  it('a CSV file is uploaded: its mapping previewed and changed, a dry run, then the import', async () => {
    const file = path.join(os.tmpdir(), `calendar-e2e-${process.pid}.csv`)
    fs.writeFileSync(
      file,
      [
        'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,Notes,Event Cost',
        'CSV concert,2027-06-01,8:00 PM,2027-06-01,10:00 PM,Bring earplugs,12',
        'CSV fair,06/05/2027,,06/05/2027,,,',
        'Ragged row,2027-06-09',
        '',
      ].join('\r\n'),
    )
    await ui.open('/import')
    await ui.choose('format', 'A CSV file')
    await ui.page.locator('input[name=csv]').setInputFiles(file)
    await ui.page.locator('select[name=type]').selectOption('events')
    // The proposed mapping: The Events Calendar's names; "Notes" is not imported.
    const columnOf = (header: string) =>
      ui.page.locator(`.cal-import__mapping tr[data-header="${header}"] select`)
    await ui.page.locator('.cal-import__rows tr[data-row="2"]').waitFor()
    assert.equal(await columnOf('Event Name').inputValue(), 'title')
    assert.equal(await columnOf('Event Start Time').inputValue(), 'start_time')
    assert.equal(await columnOf('Notes').inputValue(), '')
    const rowText = () => ui.page.locator('.cal-import__rows tr[data-row="2"]').innerText()
    assert.match(await rowText(), /2027-06-01 20:00:00/)
    assert.match(
      await ui.page.locator('.cal-import__row-errors').innerText(),
      /Row 4: row 4: 2 cells where the header has 7/,
    )
    // Notes become the excerpt: the preview shows them.
    await columnOf('Notes').selectOption('excerpt')
    await ui.page.waitForFunction(() =>
      document.querySelector('.cal-import__rows tr[data-row="2"]')?.textContent?.includes('Bring'),
    )
    await ui.page.getByRole('button', { name: 'Dry run' }).click()
    await stateIs('done')
    assert.deepEqual(await countsOf('events'), {
      read: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: 1,
      pruned: 0,
      adjusted: 0,
    })
    await ui.page.locator('.cal-import__failures tr[data-resource=events]').waitFor()
    // The dry run's panel reads "done" and 2 created too: wait for the import's own run.
    const dryRun = await ui.page.locator('.cal-import__run').getAttribute('data-run')
    await ui.page.getByRole('button', { name: 'Import', exact: true }).click()
    await ui.page
      .locator(`.cal-import__run[data-state=done]:not([data-run="${dryRun}"])`)
      .waitFor({ timeout: 90_000 })
    assert.equal((await countsOf('events')).created, 2)
    fs.rmSync(file)
    const token = await rest.login(ADMIN.email, ADMIN.password)
    const found = await rest.request(
      'GET',
      `/api/events?where[title][equals]=${encodeURIComponent('CSV concert')}`,
      { token },
    )
    assert.equal(found.body.docs[0]?.excerptHtml, 'Bring earplugs')
  })

  it('the events, venues and organizers lists link to their CSV export in the list’s language', async () => {
    for (const resource of ['events', 'venues', 'organizers']) {
      await ui.open(`/collections/${resource}?locale=fr`)
      const link = ui.page.locator('.cal-export-csv a')
      await link.waitFor()
      const href = new URL((await link.getAttribute('href'))!, app.url)
      assert.equal(href.pathname, `/api/cal/csv/${resource}.csv`)
      assert.equal(href.searchParams.get('translation_language'), 'fr')
      // The session's cookie is enough to download it.
      const download = await ui.page.request.get(href.toString())
      assert.equal(download.status(), 200)
      assert.match(await download.text(), /^\uFEFFid,/)
    }
  })

  it('anyone else finds no link and a page that is not for them', async () => {
    const token = await rest.login(ADMIN.email, ADMIN.password)
    const created = await rest.request('POST', '/api/users', {
      token,
      body: { ...EDITOR, role: 'editor' },
    })
    assert.equal(created.status, 201)
    await ui.logout()
    await ui.login(EDITOR.email, EDITOR.password)
    assert.equal(await ui.page.locator('.cal-import-link').count(), 0)
    await ui.open('/import')
    await ui.page.locator('.cal-import__refused').waitFor()
    assert.equal(await ui.page.locator('input[name=from]').count(), 0)
  })
})
