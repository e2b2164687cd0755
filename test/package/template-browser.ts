/**
 * The admin's plugin screens in the template app, in Debian's Chromium through playwright-core
 * (the e2e harness: test/e2e/harness). The administrator logs in; then in English and in French,
 * switched in their account's settings as test/e2e/french.e2e.ts does, every plugin screen
 * (template-screens.ts: the dashboard's panels, the calendar view, an event's form with its zone
 * picker, a series' form with its recurrence editor, the Import page, the webhooks' list and form)
 * must show its own content in that language, with no page error and no console error. The
 * browser refuses every request that is not for 127.0.0.1 and none may be needed. A screenshot of
 * each screen is kept in test/artifacts/template/ (`en-calendar.png` and `fr-event.png` are the
 * README's docs/template-calendar.png and docs/template-event-fr.png).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { admin as adminOf, ARTIFACTS_DIR, stepsOf, type Admin } from '../e2e/harness/admin.js'
import { launchBrowser } from '../e2e/harness/browser.js'
import { SCREENS, TEXTS, type Language, type V1Event } from './template-screens.js'

const SCREENSHOTS = 'template'

/** Each language as Payload's account settings name it, and the settings' title in it. */
const LANGUAGES: Record<Language, { option: string; settings: string }> = {
  en: { option: 'English', settings: 'Payload Settings' },
  fr: { option: 'Français', settings: 'Paramètres de Payload' },
}

/**
 * Payload's default avatar (`admin.avatar: 'gravatar'`, which the template keeps) is an image
 * from gravatar.com: the browser refuses it like any request off 127.0.0.1, and the admin does
 * without it. It is Payload's, not the plugin's, so its refusal is no error of these screens.
 */
const isGravatar = (url: string) => new URL(url).hostname.endsWith('gravatar.com')

/** The page errors and console errors since the last call. */
function errorsOf(page: Page) {
  const seen: string[] = []
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !isGravatar(message.location().url || 'http://127.0.0.1'))
      seen.push(`console error: ${message.text()} (${message.location().url})`)
  })
  return () => seen.splice(0)
}

/** The administrator's language, chosen in their account's settings. */
async function useLanguage(ui: Admin, language: Language) {
  const { option, settings } = LANGUAGES[language]
  await ui.open('/account')
  const select = ui.page.locator('.payload-settings__language')
  await select.locator('.rs__control').waitFor()
  if ((await select.locator('.rs__single-value').innerText()) !== option) {
    await select.locator('.rs__control').click()
    const offered = await ui.page.locator('.rs__option').allInnerTexts()
    assert.ok(
      offered.includes(option),
      `the admin offers no ${option} (only ${offered.join(', ')}): the app's i18n.supportedLanguages lacks '${language}'`,
    )
    await ui.page.locator('.rs__option', { hasText: option }).click()
  }
  await ui.page.locator('.payload-settings h3', { hasText: settings }).waitFor()
}

/** An event as v1 gives it, in a language. */
async function v1Event(url: string, id: number, language?: Language): Promise<V1Event> {
  const query = language ? `?translation_language=${language}` : ''
  const response = await fetch(`${url}/api/cal/events/v1/events/${id}${query}`)
  assert.equal(response.status, 200, `v1 event ${id}: ${response.status}`)
  return (await response.json()) as V1Event
}

export async function browseAdmin(
  url: string,
  account: { email: string; password: string },
  records: { eventId: number; seriesId: number },
): Promise<void> {
  fs.mkdirSync(path.join(ARTIFACTS_DIR, SCREENSHOTS), { recursive: true })
  const browser = await launchBrowser()
  const ui = adminOf(browser.page, url)
  const step = stepsOf(() => ({ ui, browser }))
  const newErrors = errorsOf(browser.page)
  const noErrors = (where: string) => assert.deepEqual(newErrors(), [], `errors on ${where}`)
  try {
    await step('template-login', () => ui.login(account.email, account.password))
    noErrors('the login')
    // Titles as the admin shows them: in the content language, English, whatever the admin's.
    const event = await v1Event(url, records.eventId)
    for (const language of ['en', 'fr'] as const) {
      await step(`template-${language}-account`, () => useLanguage(ui, language))
      noErrors(`the account's settings (${language})`)
      // The rule's sentence in the admin's language.
      const series = await v1Event(url, records.seriesId, language)
      const context = { url, ui, language, t: TEXTS[language], event, series }
      for (const [name, check] of SCREENS) {
        await step(`template-${language}-${name}`, async () => {
          await check(context)
          await ui.screenshot(`${SCREENSHOTS}/${language}-${name}`)
        })
        noErrors(`${name} (${language})`)
      }
    }
    assert.deepEqual(
      browser.blocked.filter((blocked) => !isGravatar(blocked)),
      [],
    )
  } finally {
    await browser.close()
  }
}
