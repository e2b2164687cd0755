import type { Payload, RichTextField } from 'payload'
import { editorConfigOfField, htmlToLexical } from '../../collections/richText/convert.js'

/**
 * The data step of the `rich_text` migrations: descriptions and excerpts were HTML (or plain text)
 * in text columns. The schema step has copied each into its `*_html` column, which v1 reads as
 * before, byte for byte; this fills the rich-text column with the Lexical document made from it.
 */

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
