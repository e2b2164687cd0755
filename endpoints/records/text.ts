/** Text as the anchor renders it in records. */

export { renderContent } from '../../src/lib/content.js'

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
