/**
 * Descriptions and excerpts as rich text (collections/richText): v1 writes and reads HTML byte for
 * byte, the stored Lexical document holds what the editor can show and raw-HTML blocks for the
 * rest, an editor's document comes out of v1 as HTML, and databases made before the change migrate.
 */
import { describe, expect, it } from '@jest/globals'
import { commitTransaction, createLocalReq, initTransaction, type Migration } from 'payload'
import { RAW_HTML_BLOCK } from '../collections/richText/editor.js'
import {
  createV1Event,
  useTestServer,
  utcWallClock,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'

let server: TestServer
let admin: TestUser

useTestServer([], (setup) => ({ server, admin } = setup))

const EMBED =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/xyz" allowfullscreen></iframe>'
const TABLE = '<table><tr><th>Set</th><td>21:00</td></tr></table>'
const SHORTCODE = '[gallery id="1"]'
const MIXED = `<p>The <strong>quartet</strong> plays <a href="https://example.org/programme">the programme</a>.</p>\n${EMBED}\n${TABLE}\n<p>${SHORTCODE}</p>`

type Node = {
  type: string
  children?: Node[]
  fields?: { blockType?: string; html?: string }
  format?: number
  text?: string
}
const blocksOf = (state: { root: Node }) =>
  (state.root.children ?? [])
    .filter((node) => node.type === 'block')
    .map((node) => node.fields!.html)
const stored = async (collection: string, id: number) =>
  (await server.request('GET', `/api/${collection}/${id}?depth=0`, { token: admin.token })).body

const event = (body: Record<string, unknown>) =>
  createV1Event(server, admin, {
    title: 'Rich night',
    start_date: utcWallClock(5),
    end_date: utcWallClock(5, 2),
    status: 'publish',
    ...body,
  })

describe('v1 writes HTML, and reads it as written', () => {
  it('keeps the HTML byte for byte, with the document beside it holding raw-HTML blocks for what the editor cannot show', async () => {
    const created = await event({ description: MIXED, excerpt: '<p>Short <em>and</em> sweet</p>' })
    expect(created.description).toBe(MIXED)
    expect((await server.request('GET', `${V1}/events/${created.id}`)).body.description).toBe(MIXED)
    const doc = await stored('events', created.id)
    expect(doc.descriptionHtml).toBe(MIXED)
    expect(doc.description.root.children.map((node: Node) => node.type)).toEqual([
      'paragraph',
      'block',
      'block',
      'block',
    ])
    expect(blocksOf(doc.description)).toEqual([EMBED, TABLE, `<p>${SHORTCODE}</p>`])
    expect(
      doc.description.root.children.every(
        (node: Node) => node.type !== 'block' || node.fields!.blockType === RAW_HTML_BLOCK,
      ),
    ).toBe(true)
    expect(
      doc.excerpt.root.children[0].children.map((node: Node) => [node.text, node.format]),
    ).toEqual([
      ['Short ', 0],
      ['and', 2],
      [' sweet', 0],
    ])
  })

  it('keeps plain text and a script as v1 kept them (plain text shown as paragraphs)', async () => {
    const plain = await event({ description: 'Line one\n\nLine two' })
    expect(plain.description).toBe('<p>Line one</p>\n<p>Line two</p>')
    const scripted = await event({ description: '<p>Hi</p><script>alert(1)</script>' })
    expect(scripted.description).toBe('<p>Hi</p><script>alert(1)</script>')
    expect(blocksOf((await stored('events', scripted.id)).description)).toEqual([
      '<script>alert(1)</script>',
    ])
  })

  it('keeps HTML nested deeper than the editor takes (here 5,000 levels, within the 40,000 characters a description takes) as one raw block, readable in v1 and the feed', async () => {
    const deep = `<p>Before</p>${'<b>'.repeat(5_000)}deep${'</b>'.repeat(5_000)}`
    const response = await server.request('POST', `${V1}/events`, {
      token: admin.token,
      body: {
        title: 'Deep night',
        start_date: utcWallClock(6),
        end_date: utcWallClock(6, 2),
        status: 'publish',
        description: deep,
      },
    })
    expect(response.status).toBe(201)
    expect(response.body.description).toBe(deep)
    const doc = await stored('events', response.body.id)
    expect(doc.description.root.children.map((node: Node) => node.type)).toEqual([
      'paragraph',
      'block',
    ])
    const feed = await server.request('GET', `/api/cal/ical/events/${response.body.id}.ics`)
    expect(feed.status).toBe(200)
    expect(String(feed.body)).toMatch(/DESCRIPTION:Before/)
  })

  it('search finds the words of the description, venues and organizers and terms too', async () => {
    const created = await event({ description: '<p>A <strong>zanzibarian</strong> evening</p>' })
    const found = await server.request(
      'GET',
      `${V1}/events?search=zanzibarian&start_date=${encodeURIComponent(utcWallClock(0))}`,
    )
    expect(found.body.events.map((e: { id: number }) => e.id)).toEqual([created.id])
    const venue = await server.request('POST', `${V1}/venues`, {
      token: admin.token,
      body: { venue: 'Rich hall', description: '<p>A <em>quokkaesque</em> hall</p>' },
    })
    expect(venue.body.description).toBe('<p>A <em>quokkaesque</em> hall</p>')
    expect(
      (await server.request('GET', `${V1}/venues?search=quokkaesque`)).body.venues.map(
        (v: { id: number }) => v.id,
      ),
    ).toEqual([venue.body.id])
    const tag = await server.request('POST', `${V1}/tags`, {
      token: admin.token,
      body: { name: 'Rich tag', description: '<p><b>Bold</b> tag</p>' },
    })
    expect(tag.body.description).toBe('<p><b>Bold</b> tag</p>')
    expect(blocksOf((await stored('event-tags', tag.body.id)).description)).toEqual([])
  })
})

describe('terms', () => {
  it('order by their description’s HTML', async () => {
    for (const [name, description] of [
      ['Order A', '<p>zulu</p>'],
      ['Order B', '<p>alpha</p>'],
    ]) {
      expect(
        (
          await server.request('POST', `${V1}/tags`, {
            token: admin.token,
            body: { name, description },
          })
        ).status,
      ).toBe(201)
    }
    const listed = await server.request(
      'GET',
      `${V1}/tags?search=Order&hide_empty=false&orderby=description`,
      { token: admin.token },
    )
    expect(listed.body.tags.map((tag: { name: string }) => tag.name)).toEqual([
      'Order B',
      'Order A',
    ])
  })
})

describe('an editor writes the document, and v1 reads its HTML', () => {
  const bold = (text: string) => ({
    type: 'text',
    text,
    format: 1,
    detail: 0,
    mode: 'normal',
    style: '',
    version: 1,
  })
  const plain = (text: string) => ({
    type: 'text',
    text,
    format: 0,
    detail: 0,
    mode: 'normal',
    style: '',
    version: 1,
  })
  const link = (url: string, text: string) => ({
    type: 'link',
    fields: { url, newTab: false, linkType: 'custom' },
    children: [plain(text)],
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 3,
  })
  const paragraph = (...children: unknown[]) => ({
    type: 'paragraph',
    children,
    direction: 'ltr',
    format: '',
    indent: 0,
    textFormat: 0,
    textStyle: '',
    version: 1,
  })
  const documentOf = (...children: unknown[]) => ({
    root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 },
  })

  it('bold and a link through Payload’s REST come out of v1 as HTML', async () => {
    const created = await event({})
    const saved = await server.request('PATCH', `/api/events/${created.id}`, {
      token: admin.token,
      body: {
        description: documentOf(
          paragraph(
            plain('Hear '),
            bold('the trio'),
            plain(' at '),
            link('https://example.org/', 'the club'),
          ),
        ),
      },
    })
    expect(saved.status).toBe(200)
    expect((await server.request('GET', `${V1}/events/${created.id}`)).body.description).toBe(
      '<p>Hear <strong>the trio</strong> at <a href="https://example.org/">the club</a></p>',
    )
  })

  it('an embed, a table and a shortcode written through v1 survive an editor’s save of the document', async () => {
    const created = await event({ description: MIXED })
    const doc = await stored('events', created.id)
    // As the admin saves: the document (here with one more paragraph) and the hidden HTML as it
    // was.
    const edited = {
      ...doc.description,
      root: {
        ...doc.description.root,
        children: [...doc.description.root.children, paragraph(bold('Doors at 20:00'))],
      },
    }
    const saved = await server.request('PATCH', `/api/events/${created.id}`, {
      token: admin.token,
      body: { description: edited, descriptionHtml: doc.descriptionHtml },
    })
    expect(saved.status).toBe(200)
    const read = (await server.request('GET', `${V1}/events/${created.id}`)).body.description
    expect(read).toBe(
      `<p>The <strong>quartet</strong> plays <a href="https://example.org/programme">the programme</a>.</p>${EMBED}${TABLE}<p>${SHORTCODE}</p><p><strong>Doors at 20:00</strong></p>`,
    )
  })

  it('a write of other fields leaves the HTML as it was written', async () => {
    const created = await event({ description: MIXED })
    expect(
      (
        await server.request('PATCH', `/api/events/${created.id}`, {
          token: admin.token,
          body: { title: 'Renamed' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await server.request('PATCH', `${V1}/events/${created.id}`, {
          token: admin.token,
          body: { title: 'Renamed again' },
        })
      ).body.description,
    ).toBe(MIXED)
  })
})

describe("a document nested thousands deep, sent as JSON through Payload's REST", () => {
  it('is refused with 400 on create and update, before any pass over it (it answered 500)', async () => {
    const depth = 20_000
    const text =
      '{"type":"text","text":"deep","format":0,"version":1,"detail":0,"mode":"normal","style":""}'
    const nested =
      '{"type":"quote","version":1,"format":"","indent":0,"direction":"ltr","children":['.repeat(
        depth,
      ) +
      text +
      ']}'.repeat(depth)
    const document = `{"root":{"type":"root","version":1,"format":"","indent":0,"direction":"ltr","children":[${nested}]}}`
    const dates = `"startDate":"2031-05-01T18:00:00.000Z","endDate":"2031-05-01T20:00:00.000Z"`
    const created = await server.request('POST', '/api/events', {
      token: admin.token,
      body: `{"title":"Deep",${dates},"description":${document}}`,
    })
    expect(created.status).toBe(400)
    expect(created.body.errors[0].data.errors).toEqual([
      { path: 'description', message: 'This text is nested too deeply (100 levels at most).' },
    ])
    const event = await createV1Event(server, admin, {
      title: 'Shallow',
      start_date: utcWallClock(7),
      end_date: utcWallClock(7, 1),
    })
    const updated = await server.request('PATCH', `/api/events/${event.id}`, {
      token: admin.token,
      body: `{"excerpt":${document}}`,
    })
    expect(updated.status).toBe(400)
    const tag = await server.request('POST', '/api/event-tags', {
      token: admin.token,
      body: `{"name":"Deep tag","description":${document}}`,
    })
    expect(tag.status).toBe(400)
  })
})

describe('a database made before rich text', () => {
  it('migrates: v1 reads the same HTML, and the rich-text fields hold Lexical', async () => {
    const { payload } = server
    const kind = payload.db.name as 'sqlite' | 'postgres'
    if (kind !== 'sqlite' && kind !== 'postgres') return
    const { migrations } = (await import(`../dev/migrations/${kind}/index.js`)) as {
      migrations: Migration[]
    }
    const richText = migrations.find((migration) => migration.name.endsWith('_rich_text'))!

    const created = await event({ description: MIXED, excerpt: 'Plain excerpt' })
    const venue = (
      await server.request('POST', `${V1}/venues`, {
        token: admin.token,
        body: { venue: 'Old hall', description: '<p>Old <em>hall</em></p>' },
      })
    ).body
    const category = (
      await server.request('POST', `${V1}/categories`, {
        token: admin.token,
        body: { name: 'Old category', description: 'Old words' },
      })
    ).body
    const french = await server.request('PATCH', `${V1}/events/${created.id}`, {
      token: admin.token,
      body: { description: '<p>En <b>français</b></p>', translation_language: 'fr' },
    })
    expect(french.status).toBe(200)
    // Authenticated: the response cache, which keeps anonymous reads, is not asked.
    const get = (route: string) =>
      server.request('GET', `${V1}/${route}`, { token: admin.token }).then((r) => r.body)
    const reads = async () =>
      Promise.all([
        get(`events/${created.id}`).then((body) => [body.description, body.excerpt]),
        get(`events/${created.id}?translation_language=fr`).then((body) => body.description),
        get(`venues/${venue.id}`).then((body) => body.description),
        get(`categories/${category.id}`).then((body) => body.description),
      ])
    const before = await reads()

    // Back to the schema before rich text (descriptions as HTML in text columns), as an older
    // database has it. In a transaction of Payload's, as migrations run (on SQLite, the writer
    // connection).
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    const db = (payload.db as unknown as { sessions: Record<string, { db: unknown }> }).sessions[
      String(await req.transactionID)
    ].db
    await richText.down({ db, payload, req } as never)
    await payload.db.deleteMany({
      collection: 'payload-migrations',
      where: { name: { equals: richText.name } },
      req,
    })
    const table = async (sql: string) =>
      kind === 'sqlite'
        ? (db as { all: (q: unknown) => Promise<unknown[]> }).all(sql)
        : (db as { execute: (q: string) => Promise<{ rows: unknown[] }> })
            .execute(sql)
            .then((r) => r.rows)
    const { sql } = await import(
      kind === 'sqlite' ? '@payloadcms/db-sqlite' : '@payloadcms/db-postgres'
    )
    const old = (await table(
      sql.raw(
        `SELECT description FROM events_locales WHERE _parent_id = ${created.id} AND _locale = 'en'`,
      ) as never,
    )) as { description: string }[]
    expect(old).toEqual([{ description: MIXED }])
    await commitTransaction(req)

    await payload.db.migrate({ migrations })
    expect(await reads()).toEqual(before)
    const doc = await payload.findByID({
      collection: 'events',
      id: created.id,
      depth: 0,
      locale: 'all',
      overrideAccess: true,
    })
    const description = doc.description as unknown as Record<string, { root: Node }>
    expect(blocksOf(description.en)).toEqual([EMBED, TABLE, `<p>${SHORTCODE}</p>`])
    expect(description.fr.root.children![0].children!.map((node) => node.text)).toEqual([
      'En ',
      'français',
    ])
    expect(
      (
        (doc.excerpt as unknown as Record<string, { root: Node }>).en.root.children![0].children ??
        []
      ).map((node) => node.text),
    ).toEqual(['Plain excerpt'])
    const storedVenue = await payload.findByID({
      collection: 'venues',
      id: venue.id,
      depth: 0,
      overrideAccess: true,
    })
    expect((storedVenue.description as unknown as { root: Node }).root.children![0].type).toBe(
      'paragraph',
    )
  })
})
