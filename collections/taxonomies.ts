import type { CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { can, taxonomyAccess } from './access.js'
import { eventCountFields, localizedText, localizedTextarea, slugField } from './fields.js'
import { uniqueSlug } from './hooks/uniqueSlug.js'

/** Event categories: hierarchical; managed by those who may publish events (reference §3.1). */
export function categoriesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const slug = options.slugs.categories
  return {
    slug,
    labels: { singular: 'Event Category', plural: 'Event Categories' },
    admin: { group: options.adminGroup, useAsTitle: 'name', defaultColumns: ['name', 'slug', 'parent'] },
    access: taxonomyAccess(can.manageCategories),
    hooks: { beforeValidate: [uniqueSlug('name', 'category')] },
    fields: [
      localizedText('name', { required: true }),
      localizedTextarea('description'),
      slugField(),
      ...eventCountFields(),
      {
        name: 'parent',
        type: 'relationship',
        relationTo: slug,
        index: true,
        admin: { position: 'sidebar' },
        filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
        validate: (value: unknown, { id }: { id?: number | string }) =>
          value !== undefined && value !== null && id !== undefined && String(value) === String(id)
            ? 'A category cannot be its own parent.'
            : true,
      },
    ],
  }
}

/** Event tags: flat; managed by editors and administrators (reference §3.1). */
export function tagsCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return {
    slug: options.slugs.tags,
    labels: { singular: 'Event Tag', plural: 'Event Tags' },
    admin: { group: options.adminGroup, useAsTitle: 'name', defaultColumns: ['name', 'slug'] },
    access: taxonomyAccess(can.manageTags),
    hooks: { beforeValidate: [uniqueSlug('name', 'tag')] },
    fields: [localizedText('name', { required: true }), localizedTextarea('description'), slugField(), ...eventCountFields()],
  }
}
