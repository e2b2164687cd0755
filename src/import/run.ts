import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import type { ResolvedCalendarOptions } from '../options.js'
import { DEFAULT_LOCALE } from '../locales.js'
import { RESOURCES, type Resource } from './collections.js'
import { downloadImage } from './images.js'
import {
  eventData,
  imageUrlOf,
  LOCALIZED_FIELDS,
  modifiedStamp,
  organizerData,
  parentsFirst,
  RecordError,
  sourceKind,
  termData,
  venueData,
  type SourceKind,
  type SourceRecord,
} from './records.js'
import { Source, SourceError } from './source.js'

export type ImportSettings = {
  from: string
  header?: string
  language?: 'fr' | 'es'
  dryRun?: boolean
  prune?: boolean
  concurrency?: number
  /** The events' date window; the whole calendar by default. */
  startDate?: string
  endDate?: string
  perPage?: number
  /** Retries of a failed request (default 4) and the first backoff delay (default 500 ms). */
  retries?: number
  backoffMs?: number
}

export type Counts = { total: number | null; read: number; created: number; updated: number; unchanged: number; skipped: number; failed: number; pruned: number }
export type Failure = { resource: Resource | 'images'; sourceId: string; message: string }
export type ImportProgress = {
  phase: Resource | 'prune' | 'done'
  resources: Record<Resource, Counts>
  images: { downloaded: number; fallbacks: number }
  failures: Failure[]
}

export type ImportHooks = {
  /** Whom the records are written for (the author of what is created). */
  user?: Record<string, any> | null
  onProgress?: (progress: ImportProgress) => void
  /** Asked between pages and records; true stops the run. */
  cancelled?: () => Promise<boolean> | boolean
}

export class ImportCancelled extends Error {}

const emptyCounts = (): Counts => ({ total: null, read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, pruned: 0 })

/** The key a source site is mapped under: its root, without the language segment of a translated root. */
export function sourceKey(root: string, language?: string): string {
  const url = new URL(root)
  if (language) url.pathname = url.pathname.replace(new RegExp(`/${language}/`), '/')
  return url.toString()
}

type Mapping = { id: number | string; targetId: number; modified: string | null; translations: Record<string, string> | null }

type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped'

/**
 * Reads a v1 root and writes what it finds through the Local API: venues, organizers, categories
 * (parents first), tags, then events. Each record is written with its mapping in one transaction,
 * so a run killed at any point leaves no record without its mapping, and the next run goes on.
 */
export async function runImport(payload: Payload, settings: ImportSettings, options: ResolvedCalendarOptions, hooks: ImportHooks = {}): Promise<ImportProgress> {
  return new Importer(payload, settings, options, hooks).run()
}

class Importer {
  private readonly source: Source
  private readonly key: string
  private readonly kind: SourceKind
  private readonly locale: string
  private readonly mappings = new Map<string, Mapping>()
  private readonly inFlight = new Map<string, Promise<number | null>>()
  private readonly seen: Record<Resource, Set<string>> = { venues: new Set(), organizers: new Set(), categories: new Set(), tags: new Set(), events: new Set() }
  private readonly deferredParents: { sourceId: string; parent: string }[] = []
  private readonly limit: ReturnType<typeof pLimit>
  readonly progress: ImportProgress = {
    phase: 'venues',
    resources: Object.fromEntries(RESOURCES.map((r) => [r, emptyCounts()])) as Record<Resource, Counts>,
    images: { downloaded: 0, fallbacks: 0 },
    failures: [],
  }

  constructor(
    private readonly payload: Payload,
    private readonly settings: ImportSettings,
    private readonly options: ResolvedCalendarOptions,
    private readonly hooks: ImportHooks,
  ) {
    this.source = new Source({ root: settings.from, header: settings.header, timeoutMs: options.import.timeoutMs, retries: settings.retries, backoffMs: settings.backoffMs })
    this.key = sourceKey(this.source.root, settings.language)
    this.kind = sourceKind(this.source.root)
    this.locale = settings.language ?? DEFAULT_LOCALE
    this.limit = pLimit(Math.max(1, Math.min(16, settings.concurrency ?? options.import.concurrency)))
  }

  private get translating() {
    return Boolean(this.settings.language)
  }

  async run(): Promise<ImportProgress> {
    await this.loadMappings()
    const perPage = this.settings.perPage ?? 50
    const statuses = this.source.authenticated ? '&status=publish,future,draft,pending,private' : ''
    const window = `&start_date=${encodeURIComponent(this.settings.startDate ?? '1900-01-01')}&end_date=${encodeURIComponent(this.settings.endDate ?? '2199-12-31')}`
    const archives: Record<Resource, string> = {
      venues: `venues?per_page=${perPage}`,
      organizers: `organizers?per_page=${perPage}`,
      categories: `categories?per_page=${perPage}&hide_empty=false`,
      tags: `tags?per_page=${perPage}&hide_empty=false`,
      events: `events?per_page=${perPage}${window}${statuses}`,
    }
    const complete = new Set<Resource>()
    for (const resource of RESOURCES) {
      this.progress.phase = resource
      this.emit()
      if (await this.walk(resource, archives[resource])) complete.add(resource)
    }
    await this.linkDeferredParents()
    if (this.settings.prune && !this.translating) {
      this.progress.phase = 'prune'
      for (const resource of [...RESOURCES].reverse()) if (complete.has(resource)) await this.prune(resource)
    }
    this.progress.phase = 'done'
    this.emit()
    return this.progress
  }

  private emit() {
    this.hooks.onProgress?.(this.progress)
  }

  private async checkCancelled() {
    if (await this.hooks.cancelled?.()) throw new ImportCancelled('cancelled')
  }

  private fail(resource: Failure['resource'], sourceId: unknown, error: unknown) {
    const message = error instanceof Error ? error.message : String(error)
    this.progress.failures.push({ resource, sourceId: String(sourceId ?? ''), message: message.slice(0, 500) })
    if (resource !== 'images') this.progress.resources[resource].failed++
    this.emit()
  }

  private async loadMappings() {
    const { docs } = await this.payload.find({
      collection: this.options.import.mappingsSlug as 'events',
      where: { source: { equals: this.key } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    for (const doc of docs as any[]) {
      this.mappings.set(`${doc.resource}:${doc.sourceId}`, { id: doc.id, targetId: Number(doc.targetId), modified: doc.modified ?? null, translations: doc.translations ?? null })
    }
  }

  /** Reads an archive page by page; false when a page could not be read (then nothing is pruned). */
  private async walk(resource: Resource, first: string): Promise<boolean> {
    const counts = this.progress.resources[resource]
    try {
      for await (const { body } of this.source.pages(first)) {
        await this.checkCancelled()
        const total = Number(body?.total)
        if (Number.isFinite(total)) counts.total = total
        let records: SourceRecord[] = Array.isArray(body?.[resource]) ? body[resource] : []
        if (resource === 'categories') records = parentsFirst(records)
        counts.read += records.length
        if (resource === 'categories') {
          // Parents before children: one at a time.
          for (const record of records) await this.one(resource, record)
        } else {
          await Promise.all(records.map((record) => this.limit(() => this.one(resource, record))))
        }
        this.emit()
      }
      return true
    } catch (error) {
      if (error instanceof ImportCancelled) throw error
      this.fail(resource, '', error instanceof SourceError ? error : new SourceError(String((error as Error).message)))
      return false
    }
  }

  private async one(resource: Resource, record: SourceRecord) {
    await this.checkCancelled()
    const counts = this.progress.resources[resource]
    try {
      const outcome = await this.upsert(resource, record)
      counts[outcome]++
    } catch (error) {
      if (error instanceof ImportCancelled) throw error
      this.fail(resource, record?.id, error)
    }
    this.emit()
  }

  /** Writes one record unless the mapping says it is unchanged; links come first. */
  private async upsert(resource: Resource, record: SourceRecord): Promise<Outcome> {
    const sourceId = String(record?.id ?? '')
    if (!/^\w+$/.test(sourceId)) throw new RecordError('a record without an id')
    this.seen[resource].add(sourceId)
    const mapping = this.mappings.get(`${resource}:${sourceId}`)
    // Terms have no `modified`: their content stands for it.
    const modified = modifiedStamp(record) || contentStamp(record)
    if (this.translating) {
      if (!mapping) return 'skipped'
      if (mapping.translations?.[this.locale] === modified && (await this.exists(resource, mapping.targetId))) return 'unchanged'
      const data = this.localizedData(resource, record)
      if (this.settings.dryRun) return 'updated'
      await this.save(resource, sourceId, modified, data, mapping)
      return 'updated'
    }
    if (mapping && mapping.modified === modified && (await this.exists(resource, mapping.targetId))) return 'unchanged'
    const data = await this.fullData(resource, record)
    if (this.settings.dryRun) return mapping ? 'updated' : 'created'
    return this.save(resource, sourceId, modified, data, mapping)
  }

  private localizedData(resource: Resource, record: SourceRecord): Record<string, unknown> {
    const all = this.ownData(resource, record)
    return Object.fromEntries(LOCALIZED_FIELDS[resource].map((field) => [field, all[field]]))
  }

  private ownData(resource: Resource, record: SourceRecord): Record<string, unknown> {
    switch (resource) {
      case 'events':
        return eventData(record, this.kind, this.options.siteTimezone)
      case 'venues':
        return venueData(record, this.kind)
      case 'organizers':
        return organizerData(record, this.kind)
      default:
        return termData(record, this.kind)
    }
  }

  private async fullData(resource: Resource, record: SourceRecord): Promise<Record<string, unknown>> {
    const data = this.ownData(resource, record)
    if (resource === 'categories') {
      const parent = String(record.parent ?? '0')
      data.parent = parent !== '0' ? (this.mappings.get(`categories:${parent}`)?.targetId ?? null) : null
    }
    if (resource === 'events' || resource === 'venues' || resource === 'organizers') {
      if (this.hooks.user?.id !== undefined) data.author = this.hooks.user.id
      Object.assign(data, await this.image(record))
    }
    if (resource === 'events') {
      data.venue = record.venue && typeof record.venue === 'object' && !Array.isArray(record.venue) && record.venue.id ? await this.linked('venues', record.venue) : null
      const organizers = Array.isArray(record.organizer) ? record.organizer : []
      data.organizers = (await Promise.all(organizers.map((o: SourceRecord) => this.linked('organizers', o)))).filter((id): id is number => id !== null)
      for (const taxonomy of ['categories', 'tags'] as const) {
        const terms = Array.isArray(record[taxonomy]) ? record[taxonomy] : []
        data[taxonomy] = (await Promise.all(terms.map((t: SourceRecord) => this.linked(taxonomy, t)))).filter((id): id is number => id !== null)
      }
      const parent = Number(record.post_parent ?? 0)
      if (parent > 0) {
        const mapped = this.mappings.get(`events:${parent}`)
        if (mapped) data.parent = mapped.targetId
        else this.deferredParents.push({ sourceId: String(record.id), parent: String(parent) })
      } else data.parent = null
    }
    return data
  }

  /** Our id for a linked record (venue, organizer, term) embedded in an event, importing it if it is new. */
  private async linked(resource: Resource, record: SourceRecord): Promise<number | null> {
    const sourceId = String(record?.id ?? '')
    if (!sourceId || sourceId === '0') return null
    const key = `${resource}:${sourceId}`
    const mapped = this.mappings.get(key)
    if (mapped) return mapped.targetId
    if (this.settings.dryRun) return null
    let pending = this.inFlight.get(key)
    if (!pending) {
      pending = (async () => {
        const counts = this.progress.resources[resource]
        counts.read++
        try {
          counts[await this.upsert(resource, record)]++
        } catch (error) {
          this.fail(resource, sourceId, error)
        }
        return this.mappings.get(key)?.targetId ?? null
      })()
      this.inFlight.set(key, pending)
    }
    return pending
  }

  /** The image: downloaded into the upload collection once per URL, or kept as a URL reference. */
  private async image(record: SourceRecord): Promise<{ image: number | null; imageUrl: string | null }> {
    const url = imageUrlOf(record)
    if (!url) return { image: null, imageUrl: null }
    const key = `images:${url}`
    const mapped = this.mappings.get(key)
    if (mapped && (await this.exists('images', mapped.targetId))) return { image: mapped.targetId, imageUrl: null }
    if (this.settings.dryRun) return { image: null, imageUrl: url }
    let pending = this.inFlight.get(key)
    if (!pending) {
      pending = this.limit(() => this.downloadInto(url)).catch((error) => {
        this.progress.images.fallbacks++
        this.fail('images', url, error)
        return null
      })
      this.inFlight.set(key, pending)
    }
    const id = await pending
    return id === null ? { image: null, imageUrl: url } : { image: id, imageUrl: null }
  }

  private async downloadInto(url: string): Promise<number> {
    const sameSite = new URL(url).origin === new URL(this.source.root).origin
    const header = sameSite && this.settings.header ? this.settings.header : undefined
    const file = await downloadImage(url, {
      maxBytes: this.options.import.imageMaxBytes,
      timeoutMs: this.options.import.timeoutMs,
      headers: header ? { [header.slice(0, header.indexOf(':')).trim()]: header.slice(header.indexOf(':') + 1).trim() } : {},
    })
    const id = await this.inTransaction(async (req) => {
      const doc = await this.payload.create({
        collection: this.options.slugs.media as 'media',
        data: { alt: '', ...(this.hooks.user?.id !== undefined ? { author: this.hooks.user.id } : {}) } as never,
        file,
        req,
        overrideAccess: true,
        depth: 0,
      })
      await this.writeMapping(req, 'images', url, Number(doc.id), null, this.mappings.get(`images:${url}`))
      return Number(doc.id)
    })
    this.progress.images.downloaded++
    return id
  }

  private collectionOf(resource: Resource | 'images'): string {
    return resource === 'images' ? this.options.slugs.media : this.options.slugs[resource]
  }

  private async exists(resource: Resource | 'images', id: number): Promise<boolean> {
    const found = await this.payload.db.findOne({ collection: this.collectionOf(resource), where: { id: { equals: id } } })
    return Boolean(found)
  }

  private async inTransaction<T>(work: (req: PayloadRequest) => Promise<T>): Promise<T> {
    const req = await createLocalReq({ user: (this.hooks.user ?? undefined) as never, locale: this.locale, context: { calendarImport: true } }, this.payload)
    await initTransaction(req)
    try {
      const result = await work(req)
      await commitTransaction(req)
      return result
    } catch (error) {
      await killTransaction(req)
      throw error
    }
  }

  /** Creates or updates the record and its mapping together. */
  private async save(resource: Resource, sourceId: string, modified: string, data: Record<string, unknown>, mapping: Mapping | undefined): Promise<'created' | 'updated'> {
    const collection = this.collectionOf(resource) as 'events'
    const existing = mapping && (await this.exists(resource, mapping.targetId)) ? mapping.targetId : undefined
    const { targetId, outcome } = await this.inTransaction(async (req) => {
      if (existing !== undefined) {
        await this.payload.update({ collection, id: existing, data: data as never, req, overrideAccess: true, trash: true, depth: 0, locale: this.locale as 'en' })
        await this.writeMapping(req, resource, sourceId, existing, modified, mapping)
        return { targetId: existing, outcome: 'updated' as const }
      }
      const doc = await this.payload.create({ collection, data: data as never, req, overrideAccess: true, depth: 0, locale: this.locale as 'en' })
      await this.writeMapping(req, resource, sourceId, Number(doc.id), modified, mapping)
      return { targetId: Number(doc.id), outcome: 'created' as const }
    })
    void targetId
    return outcome
  }

  private async writeMapping(req: PayloadRequest, resource: Resource | 'images', sourceId: string, targetId: number, modified: string | null, mapping: Mapping | undefined) {
    const slug = this.options.import.mappingsSlug as 'events'
    const translations = this.translating ? { ...(mapping?.translations ?? {}), [this.locale]: modified ?? '' } : (mapping?.translations ?? null)
    const own = this.translating ? (mapping?.modified ?? null) : modified
    const data = { source: this.key, resource, sourceId, targetId, modified: own, translations }
    const doc = mapping
      ? await this.payload.update({ collection: slug, id: mapping.id, data: data as never, req, overrideAccess: true, depth: 0 })
      : await this.payload.create({ collection: slug, data: data as never, req, overrideAccess: true, depth: 0 })
    // Known to the rest of the run only once committed: the caller's transaction ends right after.
    this.mappings.set(`${resource}:${sourceId}`, { id: doc.id, targetId, modified: own, translations })
  }

  /** Parent events that came after their children. */
  private async linkDeferredParents() {
    for (const { sourceId, parent } of this.deferredParents) {
      const child = this.mappings.get(`events:${sourceId}`)
      const target = this.mappings.get(`events:${parent}`)
      if (!child || !target || this.settings.dryRun) continue
      try {
        await this.inTransaction((req) =>
          this.payload.update({ collection: this.options.slugs.events as 'events', id: child.targetId, data: { parent: target.targetId } as never, req, overrideAccess: true, trash: true, depth: 0 }),
        )
      } catch (error) {
        this.fail('events', sourceId, error)
      }
    }
  }

  /** Trashes (posts) or deletes (terms) what was imported from this source and is no longer there. */
  private async prune(resource: Resource) {
    const counts = this.progress.resources[resource]
    const gone = [...this.mappings.entries()].filter(([key]) => key.startsWith(`${resource}:`) && !this.seen[resource].has(key.slice(resource.length + 1)))
    for (const [key, mapping] of gone) {
      await this.checkCancelled()
      if (this.settings.dryRun) {
        counts.pruned++
        continue
      }
      const collection = this.collectionOf(resource) as 'events'
      try {
        await this.inTransaction(async (req) => {
          if (await this.exists(resource, mapping.targetId)) {
            if (resource === 'categories' || resource === 'tags') await this.payload.delete({ collection, id: mapping.targetId, req, overrideAccess: true })
            else await this.payload.update({ collection, id: mapping.targetId, data: { deletedAt: new Date().toISOString() } as never, req, overrideAccess: true, trash: true, depth: 0 })
          }
          await this.payload.delete({ collection: this.options.import.mappingsSlug as 'events', id: mapping.id, req, overrideAccess: true })
        })
        this.mappings.delete(key)
        counts.pruned++
      } catch (error) {
        this.fail(resource, key.slice(resource.length + 1), error)
      }
    }
  }
}

function contentStamp(record: SourceRecord): string {
  const { name, slug, description, parent } = record
  return 'content:' + createHash('sha1').update(JSON.stringify([name, slug, description, parent ?? 0])).digest('hex')
}
