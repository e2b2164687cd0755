import type { CollectionConfig, RelationshipFieldSingleValidation } from 'payload'
import { relationship as validRelationship } from 'payload/shared'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { can, taxonomyAccess } from './access.js'
import { eventCountFields, localizedText, slugField } from './fields.js'
import { richTextFields } from './richText/fields.js'
import { storeFullName } from './hooks/categoryFullName.js'
import { NAMED_TEXTS } from './translations/hook.js'
import { translationsFields } from './translations/field.js'
import { TRANSLATED_TEXTS } from './translations/backfill.js'
import { label, message, description } from '../core/translations/index.js'
import { collectionHead } from './collectionHead.js'

/** Payload's own checks of a relationship, then: not the category itself. */
const notItsOwnParent: RelationshipFieldSingleValidation = async (value, options) => {
  const valid = await validRelationship(value, options)
  if (valid !== true) return valid
  const parent = value && typeof value === 'object' ? value.value : value
  const { id } = options
  return parent !== undefined &&
    parent !== null &&
    id !== undefined &&
    String(parent) === String(id)
    ? message(options.req, 'ownParent')
    : true
}

/** How categories and tags differ; the rest of their collections is the same. */
type TaxonomySettings = {
  taxonomy: 'categories' | 'tags'
  singular: 'category' | 'tag'
  /** The field pickers and lists show a term by. */
  title: string
  manage: Parameters<typeof taxonomyAccess>[0]
  fields?: CollectionConfig['fields']
}

/**
 * A taxonomy's collection: a localized name, a description, a slug, the event counts and the
 * translations, managed by those `manage` allows. What runs on their writes is listed in
 * collections/writePath.ts.
 */
function taxonomyCollection(
  options: ResolvedCalendarOptions,
  { taxonomy, singular, title, manage, fields = [] }: TaxonomySettings,
): CollectionConfig {
  return {
    ...collectionHead(options, options.slugs[taxonomy], [singular, taxonomy], {
      useAsTitle: title,
      defaultColumns: [title, 'slug', 'translationMarks'],
    }),
    custom: { [TRANSLATED_TEXTS]: NAMED_TEXTS },
    access: taxonomyAccess(manage),
    fields: [
      localizedText('name', 'name', { required: true }),
      ...richTextFields('description', 'description', options.slugs.media),
      slugField(),
      ...eventCountFields(),
      ...translationsFields(taxonomy, Boolean(options.translate)),
      ...fields,
    ],
  }
}

/**
 * Event categories: hierarchical; managed by those who may publish events
 * (docs/v1-reference.md §3.1).
 */
export function categoriesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const slug = options.slugs.categories
  return taxonomyCollection(options, {
    taxonomy: 'categories',
    singular: 'category',
    // The full name (`Music › Jazz`) is the title, so pickers and lists show the hierarchy.
    title: 'fullName',
    manage: can.manageCategories,
    fields: [
      {
        name: 'parent',
        label: label('parentCategory'),
        type: 'relationship',
        relationTo: slug,
        index: true,
        admin: { position: 'sidebar' },
        filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
        validate: notItsOwnParent,
      },
      {
        name: 'fullName',
        label: label('fullName'),
        type: 'text',
        localized: true,
        hooks: { beforeChange: [storeFullName(slug)] },
        admin: {
          position: 'sidebar',
          readOnly: true,
          description: description('fullNameDescription'),
          condition: (data: Record<string, unknown>) => Boolean(data.fullName),
        },
      },
    ],
  })
}

/** Event tags: flat; managed by editors and administrators (docs/v1-reference.md §3.1). */
export function tagsCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return taxonomyCollection(options, {
    taxonomy: 'tags',
    singular: 'tag',
    title: 'name',
    manage: can.manageTags,
  })
}
