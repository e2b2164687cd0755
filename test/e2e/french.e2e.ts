/**
 * The French admin: the administrator switches their account's language to French, then each of
 * the plugin's screens speaks it (texts from core/translations/, read through Payload's i18n): the
 * dashboard panels and the navigation, the calendar view, an event's form with its recurrence
 * editor, zone picker and feed links, a date of a series, a user's role, and the Import page with a
 * run's table and failures. Run with `npm run test:e2e` after `npm run build`; screenshots go to
 * test/artifacts/ (`fr-*.png`).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startFakeTec, type FakeTec } from '../support/fakeTec.js'
import { stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { type Browser } from './harness/browser.js'
import { useAdminSession } from './harness/session.js'

let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
let seriesId = 0
let dateId = 0
let source: FakeTec | undefined

const step = stepsOf(() => ({ ui, browser }))

/** Waits for a text on the page (or within a part of it). */
const shows = (text: string | RegExp, within = ui.page.locator('body')) =>
  within.getByText(text).first().waitFor()

describe('the admin in French', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(async () => {
    ;({ browser, ui, rest, adminToken } = session)
    // A weekly series in March 2027 (its dates are events of their own) and one event waiting for
    // review.
    const series = await rest.request('POST', '/api/events', {
      token: adminToken,
      body: {
        title: 'Yoga du mardi',
        status: 'publish',
        startDate: '2027-03-02T18:00:00.000Z',
        endDate: '2027-03-02T19:00:00.000Z',
        timezone: 'Europe/Paris',
        recurrence: { rules: ['FREQ=WEEKLY;BYDAY=TU;COUNT=5'] },
      },
    })
    assert.equal(series.status, 201, JSON.stringify(series.body))
    seriesId = series.body.doc.id
    const dates = await rest.request(
      'GET',
      `/api/events?where[series][equals]=${seriesId}&sort=startDate&depth=0`,
      { token: adminToken },
    )
    assert.equal(dates.body.totalDocs, 5, JSON.stringify(dates.body))
    dateId = dates.body.docs[0].id
    const pending = await rest.request('POST', '/api/events', {
      token: adminToken,
      body: {
        title: 'Atelier proposé',
        status: 'pending',
        startDate: '2027-03-10T17:00:00.000Z',
        endDate: '2027-03-10T18:00:00.000Z',
      },
    })
    assert.equal(pending.status, 201, JSON.stringify(pending.body))
  })
  after(async () => {
    await source?.close()
  })

  it('switches to French in the account’s settings', () =>
    step('fr-account', async () => {
      await ui.open('/account')
      await ui.page.locator('.payload-settings__language .rs__control').click()
      await ui.page.locator('.rs__option', { hasText: 'Français' }).click()
      await ui.page.locator('.payload-settings h3', { hasText: 'Paramètres de Payload' }).waitFor()
    }))

  it('the dashboard and the navigation', () =>
    step('fr-dashboard', async () => {
      await ui.open('')
      await shows('Prochains événements')
      await shows('En attente de relecture')
      await shows('Atelier proposé')
      await shows('Ouvrir le calendrier')
      const nav = ui.page.locator('nav')
      await shows('Importer un calendrier', nav)
      await shows('Calendrier', nav)
      await shows('Événements', nav)
      await shows('Catégories d’événements', nav)
      await ui.screenshot('fr-dashboard')
    }))

  it('the calendar view', () =>
    step('fr-calendar', async () => {
      await ui.open('/collections/events/calendar?mode=month&date=2027-03-01')
      await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
      await ui.page.getByRole('heading', { name: 'mars 2027' }).waitFor()
      await ui.page.getByRole('button', { name: 'Mois suivant' }).waitFor()
      await ui.page.getByRole('button', { name: 'Aujourd’hui' }).waitFor()
      await ui.page.getByRole('link', { name: 'Liste' }).waitFor()
      const filter = ui.page.locator('label:has(select[name=calendar-category])')
      assert.match(await filter.innerText(), /^Catégorie\s/)
      assert.equal(await filter.locator('option[value=""]').innerText(), 'Toutes les catégories')
      await ui.page.getByRole('list', { name: 'Couleurs des statuts' }).waitFor()
      await shows('Publié')
      // A date of the series, with its mark for screen readers.
      await ui.page.locator('a.cal-event', { hasText: 'Se répète' }).first().waitFor()
      await ui.screenshot('fr-calendar')
    }))

  it('the events list links to its CSV export', () =>
    step('fr-list', async () => {
      await ui.open('/collections/events')
      await ui.page.locator('.cal-export-csv a', { hasText: 'Exporter en CSV' }).waitFor()
    }))

  it('an event’s form: fields, recurrence editor, zone picker and feed links', () =>
    step('fr-event', async () => {
      await ui.openForm(`/collections/events/${seriesId}`)
      await shows('Titre')
      await shows(/^Fuseau IANA \(Europe\/Paris\) ou décalage/)
      const editor = ui.page.locator('.cal-recurrence')
      await shows('Répéter', editor)
      await shows('Chaque semaine', editor)
      await shows('Prochaines dates', editor)
      await shows('Toutes les semaines le mardi', editor)
      await shows('Applications d’agenda')
      await ui.page
        .getByRole('link', { name: 'Ajouter cet événement à un agenda (.ics)' })
        .waitFor()
      await ui.page.getByRole('link', { name: 'S’abonner au calendrier' }).waitFor()
      await ui.screenshot('fr-event')
      await ui.field('timezone').locator('.rs__control').click()
      await ui.page.locator('.rs__option', { hasText: 'fuseau du site' }).first().waitFor()
      await ui.page.keyboard.press('Escape')
    }))

  it('a date of a series says so', () =>
    step('fr-series-date', async () => {
      await ui.openForm(`/collections/events/${dateId}`)
      await shows('Cet événement est une date de la série « Yoga du mardi ».')
      await ui.page
        .getByRole('link', { name: 'Ouvrir la série pour modifier toutes ses dates' })
        .waitFor()
      await ui.screenshot('fr-series-date')
    }))

  it('a user’s role', () =>
    step('fr-role', async () => {
      await ui.openForm('/collections/users/1')
      await shows('Rôle', ui.field('role'))
      await shows('Seuls les administrateurs peuvent changer les rôles.')
    }))

  it('the Import page, a run and its failures', () =>
    step('fr-import', async () => {
      source = await startFakeTec({
        events: 20,
        venues: 60,
        organizers: 6,
        categories: 6,
        tags: 4,
        images: 2,
      })
      source.faults.set('venues:2', 'bad-request')
      await ui.open('/import')
      await ui.page.getByRole('heading', { name: 'Importer un calendrier' }).waitFor()
      await shows('Quoi importer')
      await shows('Source (URL racine v1)')
      await shows('Essai à blanc (rien n’est écrit)')
      await ui.page.locator('input[name=from]').fill(source.root)
      await ui.page.locator('input[name=user]').fill('admin')
      await ui.page.locator('input[name=password]').fill('app password')
      await ui.page.getByRole('button', { name: 'Lancer l’import' }).click()
      await ui.page.locator('.cal-import__run[data-state=done]').waitFor({ timeout: 90_000 })
      await shows('terminé', ui.page.locator('.cal-import__state'))
      const table = ui.page.locator('.cal-import__table')
      await shows('Ressource', table)
      await shows('créés', table)
      await shows('lieux', table)
      await ui.page.getByRole('heading', { name: /^Échecs \(\d+\)$/ }).waitFor()
      await shows('La réponse', ui.page.locator('.cal-import__failures'))
      await ui.screenshot('fr-import')
    }))
})
