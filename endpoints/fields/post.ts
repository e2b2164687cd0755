import Type from 'typebox'
import { STATUSES } from '../../collections/access.js'
import { parseDate } from '../../src/lib/dates.js'
import type { RecordContext } from '../context.js'
import { authorParam, dateParam, imageData, imageParam } from '../postArgs.js'
import { authorId, globalId, permalink, wallClockIn, type Doc } from '../records/common.js'
import { imageRecord } from '../records/image.js'
import { digits, imageOrNone, postStatus, url, wallClock } from '../schemas/parts.js'
import { writtenWith, type WireField, type Write } from './table.js'

/** What every post record (event, venue, organizer) is built from. */
export type PostView = { doc: Doc; context: RecordContext; images: Map<number, Doc> }

const published = ({ doc }: PostView) => doc.publishedAt ?? doc.createdAt

/** `date` is site time, `date_utc` UTC, whatever the record's own zone (v1-decisions). */
const publicationDate: Write = (args, context) => {
  if (args.date_utc !== undefined) return { publishedAt: parseDate(args.date_utc, 'UTC', context.now)!.toISO() }
  if (args.date !== undefined) return { publishedAt: parseDate(args.date, context.options.siteTimezone, context.now)!.toISO() }
}

export const id: WireField<PostView> = { schema: Type.Integer({ minimum: 1 }), show: ({ doc }) => doc.id }

export const author: WireField<PostView> = {
  schema: digits('Id of the author as a string; "0" for none.'),
  show: ({ doc }) => authorId(doc),
  field: 'author',
  param: authorParam,
}

export const status: WireField<PostView> = {
  schema: postStatus,
  show: ({ doc }) => (doc.deletedAt ? 'trash' : doc.status),
  field: 'status',
  param: { kind: 'text', description: 'Post status.', enum: STATUSES },
}

export const date: WireField<PostView> = {
  schema: wallClock('Publication date, site time zone'),
  show: (view) => wallClockIn(published(view), view.context.options.siteTimezone),
  field: 'publishedAt',
  param: dateParam('Publication date, in the site time zone (whatever the record’s own zone).'),
  write: publicationDate,
}

export const date_utc: WireField<PostView> = {
  schema: wallClock('Publication date, UTC'),
  show: (view) => wallClockIn(published(view), 'UTC'),
  field: 'publishedAt',
  param: dateParam('Publication date in UTC.'),
  write: writtenWith('date'),
}

export const modified: WireField<PostView> = {
  schema: wallClock('Last change, site time zone'),
  show: ({ doc, context }) => wallClockIn(doc.updatedAt, context.options.siteTimezone),
}

export const modified_utc: WireField<PostView> = { schema: wallClock('Last change, UTC'), show: ({ doc }) => wallClockIn(doc.updatedAt, 'UTC') }

/** `url`: the public page, under `base` (`event`, `venue`, `organizer`). */
export const pageUrl = (base: string): WireField<PostView> => ({
  schema: url('Public page of the record (with the request’s language segment)'),
  show: ({ doc, context }) => permalink(context, base, doc.slug),
})

export const slug: WireField<PostView> = { schema: Type.String(), show: ({ doc }) => doc.slug ?? '', field: 'slug' }

export const image: WireField<PostView> = {
  schema: imageOrNone,
  show: ({ doc, images, context }) => imageRecord(doc, images, context),
  locked: false,
  field: 'image',
  param: imageParam,
  write: (args) => (args.image !== undefined ? imageData(args.image) : undefined),
}

export const global_id: WireField<PostView> = {
  schema: Type.String({ description: 'Host and path of the site with the id: `example.com?id=42`.' }),
  show: ({ doc, context }) => globalId(context, doc.id).global_id,
}

export const global_id_lineage: WireField<PostView> = {
  schema: Type.Array(Type.String(), { minItems: 1 }),
  show: ({ doc, context }) => globalId(context, doc.id).global_id_lineage,
}

/** A text kept as given ('' for none). */
export const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The keys every post record opens with after its id (reference §4.1-4.3), its page under `base`. */
export const postHead = (base: string) => ({ author, status, date, date_utc, modified, modified_utc, url: pageUrl(base) })
