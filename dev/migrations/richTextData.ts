import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type { JSDOM } from 'jsdom'
import { parse, type DefaultTreeAdapterMap } from 'parse5'
import type { Payload, RichTextField } from 'payload'

/**
 * The data step of the `rich_text` migrations: descriptions and excerpts were HTML (or plain text)
 * in text columns. The schema step has copied each into its `*_html` column, which v1 reads as
 * before, byte for byte; this fills the rich-text column with the Lexical document made from it.
 *
 * FROZEN SNAPSHOT. A migration imports no live plugin code (.dependency-cruiser.cjs,
 * `host-through-front-doors`): what it ran must not change when the plugin does. The conversion
 * below is a copy, as of the `rich_text` migrations, of the plugin's HTML → Lexical conversion
 * (collections/richText/convert.ts `htmlToLexical` and `editorConfigOfField`, segments.ts,
 * core/lib/content.ts `renderContent`, the raw-HTML block's slug from editor.ts). Do not keep it
 * in step with those files: it is what this migration did, not what the plugin does now.
 */

/** The slug of the plugin's raw-HTML block (collections/richText/editor.ts, frozen). */
const RAW_HTML_BLOCK = 'calRawHtml'

/* ---- core/lib/content.ts, frozen ---- */

const BLOCK_TAG = /<\/?(p|div|ul|ol|li|h[1-6]|blockquote|pre|table|figure|section|article|hr|br)\b/i

/** Plain text becomes paragraphs (`<p>…</p>`, single line breaks `<br />`); HTML stays. */
function renderContent(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return ''
  const trimmed = text.trim()
  if (BLOCK_TAG.test(trimmed)) return trimmed
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim().replace(/\r?\n/g, '<br />\n')}</p>`)
    .join('\n')
}

/* ---- collections/richText/segments.ts, frozen ---- */

/**
 * What of a piece of HTML Payload's editor can hold, and what it cannot. The editor knows
 * paragraphs, headings, marks, lists, links, quotes and rules; anything else (an `<iframe>`, a
 * `<table>`, an `<img>` from elsewhere, a `<div class>`, a `<script>`, a comment, a shortcode such
 * as `[gallery id="1"]`) would be dropped by its HTML import, so each top-level node that holds
 * some becomes a raw segment, kept verbatim.
 */

type Segment = { kind: 'rich' | 'raw'; html: string }

/**
 * Tags the editor imports, with the attributes it keeps of each (any other attribute would be
 * lost).
 */
const REPRESENTABLE: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: [],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  strike: [],
  del: [],
  sub: [],
  sup: [],
  code: [],
  a: ['href', 'target', 'rel'],
  blockquote: [],
  hr: [],
}

/** A WordPress shortcode: `[name]`, `[name attr="…"]`, `[/name]`. */
const SHORTCODE = /\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]/i

type ParsedNode = DefaultTreeAdapterMap['childNode']
type ParsedElement = DefaultTreeAdapterMap['element']
type ParsedText = DefaultTreeAdapterMap['textNode']

const isText = (node: ParsedNode): node is ParsedText => node.nodeName === '#text'
const isElement = (node: ParsedNode): node is ParsedElement => 'tagName' in node

/**
 * Deeper than this, a node is kept raw: no editor content nests so deep, and the imports recurse.
 */
const MAX_DEPTH = 64

/**
 * Whether the editor holds all of a node: walked with a stack, as hostile HTML can nest thousands
 * deep.
 */
function representable(top: ParsedNode): boolean {
  const stack: Array<[ParsedNode, number]> = [[top, 1]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (depth > MAX_DEPTH) return false
    if (isText(node)) {
      if (SHORTCODE.test(node.value)) return false
      continue
    }
    if (!isElement(node)) return false
    const allowed = REPRESENTABLE[node.tagName]
    if (!allowed || node.attrs.some((attribute) => !allowed.includes(attribute.name))) return false
    for (const child of node.childNodes) stack.push([child, depth + 1])
  }
  return true
}

const isBlank = (node: ParsedNode) => isText(node) && !node.value.trim()

/**
 * The HTML's top-level nodes in order, runs of representable ones joined into one rich segment,
 * each other node a raw segment; every segment is the source text of its nodes, byte for byte.
 * Blank text between nodes is left out. The HTML is parsed as a document's body, as a browser
 * (and Payload's HTML import) would, by parse5 with source locations: the parser jsdom uses,
 * without building a window (a jsdom window cost about 10 ms per value).
 */
function segmentsOf(html: string): Segment[] {
  const prefix = '<!DOCTYPE html><body>'
  const text = prefix + html
  const document = parse(text, { sourceCodeLocationInfo: true })
  const root = document.childNodes.find(
    (node): node is ParsedElement => isElement(node) && node.tagName === 'html',
  )
  const body = root?.childNodes.find(
    (node): node is ParsedElement => isElement(node) && node.tagName === 'body',
  )
  const source = (node: ParsedNode) => {
    const location = node.sourceCodeLocation
    return location ? text.slice(location.startOffset, location.endOffset) : ''
  }
  const segments: Segment[] = []
  for (const node of body?.childNodes ?? []) {
    if (isBlank(node)) continue
    const kind = representable(node) ? 'rich' : 'raw'
    const last = segments.at(-1)
    if (kind === 'rich' && last?.kind === 'rich') last.html += source(node)
    else segments.push({ kind, html: source(node) })
  }
  return segments.filter((segment) => segment.html.trim())
}

/* ---- collections/richText/lexical.ts, dom.ts and convert.ts, frozen ---- */

type Lexical = {
  editor: typeof import('@payloadcms/richtext-lexical')
}
let lexical: Promise<Lexical> | undefined

/** Payload's Lexical packages, Lexical's core first (a plain Node app on Node 20 needs it so). */
const loadLexical = (): Promise<Lexical> =>
  (lexical ??= (async () => {
    await import('@payloadcms/richtext-lexical/lexical')
    return { editor: await import('@payloadcms/richtext-lexical') }
  })())

let loadedJsdom: typeof JSDOM | null = null
const jsdom = (): typeof JSDOM =>
  (loadedJsdom ??= (createRequire(import.meta.url)('jsdom') as typeof import('jsdom')).JSDOM)

type SerializedNode = { type: string; [key: string]: unknown }
type EditorState = { root: SerializedNode & { children: SerializedNode[] } }

const rawHtmlNode = (html: string): SerializedNode => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: randomBytes(12).toString('hex'), blockName: '', blockType: RAW_HTML_BLOCK, html },
})

/** One jsdom window for Payload's HTML import, its body refilled for each conversion. */
let sharedWindow: JSDOM['window'] | null = null
class ReusedDom {
  window: { document: Document }
  constructor(html: string) {
    sharedWindow ??= new (jsdom())('<!DOCTYPE html><html><head></head><body></body></html>').window
    sharedWindow.document.body.innerHTML = html
    this.window = sharedWindow as { document: Document }
  }
}

/**
 * HTML as a Lexical document: what the editor can represent through Payload's own HTML import,
 * each part it cannot as a raw-HTML block holding that part's source text. Empty HTML is null.
 */
async function htmlToLexical(
  html: string | null | undefined,
  editorConfig: SanitizedServerEditorConfig,
): Promise<EditorState | null> {
  const { convertHTMLToLexical } = (await loadLexical()).editor
  const children = segmentsOf(renderContent(html)).flatMap((segment) =>
    segment.kind === 'rich'
      ? (
          convertHTMLToLexical({
            editorConfig,
            html: segment.html,
            JSDOM: ReusedDom,
          }) as EditorState
        ).root.children
      : [rawHtmlNode(segment.html)],
  )
  if (!children.length) return null
  return { root: { type: 'root', version: 1, direction: 'ltr', format: '', indent: 0, children } }
}

/** The sanitized editor config of a rich-text field, which Payload's HTML import needs. */
async function editorConfigOfField(field: RichTextField): Promise<SanitizedServerEditorConfig> {
  return (await loadLexical()).editor.editorConfigFactory.fromField({ field })
}

/* ---- the data step ---- */

/** Collection slug → locales table and the rich-text columns it has, in the host app. */
export const RICH_TEXT_COLUMNS = [
  {
    collection: 'events',
    table: 'events_locales',
    fields: [
      ['description', 'description_html'],
      ['excerpt', 'excerpt_html'],
    ],
  },
  { collection: 'venues', table: 'venues_locales', fields: [['description', 'description_html']] },
  {
    collection: 'organizers',
    table: 'organizers_locales',
    fields: [['description', 'description_html']],
  },
  {
    collection: 'event-categories',
    table: 'event_categories_locales',
    fields: [['description', 'description_html']],
  },
  {
    collection: 'event-tags',
    table: 'event_tags_locales',
    fields: [['description', 'description_html']],
  },
] as const

export type Row = { id: number | string; html: string | null }

/** Rows read at once: a large calendar's descriptions are converted page by page, not held all in memory. */
export const PAGE = 500

/**
 * Converts every stored HTML value, giving the Lexical document to `store` (JSON text, or null).
 * `read` gives the next `PAGE` rows of a table whose id is above `after`, in id order.
 */
export async function convertStoredHtml(
  payload: Payload,
  read: (table: string, htmlColumn: string, after: Row['id']) => Promise<Row[]>,
  store: (table: string, column: string, id: Row['id'], json: string | null) => Promise<void>,
): Promise<void> {
  for (const { collection, table, fields } of RICH_TEXT_COLUMNS) {
    for (const [name, htmlColumn] of fields) {
      const field = payload.collections[collection as never]?.config.flattenedFields.find(
        (candidate) => candidate.name === name,
      ) as RichTextField | undefined
      if (!field) continue
      const editorConfig = await editorConfigOfField(field)
      for (
        let after: Row['id'] = 0, rows: Row[] = [];
        (rows = await read(table, htmlColumn, after)).length;
        after = rows[rows.length - 1].id
      ) {
        for (const row of rows) {
          const state = await htmlToLexical(row.html, editorConfig)
          await store(table, name, row.id, state ? JSON.stringify(state) : null)
        }
      }
    }
  }
}
