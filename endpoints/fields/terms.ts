import Type from 'typebox'
import { translationsKey } from './translations.js'
import { apiLink, languageSegment } from '../context.js'
import { existingIds } from '../lookup.js'
import type { ParamSpec } from '../params.js'
import { idOf, type Doc } from '../parts/common.js'
import { displayTitle } from '../parts/text.js'
import { emptyList, TermUrls, url } from '../parts/schemas.js'
import { TAXONOMY_NAME, type Taxonomy } from '../taxonomies.js'
import type { EventCategory, EventTag } from '../../core/documents.js'
import { recordSchema, type FieldTable, type WireField } from './table.js'

/** The stored fields of both kinds of term. */
type Term = EventCategory | EventTag
import type { RecordContext } from '../context.js'

/**
 * What a term record is built from: the term, its taxonomy, and how many events the caller may see
 * use it.
 */
export type TermView = { doc: Doc; context: RecordContext; taxonomy: Taxonomy; count: number }

/** REST addresses of a term: itself, its collection, and its parent when it has one. */
export function termUrls(context: RecordContext, taxonomy: Taxonomy, id: number, parent: number) {
  return {
    self: apiLink(context, `${taxonomy}/${id}`),
    collection: apiLink(context, taxonomy),
    ...(parent ? { up: apiLink(context, `${taxonomy}/${parent}`) } : {}),
  }
}

/** The public archive page of a term, in the context's language. */
const termPage = (context: RecordContext, taxonomy: Taxonomy, slug: unknown) =>
  `${context.siteUrl}${languageSegment(context.lang)}/events/${taxonomy === 'categories' ? 'category' : 'tag'}/${String(slug)}/`

const parentOf = ({ doc, taxonomy }: TermView) =>
  taxonomy === 'categories' ? (idOf(doc.parent) ?? 0) : 0

export const parentParam: ParamSpec = {
  kind: 'integer',
  description: 'Id of the parent category.',
  check: async (id: number, context) =>
    (await existingIds(context, 'categories', [id])).has(id)
      ? undefined
      : `parent: no category with id ${id}.`,
}

const head = {
  id: { schema: Type.Integer({ minimum: 1 }), show: ({ doc }) => doc.id },
  count: {
    schema: Type.Integer({ minimum: 0, description: 'Events that use the term.' }),
    show: ({ count }) => count,
  },
  description: {
    schema: Type.String(),
    // The HTML kept beside the rich text at write time (collections/richText).
    show: ({ doc }) => doc.descriptionHtml ?? '',
    field: 'descriptionHtml',
    param: { kind: 'text', description: 'Description, in the request’s language.' },
  },
  name: {
    schema: Type.String(),
    show: ({ doc }) => displayTitle(doc.name),
    field: 'name',
    param: { kind: 'text', description: 'Name, in the request’s language.', required: true },
  },
  slug: {
    schema: Type.String(),
    show: ({ doc }) => doc.slug ?? '',
    field: 'slug',
    param: {
      kind: 'text',
      description: 'Slug; made from the name when not given, and kept unique.',
    },
  },
} satisfies FieldTable<TermView, Term>

const tail = {
  meta: { schema: emptyList('Term meta: always [].'), show: () => [] },
  url: {
    schema: url('Public archive page of the term'),
    show: ({ doc, context, taxonomy }) => termPage(context, taxonomy, doc.slug),
  },
  urls: {
    schema: TermUrls,
    show: (view) => termUrls(view.context, view.taxonomy, view.doc.id, parentOf(view)),
  },
  // A term's addresses depend on its taxonomy.
  translations: translationsKey<TermView>(({ taxonomy }) => ({
    rest: (term) => `${taxonomy}/${term.id}`,
    page: (there, term) => termPage(there, taxonomy, term.slug),
  })),
} satisfies FieldTable<TermView, Term>

const taxonomyKey = (taxonomy: Taxonomy) =>
  ({
    schema: Type.Literal(TAXONOMY_NAME[taxonomy]),
    show: () => TAXONOMY_NAME[taxonomy],
  }) satisfies WireField<TermView, Term>

/** Event categories (docs/v1-reference.md §4.4, §8): a term with a parent. */
export const CATEGORY_FIELDS = {
  ...head,
  taxonomy: taxonomyKey('categories'),
  parent: {
    schema: Type.Integer({ minimum: 0, description: 'Id of the parent category; 0 for none.' }),
    show: parentOf,
    field: 'parent',
    param: parentParam,
  },
  ...tail,
} satisfies FieldTable<TermView, EventCategory>

/** Tags (docs/v1-reference.md §4.4, §8): a term without a parent. */
export const TAG_FIELDS = {
  ...head,
  taxonomy: taxonomyKey('tags'),
  ...tail,
} satisfies FieldTable<TermView, Term>

export const TERM_FIELDS: Record<Taxonomy, FieldTable<TermView>> = {
  categories: CATEGORY_FIELDS,
  tags: TAG_FIELDS,
}

export const Category = recordSchema(
  'An event category as `/categories` gives it (docs/v1-reference.md §4.4).',
  CATEGORY_FIELDS,
)
export const Tag = recordSchema(
  'A tag as `/tags` gives it (docs/v1-reference.md §4.4): a term without `parent`.',
  TAG_FIELDS,
)
