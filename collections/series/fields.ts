import type { CheckboxField, Field, GroupField, JSONFieldValidation } from 'payload'
import { parseRule } from '../../core/lib/recurrence.js'
import { recurrenceFieldComponents, seriesNoticeComponents } from '../admin/recurrence.js'
import { label, message, description } from '../../core/translations/index.js'

/** The most rules, added dates and excluded dates one series may have. */
export const MAX_RULES = 10
export const MAX_SERIES_DATES = 1_000

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

const isNone = (value: unknown) => value === null || value === undefined
const isList = (value: unknown, max: number): value is unknown[] =>
  Array.isArray(value) && value.length <= max

const validRules: JSONFieldValidation = (value, { req }) =>
  isNone(value) ||
  (isList(value, MAX_RULES) &&
    value.every((rule) => typeof rule === 'string' && parseRule(rule).ok))
    ? true
    : message(req, 'invalidRecurrenceRules')

const validDates: JSONFieldValidation = (value, { req }) =>
  isNone(value) ||
  (isList(value, MAX_SERIES_DATES) &&
    value.every((date) => typeof date === 'string' && WALL_CLOCK.test(date)))
    ? true
    : message(req, 'invalidRecurrenceDates')

/**
 * A series is an event with a recurrence: RRULE texts (`FREQ=WEEKLY;BYDAY=TU`), added dates (RDATE)
 * and excluded dates (EXDATE), as wall clocks in the event's own zone. Its dates are generated as
 * events of their own (collections/series/generate.ts) up to `horizon`.
 */
export const recurrenceField = (): GroupField => ({
  name: 'recurrence',
  label: label('recurrence'),
  type: 'group',
  admin: {
    description: description('recurrenceDescription'),
    condition: (data) => !data?.series,
    components: recurrenceFieldComponents(),
  },
  fields: [
    { name: 'rules', label: label('recurrenceRules'), type: 'json', validate: validRules },
    { name: 'rdates', label: label('recurrenceRdates'), type: 'json', validate: validDates },
    { name: 'exdates', label: label('recurrenceExdates'), type: 'json', validate: validDates },
    // How far ahead the dates were generated; the horizon task moves it on.
    { name: 'horizon', type: 'date', admin: { hidden: true, readOnly: true } },
  ],
})

/**
 * Set on a series (it has rules or added dates); archives, counts and the calendar leave series
 * out, their dates are listed instead.
 */
export const isSeriesField = (): CheckboxField => ({
  name: 'isSeries',
  type: 'checkbox',
  defaultValue: false,
  index: true,
  admin: { hidden: true },
})

/**
 * What a generated date of a series keeps of it: the series, the date it was generated for, whether
 * it was changed on its own.
 */
export const occurrenceFields = (eventsSlug: string): Field[] => [
  // On a date of a series: a notice in its form, with a link to the series.
  {
    name: 'seriesNotice',
    type: 'ui',
    admin: {
      condition: (data) => Boolean(data?.series),
      components: seriesNoticeComponents(eventsSlug),
    },
  },
  {
    name: 'series',
    label: label('series'),
    type: 'relationship',
    relationTo: eventsSlug,
    index: true,
    admin: {
      position: 'sidebar',
      readOnly: true,
      description: description('seriesDescription'),
      condition: (data) => Boolean(data?.series),
    },
  },
  // How far a save of this date reaches (not stored): read by the series hooks.
  {
    name: 'applyTo',
    label: label('applyTo'),
    type: 'select',
    virtual: true,
    defaultValue: 'this',
    options: [
      { label: label('applyToThis'), value: 'this' },
      { label: label('applyToFollowing'), value: 'following' },
      { label: label('applyToAll'), value: 'all' },
    ],
    // Payload makes a virtual field read-only in the admin unless told otherwise: this one is the
    // editor's choice.
    admin: { position: 'sidebar', readOnly: false, condition: (data) => Boolean(data?.series) },
  },
  // The wall-clock start it was generated for (RECURRENCE-ID), which a change of this date keeps.
  { name: 'occurrence', type: 'text', admin: { hidden: true } },
  { name: 'detached', type: 'checkbox', defaultValue: false, admin: { hidden: true } },
  // A digest of the series content it was copied from: regeneration rewrites only dates whose copy
  // is out of date.
  { name: 'copiedFrom', type: 'text', admin: { hidden: true } },
]

/**
 * What a date of a series does not copy from it: its own identity, dates and bookkeeping (on SQL
 * databases, the `recurrence` group is its `recurrence_…` columns).
 */
export const NOT_COPIED = new Set([
  'id',
  'slug',
  'createdAt',
  'updatedAt',
  'startDate',
  'endDate',
  'startDateLocal',
  'endDateLocal',
  'recurrence',
  'isSeries',
  'series',
  'occurrence',
  'detached',
  'copiedFrom',
  'sequence',
  // Each date's own previous start (collections/eventStatus.ts), not the series' first date's.
  'previousStartDate',
])

/**
 * What a series passes on to every date, changed on its own or not: publication, trash and
 * password.
 */
export const ALWAYS_PASSED = [
  'status',
  'publishedAt',
  'deletedAt',
  'password',
  'hasPassword',
  'author',
] as const

/** Occurrences of a series by their generated start. */
export const SERIES_INDEX = { fields: ['series', 'occurrence'] }
