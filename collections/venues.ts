import type { CollectionConfig, NumberFieldSingleValidation } from 'payload'
import { number as validNumber } from 'payload/shared'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { localizedText, mapFields, postFields, urlField } from './fields.js'
import { keepHtmlBeside, refuseDeepDocuments, richTextFields } from './richText/fields.js'
import { postType } from './postType.js'
import { keepTranslations, NAMED_TEXTS } from './translations/hook.js'
import { translationsFields } from './translations/field.js'
import { TRANSLATED_TEXTS } from './translations/backfill.js'
import { exportCsvComponents } from '../src/admin/calendar/config.js'
import { label, message } from '../src/translations/index.js'

/**
 * Payload's own checks of a number (min, max), then: a number at all, and latitude and longitude
 * come together or not at all (docs/v1-differences.md §3). Payload turns a text into a number
 * before validation and lets the NaN of 'abc' through as no value, which was stored as none.
 */
const bothCoordinates =
  (other: 'geoLat' | 'geoLng'): NumberFieldSingleValidation =>
  (value, options) => {
    const valid = validNumber(value, options)
    if (valid !== true) return valid
    const given = (v: unknown) => v !== null && v !== undefined && v !== ''
    if (given(value) && !Number.isFinite(Number(value)))
      return options.req.t('validation:enterNumber')
    const otherValue = (options.siblingData as Record<string, unknown> | undefined)?.[other]
    return given(value) === given(otherValue) ? true : message(options.req, 'bothCoordinates')
  }

const plainText = (
  name: 'address' | 'city' | 'zip' | 'province' | 'state' | 'stateprovince' | 'country' | 'phone',
) => ({
  name,
  label: label(name),
  type: 'text' as const,
})

export function venuesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const post = postType('name', 'venue')
  return {
    slug: options.slugs.venues,
    labels: { singular: label('venue'), plural: label('venues') },
    admin: {
      group: options.adminGroup,
      useAsTitle: 'name',
      components: exportCsvComponents('venues'),
      defaultColumns: ['name', 'city', 'country', 'status', 'translationMarks'],
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
      plainText('address'),
      { type: 'row', fields: [plainText('city'), plainText('zip')] },
      {
        type: 'row',
        fields: [plainText('province'), plainText('state'), plainText('stateprovince')],
      },
      plainText('country'),
      { type: 'row', fields: [plainText('phone'), urlField('website')] },
      {
        type: 'row',
        fields: [
          {
            name: 'geoLat',
            label: label('geoLat'),
            type: 'number',
            min: -90,
            max: 90,
            index: true,
            validate: bothCoordinates('geoLng'),
          },
          {
            name: 'geoLng',
            label: label('geoLng'),
            type: 'number',
            min: -180,
            max: 180,
            index: true,
            validate: bothCoordinates('geoLat'),
          },
        ],
      },
      { type: 'row', fields: mapFields() },
      ...postFields(options.usersSlug, options.slugs.media),
      ...translationsFields('venues', Boolean(options.translate)),
    ],
  }
}
