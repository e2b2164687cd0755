import Type, { type TArray, type TSchema } from 'typebox'
import { ATTENDANCE_MODES, EVENT_STATUSES } from '../../collections/eventStatus.js'
import { Category, Event, Organizer, Tag, Venue } from './records.js'

/** Response bodies that wrap records in pages: the archives of posts and of terms. */

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

/** An archive's list of records under its key (`{ events: [Event] }`). */
const listOf = <Key extends string, Item extends TSchema>(key: Key, record: Item) =>
  ({ [key]: Type.Array(record) }) as { [K in Key]: TArray<Item> }

/**
 * An archive of posts (docs/v1-reference.md §5.1, §6.1): the list, its `rest_url`, paging links,
 * totals.
 */
function postArchive<
  Key extends string,
  Item extends TSchema,
  Tail extends { [name: string]: TSchema },
>(key: Key, record: Item, singular: string, tail = {} as Tail) {
  return Type.Object(
    {
      ...listOf(key, record),
      rest_url: Type.String({ format: 'uri', description: 'This page, with the effective query.' }),
      ...nextPrevious,
      ...totals,
      ...tail,
    },
    {
      description: `A page of ${key}; a page after the last is 404 ${singular}-archive-page-not-found.`,
      additionalProperties: false,
    },
  )
}

/**
 * An archive of terms (docs/v1-reference.md §8.1): keys in the order rest_url, total, total_pages,
 * list, links.
 */
function termArchive<Key extends string, Item extends TSchema>(key: Key, record: Item) {
  return Type.Object(
    {
      rest_url: Type.String({ format: 'uri', description: 'The bare collection address.' }),
      ...totals,
      ...listOf(key, record),
      ...nextPrevious,
    },
    {
      description: `A page of ${key}; a page after the last is an empty list.`,
      additionalProperties: false,
    },
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

/** Filter Bar's bands of the local start hour (`timeOfDay` in events/facetCounts.ts). */
const TIMES_OF_DAY = ['all_day', 'morning', 'afternoon', 'evening', 'night']

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
          enum: TIMES_OF_DAY,
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

export const EventArchive = postArchive('events', Event, 'event', { facets: Type.Optional(Facets) })
export const VenueArchive = postArchive('venues', Venue, 'venue')
export const OrganizerArchive = postArchive('organizers', Organizer, 'organizer')
export const CategoryArchive = termArchive('categories', Category)
export const TagArchive = termArchive('tags', Tag)

/** The bodies whose responses carry the paging headers X-TEC-Total and X-TEC-TotalPages. */
export const PAGED = [EventArchive, VenueArchive, OrganizerArchive, CategoryArchive, TagArchive]
