import { beforeAll, describe, expect, it } from '@jest/globals'
import { eventData, type TestServer, type TestUser, useTestServer } from './helpers.js'

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => ({ server, admin } = setup))

async function createEvent(locale: string, data: Record<string, unknown>) {
  const response = await server.request('POST', `/api/events?locale=${locale}`, {
    token: admin.token,
    body: eventData(data),
  })
  expect(response.status).toBe(201)
  return response.body.doc.id as number
}

const titleIn = async (id: number, root: string, query = '') =>
  (await server.request('GET', `${root}/events/${id}${query}`)).body.title

describe('localized fields', () => {
  it('stores and reads each language separately; other fields are shared', async () => {
    const id = await createEvent('en', {
      title: 'Spring fair',
      description: 'Stalls and music',
      website: 'https://fair.example',
    })
    for (const [locale, title, description] of [
      ['fr', 'Foire de printemps', 'Stands et musique'],
      ['es', 'Feria de primavera', 'Puestos y música'],
    ]) {
      const updated = await server.request('PATCH', `/api/events/${id}?locale=${locale}`, {
        token: admin.token,
        body: { title, description },
      })
      expect(updated.status).toBe(200)
    }
    const read = async (locale: string) =>
      (await server.request('GET', `/api/events/${id}?locale=${locale}`)).body
    // Payload's REST takes the description's HTML as text and gives it back beside the rich text.
    expect(await read('en')).toMatchObject({
      title: 'Spring fair',
      descriptionHtml: 'Stalls and music',
      website: 'https://fair.example',
    })
    expect(await read('fr')).toMatchObject({
      title: 'Foire de printemps',
      descriptionHtml: 'Stands et musique',
      website: 'https://fair.example',
    })
    expect(await read('es')).toMatchObject({
      title: 'Feria de primavera',
      descriptionHtml: 'Puestos y música',
      website: 'https://fair.example',
    })
  })

  it('falls back to English for a language without a value, and to any language when English has none', async () => {
    const id = await createEvent('en', { title: 'Only English' })
    expect(await titleIn(id, '/api', '?locale=fr')).toBe('Only English')
    expect(await titleIn(id, '/api', '?locale=es')).toBe('Only English')

    const frenchOnly = await createEvent('fr', { title: 'Seulement en français' })
    expect(await titleIn(frenchOnly, '/api', '?locale=en')).toBe('Seulement en français')
    expect(await titleIn(frenchOnly, '/api', '?locale=es')).toBe('Seulement en français')

    const spanishOnly = await createEvent('es', { title: 'Solo en español' })
    expect(await titleIn(spanishOnly, '/api', '?locale=en')).toBe('Solo en español')
    expect(await titleIn(spanishOnly, '/api', '?locale=fr')).toBe('Solo en español')
  })

  it('treats an empty value as missing and falls back', async () => {
    const id = await createEvent('en', { title: 'Market', description: 'Fresh food' })
    const emptied = await server.request('PATCH', `/api/events/${id}?locale=fr`, {
      token: admin.token,
      body: { title: 'Marché', description: '' },
    })
    expect(emptied.status).toBe(200)
    const french = (await server.request('GET', `/api/events/${id}?locale=fr`)).body
    expect(french).toMatchObject({ title: 'Marché', descriptionHtml: 'Fresh food' })
  })

  it('writes in one language leave the others untouched', async () => {
    const id = await createEvent('en', { title: 'Talk' })
    await server.request('PATCH', `/api/events/${id}?locale=fr`, {
      token: admin.token,
      body: { title: 'Conférence' },
    })
    await server.request('PATCH', `/api/events/${id}?locale=es`, {
      token: admin.token,
      body: { title: 'Charla' },
    })
    await server.request('PATCH', `/api/events/${id}?locale=fr`, {
      token: admin.token,
      body: { title: 'Exposé' },
    })
    const all = (await server.request('GET', `/api/events/${id}?locale=all`)).body
    expect(all.title).toEqual({ en: 'Talk', fr: 'Exposé', es: 'Charla' })
  })

  it('localizes the names of venues, organizers, categories and tags', async () => {
    for (const collection of ['venues', 'organizers', 'event-categories', 'event-tags']) {
      const created = await server.request('POST', `/api/${collection}?locale=en`, {
        token: admin.token,
        body: { name: `Name ${collection}`, status: 'publish' },
      })
      expect(created.status).toBe(201)
      const id = created.body.doc.id
      await server.request('PATCH', `/api/${collection}/${id}?locale=es`, {
        token: admin.token,
        body: { name: `Nombre ${collection}` },
      })
      expect((await server.request('GET', `/api/${collection}/${id}?locale=es`)).body.name).toBe(
        `Nombre ${collection}`,
      )
      expect((await server.request('GET', `/api/${collection}/${id}?locale=fr`)).body.name).toBe(
        `Name ${collection}`,
      )
    }
  })
})

describe('a title in some language', () => {
  const V1 = '/api/cal/events/v1'
  it('is enough: a write in another language may set only the description (Payload REST and v1)', async () => {
    const id = await createEvent('en', { title: 'Harbour walk', description: 'Along the docks' })
    const rest = await server.request('PATCH', `/api/events/${id}?locale=fr`, {
      token: admin.token,
      body: { description: 'Le long des quais' },
    })
    expect(rest.status).toBe(200)
    const v1 = await server.request('PATCH', `${V1}/events/${id}`, {
      token: admin.token,
      body: { excerpt: 'Por los muelles', translation_language: 'es' },
    })
    expect(v1.status).toBe(200)
    expect(v1.body).toMatchObject({ title: 'Harbour walk', excerpt: '<p>Por los muelles</p>' })
    const all = (
      await server.request('GET', `/api/events/${id}?locale=all`, { token: admin.token })
    ).body
    expect(all.title).toMatchObject({ en: 'Harbour walk' })
    expect(all.descriptionHtml).toMatchObject({ en: 'Along the docks', fr: 'Le long des quais' })
    expect(await titleIn(id, '/fr/api')).toBe('Harbour walk')
  })

  it('is enough for venues, organizers, categories and tags too, in the trash as well', async () => {
    for (const [collection, route] of [
      ['venues', 'venues'],
      ['organizers', 'organizers'],
      ['event-categories', 'categories'],
      ['event-tags', 'tags'],
    ]) {
      const created = await server.request('POST', `/api/${collection}`, {
        token: admin.token,
        body: { name: `Only English ${collection}`, status: 'publish' },
      })
      const id = created.body.doc.id
      const french = await server.request('PATCH', `${V1}/${route}/${id}`, {
        token: admin.token,
        body: { description: 'Seulement la description', translation_language: 'fr' },
      })
      expect(french.status).toBe(200)
      if (collection === 'venues' || collection === 'organizers') {
        await server.request('PATCH', `/api/${collection}/${id}`, {
          token: admin.token,
          body: { deletedAt: new Date().toISOString() },
        })
        const trashed = await server.request(
          'PATCH',
          `/api/${collection}/${id}?locale=es&trash=true`,
          { token: admin.token, body: { description: 'Solo la descripción' } },
        )
        expect(trashed.status).toBe(200)
      }
    }
  })

  it('is still needed: a create without one, or clearing the only one, is refused', async () => {
    const untitled = await server.request('POST', '/api/events?locale=fr', {
      token: admin.token,
      body: eventData({ title: '' }),
    })
    expect(untitled.status).toBe(400)
    const id = await createEvent('en', { title: 'Lonely title' })
    const cleared = await server.request('PATCH', `/api/events/${id}?locale=en`, {
      token: admin.token,
      body: { title: '' },
    })
    expect(cleared.status).toBe(400)
    await server.request('PATCH', `/api/events/${id}?locale=es`, {
      token: admin.token,
      body: { title: 'Título' },
    })
    expect(
      (
        await server.request('PATCH', `/api/events/${id}?locale=en`, {
          token: admin.token,
          body: { title: '' },
        })
      ).status,
    ).toBe(200)
    expect(await titleIn(id, '/api', '?locale=en')).toBe('Título')
  })
})

describe('language-prefixed API roots', () => {
  let id: number
  beforeAll(async () => {
    id = await createEvent('en', { title: 'Opera' })
    await server.request('PATCH', `/api/events/${id}?locale=fr`, {
      token: admin.token,
      body: { title: 'Opéra' },
    })
    await server.request('PATCH', `/api/events/${id}?locale=es`, {
      token: admin.token,
      body: { title: 'Ópera' },
    })
  })

  it('/fr/api and /es/api read in that language, /en/api in English', async () => {
    expect(await titleIn(id, '/fr/api')).toBe('Opéra')
    expect(await titleIn(id, '/es/api')).toBe('Ópera')
    expect(await titleIn(id, '/en/api')).toBe('Opera')
    const list = await server.request('GET', '/fr/api/events?where[id][equals]=' + id)
    expect(list.body.docs[0].title).toBe('Opéra')
  })

  it('the locale parameter wins over the path segment', async () => {
    expect(await titleIn(id, '/fr/api', '?locale=es')).toBe('Ópera')
  })

  it('writes through a language root write that language', async () => {
    const response = await server.request('PATCH', `/es/api/events/${id}`, {
      token: admin.token,
      body: { title: 'Ópera nueva' },
    })
    expect(response.status).toBe(200)
    expect(await titleIn(id, '/api', '?locale=es')).toBe('Ópera nueva')
    expect(await titleIn(id, '/api', '?locale=en')).toBe('Opera')
  })

  it('any other leading segment is not a language root', async () => {
    for (const root of ['/de/api', '/xx/api', '/fr-ca/api']) {
      const response = await server.request('GET', `${root}/events/${id}`)
      expect(response.status).toBe(404)
    }
  })
})

describe('v1 links keep the language of the request, however it was chosen (docs/v1-differences.md §2)', () => {
  const V1 = '/api/cal/events/v1'
  const resources = ['events', 'venues', 'organizers', 'categories', 'tags'] as const
  const records = (body: Record<string, any>, resource: string): Record<string, any>[] =>
    body[resource]

  beforeAll(async () => {
    // Two of each, so that an archive of one a page has a next and a previous page.
    for (const n of [1, 2]) {
      const start = new Date(Date.now() + (n + 5) * 86_400_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
      const created = await server.request('POST', `${V1}/events`, {
        token: admin.token,
        body: {
          title: `Linked ${n}`,
          start_date: start,
          end_date: start,
          tags: `linktag${n}`,
          categories: `Linkcat${n}`,
          venue: { venue: `Link hall ${n}` },
          organizer: [{ organizer: `Link org ${n}` }],
        },
      })
      expect(created.status).toBe(201)
    }
  })

  /** Every link of an archive page and of its records. */
  function linksOf(body: Record<string, any>, resource: string): string[] {
    const links = [body.rest_url, body.next_rest_url, body.previous_rest_url].filter(Boolean)
    for (const record of records(body, resource)) {
      links.push(record.url)
      if (record.rest_url) links.push(record.rest_url)
      if (record.urls) links.push(...Object.values(record.urls as Record<string, string>))
    }
    return links
  }

  /**
   * Whether a link is in the expected language: a site page (`url`) in its path segment; an API
   * link in the form the request used: the segment through a language root, else
   * `translation_language` (docs/v1-differences.md §2).
   */
  const inLanguage = (link: string, expected: string, throughRoot: boolean) => {
    const url = new URL(link)
    if (!url.pathname.includes('/api/')) return url.pathname.startsWith(`/${expected}/`)
    const carried = url.searchParams.get('translation_language')
    return throughRoot
      ? url.pathname.startsWith(`/${expected}/api/`) && carried === null
      : url.pathname.startsWith('/api/') && carried === expected
  }

  it.each([
    ['?translation_language=fr', '', 'fr'],
    ['?translation_language=fr', '/es', 'fr'],
    ['', '/es', 'es'],
    ['?translation_language=es', '/fr', 'es'],
  ])(
    'archives and records of the five resources: %s through "%s/api" → %s',
    async (query, prefix, expected) => {
      for (const resource of resources) {
        const page2 = await server.request(
          'GET',
          `${prefix}${V1}/${resource}${query}${query ? '&' : '?'}per_page=1&page=2`,
        )
        expect([resource, page2.status]).toEqual([resource, 200])
        expect(page2.body.next_rest_url ?? page2.body.previous_rest_url).toBeDefined()
        const links = linksOf(page2.body, resource)
        expect(links.length).toBeGreaterThan(2)
        for (const link of links)
          expect([resource, link, inLanguage(link, expected, prefix !== '')]).toEqual([
            resource,
            link,
            true,
          ])

        const one = records(page2.body, resource)[0]
        const single = await server.request('GET', `${prefix}${V1}/${resource}/${one.id}${query}`)
        expect(single.status).toBe(200)
        const singleLinks = [
          single.body.url,
          single.body.rest_url,
          ...Object.values((single.body.urls ?? {}) as Record<string, string>),
        ].filter(Boolean)
        for (const link of singleLinks)
          expect([resource, link, inLanguage(link, expected, prefix !== '')]).toEqual([
            resource,
            link,
            true,
          ])
      }
    },
  )

  it('following next_rest_url of a French archive gives page 2 in French', async () => {
    const page1 = await server.request('GET', `${V1}/events?translation_language=fr&per_page=1`)
    const next = new URL(page1.body.next_rest_url)
    const page2 = await server.request('GET', `${next.pathname}${next.search}`)
    expect(page2.status).toBe(200)
    expect(page2.headers.get('content-language')).toBe('fr')
  })

  it('English chosen by the parameter drops the segment, even through /fr/api', async () => {
    const page = await server.request('GET', `/fr${V1}/events?translation_language=en&per_page=1`)
    for (const link of linksOf(page.body, 'events')) {
      expect(link).not.toMatch(/\/(fr|es|en)\/(api|event)/)
      expect(link).not.toMatch(/translation_language=(fr|es)/)
    }
  })
})
