import type { CollectionConfig, NumberFieldSingleValidation } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { postTypeAccess } from './access.js'
import {
  authorField,
  imageFields,
  localizedText,
  localizedTextarea,
  mapFields,
  passwordFields,
  publishedAtField,
  slugField,
  statusField,
  urlField,
} from './fields.js'
import { postRules } from './hooks/postRules.js'
import { uniqueSlug } from './hooks/uniqueSlug.js'

/** Latitude and longitude come together or not at all (v1-decisions §3). */
const bothCoordinates =
  (other: 'geoLat' | 'geoLng'): NumberFieldSingleValidation =>
  (value, { siblingData }) => {
    const otherValue = (siblingData as Record<string, unknown> | undefined)?.[other]
    const given = (v: unknown) => v !== null && v !== undefined && v !== ''
    return given(value) === given(otherValue) ? true : 'Give both latitude and longitude, or neither.'
  }

export function venuesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return {
    slug: options.slugs.venues,
    labels: { singular: 'Venue', plural: 'Venues' },
    admin: { group: options.adminGroup, useAsTitle: 'name', defaultColumns: ['name', 'city', 'country', 'status'] },
    trash: true,
    access: postTypeAccess(),
    hooks: { beforeValidate: [postRules, uniqueSlug('name', 'venue')] },
    fields: [
      localizedText('name', { required: true }),
      localizedTextarea('description'),
      { name: 'address', type: 'text' },
      { type: 'row', fields: [{ name: 'city', type: 'text' }, { name: 'zip', type: 'text' }] },
      {
        type: 'row',
        fields: [
          { name: 'province', type: 'text' },
          { name: 'state', type: 'text' },
          { name: 'stateprovince', label: 'State or province', type: 'text' },
        ],
      },
      { name: 'country', type: 'text' },
      { type: 'row', fields: [{ name: 'phone', type: 'text' }, urlField('website')] },
      {
        type: 'row',
        fields: [
          { name: 'geoLat', label: 'Latitude', type: 'number', min: -90, max: 90, index: true, validate: bothCoordinates('geoLng') },
          { name: 'geoLng', label: 'Longitude', type: 'number', min: -180, max: 180, index: true, validate: bothCoordinates('geoLat') },
        ],
      },
      { type: 'row', fields: mapFields() },
      slugField(),
      statusField(),
      publishedAtField(),
      authorField(options.usersSlug),
      ...imageFields(options.slugs.media),
      ...passwordFields(),
    ],
  }
}
