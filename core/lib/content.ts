/** Descriptions and excerpts as the anchor renders them in records. */

const BLOCK_TAG = /<\/?(p|div|ul|ol|li|h[1-6]|blockquote|pre|table|figure|section|article|hr|br)\b/i

/**
 * Content as HTML: plain text becomes paragraphs (`<p>…</p>`, single line breaks `<br />`); HTML
 * stays.
 */
export function renderContent(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return ''
  const trimmed = text.trim()
  if (BLOCK_TAG.test(trimmed)) return trimmed
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim().replace(/\r?\n/g, '<br />\n')}</p>`)
    .join('\n')
}
