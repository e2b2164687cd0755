import type { RecordContext } from '../context.js'
import { authorId, globalId, permalink, postDates, unlocked, type Doc } from './common.js'
import { imageRecord } from './image.js'
import { organizerJsonLd, venueJsonLd } from './jsonLd.js'
import { displayTitle, renderContent } from './text.js'
import type { OrganizerRecord, VenueRecord } from '../schemas/records.js'

/** What a venue or organizer record needs besides its document. */
export type LinkedOptions = {
  images: Map<number, Doc>
  /** Its stored password, when protected. */
  password?: string
  /** The password given with the request; embedded records are judged without it (reference §3.4). */
  givenPassword?: unknown
  withJsonLd?: boolean
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const status = (doc: Doc) => (doc.deletedAt ? 'trash' : doc.status)

/** A venue record (reference §4.2, with every documented key present, v1-decisions §6). */
export function venueRecord(doc: Doc, context: RecordContext, options: LinkedOptions): VenueRecord {
  const locked = !unlocked(doc, options.password, options.givenPassword)
  const hasGeo = typeof doc.geoLat === 'number' && typeof doc.geoLng === 'number'
  const record = {
    id: doc.id,
    author: authorId(doc),
    status: status(doc),
    ...postDates(doc, context),
    url: permalink(context, 'venue', doc.slug),
    venue: locked ? '' : displayTitle(doc.name),
    description: locked ? '' : renderContent(doc.description),
    excerpt: '',
    slug: doc.slug ?? '',
    image: locked ? false : imageRecord(doc, options.images, context),
    address: locked ? '' : text(doc.address),
    city: locked ? '' : text(doc.city),
    country: locked ? '' : text(doc.country),
    province: locked ? '' : text(doc.province),
    state: text(doc.state),
    zip: locked ? '' : text(doc.zip),
    phone: locked ? '' : text(doc.phone),
    website: locked ? '' : text(doc.website),
    stateprovince: locked ? '' : text(doc.stateprovince),
    ...(hasGeo ? { geo_lat: locked ? 0 : doc.geoLat, geo_lng: locked ? 0 : doc.geoLng } : {}),
  }
  return {
    ...record,
    ...(options.withJsonLd ? { json_ld: venueJsonLd(record) } : {}),
    show_map: locked ? null : doc.showMap !== false,
    show_map_link: locked ? null : doc.showMapLink !== false,
    ...globalId(context, doc.id),
  }
}

/** An organizer record (reference §4.3, every documented key present). */
export function organizerRecord(doc: Doc, context: RecordContext, options: LinkedOptions): OrganizerRecord {
  const locked = !unlocked(doc, options.password, options.givenPassword)
  const record = {
    id: doc.id,
    author: authorId(doc),
    status: status(doc),
    ...postDates(doc, context),
    url: permalink(context, 'organizer', doc.slug),
    organizer: locked ? '' : displayTitle(doc.name),
    description: locked ? '' : renderContent(doc.description),
    excerpt: '',
    slug: doc.slug ?? '',
    image: locked ? false : imageRecord(doc, options.images, context),
    phone: locked ? '' : text(doc.phone),
    website: locked ? '' : text(doc.website),
    email: locked ? '' : text(doc.email),
  }
  return { ...record, ...(options.withJsonLd ? { json_ld: organizerJsonLd(record) } : {}), ...globalId(context, doc.id) }
}
