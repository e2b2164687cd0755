import type { CollectionConfig, Field } from 'payload'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { localizedText, postFields } from './fields.js'
import { richTextFields } from './richText/fields.js'
import { postType } from './postType.js'
import { NAMED_TEXTS } from './translations/hook.js'
import { translationsFields } from './translations/field.js'
import { TRANSLATED_TEXTS } from './translations/backfill.js'
import { exportCsvComponents } from './admin/calendar.js'
import { collectionHead } from './collectionHead.js'

/**
 * What venues and organizers share: a post type (postType.ts) named by a localized `name`, with a
 * rich-text description kept beside as HTML, an Export CSV button, translation status; `fields`,
 * the kind's own, come between the description and the post's fields. What runs on their writes is
 * listed in collections/writePath.ts.
 */
export function namedPostCollection(
  options: ResolvedCalendarOptions,
  kind: 'venue' | 'organizer',
  { defaultColumns, fields }: { defaultColumns: string[]; fields: Field[] },
): CollectionConfig {
  const plural = kind === 'venue' ? 'venues' : 'organizers'
  const post = postType()
  return {
    ...collectionHead(options, options.slugs[plural], [kind, plural], {
      useAsTitle: 'name',
      components: exportCsvComponents(plural),
      defaultColumns,
    }),
    ...post,
    custom: { [TRANSLATED_TEXTS]: NAMED_TEXTS },
    fields: [
      localizedText('name', 'name', { required: true }),
      ...richTextFields('description', 'description', options.slugs.media),
      ...fields,
      ...postFields(options.usersSlug, options.slugs.media),
      ...translationsFields(plural, Boolean(options.translate)),
    ],
  }
}
