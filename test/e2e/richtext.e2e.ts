/**
 * Descriptions as rich text, in Debian's Chromium against the app as `npm start` runs it: bold and
 * a link written in Payload's editor come out of v1 as HTML; HTML written through v1 shows in the
 * editor formatted, with what the editor cannot show (an embed, a table, a shortcode) as raw-HTML
 * blocks, and an editor's save keeps them. Run with `npm run test:e2e` after `npm run build`.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { before, describe, it } from 'node:test'
import { stepsOf, type Admin } from './harness/admin.js'
import { type Api } from './harness/api.js'
import { PROJECT_ROOT } from './harness/app.js'
import { type Browser } from './harness/browser.js'
import { useAdminSession } from './harness/session.js'

const V1 = '/api/cal/events/v1'
const EMBED =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/xyz" allowfullscreen></iframe>'
const TABLE = '<table><tr><th>Set</th><td>21:00</td></tr></table>'
const SHORTCODE = '<p>[gallery id="1"]</p>'
const WRITTEN = `<h2>Programme</h2>\n<p>The <strong>quartet</strong> plays <a href="https://example.org/programme">the programme</a>.</p>\n${EMBED}\n${TABLE}\n${SHORTCODE}`

let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''

const step = stepsOf(() => ({ ui, browser }))

/** The editable area of a rich-text field, by its label. */
const editorOf = (label: string) =>
  ui.page
    .locator('.rich-text-lexical', {
      has: ui.page.locator('label', { hasText: new RegExp(`^${label}\\b`) }),
    })
    .locator('[contenteditable="true"]')
    .first()

const v1Description = async (id: number) =>
  (await rest.request('GET', `${V1}/events/${id}`, { token: adminToken })).body
    .description as string

describe('descriptions as rich text, in a browser', { timeout: 600_000 }, () => {
  const session = useAdminSession()
  before(() => void ({ browser, ui, rest, adminToken } = session))

  it('bold and a link written in the editor are read as HTML through v1', () =>
    step('rich-text-write', async () => {
      await ui.open('/collections/events/create')
      await ui.input('title').fill('Trio night')
      await ui.fillDate('startDate', 'Mar 1, 2031 7:00 PM')
      await ui.fillDate('endDate', 'Mar 1, 2031 11:00 PM')
      const editor = editorOf('Description')
      await editor.click()
      await ui.page.keyboard.type('Hear ')
      await ui.page.keyboard.press('Control+b')
      await ui.page.keyboard.type('the trio')
      await ui.page.keyboard.press('Control+b')
      await ui.page.keyboard.type(' at the club')
      // A link: the words selected, the toolbar's link button, the address in its drawer.
      for (let i = 0; i < 'the club'.length; i++) await ui.page.keyboard.press('Shift+ArrowLeft')
      const field = ui.page.locator('.rich-text-lexical', {
        has: ui.page.locator('label', { hasText: /^Description\b/ }),
      })
      // The toolbar takes the selection in after a moment: click until the drawer opens.
      for (
        let attempt = 0;
        attempt < 10 && (await ui.page.locator('.drawer--is-open').count()) === 0;
        attempt++
      ) {
        await field.locator('[data-button-key="link"]').first().click()
        await ui.page
          .locator('.drawer--is-open')
          .waitFor({ timeout: 1_000 })
          .catch(() => {})
      }
      const drawer = ui.drawer()
      await ui.input('url', drawer).fill('https://example.org/club')
      await drawer.getByRole('button', { name: 'Save' }).click()
      await ui.page.locator('.drawer--is-open').waitFor({ state: 'detached' })
      await editor.locator('a[href="https://example.org/club"]', { hasText: 'the club' }).waitFor()
      await editor.click()
      await ui.page.keyboard.press('Control+End')
      await ui.page.keyboard.type(' and more.')
      await editor.locator('strong', { hasText: 'the trio' }).waitFor()
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = Number(/events\/(\d+)/.exec(ui.page.url())![1])
      assert.equal(
        await v1Description(id),
        '<p>Hear <strong>the trio</strong> at <a href="https://example.org/club">the club</a> and more.</p>',
      )
    }))

  it('HTML written through v1 shows formatted in the editor, raw-HTML blocks included, and an editor’s save keeps them', () =>
    step('rich-text-read', async () => {
      const created = await rest.request('POST', `${V1}/events`, {
        token: adminToken,
        body: {
          title: 'Quartet night',
          description: WRITTEN,
          start_date: '2031-03-02 20:00:00',
          end_date: '2031-03-02 22:00:00',
          status: 'publish',
        },
      })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      const id = created.body.id as number
      assert.equal(await v1Description(id), WRITTEN)

      await ui.open(`/collections/events/${id}`)
      const editor = editorOf('Description')
      await editor.locator('h2', { hasText: 'Programme' }).waitFor()
      await editor.locator('strong', { hasText: 'quartet' }).waitFor()
      await editor
        .locator('a[href="https://example.org/programme"]', { hasText: 'the programme' })
        .waitFor()
      // The embed, the table and the shortcode: one raw-HTML block each, showing the HTML as
      // written.
      const raw = ui.page.locator('.rich-text-lexical textarea')
      await raw.first().waitFor()
      assert.deepEqual(
        await raw.evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value)),
        [EMBED, TABLE, SHORTCODE],
      )
      await ui.page.getByText('Raw HTML').first().waitFor()
      await ui.screenshot('rich-text-editor')
      // The README's picture: the title and the description, from the top of the page (whose header
      // stays on top when scrolled).
      await ui.page.evaluate(() => window.scrollTo(0, 0))
      const box = (await ui.page
        .locator('.rich-text-lexical', {
          has: ui.page.locator('label', { hasText: /^Description\b/ }),
        })
        .boundingBox())!
      await ui.page.screenshot({
        path: path.join(PROJECT_ROOT, 'docs', 'rich-text-editor.png'),
        fullPage: true,
        clip: { x: 0, y: 0, width: box.x + box.width + 24, height: box.y + box.height + 16 },
      })

      // An edit in the editor, then a save: the HTML comes from the document, raw blocks verbatim.
      await editor.locator('strong', { hasText: 'quartet' }).click()
      await ui.page.keyboard.press('End')
      await ui.page.keyboard.type(' Doors at 20:00.')
      await ui.saveAndWait()
      const saved = await v1Description(id)
      assert.equal(
        saved,
        `<h2>Programme</h2><p>The <strong>quartet</strong> plays <a href="https://example.org/programme">the programme</a>. Doors at 20:00.</p>${EMBED}${TABLE}${SHORTCODE}`,
      )
    }))
})
