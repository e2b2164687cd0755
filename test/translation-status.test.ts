import { afterAll, describe, expect, it } from '@jest/globals'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { DEFAULTS } from '../core/defaults.js'
import { eventData, type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

/**
 * Translation status (collections/translations, endpoints/fields/translations.ts): kept by every
 * writer, stored for filters, and on the wire as `translations` and `translation_status`.
 */

let server: TestServer
let admin: TestUser
let users: Record<string, TestUser>

// The host's pseudo-translator (dev/pseudoTranslator.ts) for the drafts' route; this file's only.
process.env.CAL_TRANSLATOR = 'pseudo'
afterAll(() => {
  delete process.env.CAL_TRANSLATOR
})
useTestServer(['subscriber'], (setup) => ({ server, admin, users } = setup))

const rest = async (method: string, path: string, body?: unknown) => {
  const response = await server.request(method, path, { token: admin.token, body })
  // A v1 update is a POST too (200).
  expect([method, path, response.status < 300]).toEqual([method, path, true])
  return response.body
}
const statuses = async (collection: string, id: number) => {
  const { translations } = await rest('GET', `/api/${collection}/${id}?depth=0`)
  return {
    source: translations.source,
    en: translations.enStatus,
    fr: translations.frStatus,
    es: translations.esStatus,
  }
}
const v1 = async (path: string, token = true) => {
  const response = await server.request('GET', `${V1}${path}`, token ? { token: admin.token } : {})
  expect([path, response.status]).toEqual([path, 200])
  return response.body
}
/** A moment later than the last write's, so that a write dated after it is later. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('the status of each language, through Payload’s REST', () => {
  it('source, missing, partial, complete, outdated, and marked up to date without a change of text', async () => {
    const { doc } = await rest(
      'POST',
      '/api/events?locale=en',
      eventData({ title: 'Harvest fair', description: 'Stalls and music', slug: 'harvest-fair' }),
    )
    expect(await statuses('events', doc.id)).toEqual({
      source: 'en',
      en: 'source',
      fr: 'missing',
      es: 'missing',
    })

    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, { title: 'Fête des vendanges' })
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'partial', es: 'missing' })

    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, { description: 'Stands et musique' })
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'complete' })

    // A save that gives the same French text again changes nothing.
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, { title: 'Fête des vendanges' })
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'complete' })

    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=en`, { title: 'Harvest fair 2030' })
    expect(await statuses('events', doc.id)).toMatchObject({ en: 'source', fr: 'outdated' })

    // Given as `complete` while outdated: up to date, its text as it was.
    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, {
      translations: { frStatus: 'complete' },
    })
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'complete' })
    expect((await rest('GET', `/api/events/${doc.id}?locale=fr`)).title).toBe('Fête des vendanges')

    // Anything else given for the group is not taken: the statuses follow the texts.
    await rest('PATCH', `/api/events/${doc.id}?locale=en`, {
      translations: { enStatus: 'missing', esStatus: 'complete', written: {} },
    })
    expect(await statuses('events', doc.id)).toEqual({
      source: 'en',
      en: 'source',
      fr: 'complete',
      es: 'missing',
    })

    // Emptying the French description makes it partial again.
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, { description: '' })
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'partial' })
  })

  it('the source is the language a record is created in, or the one given on create', async () => {
    const { doc: french } = await rest('POST', '/api/venues?locale=fr', {
      name: 'Salle des fêtes',
      status: 'publish',
    })
    expect(await statuses('venues', french.id)).toEqual({
      source: 'fr',
      en: 'missing',
      fr: 'source',
      es: 'missing',
    })
    const { doc: spanish } = await rest('POST', '/api/organizers?locale=en', {
      name: 'Coro',
      status: 'publish',
      translations: { source: 'es' },
    })
    expect(await statuses('organizers', spanish.id)).toMatchObject({ source: 'es', es: 'source' })
  })
})

describe('v1', () => {
  it('every record of the five resources has `translations`, links in each language in the request’s form', async () => {
    const venue = await rest('POST', `${V1}/venues`, { venue: 'Quai des arts', status: 'publish' })
    const organizer = await rest('POST', `${V1}/organizers`, { organizer: 'Les amis' })
    const category = await rest('POST', `${V1}/categories`, { name: 'Théâtre' })
    const tag = await rest('POST', `${V1}/tags`, { name: 'plein air' })
    const event = await rest('POST', `${V1}/events?translation_language=fr`, {
      title: 'Pièce en plein air',
      description: '<p>Une comédie</p>',
      start_date: '2031-06-01 20:00:00',
      end_date: '2031-06-01 22:00:00',
      timezone: 'UTC',
      status: 'publish',
      venue: venue.id,
      organizer: [organizer.id],
      categories: [category.id],
      tags: [tag.id],
    })
    expect(event.translations.fr).toMatchObject({ status: 'source' })
    expect(event.translations.en).toEqual({
      status: 'missing',
      modified: null,
      rest_url: `${server.url}${V1}/events/${event.id}`,
      url: expect.stringMatching(/\/event\/[^/]+\/$/),
    })
    expect(event.translations.fr.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    expect(event.translations.es.rest_url).toBe(
      `${server.url}${V1}/events/${event.id}?translation_language=es`,
    )
    expect(event.translations.es.url).toMatch(/\/es\/event\/[^/]+\/$/)

    // Through a language root, the links keep to roots.
    const viaRoot = await server.request('GET', `/fr/api/cal/events/v1/events/${event.id}`)
    expect(viaRoot.status).toBe(200)
    expect(viaRoot.body.translations.es.rest_url).toBe(
      `${server.url}/es/api/cal/events/v1/events/${event.id}`,
    )
    expect(viaRoot.body.translations.en.rest_url).toBe(
      `${server.url}/api/cal/events/v1/events/${event.id}`,
    )

    for (const [path, key] of [
      [`/venues/${venue.id}`, 'venues'],
      [`/organizers/${organizer.id}`, 'organizers'],
      [`/categories/${category.id}`, 'categories'],
      [`/tags/${tag.id}`, 'tags'],
    ]) {
      const record = await v1(path)
      expect(record.translations.en.status).toBe('source')
      expect(record.translations.fr).toMatchObject({
        status: 'missing',
        modified: null,
        rest_url: `${server.url}${V1}/${key}/${record.id}?translation_language=fr`,
      })
    }

    // JSON-LD says which language the text is in: Spanish falls back to English, then French.
    const spanish = await v1(`/events/${event.id}?translation_language=es`)
    expect(spanish.title).toBe('Pièce en plein air')
    expect(spanish.json_ld.inLanguage).toBe('fr')
    expect((await v1(`/events/${event.id}?translation_language=fr`)).json_ld.inLanguage).toBe('fr')
  })

  it('`translation_status` filters every archive by the request’s language; anything else is a 400', async () => {
    const translated = await rest('POST', `${V1}/venues`, {
      venue: 'Filter hall',
      status: 'publish',
    })
    await rest('POST', `${V1}/venues/${translated.id}?translation_language=fr`, {
      venue: 'Salle Filter',
    })
    const untranslated = await rest('POST', `${V1}/venues`, {
      venue: 'Filter barn',
      status: 'publish',
    })
    // Not by search, which looks in the request's language only (a French search misses the
    // English name an untranslated venue falls back to).
    const ids = async (query: string) =>
      ((await v1(`/venues?per_page=50&${query}`)).venues as { id: number }[]).map(
        (venue) => venue.id,
      )
    const complete = await ids('translation_language=fr&translation_status=complete')
    const missing = await ids('translation_language=fr&translation_status=missing')
    expect([complete.includes(translated.id), complete.includes(untranslated.id)]).toEqual([
      true,
      false,
    ])
    expect([missing.includes(translated.id), missing.includes(untranslated.id)]).toEqual([
      false,
      true,
    ])
    expect(await ids('translation_status=source')).toEqual(
      expect.arrayContaining([translated.id, untranslated.id]),
    )

    const event = await rest('POST', `${V1}/events`, {
      title: 'Filter night',
      start_date: '2031-07-01 20:00:00',
      end_date: '2031-07-01 22:00:00',
      status: 'publish',
    })
    const events = await v1(
      '/events?start_date=2031-07-01&end_date=2031-07-02&translation_language=es&translation_status=missing',
    )
    expect(events.events.map((each: { id: number }) => each.id)).toContain(event.id)
    expect(events.rest_url).toContain('translation_status=missing')
    const none = await v1(
      '/events?start_date=2031-07-01&end_date=2031-07-02&translation_language=es&translation_status=complete',
    )
    expect(none.events).toEqual([])

    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      const refused = await server.request('GET', `${V1}${path}?translation_status=done`)
      expect([path, refused.status, refused.body.code]).toEqual([path, 400, 'rest_invalid_param'])
    }
  })

  it('a series’ dates share its status; FullCalendar says the feed language’s status; CSV has a column per language', async () => {
    const series = await rest('POST', `${V1}/events`, {
      title: 'Morning swim',
      start_date: '2031-08-01 07:00:00',
      end_date: '2031-08-01 08:00:00',
      timezone: 'UTC',
      status: 'publish',
      recurrence: 'FREQ=DAILY;COUNT=3',
    })
    await rest('POST', `${V1}/events/${series.id}?translation_language=es`, {
      title: 'Natación matinal',
    })
    const listed = await v1('/events?start_date=2031-08-01&end_date=2031-08-04&search=swim')
    const dates = listed.events.filter(
      (event: { series?: { id: number } }) => event.series?.id === series.id,
    )
    expect(dates).toHaveLength(3)
    for (const date of dates)
      expect([date.translations.es.status, date.translations.fr.status]).toEqual([
        'complete',
        'missing',
      ])

    const feed = await server.request(
      'GET',
      `/api/cal/fullcalendar/events?start=2031-08-01&end=2031-08-04&translation_language=es`,
    )
    expect(feed.status).toBe(200)
    const mine = (feed.body as { extendedProps: { series: number; translation_status: string } }[])
      .filter((event) => event.extendedProps.series === series.id)
      .map((event) => event.extendedProps.translation_status)
    expect(mine).toEqual(['complete', 'complete', 'complete'])

    const csv = await server.request(
      'GET',
      `/api/cal/csv/events.csv?start_date=2031-08-01&end_date=2031-08-04&search=swim`,
    )
    expect(csv.status).toBe(200)
    const [header, first] = String(csv.body).split('\r\n')
    const columns = header.split(',')
    const at = (name: string) => first.split(',')[columns.indexOf(name)]
    expect(columns).toEqual(
      expect.arrayContaining(['translation_en', 'translation_fr', 'translation_es']),
    )
    expect([at('translation_en'), at('translation_fr'), at('translation_es')]).toEqual([
      'source',
      'missing',
      'complete',
    ])
  })
})

describe('a CSV file in French (POST /api/cal/csv/import?translation_language=fr)', () => {
  /** Uploads a CSV file for an import run and waits for the run's end. */
  const imported = async (file: string) => {
    const queued = await server.request(
      'POST',
      '/api/cal/csv/import?type=events&translation_language=fr',
      { token: admin.token, body: Buffer.from(file), headers: { 'content-type': 'text/csv' } },
    )
    expect(queued.status).toBe(202)
    for (let i = 0; i < 200; i++) {
      const run = await rest('GET', `/api/${DEFAULTS.importRunsSlug}/${queued.body.id}`)
      if (['done', 'failed'].includes(run.state)) return run
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('the import run did not end')
  }

  it('writes the French text of the records the export named, marks it written, and keeps their English', async () => {
    const created = []
    for (const title of ['Harbour regatta', 'Harbour fireworks'])
      created.push(
        await rest('POST', `${V1}/events`, {
          title,
          description: `<p>${title}, all day</p>`,
          start_date: '2031-09-05 10:00:00',
          end_date: '2031-09-05 12:00:00',
          status: 'publish',
        }),
      )
    const exported = await server.request(
      'GET',
      '/api/cal/csv/events.csv?start_date=2031-09-05&end_date=2031-09-06&search=Harbour',
      { token: admin.token },
    )
    expect(exported.status).toBe(200)
    const rows = parse(String(exported.body), { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(2)
    // The translator's file: the export's ids, its text in French.
    const french = (title: string) =>
      title.replace('Harbour', 'Port :').replace('regatta', 'régate')
    const file = stringify([
      ['global_id', 'title', 'description'],
      ...rows.map((row) => [row.global_id, french(row.title), `<p>${french(row.title)}</p>`]),
    ])
    const run = await imported(file)
    expect(run.progress.resources.events).toMatchObject({ read: 2, created: 0, updated: 2 })
    for (const event of created) {
      const fr = await v1(`/events/${event.id}?translation_language=fr`)
      expect(fr.title).toBe(french(event.title))
      expect(fr.translations.fr).toMatchObject({ status: 'complete' })
      expect(fr.translations.en).toMatchObject({ status: 'source' })
      expect((await v1(`/events/${event.id}`)).title).toBe(event.title)
    }
    // The same file again writes nothing.
    const again = await imported(file)
    expect(again.progress.resources.events).toMatchObject({ read: 2, unchanged: 2, updated: 0 })
  })
})

describe('drafts from the `translate` option (POST /api/cal/translations/draft)', () => {
  const DRAFT = '/api/cal/translations/draft'
  it('translates the empty and outdated fields from the source, rich text as a document with its links; writes nothing', async () => {
    const { doc } = await rest(
      'POST',
      '/api/events?locale=en',
      eventData({
        title: 'Night market',
        description: '<p>Food and <a href="https://market.example">music</a>.</p>',
      }),
    )
    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=fr`, { title: 'Marché de nuit' })
    const french = await rest('POST', DRAFT, { collection: 'events', id: doc.id, to: 'fr' })
    expect(french).toMatchObject({ collection: 'events', id: doc.id, from: 'en', to: 'fr' })
    // The French title is newer than the English one: not drafted.
    expect(Object.keys(french.fields)).toEqual(['description'])
    const text = JSON.stringify(french.fields.description)
    expect(text).toContain('(fr) Food and')
    expect(text).toContain('https://market.example')

    const spanish = await rest('POST', DRAFT, { collection: 'events', id: doc.id, to: 'es' })
    expect(spanish.fields.title).toBe('(es) Night market')
    expect(await statuses('events', doc.id)).toMatchObject({ fr: 'partial', es: 'missing' })

    // The English title changes: the French one is outdated and drafted again.
    await tick()
    await rest('PATCH', `/api/events/${doc.id}?locale=en`, { title: 'Night market 2031' })
    const again = await rest('POST', DRAFT, { collection: 'events', id: doc.id, to: 'fr' })
    expect(again.fields.title).toBe('(fr) Night market 2031')
  })

  it('refuses callers who may not change the record, and bad input, in the contract’s shape', async () => {
    const { doc } = await rest('POST', '/api/venues?locale=en', { name: 'Dock', status: 'publish' })
    const ask = (body: unknown, token?: string) =>
      server.request('POST', DRAFT, { body, ...(token ? { token } : {}) })
    const good = { collection: 'venues', id: doc.id, to: 'es' }
    expect((await ask(good)).status).toBe(401)
    const subscriber = await ask(good, users.subscriber.token)
    expect([subscriber.status, subscriber.body.code]).toEqual([403, 'rest_forbidden'])
    for (const bad of [
      { ...good, collection: 'users' },
      { ...good, to: 'de' },
      { ...good, id: 'abc' },
      { ...good, to: 'en' },
    ]) {
      const refused = await ask(bad, admin.token)
      expect([JSON.stringify(bad), refused.status, refused.body.code]).toEqual([
        JSON.stringify(bad),
        400,
        'rest_invalid_param',
      ])
    }
    const notAnObject = await ask([], admin.token)
    expect([notAnObject.status, notAnObject.body.code]).toEqual([400, 'rest_invalid_json'])
    // A missing argument: the anchor's own code for it.
    const noId = await ask({ collection: 'venues', to: 'es' }, admin.token)
    expect([noId.status, noId.body.code]).toEqual([400, 'rest_missing_callback_param'])
    const missing = await ask({ ...good, id: 999_999 }, admin.token)
    expect([missing.status, missing.body.code]).toEqual([404, 'rest-record-not-found'])
  })
})

describe('runs over a selection (POST /api/cal/translations/runs)', () => {
  const RUNS = '/api/cal/translations/runs'
  it('saves each record’s draft in the language asked, as the administrator; counts, failures, statuses', async () => {
    const made = []
    for (const name of ['Lighthouse', 'Boathouse'])
      made.push((await rest('POST', '/api/venues?locale=en', { name, status: 'publish' })).doc)
    // One already translated: nothing is due.
    await tick()
    await rest('PATCH', `/api/venues/${made[1].id}?locale=es`, { name: 'Casa de botes' })
    const queued = await server.request('POST', RUNS, {
      token: admin.token,
      body: { collection: 'venues', ids: [...made.map((doc) => doc.id), 999_999], to: 'es' },
    })
    expect([queued.status, queued.body]).toEqual([
      202,
      { id: expect.any(Number), state: 'queued', collection: 'venues', to: 'es', total: 3 },
    ])
    let run
    for (let i = 0; i < 200; i++) {
      run = await rest('GET', `/api/${DEFAULTS.importRunsSlug}/${queued.body.id}`)
      if (['done', 'failed'].includes(run.state)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(run.state).toBe('done')
    expect(run.progress.resources.venues).toMatchObject({
      total: 3,
      read: 3,
      updated: 1,
      unchanged: 1,
      failed: 1,
    })
    expect(run.failures).toEqual([
      expect.objectContaining({ sourceId: '999999', message: 'No record has this id.' }),
    ])
    const spanish = await rest('GET', `/api/venues/${made[0].id}?locale=es&fallback-locale=none`)
    expect(spanish.name).toBe('(es) Lighthouse')
    expect(await statuses('venues', made[0].id)).toMatchObject({ source: 'en', es: 'complete' })
    const kept = await rest('GET', `/api/venues/${made[1].id}?locale=es`)
    expect(kept.name).toBe('Casa de botes')
  })

  it('administrators only; bad input in the contract’s shape, nothing queued', async () => {
    const ask = (body: unknown, token?: string) =>
      server.request('POST', RUNS, { body, ...(token ? { token } : {}) })
    const good = { collection: 'events', ids: [1], to: 'fr' }
    expect((await ask(good)).status).toBe(401)
    const subscriber = await ask(good, users.subscriber.token)
    expect([subscriber.status, subscriber.body.code]).toEqual([403, 'rest_forbidden'])
    const runs = async () =>
      (await rest('GET', `/api/${DEFAULTS.importRunsSlug}?limit=0&depth=0`)).totalDocs
    const before = await runs()
    for (const bad of [
      { ...good, collection: 'users' },
      { ...good, to: 'de' },
      { ...good, ids: [] },
      { ...good, ids: ['x'] },
      { ...good, ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const refused = await ask(bad, admin.token)
      expect([JSON.stringify(bad).slice(0, 80), refused.status]).toEqual([
        JSON.stringify(bad).slice(0, 80),
        400,
      ])
    }
    expect(await runs()).toBe(before)
  })
})
