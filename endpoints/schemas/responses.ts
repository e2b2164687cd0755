import Type, { type Static, type TSchema } from 'typebox'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { TIMES_OF_DAY } from '../events/facetCounts.js'
import { Category, Event, Organizer, Tag, Venue } from './records.js'

/** Response bodies that wrap records: archives, errors, and the namespace's own documents. */

const nextPrevious = {
  next_rest_url: Type.Optional(
    Type.String({ format: 'uri', description: 'The next page; only when there is one.' }),
  ),
  previous_rest_url: Type.Optional(
    Type.String({ format: 'uri', description: 'The previous page; only after page 1.' }),
  ),
}
const totals = {
  total: Type.Integer({
    minimum: 0,
    description: 'Records matching every filter (also in X-TEC-Total).',
  }),
  total_pages: Type.Integer({
    minimum: 0,
    description: 'Pages of that size (also in X-TEC-TotalPages).',
  }),
}

/**
 * An archive of posts (docs/v1-reference.md §5.1, §6.1): the list, its `rest_url`, paging links,
 * totals.
 */
function postArchive<List extends Record<string, TSchema>, Tail extends Record<string, TSchema>>(
  list: List,
  description: string,
  tail = {} as Tail,
) {
  return Type.Object(
    {
      ...list,
      rest_url: Type.String({ format: 'uri', description: 'This page, with the effective query.' }),
      ...nextPrevious,
      ...totals,
      ...tail,
    },
    { description, additionalProperties: false },
  )
}

/**
 * An archive of terms (docs/v1-reference.md §8.1): keys in the order rest_url, total, total_pages,
 * list, links.
 */
function termArchive<List extends Record<string, TSchema>>(list: List, description: string) {
  return Type.Object(
    {
      rest_url: Type.String({ format: 'uri', description: 'The bare collection address.' }),
      ...totals,
      ...list,
      ...nextPrevious,
    },
    { description, additionalProperties: false },
  )
}

const count = Type.Integer({ minimum: 1, description: 'Events of the whole result with it.' })
/**
 * A facet value that is a record (a term, a venue, an organizer), named in the request's language.
 */
const linkedFacet = (what: string) =>
  Type.Array(
    Type.Object(
      {
        id: Type.Integer({ description: `The ${what}'s id.` }),
        slug: Type.String(),
        name: Type.String({ description: "Its name in the request's language." }),
        count,
      },
      { additionalProperties: false },
    ),
  )
const valueFacet = (value: TSchema) =>
  Type.Array(Type.Object({ value, count }, { additionalProperties: false }))

/** The archive's `facets` (issue #41): the groups asked, each value with its events. */
export const Facets = Type.Object(
  {
    categories: Type.Optional(linkedFacet('category')),
    tags: Type.Optional(linkedFacet('tag')),
    venue: Type.Optional(linkedFacet('venue')),
    organizer: Type.Optional(linkedFacet('organizer')),
    city: Type.Optional(valueFacet(Type.String({ description: "The venue's city." }))),
    country: Type.Optional(valueFacet(Type.String({ description: "The venue's country." }))),
    event_status: Type.Optional(
      valueFacet(Type.String({ enum: [...EVENT_STATUSES], description: 'The event status.' })),
    ),
    attendance_mode: Type.Optional(
      valueFacet(Type.String({ enum: [...ATTENDANCE_MODES], description: 'How it is attended.' })),
    ),
    featured: Type.Optional(valueFacet(Type.Boolean())),
    day_of_week: Type.Optional(
      valueFacet(
        Type.Integer({
          minimum: 1,
          maximum: 7,
          description: 'Weekday of the local start, ISO 8601: 1 Monday … 7 Sunday.',
        }),
      ),
    ),
    time_of_day: Type.Optional(
      valueFacet(
        Type.String({
          enum: [...TIMES_OF_DAY],
          description:
            'Local start: all_day, morning 06-12, afternoon 12-17, evening 17-21, night 21-06.',
        }),
      ),
    ),
    cost: Type.Optional(
      Type.Object(
        {
          min: Type.Union([Type.Number(), Type.Null()], { description: 'The lowest cost value.' }),
          max: Type.Union([Type.Number(), Type.Null()], { description: 'The highest cost value.' }),
          free: Type.Integer({ minimum: 0, description: 'Events with a free cost (0 or "Free").' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'With facets=: per group asked, the events of the whole result (every page) per value, values without events left out, at most facets_limit per group, the most events first. A group whose own filter is given counts as if it were absent (disjunctive).',
  },
)

export const EventArchive = postArchive(
  { events: Type.Array(Event) },
  'A page of events; a page after the last is 404 event-archive-page-not-found.',
  { facets: Type.Optional(Facets) },
)
export const VenueArchive = postArchive(
  { venues: Type.Array(Venue) },
  'A page of venues; a page after the last is 404 venue-archive-page-not-found.',
)
export const OrganizerArchive = postArchive(
  { organizers: Type.Array(Organizer) },
  'A page of organizers; a page after the last is 404 organizer-archive-page-not-found.',
)
export const CategoryArchive = termArchive(
  { categories: Type.Array(Category) },
  'A page of categories; a page after the last is an empty list.',
)
export const TagArchive = termArchive(
  { tags: Type.Array(Tag) },
  'A page of tags; a page after the last is an empty list.',
)

/** The bodies whose responses carry the paging headers X-TEC-Total and X-TEC-TotalPages. */
export const PAGED = [EventArchive, VenueArchive, OrganizerArchive, CategoryArchive, TagArchive]

const reasons = Type.Union([Type.Record(Type.String(), Type.String()), Type.Array(Type.String())], {
  description: 'The parameters at fault: name → reason (invalid), or names (missing).',
})

export const ErrorBody = Type.Object(
  {
    code: Type.String({
      description: 'Machine-readable code (docs/v1-reference.md §12), e.g. rest_invalid_param.',
    }),
    message: Type.String({ description: 'Human-readable message.' }),
    data: Type.Object(
      {
        status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status.' }),
        params: Type.Optional(reasons),
        id: Type.Optional(Type.Integer({ description: 'The id that was not found.' })),
        term_id: Type.Optional(
          Type.Integer({ description: 'term_exists: the id of the term that has that name.' }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    description: 'Every error of the namespace (docs/v1-differences.md §7).',
    additionalProperties: false,
  },
)

const Link = Type.Array(
  Type.Object({ href: Type.String({ format: 'uri' }) }, { additionalProperties: false }),
  { minItems: 1 },
)

const JSON_TYPE = Type.Enum([
  'integer',
  'boolean',
  'string',
  'number',
  'array',
  'object',
  'null',
] as const)
const jsonType = Type.Union([JSON_TYPE, Type.Array(JSON_TYPE)])

/**
 * One argument in the index: the parameter's JSON Schema (see `paramSchema`) and whether it is
 * required.
 */
const IndexArgument = Type.Object(
  {
    required: Type.Boolean(),
    type: jsonType,
    items: Type.Optional(
      Type.Object(
        { type: jsonType, minimum: Type.Optional(Type.Integer()) },
        { additionalProperties: false },
      ),
    ),
    enum: Type.Optional(Type.Array(Type.String())),
    default: Type.Optional(Type.Unknown()),
    minimum: Type.Optional(Type.Integer()),
    minLength: Type.Optional(Type.Integer()),
    description: Type.String(),
  },
  { additionalProperties: false },
)

const METHOD = Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)

export const NamespaceIndex = Type.Object(
  {
    namespace: Type.String(),
    routes: Type.Record(
      Type.String({ description: 'The route pattern, e.g. /cal/events/v1/events/(?P<id>\\d+)' }),
      Type.Object(
        {
          namespace: Type.String(),
          methods: Type.Array(METHOD, { minItems: 1 }),
          endpoints: Type.Array(
            Type.Object(
              {
                methods: Type.Array(METHOD, { minItems: 1 }),
                args: Type.Record(Type.String(), IndexArgument),
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
          _links: Type.Optional(
            Type.Object(
              { self: Link },
              { additionalProperties: false, description: 'Only for routes without variables.' },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    _links: Type.Object(
      { up: Link },
      { additionalProperties: false, description: 'The API root.' },
    ),
  },
  {
    description:
      'Every route of the namespace with its methods and arguments (docs/v1-reference.md §11).',
    additionalProperties: false,
  },
)

export const Changes = Type.Object(
  {
    changes: Type.Array(
      Type.Object(
        {
          resource: Type.Enum(['events', 'venues', 'organizers', 'categories', 'tags'] as const),
          id: Type.Integer({ minimum: 1 }),
          change: Type.Enum(['upsert', 'delete'] as const, {
            description:
              'upsert: the caller may read the record now (read it again); delete: not any more.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    next_since: Type.String({
      pattern: '^c\\d+$',
      description: 'The cursor to send as `since` next time (also a `modified_since` value).',
    }),
    more: Type.Boolean({ description: 'true: ask again at once with next_since.' }),
  },
  {
    description:
      'The records that changed since the cursor, each once, in the order of their first change.',
    additionalProperties: false,
  },
)

export const OpenApiDocument = Type.Object(
  {
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    servers: Type.Array(Type.Object({ url: Type.String({ format: 'uri' }) }), { minItems: 1 }),
    paths: Type.Record(Type.String(), Type.Object({})),
    components: Type.Object({}),
  },
  { description: 'This document.' },
)

export type ErrorBodyRecord = Static<typeof ErrorBody>
export type NamespaceIndexRecord = Static<typeof NamespaceIndex>

/** An iCalendar document (RFC 5545): the calendar feeds' body, served as `text/calendar`. */
export const Calendar = Type.String({
  contentMediaType: 'text/calendar',
  pattern: '^BEGIN:VCALENDAR\\r\\n',
  description:
    'An iCalendar (RFC 5545) document: VCALENDAR with a VTIMEZONE per zone used and a VEVENT per event.',
})

/** A CSV file (RFC 4180, UTF-8): the CSV exports' body, served as `text/csv`. */
export const Csv = Type.String({
  contentMediaType: 'text/csv',
  description:
    'CSV (RFC 4180, UTF-8, CRLF line ends): a header row of column names, then a row per record. A cell that starts with =, +, -, @, a tab or a carriage return is written after a single quote.',
})

const ImportRow = Type.Integer({
  minimum: 2,
  description: 'The row as a spreadsheet numbers it (the header is row 1)',
})

/** What `POST /api/cal/csv/preview` answers. */
export const CsvPreview = Type.Object(
  {
    type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')]),
    encoding: Type.String({ description: 'UTF-8, UTF-16LE, UTF-16BE or Windows-1252' }),
    delimiter: Type.String({ description: 'The delimiter found: , ; or a tab' }),
    rows: Type.Integer({ minimum: 0, description: 'Rows of the file after its header' }),
    columns: Type.Array(
      Type.Object(
        {
          header: Type.String(),
          column: Type.Union([Type.String(), Type.Null()], {
            description: 'The column it fills; null: not imported',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'Each header of the file, in order, with the column it fills' },
    ),
    targets: Type.Array(Type.String(), { description: 'The columns a header may fill' }),
    preview: Type.Array(
      Type.Object(
        {
          row: ImportRow,
          arguments: Type.Optional(
            Type.Record(Type.String(), Type.Unknown(), {
              description: 'The v1 write arguments the row gives',
            }),
          ),
          stored: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          links: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          key: Type.Optional(
            Type.Union([Type.String(), Type.Null()], {
              description: 'What a later import knows the row by',
            }),
          ),
          error: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
      { description: 'The first rows as they would be written, or why they cannot be' },
    ),
    failing: Type.Integer({ minimum: 0, description: 'Rows that cannot be written' }),
    errors: Type.Array(
      Type.Object({ row: ImportRow, message: Type.String() }, { additionalProperties: false }),
      { description: 'Why, row by row (the first 500)' },
    ),
    dry_run: Type.Optional(
      Type.Object(
        {
          created: Type.Integer({ minimum: 0 }),
          updated: Type.Integer({ minimum: 0 }),
          unchanged: Type.Integer({ minimum: 0 }),
          failed: Type.Integer({ minimum: 0 }),
          failures: Type.Array(
            Type.Object(
              { row: Type.String({ description: '`row N`' }), message: Type.String() },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false, description: 'With dry_run: what the import would do' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'How a CSV file would be imported: its columns and their mapping, its first rows as they would be written, the errors of every row.',
  },
)

/** What `POST /api/cal/csv/import` answers: the run queued (read at /api/cal-import-runs/{id}). */
export const CsvImportRun = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    state: Type.Literal('queued'),
    type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')]),
    dry_run: Type.Boolean(),
  },
  {
    additionalProperties: false,
    description:
      'The import run queued: its progress, counts and failures are read from the import runs collection.',
  },
)

/** What `POST /api/cal/translations/draft` answers: a draft for the admin's form. */
export const TranslationDraft = Type.Object(
  {
    collection: Type.String(),
    id: Type.Integer({ minimum: 1 }),
    from: Type.String({ description: 'The record’s source language' }),
    to: Type.String(),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Each field drafted, by name: a text, or the rich-text editor’s document made from the translated HTML. Fields that are up to date are absent.',
    }),
  },
  { additionalProperties: false, description: 'A draft translation of a record.' },
)

/** What `POST /api/cal/translations/runs` answers: the translation run queued. */
export const TranslationRun = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    state: Type.Literal('queued'),
    collection: Type.String(),
    to: Type.String({ description: 'The language translated into' }),
    total: Type.Integer({ minimum: 1, description: 'How many records the run translates' }),
  },
  {
    additionalProperties: false,
    description:
      'The translation run queued: its progress, counts and failures are read from the import runs collection (`/api/cal-import-runs/{id}`).',
  },
)

/** Bodies that are not JSON, by the media type they are served as. */
export const MEDIA_TYPES: Map<TSchema, string> = new Map([
  [Calendar, 'text/calendar'],
  [Csv, 'text/csv'],
])
