import type { CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { localizedText, postFields, urlField } from './fields.js'
import { keepHtmlBeside, refuseDeepDocuments, richTextFields } from './richText/fields.js'
import { postType } from './postType.js'
import { keepTranslations, NAMED_TEXTS } from './translations/hook.js'
import { translationsFields } from './translations/field.js'
import { TRANSLATED_TEXTS } from './translations/backfill.js'
import { exportCsvComponents } from '../src/admin/calendar/config.js'
import { label } from '../src/translations/index.js'

export function organizersCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const post = postType('name', 'organizer')
  return {
    slug: options.slugs.organizers,
    labels: { singular: label('organizer'), plural: label('organizers') },
    admin: {
      group: options.adminGroup,
      useAsTitle: 'name',
      components: exportCsvComponents('organizers'),
      defaultColumns: ['name', 'email', 'phone', 'status', 'translationMarks'],
    },
    ...post,
    custom: { [TRANSLATED_TEXTS]: NAMED_TEXTS },
    hooks: {
      ...post.hooks,
      beforeOperation: [...post.hooks.beforeOperation, refuseDeepDocuments(['description'])],
      beforeChange: [keepHtmlBeside(['description']), keepTranslations(NAMED_TEXTS)],
    },
    fields: [
      localizedText('name', 'name', { required: true }),
      ...richTextFields('description', 'description', options.slugs.media),
      {
        type: 'row',
        fields: [
          { name: 'phone', label: label('phone'), type: 'text' },
          { name: 'email', label: label('email'), type: 'email' },
          urlField('website'),
        ],
      },
      ...postFields(options.usersSlug, options.slugs.media),
      ...translationsFields('organizers', Boolean(options.translate)),
    ],
  }
}
