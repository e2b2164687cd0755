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

/**
 * The password, never readable or writable by anyone but editors and administrators
 * (v1-decisions §4), and `hasPassword`, which anyone may read, so that readers know a record is
 * locked without the password being read.
 */
export const passwordFields = (): Field[] => [
  {
    name: 'password',
    type: 'text',
    access: { read: editorsOnly, create: editorsOnly, update: editorsOnly },
    admin: { position: 'sidebar', description: 'Readers must give this password to see the content.' },
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

export const localizedText = (name: string, options: { required?: boolean; label?: string } = {}): Field => ({
  name,
  label: options.label,
  type: 'text',
  localized: true,
  required: options.required,
})

export const localizedTextarea = (name: string, label?: string): Field => ({
  name,
  label,
  type: 'textarea',
  localized: true,
})

/** How many events use a term, kept by the events' hooks (collections/hooks/termCounts.ts). */
export const eventCountFields = (): Field[] => [
  { name: 'eventCount', label: 'Events', type: 'number', defaultValue: 0, admin: { readOnly: true, position: 'sidebar', description: 'Events using it, trash excluded.' } },
  { name: 'publicEventCount', label: 'Published events', type: 'number', defaultValue: 0, admin: { readOnly: true, position: 'sidebar' } },
]
