/**
 * The site pages of `payload-events-calendar/react` in the template app (issue #40 item 3): three
 * example pages as a site would write them (`SITE_PAGES`, added to the app before its
 * `next build`), driven in Debian's Chromium through playwright-core: months and views clicked,
 * an event followed, its "add to calendar" links' targets checked, in English and French and in
 * two zones, with axe-core (@axe-core/playwright) on every page: no serious or critical
 * violation. `clientScripts` reads what a page sends to the browser from the build's manifest.
 * Screenshots go to test/artifacts/template/ (`site-en-month.png` and `site-fr-event.png` are the
 * docs/react.md's docs/template-site-month.png and docs/template-site-event-fr.png).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { ARTIFACTS_DIR } from '../e2e/harness/admin.js'
import { launchBrowser } from '../e2e/harness/browser.js'

/** What the pages share: the language and zone of a request, from its query. */
const PAGE_HEAD = `import config from '@payload-config'
import { getPayload } from 'payload'

export const dynamic = 'force-dynamic'

type Search = Promise<Record<string, string | string[] | undefined>>

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
const languageOf = (value: string | string[] | undefined) => {
  const lang = one(value)
  return lang === 'fr' || lang === 'es' ? lang : 'en'
}
`

/** The example pages, as a site adds them to its app (path in the app → source). */
export const SITE_PAGES: Record<string, string> = {
  'src/app/(frontend)/events/page.tsx': `${PAGE_HEAD}
import { headers } from 'next/headers'
import { UpcomingEvents } from 'payload-events-calendar/react'

export default async function EventsPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams
  const lang = languageOf(query.lang)
  const from = one(query.from)
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: await headers() })
  return (
    <div lang={lang}>
      <h1>{lang === 'fr' ? 'Événements' : 'Events'}</h1>
      <UpcomingEvents
        payload={payload}
        user={user}
        lang={lang}
        limit={10}
        filters={from ? { start_date: from, end_date: '2099-12-31' } : {}}
        eventPath={\`/events/{slug}?lang=\${lang}\`}
      />
      <p>
        <a href={\`/events/month?lang=\${lang}\`}>{lang === 'fr' ? 'Le calendrier' : 'The calendar'}</a>
      </p>
    </div>
  )
}
`,
  'src/app/(frontend)/events/[slug]/page.tsx': `${PAGE_HEAD}
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import {
  AddToCalendar,
  EventDetails,
  EventJsonLd,
  eventTitle,
  getEvent,
} from 'payload-events-calendar/react'

export default async function EventPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>
  searchParams: Search
}) {
  const { slug } = await params
  const query = await searchParams
  const lang = languageOf(query.lang)
  const request = await headers()
  const payload = await getPayload({ config })
  const { user } = await payload.auth({ headers: request })
  const origin = \`http://\${request.get('host')}\`
  const event = await getEvent({ payload, user, lang, origin }, { slug })
  if (!event) notFound()
  return (
    <article lang={lang}>
      <h1>{eventTitle(event)}</h1>
      <EventDetails event={event} lang={lang} visitorTimeZone={one(query.tz)} />
      <AddToCalendar event={event} lang={lang} />
      <EventJsonLd event={event} />
      <p>
        <a href={\`/events/month?lang=\${lang}\`}>{lang === 'fr' ? 'Le calendrier' : 'The calendar'}</a>
      </p>
    </article>
  )
}
`,
  'src/app/(frontend)/events/month/page.tsx': `${PAGE_HEAD}
import type { CollectionSlug } from 'payload'
import { EventsCalendar } from 'payload-events-calendar/react/calendar'

const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listMonth'] as const
type View = (typeof VIEWS)[number]

export default async function MonthPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams
  const lang = languageOf(query.lang)
  const view = VIEWS.find((name) => name === one(query.view)) as View | undefined
  const payload = await getPayload({ config })
  // The plugin's collections are not in the template's generated types.
  const categories = await payload.find({
    collection: 'event-categories' as string as CollectionSlug,
    limit: 100,
    depth: 0,
  })
  return (
    <div lang={lang}>
      <h1>{lang === 'fr' ? 'Calendrier' : 'Calendar'}</h1>
      <EventsCalendar
        lang={lang}
        timeZone={one(query.tz) ?? 'local'}
        initialDate={one(query.date)}
        initialView={view}
        eventPath={\`/events/{slug}?lang=\${lang}\`}
        filters={{
          categories: categories.docs.map((doc) => {
            const category = doc as unknown as { slug: string; name: string }
            return { value: category.slug, label: category.name }
          }),
        }}
      />
    </div>
  )
}
`,
}

/** The event the checks follow: the suite's concert (Europe/Paris) and its French title. */
export type SiteEvent = {
  id: number
  slug: string
  title: string
  frenchTitle: string
  seriesTitle: string
}

type Language = 'en' | 'fr'

/** What each page says in each language. */
const SAYS: Record<Language, { month: string; next: string; add: string; when: string }> = {
  en: { month: 'March 2031', next: 'April 2031', add: 'Add to calendar', when: 'When' },
  fr: { month: 'mars 2031', next: 'avril 2031', add: 'Ajouter à un agenda', when: 'Quand' },
}

/** axe-core on the page as it is: its serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}; ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    )
}

/** The text of an element once it holds `expected` (at most 15 s), for a clear failure. */
async function textOnce(page: Page, selector: string, expected: string | RegExp) {
  const locator = page.locator(selector).first()
  await locator.waitFor()
  const deadline = Date.now() + 15_000
  let text = await locator.innerText()
  while (!(typeof expected === 'string' ? text === expected : expected.test(text))) {
    if (Date.now() > deadline) break
    await page.waitForTimeout(200)
    text = await locator.innerText()
  }
  return text
}

/** Intl and FullCalendar write narrow and thin no-break spaces where the checks write spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ').trim()

/**
 * The example pages in Chromium: the calendar's months and views, an event in two zones, its page
 * and its calendar links, in English and French, axe-core on each.
 */
export async function browseSite(url: string, event: SiteEvent): Promise<void> {
  const folder = path.join(ARTIFACTS_DIR, 'template')
  fs.mkdirSync(folder, { recursive: true })
  const browser = await launchBrowser()
  const { page } = browser
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/\/favicon\.ico$/.test(message.location().url))
      problems.push(`console error: ${message.text()} (${message.location().url})`)
  })
  const screenshot = (name: string) =>
    page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true })
  const accessible = async (where: string) =>
    assert.deepEqual(await seriousViolations(page), [], `axe-core on ${where}`)
  try {
    for (const lang of ['en', 'fr'] as const) {
      const says = SAYS[lang]
      const title = lang === 'fr' ? event.frenchTitle : event.title

      // The list of upcoming events links to the event's page.
      await page.goto(`${url}/events?lang=${lang}&from=2031-01-01`)
      const listed = page.locator('.cal-upcoming-events a', { hasText: title })
      assert.equal(await listed.getAttribute('href'), `/events/${event.slug}?lang=${lang}`)
      await accessible(`/events (${lang})`)

      // The month: its title, the event, the next month with the series' dates, back again.
      await page.goto(`${url}/events/month?lang=${lang}&date=2031-03-01&tz=Europe/Paris`)
      assert.equal(await textOnce(page, '.fc-toolbar-title', says.month), says.month)
      await page.locator('.fc-event', { hasText: title }).first().waitFor()
      await accessible(`the month (${lang})`)
      await screenshot(`site-${lang}-month`)
      await page.locator('.fc-next-button').click()
      assert.equal(await textOnce(page, '.fc-toolbar-title', says.next), says.next)
      await page.locator('.fc-event', { hasText: event.seriesTitle }).nth(3).waitFor()
      await page.locator('.fc-prev-button').click()
      assert.equal(await textOnce(page, '.fc-toolbar-title', says.month), says.month)

      // Week, day and list views of the event's week and day, by their buttons.
      for (const view of ['timeGridWeek', 'timeGridDay', 'listMonth', 'dayGridMonth']) {
        if (view !== 'dayGridMonth')
          await page.goto(`${url}/events/month?lang=${lang}&date=2031-03-01&tz=Europe/Paris`)
        await page.locator(`.fc-${view}-button`).click()
        await page.locator(`.fc-${view}-view`).waitFor()
        await page.locator('.fc-event', { hasText: title }).first().waitFor()
        await accessible(`the ${view} view (${lang})`)
      }

      // The event's times in two zones: 19:00-21:30 in Paris is 13:00-15:30 in New York.
      const times = {
        en: ['7:00pm - 9:30pm', '1:00pm - 3:30pm'],
        fr: ['19:00 - 21:30', '13:00 - 15:30'],
      }
      for (const [zone, expected] of [
        ['Europe/Paris', times[lang][0]],
        ['America/New_York', times[lang][1]],
      ]) {
        await page.goto(
          `${url}/events/month?lang=${lang}&date=2031-03-01&tz=${zone}&view=listMonth`,
        )
        const row = page.locator('.fc-list-event', { hasText: title })
        await row.waitFor()
        assert.equal(spaced(await row.locator('.fc-list-event-time').innerText()), expected, zone)
      }

      // Following the event from the calendar, by the keyboard: its link is focusable.
      const link = page.locator('.fc-list-event', { hasText: title }).locator('a').first()
      await link.focus()
      await page.keyboard.press('Enter')
      // FullCalendar's list row goes to the same address too (its "forced url" click), which may
      // cut the link's own navigation short: wait for the event's page, not for one navigation.
      await page.locator('h1', { hasText: title }).waitFor()
      await page.waitForLoadState('load')
      assert.equal(page.url(), `${url}/events/${event.slug}?lang=${lang}`)
      assert.equal(await page.locator('h1').innerText(), title)
      assert.ok((await page.locator('.cal-event-details').innerText()).includes(says.when))
      assert.equal(await page.locator('.cal-add-to-calendar h2').innerText(), says.add)
      await accessible(`the event's page (${lang})`)

      // The visitor's time beside the event's.
      await page.goto(`${url}/events/${event.slug}?lang=${lang}&tz=America/New_York`)
      assert.match(await page.locator('.cal-visitor-time').innerText(), /13|1:00/)
      await screenshot(`site-${lang}-event`)

      // The calendar links: their targets and what they carry.
      const href = (key: string) =>
        page.locator(`[data-calendar="${key}"]`).getAttribute('href') as Promise<string>
      const google = new URL(await href('google'))
      assert.equal(google.origin + google.pathname, 'https://calendar.google.com/calendar/render')
      assert.equal(google.searchParams.get('dates'), '20310301T180000Z/20310301T203000Z')
      assert.equal(google.searchParams.get('text'), title)
      assert.equal(google.searchParams.get('ctz'), 'Europe/Paris')
      for (const [key, host] of [
        ['outlook365', 'outlook.office.com'],
        ['outlookCom', 'outlook.live.com'],
      ]) {
        const outlook = new URL(await href(key))
        assert.equal(outlook.host, host)
        assert.equal(outlook.searchParams.get('startdt'), '2031-03-01T18:00:00Z')
        assert.equal(outlook.searchParams.get('enddt'), '2031-03-01T20:30:00Z')
      }
      const ics = await href('ics')
      assert.equal(
        (await href('apple')).replace(/^webcal:/, 'http:'),
        ics,
        'webcal: is the .ics address',
      )
      const file = await fetch(ics)
      assert.equal(file.status, 200, ics)
      assert.match(file.headers.get('content-type') ?? '', /^text\/calendar/)
      assert.match(await file.text(), new RegExp(`UID:event-${event.id}@`))
    }
    assert.deepEqual(problems, [], 'errors in the pages')
    assert.deepEqual(browser.blocked, [], 'requests off 127.0.0.1')
  } catch (error) {
    await screenshot('failed-site').catch(() => {})
    throw error
  } finally {
    await browser.close()
  }
}

export type ClientScripts = { files: number; bytes: number; gzipped: number }

/**
 * The JavaScript a page of the built app sends to the browser: the files the build's manifest
 * (`.next/app-build-manifest.json`) lists for it, with their gzipped size (level 9, as a server
 * compresses static files once).
 */
export function clientScripts(appDir: string, page: string): ClientScripts {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(appDir, '.next', 'app-build-manifest.json'), 'utf8'),
  ) as { pages: Record<string, string[]> }
  const files = manifest.pages[page]
  assert.ok(files, `no ${page} in the build (${Object.keys(manifest.pages).join(', ')})`)
  const scripts = files.filter((file) => file.endsWith('.js'))
  const contents = scripts.map((file) => fs.readFileSync(path.join(appDir, '.next', file)))
  return {
    files: scripts.length,
    bytes: contents.reduce((sum, content) => sum + content.length, 0),
    gzipped: contents.reduce(
      (sum, content) => sum + zlib.gzipSync(content, { level: 9 }).length,
      0,
    ),
  }
}
