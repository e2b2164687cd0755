import type { CollectionConfig, DateFieldValidation, TextFieldSingleValidation } from 'payload'
import { date as validDate, text as validText } from 'payload/shared'
import { MAX_LIST_ITEMS } from '../core/defaults.js'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { isValidZone } from '../core/lib/time.js'
import {
  calendarPrefillField,
  eventsAdminViews,
  exportCsvComponents,
  eventTicketsFields,
  feedLinksField,
  timezoneFieldComponents,
  zonedDateComponents,
} from './admin/calendar.js'
import { localizedText, mapFields, postFields, urlField } from './fields.js'
import { richTextFields } from './richText/fields.js'
import { eventStatusFields } from './eventStatus.js'
import { sequenceField } from './hooks/eventSequence.js'
import { postType } from './postType.js'
import { translationsFields } from './translations/field.js'
import { TRANSLATED_TEXTS } from './translations/backfill.js'
import { isSeriesField, occurrenceFields, recurrenceField, SERIES_INDEX } from './series/fields.js'
import { label, message, description } from '../core/translations/index.js'
import { collectionHead } from './collectionHead.js'

/**
 * Payload's own checks of a date (required, a real date), then: the value is a text (or a Date).
 * Payload reads any value through its text, so `["2031-01-01"]` passed and then failed in the
 * adapter (500), and `2031` passed as the year 2031 and was stored as 2.031 s after 1970.
 */
const aDate: DateFieldValidation = (value, options) => {
  const valid = validDate(value, options)
  if (valid !== true) return valid
  const given = value !== null && value !== undefined
  return !given || typeof value === 'string' || value instanceof Date
    ? true
    : message(options.req, 'dateAsText')
}

/** A date (as aDate), then: not before the start. */
const endNotBeforeStart: DateFieldValidation = (value, options) => {
  const valid = aDate(value, options)
  if (valid !== true) return valid
  const start = (options.siblingData as { startDate?: string } | undefined)?.startDate
  if (value && start && new Date(value) < new Date(start))
    return message(options.req, 'endBeforeStart')
  return true
}

const validTimezone: TextFieldSingleValidation = (value, options) => {
  const valid = validText(value, options)
  if (valid !== true) return valid
  return !value || isValidZone(value) ? true : message(options.req, 'invalidTimezone')
}

/**
 * Wall-clock start or end in the event's zone, kept by the eventDates hook for date filters; shown
 * read-only once saved, because the date pickers show times in the editor's own zone.
 */
const localTimeField = (name: 'startDateLocal' | 'endDateLocal') => ({
  name,
  label: label(name),
  type: 'text' as const,
  index: true,
  admin: {
    readOnly: true,
    description: description('localTimesDescription'),
    condition: (data: Record<string, unknown>) => Boolean(data[name]),
  },
})

/*
 * The lists (organizers, categories, tags, costs) take at most MAX_LIST_ITEMS items, as in the v1
 * namespace: each item is a row and a query parameter, and SQLite refused a write of thousands
 * ('too many SQL variables'), which Payload's REST answered with 500.
 */
/** The texts an event is translated in (collections/translations). */
export const EVENT_TEXTS = {
  title: 'title',
  description: 'descriptionHtml',
  excerpt: 'excerptHtml',
  eventStatusReason: 'eventStatusReason',
  onlineDetails: 'onlineDetails',
}

/**
 * What a locked event still shows (collections/hooks/protectContent.ts): when it is, and how it
 * repeats (series hooks read these after a write).
 */
export const EVENT_SHOWN_WHEN_LOCKED = [
  'title',
  'startDate',
  'endDate',
  'startDateLocal',
  'endDateLocal',
  'timezone',
  'recurrence',
  'isSeries',
  'series',
  'occurrence',
  'detached',
  // Whether it takes place is not content: readers of a locked event still learn it is canceled.
  'eventStatus',
  'eventStatusReason',
  'previousStartDate',
  'attendanceMode',
]

/** The events' collection; what runs on its writes is listed in collections/writePath.ts. */
export function eventsCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const { slugs } = options
  const post = postType()
  return {
    ...collectionHead(options, slugs.events, ['event', 'events'], {
      useAsTitle: 'title',
      // The event status beside the post status: canceled and postponed events show in the list.
      defaultColumns: ['title', 'startDate', 'venue', 'eventStatus', 'status', 'translationMarks'],
      listSearchableFields: ['title', 'slug'],
      components: { views: eventsAdminViews(options), ...exportCsvComponents('events') },
    }),
    defaultSort: 'startDate',
    custom: { [TRANSLATED_TEXTS]: EVENT_TEXTS },
    ...post,
    // The v1 archive pages by start (then id) within a date window and counts the window: the first
    // index serves the page, the second counts, and selects the window's ids for its facet counts,
    // without reading the rows (SQLite's `id` is not the rowid: without it in the index, selecting
    // 66,000 ids read as many rows, 200 ms instead of 17). The page's order ends with createdAt
    // (endpoints/events/archive.ts), so the first index gives it in full.
    indexes: [
      ...post.indexes,
      { fields: ['startDateLocal', 'id', 'createdAt'] },
      {
        fields: [
          'startDateLocal',
          'endDateLocal',
          'status',
          'hideFromListings',
          'deletedAt',
          'publishedAt',
          'isSeries',
          'id',
        ],
      },
      SERIES_INDEX,
    ],
    fields: [
      localizedText('title', 'title', { required: true }),
      ...richTextFields('description', 'description', slugs.media),
      ...richTextFields('excerpt', 'excerpt', slugs.media),
      {
        type: 'row',
        fields: [
          {
            name: 'startDate',
            label: label('startDate'),
            type: 'date',
            required: true,
            index: true,
            validate: aDate,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              components: zonedDateComponents(options, 'startDate'),
            },
          },
          {
            name: 'endDate',
            label: label('endDate'),
            type: 'date',
            required: true,
            index: true,
            validate: endNotBeforeStart,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              components: zonedDateComponents(options, 'endDate'),
            },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'timezone',
            label: label('timezone'),
            type: 'text',
            admin: {
              description: description('timezoneDescription'),
              placeholder: 'Europe/Paris',
              components: timezoneFieldComponents(options),
            },
            validate: validTimezone,
          },
          { name: 'allDay', label: label('allDay'), type: 'checkbox', defaultValue: false },
        ],
      },
      { type: 'row', fields: [localTimeField('startDateLocal'), localTimeField('endDateLocal')] },
      calendarPrefillField(options),
      recurrenceField(),
      isSeriesField(),
      ...occurrenceFields(slugs.events),
      eventStatusFields(),
      {
        name: 'venue',
        label: label('venue'),
        type: 'relationship',
        relationTo: slugs.venues,
        index: true,
      },
      {
        name: 'organizers',
        label: label('organizers'),
        type: 'relationship',
        relationTo: slugs.organizers,
        hasMany: true,
        maxRows: MAX_LIST_ITEMS,
        admin: { description: description('organizersDescription') },
      },
      {
        name: 'categories',
        label: label('eventCategories'),
        type: 'relationship',
        relationTo: slugs.categories,
        hasMany: true,
        maxRows: MAX_LIST_ITEMS,
        // By full name, so that `Music › Jazz` follows `Music`.
        admin: { position: 'sidebar', sortOptions: 'fullName' },
      },
      {
        name: 'tags',
        label: label('eventTags'),
        type: 'relationship',
        relationTo: slugs.tags,
        hasMany: true,
        maxRows: MAX_LIST_ITEMS,
        admin: { position: 'sidebar' },
      },
      {
        type: 'collapsible',
        label: label('costGroup'),
        fields: [
          {
            name: 'cost',
            label: label('cost'),
            type: 'text',
            hasMany: true,
            maxRows: MAX_LIST_ITEMS,
            admin: { description: description('costDescription') },
          },
          {
            type: 'row',
            fields: [
              { name: 'currencySymbol', label: label('currencySymbol'), type: 'text' },
              { name: 'currencyCode', label: label('currencyCode'), type: 'text' },
              {
                name: 'currencyPosition',
                label: label('currencyPosition'),
                type: 'select',
                options: [
                  { label: label('currencyPrefix'), value: 'prefix' },
                  { label: label('currencyPostfix'), value: 'postfix' },
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
          {
            name: 'hideFromListings',
            label: label('hideFromListings'),
            type: 'checkbox',
            defaultValue: false,
            index: true,
          },
          { name: 'sticky', label: label('sticky'), type: 'checkbox', defaultValue: false },
          {
            name: 'featured',
            label: label('featured'),
            type: 'checkbox',
            defaultValue: false,
            index: true,
          },
          {
            name: 'ticketed',
            label: label('ticketed'),
            type: 'checkbox',
            defaultValue: false,
            index: true,
          },
        ],
      },
      {
        name: 'parent',
        label: label('parentEvent'),
        type: 'relationship',
        relationTo: slugs.events,
        index: true,
      },
      ...postFields(options.usersSlug, slugs.media),
      sequenceField(),
      feedLinksField(),
      ...eventTicketsFields(options),
      ...translationsFields('events', Boolean(options.translate)),
    ],
  }
}
