import type { Field, TextFieldSingleValidation } from 'payload'
import { editorsOnly, STATUSES } from './access.js'
import { readFutureAsPublished } from './hooks/postRules.js'

/** Field factories shared by the calendar collections. */

export const slugField = (): Field => ({
  name: 'slug',
  type: 'text',
  unique: true,
  index: true,
  admin: {
    position: 'sidebar',
    description: 'Made from the title when left empty; kept unique (-2, -3, …). One slug for all languages.',
  },
})

export const statusField = (): Field => ({
  name: 'status',
  type: 'select',
  required: true,
  defaultValue: 'draft',
  index: true,
  options: STATUSES.map((value) => ({ label: value[0].toUpperCase() + value.slice(1), value })),
  hooks: { afterRead: [readFutureAsPublished] },
  admin: {
    position: 'sidebar',
    description: 'Contributors cannot publish: their "publish" becomes "pending". "publish" with a future date becomes "future".',
  },
})

export const authorField = (usersSlug: string): Field => ({
  name: 'author',
  type: 'relationship',
  relationTo: usersSlug,
  index: true,
  admin: { position: 'sidebar', description: 'Only editors and administrators can give a record to someone else.' },
})

export const publishedAtField = (): Field => ({
  name: 'publishedAt',
  label: 'Publication date',
  type: 'date',
  index: true,
  admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
})

/** Never readable or writable by anyone but editors and administrators (v1-decisions §4). */
export const passwordField = (): Field => ({
  name: 'password',
  type: 'text',
  access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
  admin: { position: 'sidebar', description: 'Readers must give this password to see the content.' },
})

export const validateHttpUrl: TextFieldSingleValidation = (value) => {
  if (value === null || value === undefined || value === '') return true
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? true : 'Give an http:// or https:// address.'
  } catch {
    return 'Give an http:// or https:// address.'
  }
}

export const urlField = (name: string, label?: string): Field => ({
  name,
  label,
  type: 'text',
  validate: validateHttpUrl,
})

/** A featured image: an upload from the media collection, or an outside URL kept as a reference. */
export const imageFields = (mediaSlug: string): Field[] => [
  { name: 'image', type: 'upload', relationTo: mediaSlug, admin: { position: 'sidebar' } },
  {
    name: 'imageUrl',
    label: 'Image URL',
    type: 'text',
    validate: validateHttpUrl,
    admin: { position: 'sidebar', description: 'An image elsewhere on the web, used when no upload is chosen. Never downloaded.' },
  },
]

export const mapFields = (): Field[] => [
  { name: 'showMap', type: 'checkbox', defaultValue: true },
  { name: 'showMapLink', type: 'checkbox', defaultValue: true },
]

const hasText = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : Boolean(value && typeof value === 'object' && Object.values(value).some(hasText))

/**
 * A record needs this text in at least one language: given on create, and on update either given
 * or kept in another language (reads fall back to it, v1-decisions §2).
 */
const inSomeLanguage =
  (name: string): TextFieldSingleValidation =>
  async (value, { collectionSlug, id, operation, req }) => {
    if (hasText(value)) return true
    const required = req.t ? req.t('validation:required') : 'This field is required.'
    if (operation === 'create' || id === undefined || !collectionSlug) return required
    // The adapter's own read: the Local API would set req.locale to 'all' for the rest of the write.
    const stored = (await req.payload.db.findOne({ collection: collectionSlug, where: { id: { equals: id } }, locale: 'all', req })) as Record<string, unknown> | null
    const byLanguage = (stored?.[name] ?? {}) as Record<string, unknown>
    return Object.entries(byLanguage).some(([language, text]) => language !== req.locale && hasText(text)) ? true : required
  }

/**
 * A localized text. `required` means required in some language, not in each: Payload's own
 * `required` makes the column NOT NULL in every language's row, so a French write of a record that
 * only has an English title (its description, say) would be refused, or fail in the database.
 */
export const localizedText = (name: string, options: { required?: boolean; label?: string } = {}): Field => ({
  name,
  label: options.label,
  type: 'text',
  localized: true,
  ...(options.required ? { validate: inSomeLanguage(name) } : {}),
})

export const localizedTextarea = (name: string, label?: string): Field => ({
  name,
  label,
  type: 'textarea',
  localized: true,
})
