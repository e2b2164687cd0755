import type { CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { urlField } from './fields.js'
import { namedPostCollection } from './namedPost.js'
import { label } from '../core/translations/index.js'

export function organizersCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return namedPostCollection(options, 'organizer', {
    defaultColumns: ['name', 'email', 'phone', 'status', 'translationMarks'],
    fields: [
      {
        type: 'row',
        fields: [
          { name: 'phone', label: label('phone'), type: 'text' },
          { name: 'email', label: label('email'), type: 'email' },
          urlField('website'),
        ],
      },
    ],
  })
}
