import Type, { type Static, type TSchema } from 'typebox'
import { STATUSES } from '../../collections/access.js'
import { TAXONOMY_NAME } from '../taxonomies.js'

/**
 * The parts that records share, as JSON Schema: dates, costs, images, terms inside events,
 * schema.org descriptions. The records themselves are described key by key in the field tables
 * (`fields/`), whose entries use these.
 */

/** An object with exactly these keys (every key required unless `Type.Optional`). */
export const record = <T extends Record<string, TSchema>>(description: string, properties: T) =>
  Type.Object(properties, { description, additionalProperties: false })

const WALL_CLOCK = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$'
export const wallClock = (description: string) => Type.String({ pattern: WALL_CLOCK, description })
export const url = (description: string) => Type.String({ format: 'uri', description })
export const digits = (description: string, length?: number) =>
  Type.String({ pattern: length ? `^\\d{${length}}$` : '^\\d+$', description })
/** `[]`: how the anchor writes "none" where it would otherwise give an object or a list. */
export const emptyList = (description: string) =>
  Type.Array(Type.Never(), { maxItems: 0, description })
/**
 * A flag that a password-protected event shows as `null` in an archive (docs/v1-reference.md §3.4).
 */
export const lockableFlag = (description: string) =>
  Type.Union([Type.Boolean(), Type.Null()], { description })

export const DateDetails = record(
  'The parts of a `YYYY-MM-DD HH:MM:SS` date, as zero-padded strings (docs/v1-reference.md §4.7).',
  {
    year: digits('Year', 4),
    month: digits('Month, 01-12', 2),
    day: digits('Day of the month, 01-31', 2),
    hour: digits('Hour, 00-23', 2),
    minutes: digits('Minutes', 2),
    seconds: digits('Seconds', 2),
  },
)

export const CostDetails = record('The cost as stored (docs/v1-reference.md §4.8).', {
  currency_symbol: Type.String({
    description: 'Currency symbol given or inferred from the cost; "" for none.',
  }),
  currency_code: Type.String({ description: 'ISO 4217 code; "" for none.' }),
  currency_position: Type.Enum(['prefix', 'postfix', ''] as const, {
    description: 'Where the symbol goes; "" for none.',
  }),
  values: Type.Array(Type.String(), {
    description:
      'Numbers of the cost as numeric strings, ascending, then the slugs of cost words ("free").',
  }),
})

export const ImageSize = record('One generated size of an uploaded image.', {
  width: Type.Integer(),
  height: Type.Integer(),
  filesize: Type.Integer({ description: 'Bytes' }),
  'mime-type': Type.String(),
  url: url('Address of this size'),
})

export const Image = record(
  'An image (docs/v1-reference.md §4.6): an upload has an id, sizes and dimensions; an image elsewhere has id 0 and its URL only.',
  {
    url: url('Address of the full-size image'),
    id: Type.Integer({ minimum: 0, description: 'Id of the upload; 0 for an image elsewhere.' }),
    extension: Type.String({
      description: 'File extension, lower case ("jpg"); "" when the URL has none.',
    }),
    width: Type.Optional(Type.Integer()),
    height: Type.Optional(Type.Integer()),
    filesize: Type.Optional(Type.Integer({ description: 'Bytes' })),
    sizes: Type.Optional(
      Type.Record(Type.String(), ImageSize, {
        description: 'Generated sizes by name (thumbnail, medium, large).',
      }),
    ),
  },
)

export const imageOrNone = Type.Union([Image, Type.Literal(false)], {
  description: 'The image, or false when there is none.',
})

export const JsonLd = Type.Object(
  { '@context': Type.Literal('http://schema.org'), '@type': Type.String() },
  {
    description: 'A schema.org description of the record for search engines; only on single reads.',
    additionalProperties: true,
  },
)

export const postStatus = Type.Enum([...STATUSES, 'trash'] as const, {
  description: 'Post status.',
})

export const TermUrls = record(
  'REST addresses of a term: itself, its collection, and its parent (`up`, categories with a parent only).',
  {
    self: url('The term'),
    collection: url('Its collection'),
    up: Type.Optional(url('Its parent')),
  },
)

export const EmbeddedTerm = record(
  'A category or tag inside an event (docs/v1-reference.md §4.5).',
  {
    name: Type.String(),
    slug: Type.String(),
    term_group: Type.Integer(),
    term_taxonomy_id: Type.Integer({ minimum: 1 }),
    taxonomy: Type.Enum([TAXONOMY_NAME.categories, TAXONOMY_NAME.tags] as const),
    description: Type.String(),
    parent: Type.Integer({
      minimum: 0,
      description: 'Id of the parent category; 0 for none (always 0 for tags).',
    }),
    count: Type.Integer({
      minimum: 0,
      description: 'Events that use the term, as the caller may see them.',
    }),
    filter: Type.Literal('raw'),
    id: Type.Integer({ minimum: 1 }),
    urls: TermUrls,
  },
)

export type DateDetailsRecord = Static<typeof DateDetails>
export type ImageRecord = Static<typeof Image>
export type ImageSizeRecord = Static<typeof ImageSize>
export type JsonLdRecord = Static<typeof JsonLd>
export type EmbeddedTermRecord = Static<typeof EmbeddedTerm>
