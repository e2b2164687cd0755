import { ORGANIZER_FIELDS } from '../../endpoints/fields/organizers.js'
import { TAG_FIELDS } from '../../endpoints/fields/terms.js'
import { VENUE_FIELDS } from '../../endpoints/fields/venues.js'
import { finiteNumber } from '../../endpoints/params.js'
import {
  htmlOf,
  named,
  newContext,
  optional,
  shown,
  slugOf,
  website,
  type RecordContext,
  type SourceKind,
  type SourceRecord,
} from './values.js'
import { postKeys, translated, type ByKey } from './storedFields.js'

/**
 * Pure translations of v1 records (The Events Calendar's `tribe/events/v1`, or ours) into the
 * calendar collections' data, through the field tables (endpoints/fields/): a source record's keys
 * are our records' keys, so each value is read under its wire key and stored in the field the
 * table names for that key, as a v1 write stores it. Plain keys (texts and flags a write copies
 * as given) are read from the table alone; the importer reads the others itself: names and titles
 * (stand-ins for empty ones), dates (UTC instants first), costs, websites, coordinates, e-mail
 * addresses and statuses, each put right and noted when odd. Links to other records (venue,
 * organizers, terms, parent, image) are left to the importer, which knows the mapping of source
 * ids to ours.
 *
 * Here the venues', organizers' and terms' data; the events' in `eventData.ts`. `values.ts` reads
 * the values, `storedFields.ts` stores them through the tables, `recordLinks.ts` reads the links.
 */

/**
 * What a venue and an organizer both store: the post's keys, the name (under the record's own key,
 * `venue` or `organizer`, which our records also call `name`) and the description.
 */
function namedPostKeys(
  type: 'venue' | 'organizer',
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext,
): ByKey {
  const name = type in record ? record[type] : record.name
  return {
    ...postKeys(record, context, { value: name, kind, type }),
    [type]: named(name, kind, 'name', record, context),
    description: htmlOf(record, context),
  }
}

export function venueData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  const lat = finiteNumber(record.geo_lat)
  const lng = finiteNumber(record.geo_lng)
  let hasGeo = lat !== null && lng !== null && !(lat === 0 && lng === 0)
  if (hasGeo && (Math.abs(lat!) > 90 || Math.abs(lng!) > 180)) {
    context.notes.push(`coordinates ${lat}, ${lng} are off the globe: left out`)
    hasGeo = false
  }
  const own: ByKey = {
    ...namedPostKeys('venue', record, kind, context),
    // As the source has it (a v1 create would make one from the state or province).
    stateprovince: optional(record.stateprovince, 'stateprovince', context),
    website: website(record, context),
    geo_lat: hasGeo ? lat : null,
    geo_lng: hasGeo ? lng : null,
  }
  return translated(VENUE_FIELDS, record, context, own)
}

// What Payload's email field takes (payload/shared `email`), roughly: something@something.tld.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function organizerData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  let email = optional(record.email, 'email', context)
  if (email && !EMAIL.test(email)) {
    context.notes.push(`email ${shown(email)} is not an address: left out`)
    email = null
  }
  const own: ByKey = {
    ...namedPostKeys('organizer', record, kind, context),
    email,
    website: website(record, context),
  }
  return translated(ORGANIZER_FIELDS, record, context, own)
}

export function termData(
  record: SourceRecord,
  kind: SourceKind,
  context: RecordContext = newContext(),
): Record<string, unknown> {
  const own: ByKey = {
    name: named(record.name, kind, 'name', record, context),
    slug: slugOf(record) || undefined,
  }
  // A category's parent is a link: the importer's.
  return translated(TAG_FIELDS, record, context, own)
}
