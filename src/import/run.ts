import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../options.js'
import { DEFAULT_LOCALE } from '../locales.js'
import { RESOURCES, type Resource } from './collections.js'
import { downloadImage } from './images.js'
import {
  eventData,
  imageUrlOf,
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
import { MappedWriter } from './writer.js'

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

export type Counts = {
  total: number | null
  read: number
  created: number
  updated: number
  unchanged: number
  skipped: number
  failed: number
  pruned: number
}
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

const emptyCounts = (): Counts => ({
  total: null,
  read: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  pruned: 0,
})

/**
 * The key a source site is mapped under: its root, without the language segment of a translated
 * root.
 */
export function sourceKey(root: string, language?: string): string {
  const url = new URL(root)
  if (language) url.pathname = url.pathname.replace(new RegExp(`/${language}/`), '/')
  return url.toString()
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped'

/**
 * Reads a v1 root and writes what it finds through the Local API: venues, organizers, categories
 * (parents first), tags, then events. Each record is written with its mapping in one transaction,
 * so a run killed at any point leaves no record without its mapping, and the next run goes on.
 */
export async function runImport(
  payload: Payload,
  settings: ImportSettings,
  options: ResolvedCalendarOptions,
  hooks: ImportHooks = {},
): Promise<ImportProgress> {
  return new Importer(payload, settings, options, hooks).run()
}

class Importer {
  private readonly source: Source
  private readonly key: string
  private readonly kind: SourceKind
  private readonly locale: string
  private readonly writer: MappedWriter
  private readonly inFlight = new Map<string, Promise<number | null>>()
  private readonly seen: Record<Resource, Set<string>> = {
    venues: new Set(),
    organizers: new Set(),
    categories: new Set(),
    tags: new Set(),
    events: new Set(),
  }
  private readonly deferredParents: { sourceId: string; parent: string }[] = []
  private readonly limit: ReturnType<typeof pLimit>
  readonly progress: ImportProgress = {
    phase: 'venues',
    resources: Object.fromEntries(RESOURCES.map((r) => [r, emptyCounts()])) as Record<
      Resource,
      Counts
    >,
    images: { downloaded: 0, fallbacks: 0 },
    failures: [],
  }

  constructor(
    private readonly payload: Payload,
    private readonly settings: ImportSettings,
    private readonly options: ResolvedCalendarOptions,
    private readonly hooks: ImportHooks,
  ) {
    this.source = new Source({
      root: settings.from,
      header: settings.header,
      timeoutMs: options.import.timeoutMs,
      retries: settings.retries,
      backoffMs: settings.backoffMs,
    })
    this.key = sourceKey(this.source.root, settings.language)
    this.kind = sourceKind(this.source.root)
    this.locale = settings.language ?? DEFAULT_LOCALE
    this.writer = new MappedWriter(
      payload,
      options,
      this.key,
      this.locale,
      Boolean(settings.language),
      hooks.user,
    )
    this.limit = pLimit(
      Math.max(1, Math.min(16, settings.concurrency ?? options.import.concurrency)),
    )
  }

  private get translating() {
    return Boolean(this.settings.language)
  }

  async run(): Promise<ImportProgress> {
    await this.writer.load()
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
      for (const resource of [...RESOURCES].reverse())
        if (complete.has(resource)) await this.prune(resource)
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
    this.progress.failures.push({
      resource,
      sourceId: String(sourceId ?? ''),
      message: message.slice(0, 500),
    })
    if (resource !== 'images') this.progress.resources[resource].failed++
    this.emit()
  }

  /**
   * Reads an archive page by page; false when a page could not be read (then nothing is pruned).
   */
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
      this.fail(
        resource,
        '',
        error instanceof SourceError ? error : new SourceError(String((error as Error).message)),
      )
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
    const mapping = this.writer.get(resource, sourceId)
    // Terms have no `modified`: their content stands for it.
    const modified = modifiedStamp(record) || contentStamp(record)
    if (this.translating) {
      if (!mapping) return 'skipped'
      if (
        mapping.translations?.[this.locale] === modified &&
        (await this.writer.exists(resource, mapping.targetId))
      )
        return 'unchanged'
      const data = this.localizedData(resource, record)
      if (this.settings.dryRun) return 'updated'
      await this.writer.save(resource, sourceId, modified, data)
      return 'updated'
    }
    if (
      mapping &&
      mapping.modified === modified &&
      (await this.writer.exists(resource, mapping.targetId))
    )
      return 'unchanged'
    const data = await this.fullData(resource, record)
    if (this.settings.dryRun) return mapping ? 'updated' : 'created'
    return this.writer.save(resource, sourceId, modified, data)
  }

  private localizedData(resource: Resource, record: SourceRecord): Record<string, unknown> {
    const localized = this.writer.localizedFields(resource)
    return Object.fromEntries(
      Object.entries(this.ownData(resource, record)).filter(([field]) => localized.has(field)),
    )
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

  private async fullData(
    resource: Resource,
    record: SourceRecord,
  ): Promise<Record<string, unknown>> {
    const data = this.ownData(resource, record)
    if (resource === 'categories') {
      const parent = String(record.parent ?? '0')
      data.parent =
        parent !== '0' ? (this.writer.get('categories', parent)?.targetId ?? null) : null
    }
    if (resource === 'events' || resource === 'venues' || resource === 'organizers') {
      if (this.hooks.user?.id !== undefined) data.author = this.hooks.user.id
      Object.assign(data, await this.image(record))
    }
    if (resource === 'events') {
      data.venue =
        record.venue &&
        typeof record.venue === 'object' &&
        !Array.isArray(record.venue) &&
        record.venue.id
          ? await this.linked('venues', record.venue)
          : null
      const organizers = Array.isArray(record.organizer) ? record.organizer : []
      data.organizers = (
        await Promise.all(organizers.map((o: SourceRecord) => this.linked('organizers', o)))
      ).filter((id): id is number => id !== null)
      for (const taxonomy of ['categories', 'tags'] as const) {
        const terms = Array.isArray(record[taxonomy]) ? record[taxonomy] : []
        data[taxonomy] = (
          await Promise.all(terms.map((t: SourceRecord) => this.linked(taxonomy, t)))
        ).filter((id): id is number => id !== null)
      }
      const parent = Number(record.post_parent ?? 0)
      if (parent > 0) {
        const mapped = this.writer.get('events', String(parent))
        if (mapped) data.parent = mapped.targetId
        else this.deferredParents.push({ sourceId: String(record.id), parent: String(parent) })
      } else data.parent = null
    }
    return data
  }

  /**
   * Our id for a linked record (venue, organizer, term) embedded in an event, importing it if it is
   * new.
   */
  private async linked(resource: Resource, record: SourceRecord): Promise<number | null> {
    const sourceId = String(record?.id ?? '')
    if (!sourceId || sourceId === '0') return null
    const key = `${resource}:${sourceId}`
    const mapped = this.writer.mappings.get(key)
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
        return this.writer.mappings.get(key)?.targetId ?? null
      })()
      this.inFlight.set(key, pending)
    }
    return pending
  }

  /** The image: downloaded into the upload collection once per URL, or kept as a URL reference. */
  private async image(
    record: SourceRecord,
  ): Promise<{ image: number | null; imageUrl: string | null }> {
    const url = imageUrlOf(record)
    if (!url) return { image: null, imageUrl: null }
    const key = `images:${url}`
    const mapped = this.writer.mappings.get(key)
    if (mapped && (await this.writer.exists('images', mapped.targetId)))
      return { image: mapped.targetId, imageUrl: null }
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
      headers: header
        ? {
            [header.slice(0, header.indexOf(':')).trim()]: header
              .slice(header.indexOf(':') + 1)
              .trim(),
          }
        : {},
    })
    const id = await this.writer.inTransaction(async (req) => {
      const doc = await this.payload.create({
        collection: this.options.slugs.media as 'media',
        data: {
          alt: '',
          ...(this.hooks.user?.id !== undefined ? { author: this.hooks.user.id } : {}),
        } as never,
        file,
        req,
        overrideAccess: true,
        depth: 0,
      })
      await this.writer.writeMapping(req, 'images', url, Number(doc.id), null)
      return Number(doc.id)
    })
    this.progress.images.downloaded++
    return id
  }

  /** Parent events that came after their children. */
  private async linkDeferredParents() {
    for (const { sourceId, parent } of this.deferredParents) {
      const child = this.writer.get('events', sourceId)
      const target = this.writer.get('events', parent)
      if (!child || !target || this.settings.dryRun) continue
      try {
        await this.writer.inTransaction((req) =>
          this.payload.update({
            collection: this.options.slugs.events as 'events',
            id: child.targetId,
            data: { parent: target.targetId } as never,
            req,
            overrideAccess: true,
            trash: true,
            depth: 0,
          }),
        )
      } catch (error) {
        this.fail('events', sourceId, error)
      }
    }
  }

  /**
   * Trashes (posts) or deletes (terms) what was imported from this source and is no longer there.
   */
  private async prune(resource: Resource) {
    const counts = this.progress.resources[resource]
    const gone = [...this.writer.mappings.keys()]
      .filter((key) => key.startsWith(`${resource}:`))
      .map((key) => key.slice(resource.length + 1))
      .filter((id) => !this.seen[resource].has(id))
    for (const sourceId of gone) {
      await this.checkCancelled()
      try {
        if (!this.settings.dryRun) await this.writer.remove(resource, sourceId)
        counts.pruned++
      } catch (error) {
        this.fail(resource, sourceId, error)
      }
    }
  }
}

function contentStamp(record: SourceRecord): string {
  const { name, slug, description, parent } = record
  return (
    'content:' +
    createHash('sha1')
      .update(JSON.stringify([name, slug, description, parent ?? 0]))
      .digest('hex')
  )
}
