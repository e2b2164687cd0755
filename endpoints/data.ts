import {
  combineQueries,
  executeAccess,
  type CollectionSlug,
  type Payload,
  type PayloadRequest,
  type SelectType,
  type Sort,
  type Where,
} from 'payload'
import { guardQuery } from '../collections/hooks/queryGuard.js'
import { calendarStore, type FormsLookup, type PageIds } from '../core/database/index.js'
import { yieldToLoop } from '../core/lib/yieldToLoop.js'
import type { LocaleCode } from '../core/locales.js'
import type {
  Event,
  EventCategory,
  EventTag,
  Media,
  Organizer,
  User,
  Venue,
} from '../core/documents.js'
import type { CalendarCollectionKey, ResolvedCalendarOptions } from '../core/options.js'

/**
 * A stored document of any calendar collection as the Local API returns it at depth 0, for the
 * record builders and operations that serve several collections. Loose for now: the data layer
 * returns each collection's own type (`StoredDoc`), but the records, views and writes still read
 * fields by name from this one, and the database seam's files (#39 item 1) take documents as
 * loose records; they move to the document types of core/documents.ts together.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- until #39's records move, above
export type Doc = Record<string, any> & { id: number }

/**
 * The stored documents of each collection, by its key in the options: the calendar's, and the
 * app's users as far as the plugin knows them (core/documents.ts, generated from the plugin alone).
 */
type Stored = {
  events: Event
  venues: Venue
  organizers: Organizer
  categories: EventCategory
  tags: EventTag
  media: Media
  users: User
}

/** The collections handlers use, by their key in the options. */
export type DataKey = CalendarCollectionKey | 'users'

/** A document of that collection at depth 0 (relationships are ids). */
export type StoredDoc<K extends DataKey> = Stored[K]

/**
 * Whose view a query takes. `caller`: the collection's access rules for the request's user, as
 * Payload's REST applies them. `everything`: past access, for lookups whose results decide error
 * codes (does it exist at all?) or feed a check; what a response shows only for the venues and
 * organizers that events the caller reads show whatever their status (forms/load.ts).
 */
export type Sight = 'caller' | 'everything'

/** Records a read of a whole collection takes per query (`allInSlices`): about 20 ms of Payload. */
const ALL_SLICE = 50

type Reading = {
  where?: Where
  sort?: Sort
  select?: SelectType
  /** Include trashed records. */
  trash?: boolean
  sight?: Sight
}

export type PageQuery = Reading & { limit: number; page?: number; count?: boolean }

type Writing = { sight?: Sight; trash?: boolean }

/**
 * The one way handlers reach the database: Payload's Local API with the caller's request, the
 * content language and depth 0 set once, access control on unless a call says it looks at
 * everything. Collections are named by their option key, so renamed slugs need no cast anywhere.
 */
export type Data = ReturnType<typeof dataLayer>

export function dataLayer(
  payload: Payload,
  req: PayloadRequest,
  lang: LocaleCode,
  options: ResolvedCalendarOptions,
) {
  const slug = (key: DataKey) =>
    (key === 'users' ? options.usersSlug : options.slugs[key]) as CollectionSlug
  const base = (key: DataKey, sight: Sight = 'caller') => ({
    collection: slug(key),
    req,
    depth: 0,
    overrideAccess: sight === 'everything',
  })

  /** Payload's `find` of the collection's records at depth 0 in the content language. */
  const find = async <K extends DataKey>(
    key: K,
    { sight, ...query }: Reading & { limit?: number; page?: number; pagination?: boolean },
  ) => {
    const result = await payload.find({ ...base(key, sight), ...query, locale: lang })
    return { docs: result.docs as StoredDoc<K>[], totalDocs: result.totalDocs }
  }

  /**
   * `where` and the collection's read access for the caller, as Payload's `find` applies it, and
   * the trash left out unless `trash`; null when the caller may read none of it.
   */
  const readableWhere = async (key: DataKey, where?: Where, trash = false) => {
    const collection = payload.collections[slug(key)].config
    const access = await executeAccess({ req, disableErrors: true }, collection.access.read)
    if (access === false) return null
    const readable = combineQueries(where ?? {}, access)
    return collection.trash && !trash
      ? { and: [readable, { deletedAt: { exists: false } }] }
      : readable
  }

  /** `readableWhere` of a query from a caller, its paths checked first (queryGuard.ts). */
  const guardedReadable = (key: DataKey, where?: Where, trash = false) => {
    guardQuery({ req, where }, payload.collections[slug(key)].config.flattenedFields)
    return readableWhere(key, where, trash)
  }

  return {
    slug,

    /**
     * What `where` matches of the collection for the caller, as conditions for the adapter
     * itself (guarded as every query is): see `readableWhere`. For aggregates over the ids the
     * caller may read (endpoints/events/facetTally.ts).
     */
    async readable(key: DataKey, { where, trash }: Pick<Reading, 'where' | 'trash'>) {
      return guardedReadable(key, where, trash)
    },

    /** One page of records: the docs, and the count unless `count: false`. */
    async page<K extends DataKey>(
      key: K,
      { where, sort, select, trash, sight, limit, page = 1, count = true }: PageQuery,
    ) {
      return find(key, { where, sort, select, trash, sight, limit, page, pagination: count })
    },

    /** Every record that matches (with `select`, only the fields it names are there). */
    async all<K extends DataKey>(
      key: K,
      { where, sort, select, trash, sight }: Reading = {},
    ): Promise<StoredDoc<K>[]> {
      return (await find(key, { where, sort, select, trash, sight, pagination: false })).docs
    },

    /**
     * Every record that matches, read ALL_SLICE at a time in the order of their ids, with the event
     * loop's turn between two reads: for reads of a whole calendar, where one `find` held every
     * other request while Payload read and shaped thousands of documents.
     */
    async allInSlices<K extends DataKey>(
      key: K,
      { where, select, trash, sight }: Omit<Reading, 'sort'> = {},
    ): Promise<StoredDoc<K>[]> {
      const docs: StoredDoc<K>[] = []
      let after: number | string | null = null
      for (;;) {
        const past: Where | null = after === null ? null : { id: { greater_than: after } }
        const { docs: slice } = await find(key, {
          where: past && where ? { and: [where, past] } : (past ?? where),
          sort: 'id',
          select,
          trash,
          sight,
          limit: ALL_SLICE,
          pagination: false,
        })
        docs.push(...slice)
        if (slice.length < ALL_SLICE) return docs
        after = slice[slice.length - 1].id as number | string
        await yieldToLoop()
      }
    },

    /** The first record that matches, or null. */
    async one<K extends DataKey>(
      key: K,
      where: Where,
      { trash, sight, select }: Omit<Reading, 'where' | 'sort'> = {},
    ): Promise<StoredDoc<K> | null> {
      const { docs } = await find(key, { where, select, trash, sight, limit: 1, pagination: false })
      return docs[0] ?? null
    },

    /**
     * How many records match for the caller: with the caller's sight, the store counts what
     * `readableWhere` gives in a statement prepared once per shape (core/database/sqlPageIds.ts),
     * else (a caller who may read none of it included) Payload's `count`.
     */
    async count(
      key: DataKey,
      { where, trash, sight }: Omit<Reading, 'sort' | 'select'> = {},
    ): Promise<number> {
      if (sight !== 'everything' && !req.transactionID) {
        const readable = await guardedReadable(key, where, trash)
        const total =
          readable &&
          (await calendarStore(payload).total(payload, req, {
            slug: slug(key),
            where: readable,
            locale: lang,
          }))
        if (typeof total === 'number') return total
      }
      return (await payload.count({ ...base(key, sight), where, trash, locale: lang })).totalDocs
    },

    /**
     * The ids of one page, from the adapter itself: the collection's read access for the caller
     * (as Payload's `find` applies it), the trash left out, the query guard's checks, and no
     * hooks, which ids do not need. Reads with kept forms (endpoints/forms/forms.ts) take only
     * this and the forms; Payload's `find` costs three times as much for the same ids, most of it
     * checking the query's paths, which are ours. With `forms`, the kept forms of the page come
     * in the same query when the store can (core/database/sqlPageIds.ts), else `forms` is null.
     * With `firstSorted`, each row's stored value of the order's first column comes too.
     */
    async pageIds(
      key: DataKey,
      {
        where,
        sort,
        limit,
        page = 1,
        firstSorted = false,
      }: Pick<PageQuery, 'where' | 'sort' | 'limit' | 'page'> & { firstSorted?: boolean },
      forms?: FormsLookup,
    ): Promise<PageIds> {
      const collection = payload.collections[slug(key)].config
      guardQuery({ req, where, sort, page, limit }, collection.flattenedFields)
      const readable = await readableWhere(key, where)
      if (readable === null) return { ids: [], forms: null }
      const query = { where: readable, sort: typeof sort === 'string' ? [sort] : sort }
      const order = query.sort ?? collection.defaultSort ?? []
      const found = await calendarStore(payload).pageIds(payload, req, {
        slug: slug(key),
        where: query.where,
        sort: order,
        limit,
        page,
        locale: lang,
        ...(forms ? { forms } : {}),
        ...(firstSorted ? { firstSorted } : {}),
      })
      if (found) return found
      const first = firstSorted ? String([order].flat()[0] ?? 'id').replace(/^-/, '') : null
      const { docs } = await payload.db.find<Record<string, unknown> & { id: number }>({
        collection: slug(key),
        ...query,
        limit,
        page,
        pagination: false,
        select: { id: true, ...(first ? { [first]: true } : {}) },
        locale: lang,
        req,
      })
      const ids = docs.map((doc) => doc.id)
      if (!first) return { ids, forms: null }
      return { ids, forms: null, sorted: new Map(docs.map((doc) => [doc.id, doc[first]])) }
    },

    /**
     * One record's fields named by `select`, from the adapter itself, past access and trash
     * included: what decides whether a caller reads it (endpoints/events/single.ts).
     */
    async peek<K extends DataKey>(
      key: K,
      where: Where,
      select: SelectType,
    ): Promise<StoredDoc<K> | null> {
      const collection = payload.collections[slug(key)].config
      guardQuery({ req, where }, collection.flattenedFields)
      return (await payload.db.findOne({
        collection: slug(key),
        where,
        select,
        locale: lang,
        req,
      } as Parameters<Payload['db']['findOne']>[0])) as StoredDoc<K> | null
    },

    /** Every record that matches with the fields `select` names, from the adapter, past access. */
    async peekAll<K extends DataKey>(
      key: K,
      where: Where,
      select: SelectType,
    ): Promise<StoredDoc<K>[]> {
      const collection = payload.collections[slug(key)].config
      guardQuery({ req, where }, collection.flattenedFields)
      const { docs } = await payload.db.find({
        collection: slug(key),
        where,
        select,
        pagination: false,
        limit: 0,
        locale: lang,
        req,
      })
      return docs as StoredDoc<K>[]
    },

    /** The distinct values of one field among the records that match. */
    async distinct(
      key: DataKey,
      field: string,
      { where, sight, trash }: Pick<Reading, 'where' | 'sight' | 'trash'> = {},
    ): Promise<Record<string, unknown>[]> {
      const { values } = await payload.findDistinct({
        ...base(key, sight),
        field,
        where,
        trash,
        limit: 0,
      } as Parameters<Payload['findDistinct']>[0])
      return values as Record<string, unknown>[]
    },

    async create<K extends DataKey>(
      key: K,
      data: Record<string, unknown>,
      { sight }: Writing = {},
    ): Promise<StoredDoc<K>> {
      return (await payload.create({
        ...base(key, sight),
        data,
        locale: lang,
      })) as StoredDoc<K>
    },

    async update<K extends DataKey>(
      key: K,
      id: number,
      data: Record<string, unknown>,
      { sight, trash = true }: Writing = {},
    ): Promise<StoredDoc<K>> {
      return (await payload.update({
        ...base(key, sight),
        id,
        data,
        trash,
        locale: lang,
      })) as StoredDoc<K>
    },

    /** Deletes for good; `trash: true` reaches a record in the trash too. */
    async remove(key: DataKey, id: number, { trash }: Pick<Writing, 'trash'> = {}): Promise<void> {
      await payload.delete({ ...base(key), id, trash })
    },
  }
}
