import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page, Request, Response } from 'playwright-core'
import { PROJECT_ROOT } from './app.js'

/** Screenshots and pages kept from a run (gitignored). */
export const ARTIFACTS_DIR = path.join(PROJECT_ROOT, 'test', 'artifacts')

/** What an editor does in Payload's admin, in the words of its screens. */
export function admin(page: Page, baseUrl: string) {
  // Server actions in flight: the admin sends one (form state) 250 ms after each change.
  const isServerAction = (request: Request) =>
    request.method() === 'POST' && !new URL(request.url()).pathname.startsWith('/api/')
  let serverActions = 0
  page.on('request', (request) => {
    if (isServerAction(request)) serverActions++
  })
  const ended = (request: Request) => {
    if (isServerAction(request)) serverActions--
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)

  /**
   * Waits (at most 15 s) until the form has had no server action in flight for 600 ms. The form
   * state that a change sends can come back after a save and wipe the save's error messages, so
   * saving waits for it.
   */
  const settle = async () => {
    const deadline = Date.now() + 15_000
    let quietSince = Date.now()
    while (Date.now() - quietSince < 600) {
      if (Date.now() > deadline) throw new Error('the admin kept sending form state for 15 s')
      await page.waitForTimeout(100)
      if (serverActions > 0) quietSince = Date.now()
    }
  }

  const open = async (route: string) => {
    await page.goto(`${baseUrl}/admin${route}`)
  }

  /**
   * Opens a document's edit view and waits until its form is live (hydrated, its state loaded): a
   * value typed earlier can be reset.
   */
  const openForm = async (route: string) => {
    await open(route)
    await page.locator('form[data-form-ready="true"]').first().waitFor()
  }

  const fillLogin = async (email: string, password: string) => {
    await page.locator('#field-email').fill(email)
    await page.locator('#field-password').fill(password)
  }

  /** The first visit to the admin asks for the first user; `beforeSubmit` sees the filled form. */
  const createFirstUser = async (
    email: string,
    password: string,
    beforeSubmit?: () => Promise<void>,
  ) => {
    await open('')
    await page.waitForURL(/\/admin\/create-first-user/)
    await fillLogin(email, password)
    await page.locator('#field-confirm-password').fill(password)
    await beforeSubmit?.()
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/\/admin\/?$/)
  }

  const login = async (email: string, password: string) => {
    await open('/login')
    await fillLogin(email, password)
    await page.locator('button[type=submit]').click()
    await page.waitForURL(/\/admin\/?$/)
  }

  const logout = async () => {
    await open('/logout')
    await page.waitForURL(/\/admin\/login/)
  }

  /**
   * A field, by its name (`title`, `venue`, …): its label, input, description and error; inside a
   * drawer when given. Payload puts `field-<name>` on the input of simple fields and on the wrapper
   * of others (and labels in drawers point elsewhere), so: the innermost field box holding that id.
   */
  const field = (name: string, within: Page | Locator = page) =>
    within.locator(`.field-type:is(#field-${name}, :has(#field-${name}))`).last()

  /** The input of a text, textarea, number or checkbox field. */
  const input = (name: string, within: Page | Locator = page) => within.locator(`#field-${name}`)

  /** Waits (boundedly) until an input shows `expected`, and returns what it shows. */
  const valueOf = async (locator: Locator, expected: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs
    let value = await locator.inputValue()
    while (value !== expected && Date.now() < deadline) {
      await page.waitForTimeout(200)
      value = await locator.inputValue()
    }
    return value
  }

  /** Types a date the way the picker shows it ("Mar 1, 2027 7:00 PM") and closes the picker. */
  const fillDate = async (name: string, text: string) => {
    await field(name).locator('input').fill(text)
    // The calendar opens on focus, possibly after a first Escape on a slow machine: close it until
    // it stays closed.
    const popper = page.locator('.react-datepicker-popper')
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.waitForTimeout(250)
      if ((await popper.count()) === 0) return
      await page.keyboard.press('Escape')
    }
    throw new Error(`the date picker of ${name} does not close`)
  }

  /** Opens a select or relationship field and returns its options' labels. */
  const optionsOf = async (name: string, within: Page | Locator = page) => {
    await field(name, within).locator('.rs__control').click()
    const options = page.locator('.rs__option')
    await options.first().waitFor()
    return options.allInnerTexts()
  }

  const choose = async (name: string, option: string, within: Page | Locator = page) => {
    await field(name, within).locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: option }).first().click()
  }

  /**
   * Picks an event's zone as an editor does: typing (part of) its name into the searchable list.
   */
  const pickZone = async (zone: string, typed = zone) => {
    await field('timezone').locator('.rs__control').click()
    await page.keyboard.type(typed)
    await page.locator('.rs__option', { hasText: zone }).first().click()
  }

  /** Clicks Save on the document (or on the one in the open drawer), once the form has settled. */
  const save = async (within: Page | Locator = page) => {
    await settle()
    await within.locator('form[data-form-ready="true"]').first().waitFor()
    await within.locator('#action-save').first().click()
  }

  /** Saves and waits for the REST write that the admin sends; fails unless it succeeded. */
  const saveAndWait = async (within: Page | Locator = page) => {
    const isWrite = (response: Response) =>
      new URL(response.url()).pathname.startsWith('/api/') &&
      ['POST', 'PATCH'].includes(response.request().method())
    const [response] = await Promise.all([page.waitForResponse(isWrite), save(within)])
    if (!response.ok())
      throw new Error(`saving failed: ${response.status()} ${await response.text()}`)
    return response
  }

  const toast = (text: string | RegExp) =>
    page.locator('.payload-toast-container').getByText(text).first()

  /** The drawer on top, opened by a relationship's "+" or an upload's "Create New". */
  const drawer = () => page.locator('.drawer--is-open').last()

  const closeDrawer = async () => {
    await drawer().locator('.doc-drawer__header-close').click()
    await page.locator('.drawer--is-open').waitFor({ state: 'detached' })
  }

  /** Switches the content language with the header's locale selector. */
  const switchLocale = async (code: string) => {
    await page.getByRole('button', { name: 'Locale' }).click()
    await page
      .locator('.popup-button-list__button', { has: page.locator(`[data-locale="${code}"]`) })
      .click()
    await page.waitForURL(new RegExp(`[?&]locale=${code}`))
    await page
      .locator(`.localizer-button:not(.app-header__localizer-spacing)[data-locale="${code}"]`)
      .waitFor()
  }

  /** The collections listed under a group of the navigation. */
  const navigationGroup = (group: string) =>
    page
      .locator('.nav-group', { has: page.locator('.nav-group__label', { hasText: group }) })
      .locator('.nav__link-label')
      .allTextContents()

  const screenshot = async (name: string) => {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true })
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true })
  }

  return {
    page,
    open,
    openForm,
    createFirstUser,
    login,
    logout,
    field,
    input,
    valueOf,
    fillDate,
    optionsOf,
    choose,
    pickZone,
    save,
    saveAndWait,
    toast,
    drawer,
    closeDrawer,
    switchLocale,
    navigationGroup,
    screenshot,
  }
}

export type Admin = ReturnType<typeof admin>

/**
 * A test's named steps: when one fails, a screenshot of what the browser showed and its latest
 * requests are kept in test/artifacts (`failed-<name>`). `current` gives the file's page and
 * browser.
 */
export function stepsOf(current: () => { ui?: Admin; browser?: { recent: () => string[] } }) {
  return async (name: string, run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      const { ui, browser } = current()
      await ui?.screenshot(`failed-${name}`).catch(() => {})
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true })
      if (browser)
        fs.writeFileSync(
          path.join(ARTIFACTS_DIR, `failed-${name}.log`),
          `${browser.recent().join('\n')}\n`,
        )
      throw error
    }
  }
}
