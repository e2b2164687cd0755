import type { RecordContext } from '../context.js'
import { ORGANIZER_FIELDS, type OrganizerRecord } from './organizers.js'
import { recordOf } from './table.js'
import { VENUE_FIELDS, type VenueRecord } from './venues.js'
import { unlocked, type Doc } from '../parts/common.js'

/** What a venue or organizer record needs besides its document. */
export type LinkedOptions = {
  images: Map<number, Doc>
  /** Its stored password, when protected. */
  password?: string
  /**
   * The password given with the request; embedded records are judged without it
   * (docs/v1-reference.md §3.4).
   */
  givenPassword?: unknown
  withJsonLd?: boolean
}

const view = (doc: Doc, context: RecordContext, options: LinkedOptions) => ({
  doc,
  context,
  images: options.images,
  withJsonLd: options.withJsonLd,
})
const isLocked = (doc: Doc, options: LinkedOptions) =>
  !unlocked(doc, options.password, options.givenPassword)

/**
 * A venue record (docs/v1-reference.md §4.2, with every documented key present,
 * docs/v1-differences.md §6): the venue field table.
 */
export const venueRecord = (doc: Doc, context: RecordContext, options: LinkedOptions) =>
  recordOf(VENUE_FIELDS, view(doc, context, options), isLocked(doc, options)) as VenueRecord

/**
 * An organizer record (docs/v1-reference.md §4.3, every documented key present): the organizer
 * field table.
 */
export const organizerRecord = (doc: Doc, context: RecordContext, options: LinkedOptions) =>
  recordOf(ORGANIZER_FIELDS, view(doc, context, options), isLocked(doc, options)) as OrganizerRecord
