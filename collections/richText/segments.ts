import { parse, type DefaultTreeAdapterMap } from 'parse5'

/**
 * What of a piece of HTML Payload's editor can hold, and what it cannot. The editor knows
 * paragraphs, headings, marks, lists, links, quotes and rules; anything else (an `<iframe>`, a
 * `<table>`, an `<img>` from elsewhere, a `<div class>`, a `<script>`, a comment, a shortcode such
 * as `[gallery id="1"]`) would be dropped by its HTML import, so each top-level node that holds
 * some becomes a raw segment, kept verbatim.
 */

export type Segment = { kind: 'rich' | 'raw'; html: string }

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
export function segmentsOf(html: string): Segment[] {
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
