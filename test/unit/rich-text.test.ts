/** Descriptions and excerpts: HTML → segments → Lexical, and Lexical → HTML, without a server. */
import { describe, expect, test } from '@jest/globals'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import { JSDOM } from 'jsdom'
import { sanitizeConfig, type Config, type RichTextField } from 'payload'
import {
  editorConfigOfField,
  htmlToLexical,
  lexicalToHtml,
} from '../../collections/richText/convert.js'
import { RAW_HTML_BLOCK } from '../../collections/richText/editor.js'
import { segmentsOf } from '../../collections/richText/segments.js'
import { calendarPlugin } from '../../src/index.js'

let editorConfig: SanitizedServerEditorConfig
const editor = async () => {
  if (editorConfig) return editorConfig
  const config = calendarPlugin({})({
    secret: 'unit',
    collections: [{ slug: 'users', auth: true, fields: [] }],
  } as unknown as Config) as Config
  const sanitized = await sanitizeConfig(config)
  const events = sanitized.collections.find((collection) => collection.slug === 'events')!
  const field = events.flattenedFields.find(
    (candidate) => candidate.name === 'description',
  ) as RichTextField
  return (editorConfig = await editorConfigOfField(field))
}

const EMBED = '<iframe src=https://www.youtube.com/embed/x allowfullscreen></iframe>'
const TABLE = '<table><tr><td>1</td></tr></table>'
const SHORTCODE = '<p>[gallery id="1"]</p>'

describe('segments', () => {
  test('what the editor holds is rich; an embed, a table, a shortcode, a comment, an outside image or an unknown attribute is raw, byte for byte', () => {
    const html = `<p>Hello <strong>world</strong> and <a href="https://x.org">a link</a></p>\n${EMBED}\n${SHORTCODE}${TABLE}<h2>Then</h2><ul><li>one</li></ul><!-- note --><img src="https://x.org/a.png"><p class="lead">Classy</p>tail &amp; <b>bold</b>`
    expect(segmentsOf(html)).toEqual([
      {
        kind: 'rich',
        html: '<p>Hello <strong>world</strong> and <a href="https://x.org">a link</a></p>',
      },
      { kind: 'raw', html: EMBED },
      { kind: 'raw', html: SHORTCODE },
      { kind: 'raw', html: TABLE },
      { kind: 'rich', html: '<h2>Then</h2><ul><li>one</li></ul>' },
      { kind: 'raw', html: '<!-- note -->' },
      { kind: 'raw', html: '<img src="https://x.org/a.png">' },
      { kind: 'raw', html: '<p class="lead">Classy</p>' },
      { kind: 'rich', html: 'tail &amp; <b>bold</b>' },
    ])
  })

  test('a script is raw too (kept as written, as v1 keeps it)', () => {
    expect(segmentsOf('<p>a</p><script>alert(1)</script>')).toEqual([
      { kind: 'rich', html: '<p>a</p>' },
      { kind: 'raw', html: '<script>alert(1)</script>' },
    ])
  })
})

describe('segments, against a browser-grade DOM', () => {
  /**
   * What jsdom (a full window, with node locations) makes of the same HTML: the segmenter's
   * reference.
   */
  function sourcesByJsdom(html: string): string[] {
    const prefix = '<!DOCTYPE html><body>'
    const dom = new JSDOM(prefix + html, { includeNodeLocations: true })
    return [...dom.window.document.body.childNodes]
      .filter((node) => !(node.nodeType === 3 && !(node.textContent ?? '').trim()))
      .map((node) => {
        const location = dom.nodeLocation(node)
        return location ? (prefix + html).slice(location.startOffset, location.endOffset) : ''
      })
  }

  test.each([
    '<p>unclosed<p>second',
    '<div><p>a</div>tail',
    '<table><tr><td>1</td></tr></table>',
    '<ul><li>one<li>two</ul>',
    'text &amp; &lt;entities&gt; [gallery id="1"] <!-- c --> <b>bold</b>',
    '<script>if (a < b) {}</script><style>p{}</style>',
    '<svg><circle r="1"/></svg><math><mi>x</mi></math>',
    '<p>a</p>\n\n  <h2>b</h2>\r\n<hr><br>',
    '<a href="x">link<p>inside</p></a>',
    '</p>stray end<p>ok</p>',
  ])('keeps the source text of the same top-level nodes as jsdom does: %s', (html) => {
    expect(
      segmentsOf(html)
        .map((segment) => segment.html)
        .join(''),
    ).toBe(sourcesByJsdom(html).join(''))
  })
})

describe('HTML → Lexical → HTML', () => {
  test('bold, italic, headings, lists and links become editor nodes, and come back as HTML', async () => {
    const state = await htmlToLexical(
      '<h2>Programme</h2><p>A <strong>bold</strong> and <em>light</em> <a href="https://example.org/">night</a></p><ul><li>one</li><li>two</li></ul><ol><li>first<ul><li>nested</li></ul></li></ol>',
      await editor(),
    )
    const types = state!.root.children.map((node) => node.type)
    expect(types).toEqual(['heading', 'paragraph', 'list', 'list'])
    expect(await lexicalToHtml(state, async () => undefined)).toBe(
      '<h2>Programme</h2><p>A <strong>bold</strong> and <em>light</em> <a href="https://example.org/">night</a></p><ul><li>one</li><li>two</li></ul><ol><li>first</li><li><ul><li>nested</li></ul></li></ol>',
    )
  })

  test('plain text becomes paragraphs; empty text is no document', async () => {
    const state = await htmlToLexical('Line one\n\nLine two', await editor())
    expect(state!.root.children.map((node) => node.type)).toEqual(['paragraph', 'paragraph'])
    expect(await htmlToLexical('', await editor())).toBeNull()
    expect(await htmlToLexical('  ', await editor())).toBeNull()
    expect(await lexicalToHtml(null, async () => undefined)).toBe('')
  })

  test('an embed, a table and a shortcode are raw-HTML blocks in their place, exported verbatim', async () => {
    const html = `<p>Before</p>${EMBED}${TABLE}${SHORTCODE}<p>After</p>`
    const state = await htmlToLexical(html, await editor())
    const children = state!.root.children as Array<{
      type: string
      fields?: { blockType: string; html: string }
    }>
    expect(children.map((node) => node.type)).toEqual([
      'paragraph',
      'block',
      'block',
      'block',
      'paragraph',
    ])
    expect(
      children
        .filter((node) => node.type === 'block')
        .map((node) => [node.fields!.blockType, node.fields!.html]),
    ).toEqual([
      [RAW_HTML_BLOCK, EMBED],
      [RAW_HTML_BLOCK, TABLE],
      [RAW_HTML_BLOCK, SHORTCODE],
    ])
    expect(await lexicalToHtml(state, async () => undefined)).toBe(html)
  })

  test('HTML that is only raw is a document of raw blocks', async () => {
    const state = await htmlToLexical(EMBED, await editor())
    expect(state!.root.children.map((node) => node.type)).toEqual(['block'])
  })
})
