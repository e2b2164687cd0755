import type { Static } from 'typebox'
import { Event, EVENT_FIELDS } from '../fields/events.js'
import { Organizer } from '../fields/organizers.js'
import { recordSchema } from '../fields/table.js'
import { Category, Tag } from '../fields/terms.js'
import { Venue } from '../fields/venues.js'
import { JsonLd } from '../parts/schemas.js'

/**
 * The records of the namespace (docs/v1-reference.md §4, docs/v1-differences.md §6) as JSON Schema,
 * made from the field tables (`fields/`). The builders in `records/` return these types, `/doc`
 * publishes these schemas (named in `schemas/index.ts`), and the test suite checks every response
 * against them.
 */

export { Category, Event, Organizer, Tag, Venue }
export {
  CostDetails,
  DateDetails,
  EmbeddedTerm,
  Image,
  ImageSize,
  JsonLd,
  TermUrls,
} from '../parts/schemas.js'
export type {
  DateDetailsRecord,
  EmbeddedTermRecord,
  ImageRecord,
  ImageSizeRecord,
  JsonLdRecord,
} from '../parts/schemas.js'

export const SingleEvent = recordSchema(
  'An event as a single read gives it: the Event record with `json_ld`, its venue and organizers with theirs.',
  EVENT_FIELDS,
  { json_ld: JsonLd },
)

export type { VenueRecord } from '../fields/venues.js'
export type { OrganizerRecord } from '../fields/organizers.js'
export type CategoryRecord = Static<typeof Category>
export type TagRecord = Static<typeof Tag>
export type EventRecord = Static<typeof Event>
export type SingleEventRecord = Static<typeof SingleEvent>
