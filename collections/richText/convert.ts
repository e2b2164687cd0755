import { randomBytes } from 'node:crypto'
import type { SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical'
import type {
  HTMLConvertersFunctionAsync,
  convertLexicalToHTMLAsync,
} from '@payloadcms/richtext-lexical/html-async'
import type { RichTextField } from 'payload'
import type { JSDOM } from 'jsdom'
import { jsdom } from './dom.js'
import { renderContent } from '../../core/lib/content.js'
import { RAW_HTML_BLOCK } from './editor.js'
import { loadLexical } from './lexical.js'
import { segmentsOf } from './segments.js'

type SerializedNode = { type: string; [key: string]: unknown }
export type EditorState = { root: SerializedNode & { children: SerializedNode[] } }

const rawHtmlNode = (html: string): SerializedNode => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: randomBytes(12).toString('hex'), blockName: '', blockType: RAW_HTML_BLOCK, html },
})

/**
 * One jsdom window for Payload's HTML import, its body refilled for each conversion: a window made
 * per conversion cost about 10 ms and as much garbage (conversions are synchronous, so they never
 * share it at once). What the import reads is the document's body.
 */
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
 * each part it cannot as a raw-HTML block holding that part's source text (segments.ts). Plain
 * text becomes paragraphs first, as records show it. Empty HTML is no document (null).
 */
export async function htmlToLexical(
  html: string | null | undefined,
  editorConfig: SanitizedServerEditorConfig,
): Promise<EditorState | null> {
  const { convertHTMLToLexical } = (await loadLexical()).editor
  const content = renderContent(html)
  const children = segmentsOf(content).flatMap((segment) =>
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

const escapeAttribute = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')

/**
 * Lexical → HTML: Payload's converters, raw-HTML blocks verbatim, lists and images from the upload
 * collection as plain tags.
 */
const converters: HTMLConvertersFunctionAsync = ({ defaultConverters }) => ({
  ...defaultConverters,
  upload: async ({ node, populate }) => {
    const value = (node as { value?: unknown; relationTo?: string }).value
    const doc = (
      typeof value === 'object'
        ? value
        : await populate?.({
            id: value as number,
            collectionSlug: (node as { relationTo: string }).relationTo,
          })
    ) as Record<string, unknown> | undefined
    if (!doc?.url) return ''
    const size = (doc.sizes as Record<string, Record<string, unknown>> | undefined)?.large
    const image = size?.url ? size : doc
    return `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(doc.alt)}" width="${escapeAttribute(image.width)}" height="${escapeAttribute(image.height)}" />`
  },
  // Plain lists: Payload's own add classes, and spread each item's attributes over several lines.
  list: async ({ node, nodesToHTML }) => {
    const tag = node.tag === 'ol' ? 'ol' : 'ul'
    return `<${tag}>${(await nodesToHTML({ nodes: node.children })).join('')}</${tag}>`
  },
  listitem: async ({ node, nodesToHTML }) =>
    `<li>${(await nodesToHTML({ nodes: node.children })).join('')}</li>`,
  blocks: {
    [RAW_HTML_BLOCK]: ({ node }: { node: unknown }) =>
      String((node as { fields?: { html?: unknown } }).fields?.html ?? ''),
  },
})

/**
 * How deep a document may nest (root, blocks, lists, marks): Payload's converters recurse, so a
 * document sent as JSON thousands of levels deep would overflow the stack. HTML written through v1
 * never gets here so deep (segments.ts keeps what nests beyond 64 levels as a raw block).
 */
export const MAX_DOCUMENT_DEPTH = 100

/** The depth of a Lexical document, counted with a stack (it may be hostile). */
export function documentDepth(state: unknown): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[(state as { root?: unknown } | null)?.root, 1]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (!node || typeof node !== 'object') continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_DOCUMENT_DEPTH) return deepest
    const children = (node as { children?: unknown }).children
    if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1])
  }
  return deepest
}

/** A Lexical document as HTML ('' for none or an empty one). */
export type Populate = Parameters<typeof convertLexicalToHTMLAsync>[0]['populate']

export async function lexicalToHtml(state: unknown, populate: Populate): Promise<string> {
  if (!state || typeof state !== 'object' || !('root' in state)) return ''
  const { convertLexicalToHTMLAsync } = (await loadLexical()).html
  return convertLexicalToHTMLAsync({
    data: state as never,
    converters,
    disableContainer: true,
    disableIndent: true,
    populate,
  })
}

/** The sanitized editor config of a rich-text field, which Payload's HTML import needs. */
export async function editorConfigOfField(
  field: RichTextField,
): Promise<SanitizedServerEditorConfig> {
  return (await loadLexical()).editor.editorConfigFactory.fromField({ field })
}
