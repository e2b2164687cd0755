import type { RecordContext } from '../context.js'
import { TERM_FIELDS, termUrls } from './terms.js'
import { recordOf } from './table.js'
import { displayTitle } from '../parts/text.js'
import { idOf, type Doc } from '../parts/common.js'
import type { EmbeddedTermRecord } from '../parts/schemas.js'
import { TAXONOMY_NAME, type Taxonomy } from '../taxonomies.js'

/** A term embedded in an event's `categories` or `tags` (docs/v1-reference.md §4.5). */
export function embeddedTerm(
  doc: Doc,
  taxonomy: Taxonomy,
  count: number,
  context: RecordContext,
): EmbeddedTermRecord {
  const parent = taxonomy === 'categories' ? (idOf(doc.parent) ?? 0) : 0
  return {
    name: displayTitle(doc.name),
    slug: doc.slug ?? '',
    term_group: 0,
    term_taxonomy_id: doc.id,
    taxonomy: TAXONOMY_NAME[taxonomy],
    description: doc.descriptionHtml ?? '',
    parent,
    count,
    filter: 'raw',
    id: doc.id,
    urls: termUrls(context, taxonomy, doc.id, parent),
  }
}

/** One collator for every comparison: `localeCompare` with options builds one per call. */
const byName = new Intl.Collator(undefined, { sensitivity: 'base' })

/** The terms of a record, ordered by name. */
export function sortByName<T extends { name: string }>(terms: T[]): T[] {
  return [...terms].sort((a, b) => byName.compare(a.name, b.name))
}

/**
 * A term as `/categories` and `/tags` return it (docs/v1-reference.md §4.4): the taxonomy's field
 * table.
 */
export const termRecord = (doc: Doc, taxonomy: Taxonomy, count: number, context: RecordContext) =>
  recordOf(TERM_FIELDS[taxonomy], { doc, context, taxonomy, count }, false)
