/**
 * The translator's screens (features/admin/translations/): the Translations column of the lists,
 * the "To translate" page and its dashboard panel, and in a record's form in another language the
 * source's text under each field, a copy of it into an empty field, marking an outdated translation
 * up to date, a draft from the translator, and a run that translates a selection; in English and
 * French, with axe-core on each new screen (no serious or critical violation). Run with
 * `npm run test:e2e` after `npm run build`; screenshots go to test/artifacts/
 * (`translations-*.png`).
 */
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type Browser } from './harness/browser.js'
import { violations as axeViolations } from './harness/axe.js'
import { useAdminSession } from './harness/session.js'

let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
let eventId = 0
let venueId = 0

const step = stepsOf(() => ({ ui, browser }))

// The host's pseudo-translator (dev/pseudoTranslator.ts): the app of this file has a Translate
// button.
process.env.CAL_TRANSLATOR = 'pseudo'

const violations = (selector: string) => axeViolations(ui.page, selector)

const write = async (method: string, path: string, body: unknown) => {
  const response = await rest.request(method, path, { token: adminToken, body })
  assert.ok(response.status < 300, `${method} ${path}: ${JSON.stringify(response.body)}`)
  return response.body
}

describe('the translator’s screens', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(async () => {
    ;({ browser, ui, rest, adminToken } = session)
    // An event in English with a French title only (partial), and a venue whose English name
    // changed after its French one (outdated).
    const event = await write('POST', '/api/events?locale=en', {
      title: 'Lantern walk',
      description: '<p>A walk through the old town by lantern light.</p>',
      startDate: '2031-10-10T18:00:00.000Z',
      endDate: '2031-10-10T20:00:00.000Z',
      status: 'publish',
    })
    eventId = event.doc.id
    await write('PATCH', `/api/events/${eventId}?locale=fr`, { title: 'Balade aux lanternes' })
    const venue = await write('POST', '/api/venues?locale=en', {
      name: 'Old mill',
      status: 'publish',
    })
    venueId = venue.doc.id
    await write('PATCH', `/api/venues/${venueId}?locale=fr`, { name: 'Vieux moulin' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await write('PATCH', `/api/venues/${venueId}?locale=en`, { name: 'The old mill' })
  })

  it('the events list has a Translations column, one mark per language with its status in words', () =>
    step('translations-list', async () => {
      await ui.open('/collections/events')
      const marks = ui.page.locator('.cal-translation-marks').first()
      await marks.waitFor()
      const french = marks.locator('[data-language="fr"]')
      assert.equal(await french.getAttribute('data-status'), 'partial')
      assert.equal(await french.getAttribute('title'), 'Français: Partial')
      // The status in words for screen readers, the sign hidden from them.
      assert.match(await french.innerText(), /FR ◐/)
      assert.equal(
        await marks.locator('[data-language="en"]').getAttribute('data-status'),
        'source',
      )
      assert.deepEqual(await violations('.cal-translation-marks'), [])
      await ui.screenshot('translations-list')
    }))

  it('the “To translate” page counts each language’s records by status and lists them', () =>
    step('translations-view', async () => {
      await ui.open('/translations')
      await ui.page.locator('h1', { hasText: 'To translate' }).waitFor()
      const count = (key: string) => ui.page.locator(`[data-count="${key}"]`)
      assert.equal(await count('events:fr:partial').innerText(), '1')
      assert.equal(await count('events:es:missing').innerText(), '1')
      assert.equal(await count('venues:fr:outdated').innerText(), '1')
      // English, the source of every record, shows how many were written in it, not zeros.
      assert.equal(await count('events:en:source').innerText(), '1')
      assert.equal(await count('venues:en:source').innerText(), '1')
      assert.equal(await count('events:en:missing').count(), 0)
      // Payload's list table, each count a pill that opens its records.
      await ui.page.locator('.cal-translations__table .table a.pill[data-count]').first().waitFor()
      assert.deepEqual(await violations('.cal-translations__table'), [])
      await count('venues:fr:outdated').click()
      const listed = ui.page.locator('.cal-translations__records a', { hasText: 'Vieux moulin' })
      await listed.waitFor()
      assert.match(
        String(await listed.getAttribute('href')),
        new RegExp(`/collections/venues/${venueId}\\?locale=fr$`),
      )
      await ui.screenshot('translations-view')
    }))

  it('the dashboard has a panel with the work per language', () =>
    step('translations-glance', async () => {
      await ui.open('')
      const panel = ui.page.locator('.cal-translations-glance')
      await panel.waitFor()
      assert.match(
        await panel.locator('[data-language="fr"]').innerText(),
        /Français: 2 to translate/,
      )
      assert.deepEqual(await violations('.cal-translations-glance'), [])
    }))

  it('an event’s French form shows the English text under each field, and copies it into an empty one', () =>
    step('translations-form', async () => {
      await ui.openForm(`/collections/events/${eventId}?locale=fr`)
      const title = ui.page.locator('.cal-source-text[data-field="title"]')
      await title.locator('blockquote', { hasText: 'Lantern walk' }).waitFor()
      const description = ui.page.locator('.cal-source-text[data-field="description"]')
      // Rich text rendered: its paragraph, none of its markup as text.
      await description.locator('.cal-source-text__rich p', { hasText: 'lantern light' }).waitFor()
      // The title has French text: no copy; the description has none.
      assert.equal(await title.locator('button').count(), 0)
      assert.deepEqual(await violations('.cal-source-text'), [])
      await ui.screenshot('translations-form')
      await description.locator('button').click()
      // In the editor itself, not in the source's text under it.
      await ui.page
        .locator('.field-type.rich-text-lexical [contenteditable="true"]', {
          hasText: 'A walk through the old town',
        })
        .first()
        .waitFor()
    }))

  it('an outdated French venue is marked up to date without a change of its text', () =>
    step('translations-current', async () => {
      await ui.openForm(`/collections/venues/${venueId}?locale=fr`)
      const actions = ui.page.locator('.cal-translation-actions')
      await actions.waitFor()
      assert.equal(await actions.getAttribute('data-status'), 'outdated')
      assert.deepEqual(await violations('.cal-translation-actions'), [])
      await actions.locator('.cal-translation-actions__current').click()
      await ui.page.locator('.cal-translation-actions[data-status="complete"]').waitFor()
      const stored = await rest.request('GET', `/api/venues/${venueId}?locale=fr&depth=0`, {
        token: adminToken,
      })
      assert.equal(stored.body.name, 'Vieux moulin')
      assert.equal(stored.body.translations.frStatus, 'complete')
    }))

  it('Translate from English fills the Spanish form’s empty fields with a draft, rich text with its structure', () =>
    step('translations-draft', async () => {
      await ui.openForm(`/collections/events/${eventId}?locale=es`)
      const button = ui.page.locator('.cal-translation-actions__draft')
      await button.waitFor()
      assert.equal(await button.innerText(), 'Translate from English')
      assert.deepEqual(await violations('.cal-translation-actions'), [])
      await button.click()
      await ui.page.locator('.cal-source-text[data-field="title"]').waitFor()
      const deadline = Date.now() + 15_000
      while ((await ui.page.locator('#field-title').inputValue()) !== '(es) Lantern walk') {
        assert.ok(Date.now() < deadline, 'the title was not drafted')
        await ui.page.waitForTimeout(200)
      }
      await ui.page
        // A paragraph of the editor's own, as the source has it (not a raw-HTML block).
        .locator('.field-type.rich-text-lexical [contenteditable="true"] p', {
          hasText: '(es) A walk through the old town',
        })
        .first()
        .waitFor()
      await ui.screenshot('translations-draft')
    }))

  it('the “To translate” page translates a selection into Spanish in a run, with its progress', () =>
    step('translations-run', async () => {
      const quay = await write('POST', '/api/venues?locale=en', { name: 'Quay', status: 'publish' })
      await write('POST', '/api/venues?locale=en', { name: 'Pier', status: 'publish' })
      await ui.open('/translations?collection=venues&language=es&status=missing')
      const selection = ui.page.locator('.cal-translations__selection')
      await selection.locator('a', { hasText: 'Quay' }).waitFor()
      // Only the quay: the other records listed are left as they are.
      for (const item of await selection.locator('tbody tr').all())
        if (!(await item.innerText()).includes('Quay')) await item.locator('input').uncheck()
      assert.deepEqual(await violations('.cal-translations__selection'), [])
      await selection
        .getByRole('button', { name: 'Translate the selection (1) into Español' })
        .click()
      const run = ui.page.locator('.cal-translations__run[data-state="done"]')
      await run.waitFor({ timeout: 30_000 })
      assert.match(await run.innerText(), /1 of 1 records: 1 translated/)
      assert.equal(await run.locator('progress').getAttribute('value'), '1')
      assert.deepEqual(await violations('.cal-translations__selection'), [])
      // Read again when the run ended: the quay is no longer missing, nothing is left ticked.
      await selection.locator('a', { hasText: 'Quay' }).waitFor({ state: 'detached' })
      await selection
        .getByRole('button', { name: 'Translate the selection (0) into Español' })
        .waitFor()
      await ui.screenshot('translations-run')
      const spanish = async (id: number) =>
        (
          await rest.request('GET', `/api/venues/${id}?locale=es&fallback-locale=none&depth=0`, {
            token: adminToken,
          })
        ).body
      const translated = await spanish(quay.doc.id)
      assert.equal(translated.name, '(es) Quay')
      assert.equal(translated.translations.esStatus, 'complete')
      const pier = await rest.request('GET', '/api/venues?where[name][equals]=Pier&locale=en', {
        token: adminToken,
      })
      assert.equal((await spanish(pier.body.docs[0].id)).name ?? null, null)
    }))

  it('in French: the page, the column and the form speak French', () =>
    step('translations-fr', async () => {
      await ui.open('/account')
      await ui.page.locator('.payload-settings__language .rs__control').click()
      await ui.page.locator('.rs__option', { hasText: 'Français' }).click()
      await ui.page.locator('.payload-settings h3', { hasText: 'Paramètres de Payload' }).waitFor()
      await ui.open('/translations')
      await ui.page.locator('h1', { hasText: 'À traduire' }).waitFor()
      await ui.page.locator('th', { hasText: 'À mettre à jour' }).first().waitFor()
      assert.deepEqual(await violations('.cal-translations__table'), [])
      await ui.screenshot('fr-translations-view')
      await ui.open('/collections/events')
      const french = ui.page.locator('.cal-translation-marks [data-language="fr"]').first()
      await french.waitFor()
      assert.equal(await french.getAttribute('title'), 'Français: Partielle')
      await ui.openForm(`/collections/events/${eventId}?locale=es`)
      await ui.page
        .locator('.cal-source-text__label', { hasText: 'En English (source) :' })
        .first()
        .waitFor()
      await ui.screenshot('fr-translations-form')
    }))
})
