import type { Field, TextFieldSingleValidation } from 'payload'
import { sourceTextComponents } from './admin/translations.js'
import { text as validText } from 'payload/shared'
import { isHttpUrl } from '../core/lib/urls.js'
import { editorsOnly, type Status, STATUSES } from './access.js'
import { readFutureAsPublished } from './hooks/postRules.js'
import { label, message, description, type CalendarTextKey } from '../core/translations/index.js'

/** Field factories shared by the calendar collections. */

export const slugField = (): Field => ({
  name: 'slug',
  label: label('slug'),
  type: 'text',
  unique: true,
  index: true,
  admin: { position: 'sidebar', description: description('slugDescription') },
})

const STATUS_LABELS: Record<Status, CalendarTextKey> = {
  publish: 'statusPublish',
  future: 'statusFuture',
  draft: 'statusDraft',
  pending: 'statusPending',
  private: 'statusPrivate',
}

export const statusField = (): Field => ({
  name: 'status',
  label: label('status'),
  type: 'select',
  required: true,
  defaultValue: 'draft',
  index: true,
  options: STATUSES.map((value) => ({ label: label(STATUS_LABELS[value]), value })),
  hooks: { afterRead: [readFutureAsPublished] },
  admin: { position: 'sidebar', description: description('statusDescription') },
})

export const authorField = (usersSlug: string): Field => ({
  name: 'author',
  label: label('author'),
  type: 'relationship',
  relationTo: usersSlug,
  index: true,
  admin: { position: 'sidebar', description: description('authorDescription') },
})

export const publishedAtField = (): Field => ({
  name: 'publishedAt',
  label: label('publishedAt'),
  type: 'date',
  index: true,
  admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
})

/**
 * The password, never readable or writable by anyone but editors and administrators
 * (docs/v1-differences.md §4), and `hasPassword`, which anyone may read, so that readers know a
 * record is locked without the password being read.
 */
export const passwordFields = (): Field[] => [
  {
    name: 'password',
    label: label('password'),
    type: 'text',
    access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
    admin: { position: 'sidebar', description: description('passwordDescription') },
  },
  {
    name: 'hasPassword',
    type: 'checkbox',
    defaultValue: false,
    admin: { hidden: true },
    // `siblingData` is the whole record as it will be saved, whoever writes it.
    hooks: { beforeChange: [({ siblingData }) => Boolean(siblingData?.password)] },
  },
]

/** Payload's own checks of a text field, then: empty, or an http(s) address. */
export const validateHttpUrl: TextFieldSingleValidation = (value, options) => {
  const valid = validText(value, options)
  if (valid !== true) return valid
  if (value === null || value === undefined || value === '') return true
  return isHttpUrl(value) ? true : message(options.req, 'invalidUrl')
}

export const urlField = (name: string, labelKey: CalendarTextKey = 'website'): Field => ({
  name,
  label: label(labelKey),
  type: 'text',
  validate: validateHttpUrl,
})

/** A featured image: an upload from the media collection, or an outside URL kept as a reference. */
export const imageFields = (mediaSlug: string): Field[] => [
  {
    name: 'image',
    label: label('image'),
    type: 'upload',
    relationTo: mediaSlug,
    admin: { position: 'sidebar' },
  },
  {
    name: 'imageUrl',
    label: label('imageUrl'),
    type: 'text',
    validate: validateHttpUrl,
    admin: { position: 'sidebar', description: description('imageUrlDescription') },
  },
]

export const mapFields = (): Field[] => [
  { name: 'showMap', label: label('showMap'), type: 'checkbox', defaultValue: true },
  { name: 'showMapLink', label: label('showMapLink'), type: 'checkbox', defaultValue: true },
]

const hasText = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.trim() !== ''
    : Boolean(value && typeof value === 'object' && Object.values(value).some(hasText))

/**
 * A record needs this text in at least one language: given on create, and on update either given
 * or kept in another language (reads fall back to it, docs/v1-differences.md §2).
 */
const inSomeLanguage =
  (name: string): TextFieldSingleValidation =>
  async (value, { collectionSlug, id, operation, req }) => {
    if (hasText(value)) return true
    const required = req.t ? req.t('validation:required') : 'This field is required.'
    if (operation === 'create' || id === undefined || !collectionSlug) return required
    // The adapter's own read: the Local API would set req.locale to 'all' for the rest of the
    // write.
    const stored = (await req.payload.db.findOne({
      collection: collectionSlug,
      where: { id: { equals: id } },
      locale: 'all',
      req,
    })) as Record<string, unknown> | null
    const byLanguage = (stored?.[name] ?? {}) as Record<string, unknown>
    return Object.entries(byLanguage).some(
      ([language, text]) => language !== req.locale && hasText(text),
    )
      ? true
      : required
  }

/**
 * A localized text. `required` means required in some language, not in each: Payload's own
 * `required` makes the column NOT NULL in every language's row, so a French write of a record that
 * only has an English title (its description, say) would be refused, or fail in the database.
 */
export const localizedText = (
  name: string,
  labelKey: CalendarTextKey,
  options: { required?: boolean } = {},
): Field => ({
  name,
  label: label(labelKey),
  type: 'text',
  localized: true,
  admin: { components: sourceTextComponents(name) },
  ...(options.required ? { validate: inSomeLanguage(name) } : {}),
})

/** How many events use a term, kept by the events' hooks (collections/hooks/termCounts.ts). */
export const eventCountFields = (): Field[] => [
  {
    name: 'eventCount',
    label: 'Events',
    type: 'number',
    defaultValue: 0,
    admin: { readOnly: true, position: 'sidebar', description: 'Events using it, trash excluded.' },
  },
  {
    name: 'publicEventCount',
    label: 'Published events',
    type: 'number',
    defaultValue: 0,
    admin: { readOnly: true, position: 'sidebar' },
  },
]

/**
 * What every post (event, venue, organizer) ends with: slug, status, publication date, author,
 * image, password.
 */
export const postFields = (usersSlug: string, mediaSlug: string): Field[] => [
  slugField(),
  statusField(),
  publishedAtField(),
  authorField(usersSlug),
  ...imageFields(mediaSlug),
  ...passwordFields(),
]
