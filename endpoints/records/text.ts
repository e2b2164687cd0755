/** Text as the anchor renders it in records. */

const BLOCK_TAG = /<\/?(p|div|ul|ol|li|h[1-6]|blockquote|pre|table|figure|section|article|hr|br)\b/i

/** A title for display: trimmed, with `&`, `<` and `>` as HTML entities (`&` as `&#038;`, as WordPress does). */
export function displayTitle(text: unknown): string {
  if (typeof text !== 'string') return ''
  return text.trim().replace(/&(?!#?\w+;)/g, '&#038;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Content as HTML: plain text becomes paragraphs (`<p>…</p>`, single line breaks `<br />`); HTML stays. */
export function renderContent(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return ''
  const trimmed = text.trim()
  if (BLOCK_TAG.test(trimmed)) return trimmed
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim().replace(/\r?\n/g, '<br />\n')}</p>`)
    .join('\n')
}

/** Content without markup, for JSON-LD. */
export const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
