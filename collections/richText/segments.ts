import { jsdom } from './dom.js'

/**
 * What of a piece of HTML Payload's editor can hold, and what it cannot. The editor knows
 * paragraphs, headings, marks, lists, links, quotes and rules; anything else (an `<iframe>`, a
 * `<table>`, an `<img>` from elsewhere, a `<div class>`, a `<script>`, a comment, a shortcode such
 * as `[gallery id="1"]`) would be dropped by its HTML import, so each top-level node that holds
 * some becomes a raw segment, kept verbatim.
 */

export type Segment = { kind: 'rich' | 'raw'; html: string }

/** Tags the editor imports, with the attributes it keeps of each (any other attribute would be lost). */
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

const ELEMENT_NODE = 1
const TEXT_NODE = 3

function representable(node: Node): boolean {
  if (node.nodeType === TEXT_NODE) return !SHORTCODE.test(node.textContent ?? '')
  if (node.nodeType !== ELEMENT_NODE) return false
  const element = node as Element
  const allowed = REPRESENTABLE[element.localName]
  if (!allowed) return false
  if ([...element.attributes].some((attribute) => !allowed.includes(attribute.name))) return false
  return [...element.childNodes].every(representable)
}

const isBlank = (node: Node) => node.nodeType === TEXT_NODE && !(node.textContent ?? '').trim()

/**
 * The HTML's top-level nodes in order, runs of representable ones joined into one rich segment,
 * each other node a raw segment; every segment is the source text of its nodes, byte for byte.
 * Blank text between nodes is left out.
 */
export function segmentsOf(html: string): Segment[] {
  const prefix = '<!DOCTYPE html><body>'
  const dom = new (jsdom())(prefix + html, { includeNodeLocations: true })
  const source = (node: Node) => {
    const location = dom.nodeLocation(node)
    return location ? (prefix + html).slice(location.startOffset, location.endOffset) : ''
  }
  const segments: Segment[] = []
  for (const node of [...dom.window.document.body.childNodes]) {
    if (isBlank(node)) continue
    const kind = representable(node) ? 'rich' : 'raw'
    const last = segments.at(-1)
    if (kind === 'rich' && last?.kind === 'rich') last.html += source(node)
    else segments.push({ kind, html: source(node) })
  }
  return segments.filter((segment) => segment.html.trim())
}
