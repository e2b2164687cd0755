import Type, { type Static } from 'typebox'
import type { ParamSpec } from '../params.js'
import { urlParam } from '../postArgs.js'
import { venueJsonLd } from '../parts/jsonLd.js'
import type { PlaceKey } from '../parts/place.js'
import { displayTitle, renderContent } from '../parts/text.js'
import { JsonLd, lockableFlag } from '../parts/schemas.js'
import * as post from './post.js'
import type { Organizer as StoredOrganizer, Venue as StoredVenue } from '../../core/documents.js'
import { recordSchema, type FieldTable, type StoredKey, type WireField } from './table.js'
import { cellOf, named, storedText, type Flat } from './flat.js'

/** The stored fields venues and organizers both have. */
type Linked = StoredVenue | StoredOrganizer

/** What a venue or organizer record is built from. */
export type LinkedView = post.PostView & { withJsonLd?: boolean }

const text = (description: string): ParamSpec => ({ kind: 'string', description })
const flag = (description: string): ParamSpec => ({ kind: 'boolean', description })

/** A text field of the venue, copied as given, shown as stored ('' when locked unless `keep`). */
const plain = (
  field: StoredKey<StoredVenue>,
  description: string,
  options: { search?: boolean; keep?: boolean; flat?: Flat<LinkedView> } = {},
) =>
  ({
    schema: Type.String(),
    show: ({ doc }) => post.text(doc[field]),
    ...(options.keep ? {} : { locked: '' }),
    field,
    search: options.search,
    param: text(description),
    flat: options.flat,
  }) satisfies WireField<LinkedView, StoredVenue>

const US = new Set(['', 'us', 'usa', 'united states', 'united states of america'])

const hasGeo = ({ doc }: LinkedView) =>
  typeof doc.geoLat === 'number' && typeof doc.geoLng === 'number'

const coordinate = (
  field: 'geoLat' | 'geoLng',
  limit: number,
  name: string,
  description: string,
  alias: string,
) =>
  ({
    schema: Type.Optional(
      Type.Number({
        minimum: -limit,
        maximum: limit,
        description: 'Only when both coordinates are set.',
      }),
    ),
    show: (view) => (hasGeo(view) ? view.doc[field] : undefined),
    locked: 0,
    field,
    param: {
      kind: 'number',
      description,
      check: (v: number) =>
        v < -limit || v > limit ? `${name} must be between -${limit} and ${limit}.` : undefined,
    },
    flat: named(name, alias),
  }) satisfies WireField<LinkedView, StoredVenue>

/**
 * The name (`venue`, `organizer`): required on create, shown for display, '' when locked; in a
 * flat form as stored (`&` as written), under The Events Calendar's column name too.
 */
export const nameField = (kind: 'venue' | 'organizer', alias: string) =>
  ({
    schema: Type.String({ description: 'Name' }),
    show: ({ doc }) => displayTitle(doc.name),
    locked: '',
    field: 'name',
    search: true,
    param: { kind: 'text', description: `Name of the ${kind}.`, required: true },
    flat: storedText(kind, 'name', [alias], ''),
  }) satisfies WireField<LinkedView, Linked>

export const descriptionField = (alias: string) =>
  ({
    schema: Type.String({ description: 'HTML' }),
    // The HTML kept beside the rich text at write time (collections/richText).
    show: ({ doc }) => renderContent(doc.descriptionHtml),
    locked: '',
    field: 'descriptionHtml',
    search: true,
    param: text('Description.'),
    flat: storedText('description', 'descriptionHtml', [alias], ''),
  }) satisfies WireField<LinkedView, Linked>

/** Always '': no column of its own in a flat form. */
export const noExcerpt = {
  schema: Type.String(),
  show: () => '',
  flat: false,
} satisfies WireField<LinkedView>

/**
 * The street address; on import The Events Calendar's "Venue Address 2" is added after it, as
 * there.
 */
const addressFlat: Flat<LinkedView> = {
  columns: [
    { name: 'address', aliases: ['Venue Address'], cell: (record) => cellOf(record.address) },
    { name: 'address.2', aliases: ['Venue Address 2'] },
  ],
  read: (cells, write) => {
    const parts = [cells.address, cells['address.2']].filter((part) => part !== undefined)
    if (parts.length) write.args.address = parts.map((part) => part.trim()).join(' ')
  },
}

/**
 * Venues (docs/v1-reference.md §4.2, §6): every key of the record, with its argument and stored
 * field.
 */
export const VENUE_FIELDS = {
  id: post.id,
  ...post.postHead('venue'),
  venue: nameField('venue', 'Venue Name'),
  description: descriptionField('Venue Description'),
  excerpt: noExcerpt,
  slug: post.slug,
  image: { ...post.image, flat: post.imageFlat('Venue Featured Image') },
  address: plain('address', 'Street address.', { search: true, flat: addressFlat }),
  city: plain('city', 'City.', { search: true, flat: named('city', 'Venue City') }),
  country: plain('country', 'Country.', { flat: named('country', 'Venue Country') }),
  province: plain('province', 'Province.', { search: true }),
  // The anchor does not hide the state of a protected venue.
  state: plain('state', 'State.', { search: true, keep: true }),
  zip: plain('zip', 'Postal code.', { search: true, flat: named('zip', 'Venue Zip') }),
  phone: plain('phone', 'Phone number.', { search: true, flat: named('phone', 'Venue Phone') }),
  website: {
    ...plain('website', '', { flat: named('website', 'Venue Website') }),
    param: urlParam('Website of the venue.'),
  },
  stateprovince: {
    ...plain('stateprovince', 'State or province; made from state or province when not given.', {
      search: true,
      flat: named('stateprovince', 'Venue State/Province'),
    }),
    // On create, made from the state (in the US) or the province when not given
    // (docs/v1-reference.md §6.3).
    write: (args, _context, stored) => {
      if (args.stateprovince !== undefined) return { stateprovince: args.stateprovince }
      if (stored) return undefined
      const american = US.has(
        String(args.country ?? '')
          .trim()
          .toLowerCase(),
      )
      return {
        stateprovince: american ? (args.state ?? args.province ?? '') : (args.province ?? ''),
      }
    },
  },
  geo_lat: coordinate('geoLat', 90, 'geo_lat', 'Latitude (with geo_lng).', 'Venue Latitude'),
  geo_lng: coordinate('geoLng', 180, 'geo_lng', 'Longitude (with geo_lat).', 'Venue Longitude'),
  json_ld: {
    schema: Type.Optional(JsonLd),
    show: (view, built) => (view.withJsonLd ? venueJsonLd(built) : undefined),
  },
  show_map: {
    schema: lockableFlag('Show a map; null when password-protected.'),
    show: ({ doc }) => doc.showMap !== false,
    locked: null,
    field: 'showMap',
    param: flag('Show a map (default true).'),
  },
  show_map_link: {
    schema: lockableFlag('Show a map link; null when password-protected.'),
    show: ({ doc }) => doc.showMapLink !== false,
    locked: null,
    field: 'showMapLink',
    param: flag('Show a map link (default true).'),
  },
  global_id: post.global_id,
  global_id_lineage: post.global_id_lineage,
  translations: post.translations<LinkedView>('venues', 'venue'),
} satisfies FieldTable<LinkedView, StoredVenue>

// The keys `placeOf` reads (parts/place.ts) are keys of the table: renaming one fails here.
const _placeKeys: Record<PlaceKey, unknown> = VENUE_FIELDS

export const Venue = recordSchema(
  'A venue (docs/v1-reference.md §4.2). Every key is present; empty text is "". A password-protected venue shows its name and address as "".',
  VENUE_FIELDS,
)

export type VenueRecord = Static<typeof Venue>
