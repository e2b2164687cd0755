import type { Params } from '../params.js'
import { ORGANIZER_FIELDS } from './organizers.js'
import { paramsOf, searchFieldsOf, type FieldTable } from './table.js'
import { VENUE_FIELDS, type LinkedView } from './venues.js'
import { organizerRecord, venueRecord, type LinkedOptions } from './linkedRecords.js'
import type { RecordContext } from '../context.js'
import type { Doc } from '../parts/common.js'

/** What differs between venues and organizers; every route of both is built from one of these. */
export type LinkedType = {
  /** The singular, in error codes and messages: `venue`, `organizer`; also the name argument. */
  kind: 'venue' | 'organizer'
  /** The collection, the path segment and the archive key. */
  plural: 'venues' | 'organizers'
  /** The event field that links to it. */
  eventField: 'venue' | 'organizers'
  /** Every wire key: arguments, record, schema, search (`fields/`). */
  fields: FieldTable<LinkedView>
  /** Create arguments, from the field table; on update none is required. */
  params: Params
  /** Stored fields the archive's `search` looks in (docs/v1-reference.md §6.1, §7). */
  searchFields: string[]
  record: (doc: Doc, context: RecordContext, options: LinkedOptions) => Record<string, unknown>
  /** The schemas of its record and archive in `/doc`. */
  schema: 'Venue' | 'Organizer'
  archiveSchema: 'VenueArchive' | 'OrganizerArchive'
}

/** A linked type from its names, field table and record builder; the rest is read from those. */
const linkedType = (
  names: Pick<LinkedType, 'kind' | 'plural' | 'eventField' | 'schema'>,
  fields: FieldTable<LinkedView>,
  record: LinkedType['record'],
): LinkedType => ({
  ...names,
  fields,
  params: paramsOf(fields, { creating: true }),
  searchFields: searchFieldsOf(fields),
  record,
  archiveSchema: `${names.schema}Archive`,
})

export const VENUES = linkedType(
  { kind: 'venue', plural: 'venues', eventField: 'venue', schema: 'Venue' },
  VENUE_FIELDS,
  venueRecord,
)

export const ORGANIZERS = linkedType(
  { kind: 'organizer', plural: 'organizers', eventField: 'organizers', schema: 'Organizer' },
  ORGANIZER_FIELDS,
  organizerRecord,
)
