/**
 * The plugin's admin screens as the template app's browser test (template-browser.ts) checks them:
 * each screen is opened and must show its own content in the admin's language, the texts taken
 * from the plugin's translations (core/translations) so that one check serves English and French.
 * Selectors are the e2e tests' (test/e2e/*.e2e.ts).
 */
import assert from 'node:assert/strict'
import { en } from '../../core/translations/en.js'
import { fr } from '../../core/translations/fr.js'
import type { CalendarTranslations } from '../../core/translations/types.js'
import type { Admin } from '../e2e/harness/admin.js'

export type Language = 'en' | 'fr'

/** What the v1 API says of an event (read in the language of the pass). */
export type V1Event = {
  id: number
  title: string
  start_date: string
  timezone: string
  recurrence?: { text: string }
}

export type ScreenContext = {
  /** The app's origin. */
  url: string
  ui: Admin
  language: Language
  /** The plugin's texts in that language. */
  t: CalendarTranslations['calendar']
  event: V1Event
  series: V1Event
}

export const TEXTS: Record<Language, CalendarTranslations['calendar']> = {
  en: en.calendar,
  fr: fr.calendar,
}

/** Waits for a text on the page (or within a part of it). */
const shows = (ui: Admin, text: string | RegExp, within = ui.page.locator('body')) =>
  within.getByText(text).first().waitFor()

/**
 * Payload renders a form's fields as they come into view and loads some (dates, rich text) later:
 * scrolls through the form and back, and waits until none is a placeholder, so that its
 * screenshot shows every field.
 */
async function wholeForm(ui: Admin) {
  for (let top = 0, bottom = false; !bottom; top += 600) {
    bottom = await ui.page.evaluate((y) => {
      window.scrollTo(0, y)
      return y + window.innerHeight >= document.documentElement.scrollHeight
    }, top)
    await ui.page.waitForTimeout(100)
  }
  await ui.page.evaluate(() => window.scrollTo(0, 0))
  await ui.page.locator('.shimmer-effect').first().waitFor({ state: 'detached' })
}

/** The dashboard's panels: the next events (the event among them) and what waits for review. */
async function dashboard({ ui, t, event }: ScreenContext) {
  await ui.open('')
  const next = ui.page.locator('.cal-glance__next')
  await shows(ui, t.nextEvents, next)
  await next.locator('li', { hasText: event.title }).first().waitFor()
  await next.getByRole('link', { name: t.openCalendar }).waitFor()
  await shows(ui, t.waitingForReview, ui.page.locator('.cal-glance__waiting'))
  await shows(ui, t.importNavLink, ui.page.locator('nav'))
}

/** The calendar view on the event's month: the event on its local day, the bar, the legend. */
async function calendar({ ui, t, language, event }: ScreenContext) {
  const day = event.start_date.slice(0, 10)
  await ui.open(`/collections/events/calendar?mode=month&date=${day.slice(0, 7)}-01`)
  await ui.page.locator('.cal-calendar__grid[aria-busy="false"]').waitFor()
  const month = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`))
  await ui.page.getByRole('heading', { name: month }).waitFor()
  await ui.page.getByRole('button', { name: t.nextMonth }).waitFor()
  await ui.page.getByRole('link', { name: t.list }).waitFor()
  await ui.page.getByRole('list', { name: t.legend }).waitFor()
  const filter = ui.page.locator('label:has(select[name=calendar-category])')
  assert.equal(await filter.locator('option[value=""]').innerText(), t.allCategories)
  await ui.page
    .locator(`.cal-day__timed[data-day="${day}"] a.cal-event`, { hasText: event.title })
    .waitFor()
}

/** The event's form: its title, the zone picker on its zone (and searching it), its feed links. */
async function eventForm({ ui, t, event }: ScreenContext) {
  await ui.openForm(`/collections/events/${event.id}`)
  assert.equal(await ui.valueOf(ui.input('title'), event.title), event.title)
  // Labelled on the server for each request (a label Payload kept from an English visit would not
  // be French).
  await ui.page
    .locator('.field-type[data-field-path="excerpt"] label.field-label', { hasText: t.excerpt })
    .waitFor()
  const zone = ui.field('timezone')
  await shows(ui, t.timezone, zone)
  await shows(ui, t.timezoneDescription, zone)
  await zone.locator('.rs__single-value', { hasText: event.timezone }).waitFor()
  await ui.page
    .locator('.cal-zoned-time[data-field="startDate"]', { hasText: event.timezone })
    .waitFor()
  await shows(ui, t.feedsTitle)
  await ui.page.getByRole('link', { name: t.feedAddEvent }).waitFor()
  await wholeForm(ui)
}

/** The event's zone picker, open (and left open for its screenshot): a search narrows the zones. */
async function zonePicker({ ui }: ScreenContext) {
  await ui.field('timezone').locator('.rs__control').click()
  await ui.page.keyboard.type('tokyo')
  assert.deepEqual(await ui.page.locator('.rs__option').allInnerTexts(), ['Asia/Tokyo (GMT+09:00)'])
}

/** The series' form: the recurrence editor says its rule and lists its next dates. */
async function seriesForm({ ui, t, series }: ScreenContext) {
  assert.ok(series.recurrence, `event ${series.id} is no series`)
  await ui.openForm(`/collections/events/${series.id}`)
  const editor = ui.page.locator('fieldset.cal-recurrence')
  await editor.getByRole('group', { name: t.frequency, exact: true }).waitFor()
  await editor.locator('.cal-recurrence__sentence', { hasText: series.recurrence.text }).waitFor()
  await editor.getByRole('heading', { name: `${t.nextDates} (${series.timezone})` }).waitFor()
  await editor.locator('ol.cal-recurrence__next li').first().waitFor()
  await wholeForm(ui)
}

/** The Import page: its form. */
async function importPage({ ui, t }: ScreenContext) {
  await ui.open('/import')
  await ui.page.getByRole('heading', { name: t.importTitle }).waitFor()
  await shows(ui, t.importWhat)
  await ui.page.locator('input[name=from]').waitFor()
  await ui.page.getByRole('button', { name: t.importStart }).waitFor()
}

/**
 * The webhooks' list: the collection's own description, and the webhooks Payload's REST lists (as
 * the logged-in administrator), each a row; or the list's empty state.
 */
async function webhooksList({ url, ui }: ScreenContext) {
  const listed = await ui.page.request.get(`${url}/api/webhooks?depth=0&limit=10`)
  assert.equal(listed.status(), 200, await listed.text())
  const { docs } = (await listed.json()) as { docs: { url: string }[] }
  await ui.open('/collections/webhooks')
  await shows(ui, /^Each change of the calendar that anonymous visitors can see is POSTed/)
  if (docs.length === 0) await ui.page.locator('.collection-list .no-results').waitFor()
  for (const webhook of docs)
    await ui.page.locator('.collection-list table tbody tr', { hasText: webhook.url }).waitFor()
}

/** A new webhook's form: where to, its secret, its events, active. */
async function webhookForm({ ui }: ScreenContext) {
  await ui.openForm('/collections/webhooks/create')
  await ui.input('url').waitFor()
  await ui.input('secret').waitFor()
  await shows(ui, 'None chosen: every event.', ui.field('events'))
  assert.equal(await ui.input('active').isChecked(), true, 'a new webhook is active')
  await wholeForm(ui)
}

/** The screens in the order they are visited, each with the name of its screenshot. */
export const SCREENS: [name: string, check: (context: ScreenContext) => Promise<void>][] = [
  ['dashboard', dashboard],
  ['calendar', calendar],
  ['event', eventForm],
  ['zone-picker', zonePicker],
  ['series', seriesForm],
  ['import', importPage],
  ['webhooks', webhooksList],
  ['webhook-form', webhookForm],
]
