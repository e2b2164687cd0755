import type { CollectionConfig, NumberFieldSingleValidation } from 'payload'
import { number as validNumber } from 'payload/shared'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { mapFields, urlField } from './fields.js'
import { namedPostCollection } from './namedPost.js'
import { label, message } from '../core/translations/index.js'

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
  return namedPostCollection(options, 'venue', {
    defaultColumns: ['name', 'city', 'country', 'status', 'translationMarks'],
    fields: [
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
    ],
  })
}
