import Type, { type Static, type TSchema } from 'typebox'
import { STATUSES } from '../../collections/access.js'
import { TAXONOMY_NAME } from '../taxonomies.js'

/**
 * The records of the namespace (reference §4, v1-decisions §6) as JSON Schema. The builders in
 * `records/` return these types, `/doc` publishes these schemas (named in `schemas/index.ts`), and
 * the test suite checks every response against them.
 */

/** An object with exactly these keys (every key required unless `Type.Optional`). */
const record = <T extends Record<string, TSchema>>(description: string, properties: T) =>
  Type.Object(properties, { description, additionalProperties: false })

const WALL_CLOCK = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$'
const wallClock = (description: string) => Type.String({ pattern: WALL_CLOCK, description })
const url = (description: string) => Type.String({ format: 'uri', description })
const digits = (description: string, length?: number) => Type.String({ pattern: length ? `^\\d{${length}}$` : '^\\d+$', description })
/** `[]`: how the anchor writes "none" where it would otherwise give an object or a list. */
const emptyList = (description: string) => Type.Array(Type.Never(), { maxItems: 0, description })
/** A flag that a password-protected event shows as `null` in an archive (reference §3.4). */
const lockableFlag = (description: string) => Type.Union([Type.Boolean(), Type.Null()], { description })

export const DateDetails = record('The parts of a `YYYY-MM-DD HH:MM:SS` date, as zero-padded strings (reference §4.7).', {
  year: digits('Year', 4),
  month: digits('Month, 01-12', 2),
  day: digits('Day of the month, 01-31', 2),
  hour: digits('Hour, 00-23', 2),
  minutes: digits('Minutes', 2),
  seconds: digits('Seconds', 2),
})

export const CostDetails = record('The cost as stored (reference §4.8).', {
  currency_symbol: Type.String({ description: 'Currency symbol given or inferred from the cost; "" for none.' }),
  currency_code: Type.String({ description: 'ISO 4217 code; "" for none.' }),
  currency_position: Type.Enum(['prefix', 'postfix', ''] as const, { description: 'Where the symbol goes; "" for none.' }),
  values: Type.Array(Type.String(), { description: 'Numbers of the cost as numeric strings, ascending, then the slugs of cost words ("free").' }),
})

export const ImageSize = record('One generated size of an uploaded image.', {
  width: Type.Integer(),
  height: Type.Integer(),
  filesize: Type.Integer({ description: 'Bytes' }),
  'mime-type': Type.String(),
  url: url('Address of this size'),
})

export const Image = record('An image (reference §4.6): an upload has an id, sizes and dimensions; an image elsewhere has id 0 and its URL only.', {
  url: url('Address of the full-size image'),
  id: Type.Integer({ minimum: 0, description: 'Id of the upload; 0 for an image elsewhere.' }),
  extension: Type.String({ description: 'File extension, lower case ("jpg"); "" when the URL has none.' }),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  filesize: Type.Optional(Type.Integer({ description: 'Bytes' })),
  sizes: Type.Optional(Type.Record(Type.String(), ImageSize, { description: 'Generated sizes by name (thumbnail, medium, large).' })),
})

const imageOrNone = Type.Union([Image, Type.Literal(false)], { description: 'The image, or false when there is none.' })

export const JsonLd = Type.Object(
  { '@context': Type.Literal('http://schema.org'), '@type': Type.String() },
  { description: 'A schema.org description of the record for search engines; only on single reads.', additionalProperties: true },
)

const status = Type.Enum([...STATUSES, 'trash'] as const, { description: 'Post status.' })

/** What events, venues and organizers share at their start (reference §4.1-4.3). */
const postHead = {
  id: Type.Integer({ minimum: 1 }),
  author: digits('Id of the author as a string; "0" for none.'),
  status,
  date: wallClock('Publication date, site time zone'),
  date_utc: wallClock('Publication date, UTC'),
  modified: wallClock('Last change, site time zone'),
  modified_utc: wallClock('Last change, UTC'),
  url: url('Public page of the record (with the request’s language segment)'),
}

const globalIds = {
  global_id: Type.String({ description: 'Host and path of the site with the id: `example.com?id=42`.' }),
  global_id_lineage: Type.Array(Type.String(), { minItems: 1 }),
}

export const Venue = record('A venue (reference §4.2). Every key is present; empty text is "". A password-protected venue shows its name and address as "".', {
  ...postHead,
  venue: Type.String({ description: 'Name' }),
  description: Type.String({ description: 'HTML' }),
  excerpt: Type.String(),
  slug: Type.String(),
  image: imageOrNone,
  address: Type.String(),
  city: Type.String(),
  country: Type.String(),
  province: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  phone: Type.String(),
  website: Type.String(),
  stateprovince: Type.String(),
  geo_lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Only when both coordinates are set.' })),
  geo_lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Only when both coordinates are set.' })),
  json_ld: Type.Optional(JsonLd),
  show_map: lockableFlag('Show a map; null when password-protected.'),
  show_map_link: lockableFlag('Show a map link; null when password-protected.'),
  ...globalIds,
})

export const Organizer = record('An organizer (reference §4.3). Every key is present; empty text is "".', {
  ...postHead,
  organizer: Type.String({ description: 'Name' }),
  description: Type.String({ description: 'HTML' }),
  excerpt: Type.String(),
  slug: Type.String(),
  image: imageOrNone,
  phone: Type.String(),
  website: Type.String(),
  email: Type.String(),
  json_ld: Type.Optional(JsonLd),
  ...globalIds,
})

export const TermUrls = record('REST addresses of a term: itself, its collection, and its parent (`up`, categories with a parent only).', {
  self: url('The term'),
  collection: url('Its collection'),
  up: Type.Optional(url('Its parent')),
})

export const EmbeddedTerm = record('A category or tag inside an event (reference §4.5).', {
  name: Type.String(),
  slug: Type.String(),
  term_group: Type.Integer(),
  term_taxonomy_id: Type.Integer({ minimum: 1 }),
  taxonomy: Type.Enum([TAXONOMY_NAME.categories, TAXONOMY_NAME.tags] as const),
  description: Type.String(),
  parent: Type.Integer({ minimum: 0, description: 'Id of the parent category; 0 for none (always 0 for tags).' }),
  count: Type.Integer({ minimum: 0, description: 'Events that use the term, as the caller may see them.' }),
  filter: Type.Literal('raw'),
  id: Type.Integer({ minimum: 1 }),
  urls: TermUrls,
})

const termHead = {
  id: Type.Integer({ minimum: 1 }),
  count: Type.Integer({ minimum: 0, description: 'Events that use the term.' }),
  description: Type.String(),
  name: Type.String(),
  slug: Type.String(),
}
const termTail = {
  meta: emptyList('Term meta: always [].'),
  url: url('Public archive page of the term'),
  urls: TermUrls,
}

export const Category = record('An event category as `/categories` gives it (reference §4.4).', {
  ...termHead,
  taxonomy: Type.Literal(TAXONOMY_NAME.categories),
  parent: Type.Integer({ minimum: 0, description: 'Id of the parent category; 0 for none.' }),
  ...termTail,
})

export const Tag = record('A tag as `/tags` gives it (reference §4.4): a term without `parent`.', {
  ...termHead,
  taxonomy: Type.Literal(TAXONOMY_NAME.tags),
  ...termTail,
})

const eventProperties = {
  id: postHead.id,
  ...globalIds,
  author: postHead.author,
  status,
  date: postHead.date,
  date_utc: postHead.date_utc,
  modified: postHead.modified,
  modified_utc: postHead.modified_utc,
  url: postHead.url,
  rest_url: url('`{root}events/{id}`'),
  title: Type.String({ description: 'Title for display (`&` as `&#038;`, `<` and `>` escaped)' }),
  description: Type.String({ description: 'HTML; "" when empty or password-protected' }),
  excerpt: Type.String({ description: 'HTML' }),
  slug: Type.String(),
  image: imageOrNone,
  all_day: lockableFlag('All-day event'),
  start_date: wallClock('Start, in the event’s time zone'),
  start_date_details: DateDetails,
  end_date: wallClock('End, in the event’s time zone'),
  end_date_details: DateDetails,
  utc_start_date: wallClock('Start, UTC'),
  utc_start_date_details: DateDetails,
  utc_end_date: wallClock('End, UTC'),
  utc_end_date_details: DateDetails,
  timezone: Type.String({ description: 'IANA zone or UTC±N; "" when never set' }),
  timezone_abbr: Type.String({ description: 'Abbreviation of the zone at the start (EST, CET, UTC+2)' }),
  cost: Type.String({ description: 'Formatted cost: one value, or the lowest and highest ("Free – $30")' }),
  cost_details: CostDetails,
  website: Type.String({ description: 'Website of the event; its public page when none was ever given; "" when cleared' }),
  show_map: lockableFlag('Show a map'),
  show_map_link: lockableFlag('Show a map link'),
  hide_from_listings: lockableFlag('Hidden from the archive'),
  sticky: lockableFlag('Pinned in the calendar'),
  featured: lockableFlag('Featured'),
  categories: Type.Array(EmbeddedTerm, { description: 'Categories, by name' }),
  tags: Type.Array(EmbeddedTerm, { description: 'Tags, by name' }),
  venue: Type.Union([Venue, emptyList('No venue')], { description: 'The venue, or [] when none' }),
  organizer: Type.Array(Organizer, { description: 'Organizers, in their order' }),
  custom_fields: emptyList('Additional fields: always [].'),
  ticketed: lockableFlag('The event has tickets'),
  post_parent: Type.Integer({ minimum: 0, description: 'Id of the parent event; 0 for none' }),
}

export const Event = record('An event (reference §4.1) as archives and writes give it. A password-protected event in an archive shows its content as "", false, null or [].',
  eventProperties,
)

export const SingleEvent = record('An event as a single read gives it: the Event record with `json_ld`, its venue and organizers with theirs.', {
  ...eventProperties,
  json_ld: JsonLd,
})

export type DateDetailsRecord = Static<typeof DateDetails>
export type ImageRecord = Static<typeof Image>
export type ImageSizeRecord = Static<typeof ImageSize>
export type JsonLdRecord = Static<typeof JsonLd>
export type VenueRecord = Static<typeof Venue>
export type OrganizerRecord = Static<typeof Organizer>
export type EmbeddedTermRecord = Static<typeof EmbeddedTerm>
export type CategoryRecord = Static<typeof Category>
export type TagRecord = Static<typeof Tag>
export type EventRecord = Static<typeof Event>
export type SingleEventRecord = Static<typeof SingleEvent>
