/**
 * The pictures of docs/admin.md ("The plugin's views beside Payload's"): Payload's own events list,
 * then the plugin's To translate, Import and calendar views, on the recorded The Events Calendar
 * site imported through the Import page, at 1280 px, as the administrator. Not a test (no
 * assertion beyond each view showing): run it after `npm run build` with
 * `node --import tsx test/e2e/screenshots.ts`; it rewrites docs/admin-*.png.
 */
import path from 'node:path'
import { startTecSite } from '../support/tecSite.js'
import { admin as adminOf } from './harness/admin.js'
import { api } from './harness/api.js'
import { PROJECT_ROOT, startApp } from './harness/app.js'
import { launchBrowser } from './harness/browser.js'
import { ADMIN } from './harness/session.js'

// The host's pseudo-translator, so that To translate offers "Translate the selection".
process.env.CAL_TRANSLATOR = 'pseudo'

const DOCS = path.join(PROJECT_ROOT, 'docs')

const site = await startTecSite()
const app = await startApp()
const browser = await launchBrowser()
try {
  const ui = adminOf(browser.page, app.url)
  const rest = api(app.url)
  const registered = await rest.request('POST', '/api/users/first-register', { body: ADMIN })
  if (registered.status !== 200) throw new Error(JSON.stringify(registered.body))
  const token = await rest.login(ADMIN.email, ADMIN.password)
  await ui.login(ADMIN.email, ADMIN.password)
  const shoot = (name: string) =>
    browser.page.screenshot({ path: path.join(DOCS, `${name}.png`), fullPage: true })

  // The Import page, after importing the recorded site.
  await ui.open('/import')
  await ui.page.locator('input[name=from]').fill(site.root)
  await ui.page.locator('input[name=user]').fill('admin')
  await ui.page.locator('input[name=password]').fill('app password')
  await ui.page.getByRole('button', { name: 'Start import' }).click()
  await ui.page.locator('.cal-import__run[data-state=done]').waitFor({ timeout: 120_000 })
  await shoot('admin-import')

  // Some French and Spanish work done, so that To translate has each status.
  const first = async (slug: string, n: number) =>
    (await rest.request('GET', `/api/${slug}?limit=${n}&sort=id&depth=0`, { token })).body.docs.map(
      (doc: { id: number }) => doc.id,
    ) as number[]
  const patch = (slug: string, id: number, locale: string, body: unknown) =>
    rest.request('PATCH', `/api/${slug}/${id}?locale=${locale}`, { token, body })
  const [venueA, venueB] = await first('venues', 2)
  await patch('venues', venueA!, 'fr', { name: 'Salle des fêtes' })
  await patch('venues', venueB!, 'fr', { name: 'Le parc' })
  await patch('venues', venueB!, 'es', { name: 'El parque' })
  await new Promise((resolve) => setTimeout(resolve, 20))
  await patch('venues', venueB!, 'en', { name: 'The park' })
  for (const id of await first('events', 3)) await patch('events', id, 'fr', { title: `FR ${id}` })

  // Payload's own events list.
  await ui.open('/collections/events')
  await ui.page.locator('.collection-list .table').waitFor()
  await shoot('admin-events-list')

  // To translate, with the Spanish venues to translate listed.
  await ui.open('/translations?collection=venues&language=es&status=missing')
  await ui.page.locator('.cal-translations__selection').waitFor()
  await shoot('admin-to-translate')

  // The calendar, on the month with the most imported events.
  const { docs } = (
    await rest.request('GET', '/api/events?limit=100&depth=0&select[startDateLocal]=true', {
      token,
    })
  ).body as { docs: { startDateLocal: string }[] }
  const perMonth = new Map<string, number>()
  for (const { startDateLocal } of docs) {
    const month = String(startDateLocal).slice(0, 7)
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1)
  }
  const [month] = [...perMonth].sort((a, b) => b[1] - a[1])[0]!
  const day = `${month}-15`
  await ui.open(`/collections/events/calendar?mode=month&date=${day}`)
  await ui.page.locator('.cal-calendar__grid[aria-busy="false"] .cal-event').first().waitFor()
  await shoot('admin-calendar')
} finally {
  await browser.close()
  await app.stop()
  await site.close()
}
