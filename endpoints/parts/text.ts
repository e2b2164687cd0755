import { compile } from 'html-to-text'

/** Text as the anchor renders it in records. */

export { renderContent } from '../../core/lib/content.js'

/**
 * A title for display: trimmed, with `&`, `<` and `>` as HTML entities (`&` as `&#038;`, as
 * WordPress does).
 */
export function displayTitle(text: unknown): string {
  if (typeof text !== 'string') return ''
  return text
    .trim()
    .replace(/&(?!#?\w+;)/g, '&#038;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Content without markup, for JSON-LD. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * HTML (descriptions, and names, which records give with `&` as an entity) as plain text with its
 * line breaks.
 */
const toText = compile({
  wordwrap: false,
  // Its walk recurses: hostile HTML nested thousands deep is cut at this depth rather than
  // overflowing the stack.
  limits: { maxDepth: 64 },
  selectors: [
    { selector: 'a', options: { hideLinkIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
})

export const htmlText = (html: unknown) =>
  typeof html === 'string' && html ? toText(html).trim() : ''
