import type { Context } from '../context.js'
import type { Params } from '../params.js'
import type { SchemaName } from '../schemas/index.js'
import type { Doc } from '../records/common.js'
import { organizerRecord, venueRecord, type LinkedOptions } from '../records/linked.js'
import { organizerData, organizerParams, venueData, venueParams, type LinkedKind } from './args.js'

/** What differs between venues and organizers; every route of both is built from one of these. */
export type LinkedType = {
  kind: LinkedKind
  /** The path segment and archive key: `venues`, `organizers`. */
  plural: 'venues' | 'organizers'
  collection: (context: Context) => string
  /** The event field that links to it. */
  eventField: 'venue' | 'organizers'
  /** Create arguments; on update none is required. */
  params: Params
  toData: (args: Record<string, any>, context: Context, creating: boolean) => Record<string, unknown>
  /** Fields the archive's `search` looks in (reference §6.1, §7). */
  searchFields: string[]
  record: (doc: Doc, context: Context, options: LinkedOptions) => Record<string, unknown>
  /** The schemas of its record and archive in `/doc`. */
  schema: SchemaName
  archiveSchema: SchemaName
}

export const VENUES: LinkedType = {
  kind: 'venue',
  plural: 'venues',
  collection: (context) => context.options.slugs.venues,
  eventField: 'venue',
  params: venueParams,
  toData: venueData,
  searchFields: ['name', 'description', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  record: venueRecord,
  schema: 'Venue',
  archiveSchema: 'VenueArchive',
}

export const ORGANIZERS: LinkedType = {
  kind: 'organizer',
  plural: 'organizers',
  collection: (context) => context.options.slugs.organizers,
  eventField: 'organizers',
  params: organizerParams,
  toData: (args, context) => organizerData(args, context),
  searchFields: ['name', 'description', 'phone', 'email', 'website'],
  record: organizerRecord,
  schema: 'Organizer',
  archiveSchema: 'OrganizerArchive',
}
