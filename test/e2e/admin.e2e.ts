/**
 * The admin UI as editors use it, in Debian's Chromium against the app started as `npm start` does
 * (production build). Run with `npm run test:e2e` after `npm run build`.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import sharp from 'sharp'
import { admin as adminOf, stepsOf, type Admin } from './harness/admin.js'
import { api, type Api } from './harness/api.js'
import { startApp, type App } from './harness/app.js'
import { launchBrowser, type Browser } from './harness/browser.js'

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' }
const CONTRIBUTOR = { email: 'contributor@example.com', password: 'contributor-password' }
const SUBSCRIBER = { email: 'subscriber@example.com', password: 'subscriber-password' }

let app: App
let browser: Browser
let ui: Admin
let rest: Api
let adminToken = ''
let scratch = ''

const step = stepsOf(() => ({ ui, browser }))

async function createUser(user: { email: string; password: string }, role: string) {
  const created = await rest.request('POST', '/api/users', {
    token: adminToken,
    body: { ...user, role },
  })
  assert.equal(created.status, 201, JSON.stringify(created.body))
  return created.body.doc.id as number
}

async function createRecord(collection: string, body: Record<string, unknown>) {
  const created = await rest.request('POST', `/api/${collection}`, { token: adminToken, body })
  assert.equal(created.status, 201, JSON.stringify(created.body))
  return created.body.doc.id as number
}

const eventsTitled = async (title: string) =>
  (
    await rest.request(
      'GET',
      `/api/events?where[title][equals]=${encodeURIComponent(title)}&depth=0`,
      { token: adminToken },
    )
  ).body.totalDocs

describe('the admin UI, in a browser', { timeout: 600_000 }, () => {
  before(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-e2e-files-'))
    app = await startApp()
    browser = await launchBrowser()
    ui = adminOf(browser.page, app.url)
    rest = api(app.url)
  })
  after(async () => {
    await browser?.close()
    await app?.stop()
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
  })

  it('the first visit creates the first user, who finds the calendar grouped in the navigation', () =>
    step('first-user', async () => {
      await ui.createFirstUser(ADMIN.email, ADMIN.password, async () => {
        // The form says the first user becomes the administrator, and offers no role to pick.
        const role = ui.page.locator('.cal-first-user-role')
        await role.waitFor()
        assert.match(await role.innerText(), /Administrator[\s\S]*become its administrator/)
        assert.equal(
          await ui.page
            .locator('.field-type.select', { has: ui.page.locator('#field-role') })
            .count(),
          0,
        )
        // No API key to set up yet, and no checkbox without a label.
        assert.equal(await ui.page.locator('#field-apiKey, #field-enableAPIKey').count(), 0)
        assert.equal(await ui.page.locator('.create-first-user input[type=checkbox]').count(), 0)
        await ui.screenshot('first-user')
      })
      adminToken = await rest.login(ADMIN.email, ADMIN.password)
      const me = await rest.request('GET', '/api/users/me', { token: adminToken })
      assert.equal(me.body.user.role, 'administrator')

      await ui.page.getByRole('heading', { name: 'Calendar' }).waitFor()
      assert.deepEqual(await ui.navigationGroup('Calendar'), [
        'Events',
        'Venues',
        'Organizers',
        'Event Categories',
        'Event Tags',
        'Media',
        // RSVP tickets and their attendees (#62).
        'RSVP tickets',
        'Attendees',
        // An administrator's: the webhooks and their deliveries (#26).
        'Webhooks',
        'Webhook Deliveries',
      ])
      // The dashboard's calendar at a glance, empty on a new site.
      await ui.page.locator('.cal-glance__next').getByText('No upcoming events.').waitFor()
      await ui.page
        .locator('.cal-glance__waiting')
        .getByText('Nothing is waiting for review.')
        .waitFor()
      await ui.screenshot('first-dashboard')
    }))

  it('logs out and in again', () =>
    step('login', async () => {
      await ui.logout()
      await ui.login(ADMIN.email, ADMIN.password)
    }))

  it('creates an event with a new venue, existing organizers, a category, a tag and an image, then French and Spanish titles', () =>
    step('create-event', async () => {
      const music = await createRecord('event-categories', { name: 'Music' })
      await createRecord('event-categories', { name: 'Jazz', parent: music })
      await createRecord('event-categories', { name: 'Theatre' })
      await createRecord('event-tags', { name: 'Late night' })
      await createRecord('organizers', { name: 'Paris Jazz Club', status: 'publish' })
      const image = path.join(scratch, 'poster.png')
      await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2f5d8a' } })
        .png()
        .toFile(image)

      await ui.open('/collections/events/create')
      await ui.input('title').fill('Jazz Night')
      // The description is rich text: typed into Payload's editor.
      await ui.page
        .locator('.rich-text-lexical', {
          has: ui.page.locator('label', { hasText: /^Description\b/ }),
        })
        .locator('[contenteditable="true"]')
        .first()
        .click()
      await ui.page.keyboard.type('Three sets of bebop.')
      await ui.fillDate('startDate', 'Mar 1, 2027 7:00 PM')
      await ui.fillDate('endDate', 'Mar 1, 2027 11:00 PM')
      // The zone is picked from the list of zones, found by typing part of its name.
      await ui.pickZone('Europe/Paris', 'Europe/Par')

      // A venue that does not exist yet, created from the event.
      await ui.field('venue').getByRole('button', { name: 'Add new Venue' }).click()
      const venue = ui.drawer()
      await ui.input('name', venue).fill('Le Duc des Lombards')
      await ui.input('city', venue).fill('Paris')
      await ui.input('geoLat', venue).fill('48.8597')
      await ui.save(venue)
      await ui
        .field('geoLng', venue)
        .getByText('Give both latitude and longitude, or neither.')
        .waitFor()
      await ui.input('geoLng', venue).fill('2.3481')
      await ui.saveAndWait(venue)
      await ui.toast('Venue successfully created.').waitFor()
      await ui.closeDrawer()
      await ui.field('venue').getByText('Le Duc des Lombards').waitFor()

      await ui.choose('organizers', 'Paris Jazz Club')
      const categories = await ui.optionsOf('categories')
      assert.deepEqual(categories, ['Music', 'Music › Jazz', 'Theatre'])
      await ui.page.locator('.rs__option', { hasText: 'Music › Jazz' }).click()
      await ui.choose('tags', 'Late night')

      // An image uploaded from the event.
      await ui.field('image').getByRole('button', { name: 'Create New' }).click()
      const upload = ui.drawer()
      await upload.locator('input[type=file]').setInputFiles(image)
      await ui.input('alt', upload).fill('Poster of the night')
      await ui.saveAndWait(upload)
      // An upload's drawer closes by itself once the file is saved.
      await ui.field('image').getByText('poster.png').waitFor()
      await ui.page.locator('.drawer--is-open').waitFor({ state: 'detached' })

      await ui.choose('status', 'Published')
      await ui.input('featured').check()
      await ui.input('sticky').check()
      await ui.input('password').fill('bebop')
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      const id = Number(/events\/(\d+)/.exec(ui.page.url())![1])
      // The slug was made from the title.
      assert.equal(await ui.valueOf(ui.input('slug'), 'jazz-night'), 'jazz-night')

      for (const [code, title] of [
        ['fr', 'Soirée jazz'],
        ['es', 'Noche de jazz'],
      ]) {
        await ui.switchLocale(code)
        await ui.input('title').fill(title)
        await ui.saveAndWait()
      }
      await ui.switchLocale('en')
      assert.equal(await ui.valueOf(ui.input('title'), 'Jazz Night'), 'Jazz Night')
      await ui.screenshot('event-edit')

      const read = async (locale: string) =>
        (await rest.request('GET', `/api/events/${id}?locale=${locale}`, { token: adminToken }))
          .body
      const [english, french, spanish] = [await read('en'), await read('fr'), await read('es')]
      assert.deepEqual(
        [english.title, french.title, spanish.title],
        ['Jazz Night', 'Soirée jazz', 'Noche de jazz'],
      )
      assert.equal(
        french.descriptionHtml,
        '<p>Three sets of bebop.</p>',
        'a language without a description falls back to English',
      )
      assert.equal(english.slug, 'jazz-night')
      assert.equal(english.startDate, '2027-03-01T19:00:00.000Z')
      assert.equal(english.endDate, '2027-03-01T23:00:00.000Z')
      assert.equal(english.timezone, 'Europe/Paris')
      assert.equal(english.startDateLocal, '2027-03-01 20:00:00')
      assert.equal(english.status, 'publish')
      assert.equal(english.featured, true)
      assert.equal(english.sticky, true)
      assert.equal(english.hideFromListings, false)
      assert.equal(english.password, 'bebop')
      assert.equal(english.venue.name, 'Le Duc des Lombards')
      assert.equal(english.venue.geoLat, 48.8597)
      assert.deepEqual(
        english.organizers.map((organizer: { name: string }) => organizer.name),
        ['Paris Jazz Club'],
      )
      assert.deepEqual(
        english.categories.map((category: { fullName: string }) => category.fullName),
        ['Music › Jazz'],
      )
      assert.deepEqual(
        english.tags.map((tag: { name: string }) => tag.name),
        ['Late night'],
      )
      assert.equal(english.image.alt, 'Poster of the night')
      assert.match(english.image.mimeType, /^image\/png$/)
    }))

  it('lists events with their start, venue and status, sorted by start', () =>
    step('list', async () => {
      await createRecord('events', {
        title: 'Morning market',
        startDate: '2027-02-01T08:00:00Z',
        endDate: '2027-02-01T12:00:00Z',
        status: 'draft',
      })
      await ui.open('/collections/events')
      await ui.page.getByText('Create New', { exact: true }).waitFor()
      const headings = await ui.page.locator('table thead th').allInnerTexts()
      assert.deepEqual(headings.map((heading) => heading.trim()).filter(Boolean), [
        'Title',
        'Start',
        'Venue',
        // Canceled and postponed events show in the list (collections/eventStatus.ts).
        'Event status',
        'Status',
        // Each language's translation status (features/admin/translations/TranslationMarks.tsx).
        'Translations',
      ])
      // Sorted by start by default: the market comes first.
      assert.deepEqual(await ui.page.locator('table tbody tr td:nth-child(2)').allInnerTexts(), [
        'Morning market',
        'Jazz Night',
      ])
      assert.match(await ui.page.locator('table tbody tr').first().innerText(), /Draft/)
      const jazzRow = ui.page.locator('table tbody tr', { hasText: 'Jazz Night' })
      // The venue's name arrives after the list itself.
      await jazzRow.getByText('Le Duc des Lombards').waitFor()
      await jazzRow.getByText('Published').waitFor()

      await ui.page.locator('thead th', { hasText: 'Start' }).locator('.sort-column__desc').click()
      await ui.page.waitForURL(/sort=-startDate/)
      await ui.page.locator('table tbody tr').first().getByText('Jazz Night').waitFor()
    }))

  it('shows an end before the start as an error before saving, in the admin language', () =>
    step('validation', async () => {
      const tryBackwards = async (title: string) => {
        await ui.open('/collections/events/create')
        await ui.input('title').fill(title)
        await ui.fillDate('startDate', 'Mar 2, 2027 7:00 PM')
        await ui.fillDate('endDate', 'Mar 1, 2027 7:00 PM')
        await ui.save()
      }
      await tryBackwards('Backwards')
      await ui.field('endDate').getByText('The end must not be before the start.').waitFor()
      assert.match(ui.page.url(), /\/events\/create/)
      assert.equal(await eventsTitled('Backwards'), 0)

      // The same editor with the admin in French.
      await browser.context.addCookies([{ name: 'payload-lng', value: 'fr', url: app.url }])
      try {
        await tryBackwards('À rebours')
        await ui.field('endDate').getByText('La fin ne peut pas précéder le début.').waitFor()
        await ui.field('startDate').getByText('Début', { exact: false }).first().waitFor()
        await ui.screenshot('validation-fr')
        assert.equal(await eventsTitled('À rebours'), 0)
      } finally {
        await browser.context.addCookies([{ name: 'payload-lng', value: 'en', url: app.url }])
      }
    }))

  it('turns a contributor’s publish into pending review, and keeps slugs unique', () =>
    step('contributor', async () => {
      const contributorId = await createUser(CONTRIBUTOR, 'contributor')
      await ui.logout()
      await ui.login(CONTRIBUTOR.email, CONTRIBUTOR.password)
      await ui.open('/collections/events/create')
      // Next year's edition, with the same title.
      await ui.input('title').fill('Jazz Night')
      await ui.fillDate('startDate', 'Mar 1, 2028 7:00 PM')
      await ui.fillDate('endDate', 'Mar 1, 2028 11:00 PM')
      await ui.choose('status', 'Published')
      await ui.saveAndWait()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      await ui.field('status').locator('.rs__single-value', { hasText: 'Pending review' }).waitFor()
      assert.equal(await ui.valueOf(ui.input('slug'), 'jazz-night-2'), 'jazz-night-2')
      const id = /events\/(\d+)/.exec(ui.page.url())![1]
      const saved = (await rest.request('GET', `/api/events/${id}?depth=0`, { token: adminToken }))
        .body
      assert.equal(saved.status, 'pending')
      assert.equal(saved.author, contributorId)
    }))

  it('lets a subscriber read but not edit', () =>
    step('subscriber', async () => {
      await createUser(SUBSCRIBER, 'subscriber')
      await ui.logout()
      await ui.login(SUBSCRIBER.email, SUBSCRIBER.password)
      await ui.open('/collections/events')
      await ui.page.locator('table tbody tr').first().waitFor()
      // Only the published Jazz Night: neither the draft market nor the contributor's pending
      // edition.
      assert.deepEqual(await ui.page.locator('table tbody tr td:nth-child(2)').allInnerTexts(), [
        'Jazz Night',
      ])
      assert.equal(await ui.page.getByText('Create New', { exact: true }).count(), 0)

      await ui.page
        .locator('table tbody tr', { hasText: 'Jazz Night' })
        .getByRole('link')
        .first()
        .click()
      await ui.page.waitForURL(/\/admin\/collections\/events\/\d+/)
      assert.equal(await ui.valueOf(ui.input('title'), 'Jazz Night'), 'Jazz Night')
      assert.equal(await ui.input('title').isDisabled(), true)
      assert.equal(await ui.page.locator('#action-save').count(), 0)
      assert.equal(await ui.field('password').count(), 0, 'the password is for editors only')

      const subscriberToken = await rest.login(SUBSCRIBER.email, SUBSCRIBER.password)
      const id = /events\/(\d+)/.exec(ui.page.url())![1]
      const patched = await rest.request('PATCH', `/api/events/${id}`, {
        token: subscriberToken,
        body: { title: 'Mine now' },
      })
      assert.equal(patched.status, 403)
    }))

  it('sent nothing anywhere but 127.0.0.1', () => {
    assert.deepEqual(browser.blocked, [])
  })
})
