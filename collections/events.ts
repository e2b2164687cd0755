import type { CollectionConfig, DateFieldValidation } from 'payload'
import type { ResolvedCalendarOptions } from '../src/options.js'
import { isValidZone } from '../src/lib/time.js'
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
import { eventCost } from './hooks/eventCost.js'
import { eventDates } from './hooks/eventDates.js'
import { postRules } from './hooks/postRules.js'
import { countTermsAfterChange, countTermsAfterDelete, type CountedField } from './hooks/termCounts.js'
import { uniqueSlug } from './hooks/uniqueSlug.js'

const endNotBeforeStart: DateFieldValidation = (value, { siblingData }) => {
  const start = (siblingData as { startDate?: string } | undefined)?.startDate
  if (!value) return 'The event needs an end.'
  if (start && new Date(value) < new Date(start)) return 'The end must not be before the start.'
  return true
}

export function eventsCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const { slugs } = options
  const counted: CountedField[] = [
    { field: 'categories', collection: slugs.categories },
    { field: 'tags', collection: slugs.tags },
  ]
  return {
    slug: slugs.events,
    labels: { singular: 'Event', plural: 'Events' },
    admin: {
      group: options.adminGroup,
      useAsTitle: 'title',
      defaultColumns: ['title', 'startDate', 'venue', 'status'],
      listSearchableFields: ['title', 'slug'],
    },
    defaultSort: 'startDate',
    trash: true,
    access: postTypeAccess(),
    hooks: {
      beforeValidate: [postRules, uniqueSlug('title', 'event')],
      beforeChange: [eventDates(options.siteTimezone), eventCost],
      afterChange: [countTermsAfterChange(slugs.events, counted)],
      afterDelete: [countTermsAfterDelete(slugs.events, counted)],
    },
    fields: [
      localizedText('title', { required: true }),
      localizedTextarea('description'),
      localizedTextarea('excerpt'),
      {
        type: 'row',
        fields: [
          {
            name: 'startDate',
            type: 'date',
            required: true,
            index: true,
            admin: { date: { pickerAppearance: 'dayAndTime' } },
          },
          {
            name: 'endDate',
            type: 'date',
            required: true,
            index: true,
            validate: endNotBeforeStart,
            admin: { date: { pickerAppearance: 'dayAndTime' } },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'timezone',
            type: 'text',
            admin: { description: 'IANA zone (Europe/Paris) or offset (UTC+2). Empty: the site zone.' },
            validate: (value: string | null | undefined) =>
              !value || isValidZone(value) ? true : 'Give a time zone such as Europe/Paris or UTC+2.',
          },
          { name: 'allDay', type: 'checkbox', defaultValue: false },
        ],
      },
      // Wall-clock start and end in the event's zone, kept by the eventDates hook for date filters.
      { name: 'startDateLocal', type: 'text', index: true, admin: { readOnly: true, hidden: true } },
      { name: 'endDateLocal', type: 'text', index: true, admin: { readOnly: true, hidden: true } },
      { name: 'venue', type: 'relationship', relationTo: slugs.venues, index: true },
      {
        name: 'organizers',
        type: 'relationship',
        relationTo: slugs.organizers,
        hasMany: true,
        admin: { description: 'In the order they should be shown.' },
      },
      {
        name: 'categories',
        type: 'relationship',
        relationTo: slugs.categories,
        hasMany: true,
        admin: { position: 'sidebar' },
      },
      { name: 'tags', type: 'relationship', relationTo: slugs.tags, hasMany: true, admin: { position: 'sidebar' } },
      {
        type: 'collapsible',
        label: 'Cost',
        fields: [
          {
            name: 'cost',
            type: 'text',
            hasMany: true,
            admin: { description: 'One or more prices as written: "10", "€6.50 - €8.50", "Free".' },
          },
          {
            type: 'row',
            fields: [
              { name: 'currencySymbol', type: 'text' },
              { name: 'currencyCode', type: 'text' },
              {
                name: 'currencyPosition',
                type: 'select',
                options: [
                  { label: 'Before the price', value: 'prefix' },
                  { label: 'After the price', value: 'postfix' },
                ],
              },
            ],
          },
        ],
      },
      urlField('website'),
      {
        type: 'row',
        fields: [
          ...mapFields(),
          { name: 'hideFromListings', type: 'checkbox', defaultValue: false, index: true },
          { name: 'sticky', type: 'checkbox', defaultValue: false },
          { name: 'featured', type: 'checkbox', defaultValue: false, index: true },
          { name: 'ticketed', type: 'checkbox', defaultValue: false, index: true },
        ],
      },
      { name: 'parent', label: 'Parent event', type: 'relationship', relationTo: slugs.events, index: true },
      slugField(),
      statusField(),
      publishedAtField(),
      authorField(options.usersSlug),
      ...imageFields(slugs.media),
      ...passwordFields(),
    ],
  }
}
