import Type from 'typebox'
import { STATUSES } from '../../collections/access.js'
import { parseDate } from '../../core/lib/dates.js'
import type { RecordContext } from '../context.js'
import { authorParam, dateParam, imageData, imageParam } from '../postArgs.js'
import { authorId, globalId, permalink, wallClockIn, type Doc } from '../parts/common.js'
import { imageRecord } from '../parts/image.js'
import { digits, imageOrNone, postStatus, url, wallClock } from '../parts/schemas.js'
import { cellOf, exportOnly, type Flat } from './flat.js'
import type { Event, Organizer, Venue } from '../../core/documents.js'
import { writtenWith, type WireField, type Write } from './table.js'
import { translationsKey } from './translations.js'

/** The stored fields every post (event, venue, organizer) has. */
export type Post = Event | Venue | Organizer

/** What every post record (event, venue, organizer) is built from. */
export type PostView = { doc: Doc; context: RecordContext; images: Map<number, Doc> }

const published = ({ doc }: PostView) => doc.publishedAt ?? doc.createdAt

/**
 * `date` is site time, `date_utc` UTC, whatever the record's own zone (docs/v1-reference.md §5.3).
 */
const publicationDate: Write = (args, context) => {
  if (args.date_utc !== undefined)
    return { publishedAt: parseDate(args.date_utc, 'UTC', context.now)!.toISO() }
  if (args.date !== undefined)
    return { publishedAt: parseDate(args.date, context.options.siteTimezone, context.now)!.toISO() }
}

export const id = {
  schema: Type.Integer({ minimum: 1 }),
  show: ({ doc }) => doc.id,
} satisfies WireField<PostView, Post>

export const author = {
  schema: digits('Id of the author as a string; "0" for none.'),
  show: ({ doc }) => authorId(doc),
  field: 'author',
  param: authorParam,
  // The author of what an import creates is the importing administrator.
  flat: exportOnly('author'),
} satisfies WireField<PostView, Post>

export const status = {
  schema: postStatus,
  show: ({ doc }) => (doc.deletedAt ? 'trash' : doc.status),
  field: 'status',
  param: { kind: 'text', description: 'Post status.', enum: STATUSES },
} satisfies WireField<PostView, Post>

export const date = {
  schema: wallClock('Publication date, site time zone'),
  show: (view) => wallClockIn(published(view), view.context.options.siteTimezone),
  field: 'publishedAt',
  param: dateParam('Publication date, in the site time zone (whatever the record’s own zone).'),
  write: publicationDate,
} satisfies WireField<PostView, Post>

export const date_utc = {
  schema: wallClock('Publication date, UTC'),
  show: (view) => wallClockIn(published(view), 'UTC'),
  field: 'publishedAt',
  param: dateParam('Publication date in UTC.'),
  write: writtenWith('date'),
} satisfies WireField<PostView, Post>

export const modified = {
  schema: wallClock('Last change, site time zone'),
  show: ({ doc, context }) => wallClockIn(doc.updatedAt, context.options.siteTimezone),
} satisfies WireField<PostView, Post>

export const modified_utc = {
  schema: wallClock('Last change, UTC'),
  show: ({ doc }) => wallClockIn(doc.updatedAt, 'UTC'),
} satisfies WireField<PostView, Post>

/** `url`: the public page, under `base` (`event`, `venue`, `organizer`). */
export const pageUrl = (base: string) =>
  ({
    schema: url('Public page of the record (with the request’s language segment)'),
    show: ({ doc, context }) => permalink(context, base, doc.slug),
  }) satisfies WireField<PostView, Post>

export const slug = {
  schema: Type.String(),
  show: ({ doc }) => doc.slug ?? '',
  field: 'slug',
} satisfies WireField<PostView, Post>

export const image = {
  schema: imageOrNone,
  show: ({ doc, images, context }) => imageRecord(doc, images, context),
  locked: false,
  field: 'image',
  param: imageParam,
  write: (args) => (args.image !== undefined ? imageData(args.image) : undefined),
} satisfies WireField<PostView, Post>

/**
 * The image as its URL; on import an http(s) URL, which the importer downloads (The Events
 * Calendar's "Featured Image" columns).
 */
export const imageFlat = <View>(alias: string): Flat<View> => ({
  columns: [
    {
      name: 'image',
      aliases: [alias],
      cell: (record) => (record.image ? (record.image as { url: string }).url : ''),
    },
  ],
  read: (cells, write) => {
    if (cells.image !== undefined) write.links.image = cells.image
  },
})

export const global_id = {
  schema: Type.String({
    description: 'Host and path of the site with the id: `example.com?id=42`.',
  }),
  show: ({ doc, context }) => globalId(context, doc.id).global_id,
  // On import, the row's id at its source: a later import of the same row updates what this one
  // wrote.
  flat: {
    columns: [
      {
        name: 'global_id',
        aliases: ['source_id', 'Source ID'],
        cell: (record) => cellOf(record.global_id),
      },
    ],
    read: (cells, write) => {
      if (cells.global_id !== undefined) write.sourceId = cells.global_id.trim()
    },
  },
} satisfies WireField<PostView, Post>

export const global_id_lineage = {
  schema: Type.Array(Type.String(), { minItems: 1 }),
  show: ({ doc, context }) => globalId(context, doc.id).global_id_lineage,
} satisfies WireField<PostView, Post>

/** A text kept as given ('' for none). */
export const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The keys every post record opens with after its id (docs/v1-reference.md §4.1-4.3), its page
 * under `base`.
 */
export const postHead = (base: string) => ({
  author,
  status,
  date,
  date_utc,
  modified,
  modified_utc,
  url: pageUrl(base),
})

/**
 * A post's `translations` key: each translation's record is at `{resource}/{id}`, its page at the
 * post's permalink under `base`.
 */
export const translations = <View extends PostView>(resource: string, base: string) =>
  translationsKey<View>(() => ({
    rest: (doc) => `${resource}/${doc.id}`,
    page: (context, doc) => permalink(context, base, doc.slug),
  }))
