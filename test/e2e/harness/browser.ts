import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
const RECENT_LINES = 200

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type Browser = {
  context: BrowserContext
  page: Page
  /** Requests to anywhere but 127.0.0.1, which were refused. */
  blocked: string[]
  /**
   * The latest requests and browser messages (method, path, status, time), to explain a failure.
   */
  recent: () => string[]
  close: () => Promise<void>
}

/**
 * Debian's Chromium, headless, on a fresh profile, in English and UTC (so the date pickers read
 * the same everywhere). Every request to anything but 127.0.0.1 is refused and recorded.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`No browser at ${CHROMIUM_PATH}: apt-get install -y chromium`)
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-e2e-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 900 },
    timeout: 30_000,
  })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  const blocked: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (new URL(url).hostname === '127.0.0.1') return route.continue()
    blocked.push(url)
    return route.abort('blockedbyclient')
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const log: string[] = []
  const note = (line: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    if (log.length > RECENT_LINES) log.shift()
  }
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')
  page.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null)
    note(
      `${request.method()} ${pathOf(request.url())} ${response?.status() ?? '?'} ${Math.round(request.timing().responseEnd)} ms`,
    )
  })
  page.on('requestfailed', (request) =>
    note(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText}`),
  )
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => note(`page error: ${error.message}`))
  const close = async () => {
    await context.close().catch(() => {})
    fs.rmSync(userDataDir, { recursive: true, force: true })
  }
  return { context, page, blocked, recent: () => [...log], close }
}
