import pLimit from 'p-limit'
import {
  commitTransaction,
  createLocalReq,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type TypedUser,
} from 'payload'
import { beginCalendarTransaction } from '../../core/database/index.js'
import type { CalImportMapping } from '../../core/documents.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { Resource } from './collections.js'

export type Mapping = {
  id: number | string
  targetId: number
  modified: string | null
  translations: Record<string, string> | null
  recurrence?: string | null
}

export type MappedResource = Resource | 'images'

/**
 * A record to write: its source id, the stamp its mapping keeps, its data, and an iCalendar
 * series' rule.
 */
export type Write = {
  sourceId: string
  modified: string
  data: Record<string, unknown>
  recurrence?: string | null
}

export type Outcome = 'created' | 'updated'

/**
 * Records written in one transaction by `saveMany`. Measured with `npm run bench:import`
 * (docs/benchmark.md, "Import in batches"): 10, 25 and 50 ran within the noise of each other and
 * about 1.7× one record per transaction; the smaller, the shorter other writers (editors, the
 * API) wait for the write turn a batch holds.
 */
export const IMPORT_BATCH = 25

/**
 * The most transactions an import holds open at once. Writes take turns anyway (SQLite's one
 * writer, PostgreSQL's advisory lock: core/database/), so more would only wait; and on PostgreSQL
 * each open transaction holds a connection of the pool (10 by default): with 16 records and 16
 * images each in a transaction waiting for its turn, a read outside them found no connection left,
 * and the transaction holding the turn could wait on it forever.
 */
const OPEN_TRANSACTIONS = 4

/**
 * Writes records of one source through the Local API, each with its mapping (source + resource +
 * source id → our id) in one transaction: a run killed at any point leaves no record without its
 * mapping, so the next run neither duplicates nor skips it.
 */
export class MappedWriter {
  readonly mappings = new Map<string, Mapping>()
  private readonly transactions = pLimit(OPEN_TRANSACTIONS)

  constructor(
    private readonly payload: Payload,
    private readonly options: ResolvedCalendarOptions,
    /** The source's key in the mapping. */
    readonly key: string,
    /** The language written; another than the default updates translations only. */
    readonly locale: string,
    readonly translating: boolean,
    private readonly user: TypedUser | null | undefined,
  ) {}

  /** What a mapping says was last written in this writer's language. */
  writtenStamp(mapping: Mapping): string | null | undefined {
    return this.translating ? mapping.translations?.[this.locale] : mapping.modified
  }

  get(resource: MappedResource, sourceId: string): Mapping | undefined {
    return this.mappings.get(`${resource}:${sourceId}`)
  }

  async load() {
    const { docs } = await this.payload.find({
      collection: this.options.import.mappingsSlug,
      where: { source: { equals: this.key } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs as CalImportMapping[]) {
      this.mappings.set(`${doc.resource}:${doc.sourceId}`, {
        id: doc.id,
        targetId: Number(doc.targetId),
        modified: doc.modified ?? null,
        // A json field: what this writer stored there, each language's modified stamp.
        translations: (doc.translations as Record<string, string> | null | undefined) ?? null,
        recurrence: doc.recurrence ?? null,
      })
    }
  }

  collectionOf(resource: MappedResource): string {
    return resource === 'images' ? this.options.slugs.media : this.options.slugs[resource]
  }

  /**
   * The collection's fields that are stored per language, as its config says (what `--language`
   * writes).
   */
  localizedFields(resource: MappedResource): Set<string> {
    const fields = this.payload.collections[this.collectionOf(resource)].config.flattenedFields
    return new Set(
      fields.flatMap((field) => ('localized' in field && field.localized ? [field.name] : [])),
    )
  }

  async exists(resource: MappedResource, id: number): Promise<boolean> {
    return (await this.stored(resource, [id])).has(id)
  }

  /** Runs `work` in a transaction of its own (they never nest, so the slot cannot deadlock). */
  inTransaction<T>(work: (req: PayloadRequest) => Promise<T>): Promise<T> {
    return this.transactions(() => this.transaction(work))
  }

  private async transaction<T>(work: (req: PayloadRequest) => Promise<T>): Promise<T> {
    const req = await createLocalReq(
      {
        user: this.user ?? undefined,
        locale: this.locale,
        context: { calendarImport: true },
      },
      this.payload,
    )
    await beginCalendarTransaction(req)
    try {
      const result = await work(req)
      await commitTransaction(req)
      return result
    } catch (error) {
      await killTransaction(req)
      throw error
    }
  }

  /** Of these ids of a resource's records, those that are still stored: one query. */
  async stored(resource: MappedResource, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const { docs } = await this.payload.db.find({
      collection: this.collectionOf(resource),
      where: { id: { in: ids } },
      limit: ids.length,
      pagination: false,
      select: { id: true },
    })
    return new Set(docs.map((doc) => Number(doc.id)))
  }

  /** `stored` for the targets these source records are mapped to (the unmapped have none). */
  storedTargets(resource: MappedResource, sourceIds: string[]): Promise<Set<number>> {
    return this.stored(
      resource,
      sourceIds.flatMap((sourceId) => {
        const mapping = this.get(resource, sourceId)
        return mapping ? [mapping.targetId] : []
      }),
    )
  }

  /**
   * Writes records of one resource, each with its mapping, `IMPORT_BATCH` to a transaction (one
   * commit, one write turn for all of them). When a batch fails, it is written again one record
   * per transaction, so that a record the app refuses fails alone and the others land. Each
   * write's outcome, or its error, in the order given. `existing`: which of the writes' mapped
   * targets are stored, when the caller knows (`storedTargets`).
   */
  async saveMany(
    resource: Resource,
    writes: Write[],
    existing?: Set<number>,
  ): Promise<(Outcome | Error)[]> {
    const present =
      existing ??
      (await this.storedTargets(
        resource,
        writes.map(({ sourceId }) => sourceId),
      ))
    const outcomes: (Outcome | Error)[] = []
    const alone = (write: Write) =>
      this.saveOne(resource, write, present).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      )
    for (let start = 0; start < writes.length; start += IMPORT_BATCH) {
      const batch = writes.slice(start, start + IMPORT_BATCH)
      const before = batch.map(({ sourceId }) => this.get(resource, sourceId))
      const done: Outcome[] = []
      let atomic = false
      try {
        await this.inTransaction(async (req) => {
          atomic = Boolean(await req.transactionID)
          for (const write of batch) done.push(await this.write(req, resource, write, present))
        })
        outcomes.push(...done)
      } catch (error) {
        if (atomic) {
          // Rolled back: nothing of the batch is stored, its mappings included.
          batch.forEach(({ sourceId }, index) => {
            const key = `${resource}:${sourceId}`
            const mapping = before[index]
            if (mapping) this.mappings.set(key, mapping)
            else this.mappings.delete(key)
          })
          for (const write of batch) outcomes.push(await alone(write))
        } else {
          // A store without transactions (the generic one) keeps what was written before the
          // failure; the failed record may be half-written, so it is not written again.
          outcomes.push(...done, error instanceof Error ? error : new Error(String(error)))
          for (const write of batch.slice(done.length + 1)) outcomes.push(await alone(write))
        }
      }
    }
    return outcomes
  }

  /** Creates or updates the record and its mapping together. */
  async save(
    resource: Resource,
    sourceId: string,
    modified: string,
    data: Record<string, unknown>,
    extra: { recurrence?: string | null } = {},
  ): Promise<Outcome> {
    const existing = await this.storedTargets(resource, [sourceId])
    return this.saveOne(resource, { sourceId, modified, data, ...extra }, existing)
  }

  /** One record and its mapping in a transaction; `existing` as `saveMany` takes it. */
  saveOne(resource: Resource, write: Write, existing: Set<number>): Promise<Outcome> {
    return this.inTransaction((req) => this.write(req, resource, write, existing))
  }

  /** The record (updated when its mapped target is among `existing`) and its mapping. */
  private async write(
    req: PayloadRequest,
    resource: Resource,
    { sourceId, modified, data, recurrence }: Write,
    existing: Set<number>,
  ): Promise<Outcome> {
    const collection = this.collectionOf(resource)
    const mapped = this.get(resource, sourceId)?.targetId
    const extra = recurrence !== undefined ? { recurrence } : {}
    if (mapped !== undefined && existing.has(mapped)) {
      await this.payload.update({
        collection,
        id: mapped,
        data,
        req,
        overrideAccess: true,
        trash: true,
        depth: 0,
        locale: this.locale as 'en',
      })
      await this.writeMapping(req, resource, sourceId, mapped, modified, extra)
      return 'updated'
    }
    const doc = await this.payload.create({
      collection,
      data,
      req,
      overrideAccess: true,
      depth: 0,
      locale: this.locale as 'en',
    })
    await this.writeMapping(req, resource, sourceId, Number(doc.id), modified, extra)
    return 'created'
  }

  async writeMapping(
    req: PayloadRequest,
    resource: MappedResource,
    sourceId: string,
    targetId: number,
    modified: string | null,
    extra: { recurrence?: string | null } = {},
  ) {
    const mapping = this.get(resource, sourceId)
    const slug = this.options.import.mappingsSlug
    const translations = this.translating
      ? { ...(mapping?.translations ?? {}), [this.locale]: modified ?? '' }
      : (mapping?.translations ?? null)
    const own = this.translating ? (mapping?.modified ?? null) : modified
    const recurrence =
      extra.recurrence !== undefined ? extra.recurrence : (mapping?.recurrence ?? null)
    const data = {
      source: this.key,
      resource,
      sourceId,
      targetId,
      modified: own,
      translations,
      recurrence,
    }
    const doc = mapping
      ? await this.payload.update({
          collection: slug,
          id: mapping.id,
          data,
          req,
          overrideAccess: true,
          depth: 0,
        })
      : await this.payload.create({ collection: slug, data, req, overrideAccess: true, depth: 0 })
    // Known to the rest of the run at once: the caller's transaction ends right after.
    this.mappings.set(`${resource}:${sourceId}`, {
      id: doc.id,
      targetId,
      modified: own,
      translations,
      recurrence,
    })
  }

  /** Trashes (posts) or deletes (terms) a mapped record, and forgets its mapping. */
  async remove(resource: Resource, sourceId: string) {
    const mapping = this.get(resource, sourceId)
    if (!mapping) return
    const collection = this.collectionOf(resource)
    await this.inTransaction(async (req) => {
      if (await this.exists(resource, mapping.targetId)) {
        if (resource === 'categories' || resource === 'tags')
          await this.payload.delete({ collection, id: mapping.targetId, req, overrideAccess: true })
        else
          await this.payload.update({
            collection,
            id: mapping.targetId,
            data: { deletedAt: new Date().toISOString() },
            req,
            overrideAccess: true,
            trash: true,
            depth: 0,
          })
      }
      await this.payload.delete({
        collection: this.options.import.mappingsSlug,
        id: mapping.id,
        req,
        overrideAccess: true,
      })
    })
    this.mappings.delete(`${resource}:${sourceId}`)
  }
}
