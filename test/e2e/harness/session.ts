import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { admin as adminOf, type Admin } from './admin.js'
import { api, type Api } from './api.js'
import { startApp, type App } from './app.js'
import { launchBrowser, type Browser } from './browser.js'

/** The first user of each test app: the administrator. */
export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' }

export type Session = { app: App; browser: Browser; ui: Admin; rest: Api; adminToken: string }

/**
 * For the describe block it is called in: an app of its own, a browser, the first user registered
 * as the administrator and logged in to the admin (`ui`) and to the API (`adminToken`); closed
 * after.
 */
export function useAdminSession(): Session {
  const session = {} as Session
  before(async () => {
    session.app = await startApp()
    session.browser = await launchBrowser()
    session.ui = adminOf(session.browser.page, session.app.url)
    session.rest = api(session.app.url)
    const registered = await session.rest.request('POST', '/api/users/first-register', {
      body: ADMIN,
    })
    assert.equal(registered.status, 200, JSON.stringify(registered.body))
    session.adminToken = await session.rest.login(ADMIN.email, ADMIN.password)
    await session.ui.login(ADMIN.email, ADMIN.password)
  })
  after(async () => {
    await session.browser?.close()
    await session.app?.stop()
  })
  return session
}
