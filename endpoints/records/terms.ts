import { languageSegment, type RecordContext } from '../context.js'
import { displayTitle } from './text.js'
import { idOf, type Doc } from './common.js'
import type { EmbeddedTermRecord } from '../schemas/records.js'
import { TAXONOMY_NAME, type Taxonomy } from '../taxonomies.js'

function termUrls(context: RecordContext, taxonomy: Taxonomy, id: number, parent: number) {
  const collection = `${context.root}${taxonomy}`
  return { self: `${collection}/${id}`, collection, ...(parent ? { up: `${collection}/${parent}` } : {}) }
}

/** A term embedded in an event's `categories` or `tags` (reference §4.5). */
export function embeddedTerm(doc: Doc, taxonomy: Taxonomy, count: number, context: RecordContext): EmbeddedTermRecord {
  const parent = taxonomy === 'categories' ? (idOf(doc.parent) ?? 0) : 0
  return {
    name: displayTitle(doc.name),
    slug: doc.slug ?? '',
    term_group: 0,
    term_taxonomy_id: doc.id,
    taxonomy: TAXONOMY_NAME[taxonomy],
    description: doc.description ?? '',
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

/** A term as `/categories` and `/tags` return it (reference §4.4). */
export function termRecord(doc: Doc, taxonomy: Taxonomy, count: number, context: RecordContext) {
  const parent = idOf(doc.parent) ?? 0
  const archive = taxonomy === 'categories' ? 'category' : 'tag'
  const language = languageSegment(context.lang)
  return {
    id: doc.id,
    count,
    description: doc.description ?? '',
    name: displayTitle(doc.name),
    slug: doc.slug ?? '',
    taxonomy: TAXONOMY_NAME[taxonomy],
    ...(taxonomy === 'categories' ? { parent } : {}),
    meta: [],
    url: `${context.siteUrl}${language}/events/${archive}/${doc.slug}/`,
    urls: termUrls(context, taxonomy, doc.id, taxonomy === 'categories' ? parent : 0),
  }
}
