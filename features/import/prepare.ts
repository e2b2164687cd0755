import { createHash } from 'node:crypto'
import type pLimit from 'p-limit'
import type { Got } from 'got'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { Claims, FailRecord, Outcome } from './claims.js'
import type { Resource } from './collections.js'
import { eventData } from './eventData.js'
import { downloadImage } from './images.js'
import { addAdjustment, type ImportHooks, type ImportProgress } from './progress.js'
import { imageUrlOf, linkOf, linksOf } from './recordLinks.js'
import { organizerData, termData, venueData } from './records.js'
import { parseHeader, type Source } from './source.js'
import { storedFields } from './storedFields.js'
import {
  modifiedStamp,
  newContext,
  type RecordContext,
  type SourceKind,
  type SourceRecord,
} from './values.js'
import type { MappedWriter, Write } from './writer.js'

/** A record's preparation: nothing to write (and why), or what to write. */
export type Prepared = { outcome: Outcome } | { write: Write; adjusted: () => void }

/** What a record's preparation takes of its run (the `Importer`, run.ts). */
export type RunParts = {
  payload: Payload
  options: ResolvedCalendarOptions
  source: Source
  /** The image downloads' client. */
  client: Got
  writer: MappedWriter
  kind: SourceKind
  progress: ImportProgress
  claims: Claims
  /** The image downloads' limiter, apart from the records' (`runImport`, run.ts). */
  images: ReturnType<typeof pLimit>
  user: ImportHooks['user']
  header?: string
  dryRun?: boolean
  translating: boolean
  failRecord: FailRecord
  /** Our id of a linked record once it is written (`Importer.settle`). */
  settle: (resource: Resource, record: SourceRecord, linked: boolean) => Promise<number | null>
}

/**
 * The data of a run's records: each record's own fields, its links (the records it links to
 * settled first) and its image (downloaded once per URL), and the parent events linked last.
 */
export class RecordPreparer {
  private readonly deferredParents: { sourceId: string; parent: string }[] = []
  private readonly maxLength: number

  constructor(private readonly run: RunParts) {
    this.maxLength =
      (run.payload.config as { defaultMaxTextLength?: number }).defaultMaxTextLength ?? 40_000
  }

  /**
   * What a record needs: nothing (unchanged, skipped, or a dry run's outcome), or a write of this
   * data. `stored`: which of the resource's mapped targets are still in the database.
   */
  async prepare(
    resource: Resource,
    given: SourceRecord,
    linked: boolean,
    stored: Set<number>,
  ): Promise<Prepared> {
    const sourceId = String(given.id)
    const context = newContext(this.maxLength)
    let record = given
    if (record.status === 'trash') {
      // A record in the source's trash is not brought over, unless an event still shows it (the
      // source embeds a trashed venue or organizer in the events linked to it): then it comes as
      // a draft, so that the event keeps it and the public does not see it on its own.
      if (!linked) return { outcome: 'skipped' }
      record = { ...record, status: 'draft' }
      context.notes.push('in the trash at the source, but an event shows it: imported as a draft')
    }
    const mapping = this.run.writer.get(resource, sourceId)
    // Terms have no `modified`: their content stands for it.
    const modified = modifiedStamp(record) || contentStamp(record)
    const adjusted = () => {
      if (context.notes.length > 0)
        addAdjustment(this.run.progress, { resource, sourceId, notes: context.notes })
    }
    if (resource === 'events') this.seeLinks(record)
    const present = mapping !== undefined && stored.has(mapping.targetId)
    if (this.run.translating) {
      if (!mapping) return { outcome: 'skipped' }
      if (present && this.run.writer.writtenStamp(mapping) === modified)
        return { outcome: 'unchanged' }
      const data = this.localizedData(resource, record, context)
      if (this.run.dryRun) {
        adjusted()
        return { outcome: 'updated' }
      }
      return { write: { sourceId, modified, data }, adjusted }
    }
    if (present && mapping.modified === modified) return { outcome: 'unchanged' }
    const data = await this.fullData(resource, record, context)
    if (this.run.dryRun) {
      adjusted()
      return { outcome: mapping ? 'updated' : 'created' }
    }
    return { write: { sourceId, modified, data }, adjusted }
  }

  private localizedData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Record<string, unknown> {
    const localized = this.run.writer.localizedFields(resource)
    return Object.fromEntries(
      Object.entries(this.ownData(resource, record, context)).filter(([field]) =>
        localized.has(field),
      ),
    )
  }

  private ownData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Record<string, unknown> {
    switch (resource) {
      case 'events':
        return eventData(record, this.run.kind, this.run.options.siteTimezone, context)
      case 'venues':
        return venueData(record, this.run.kind, context)
      case 'organizers':
        return organizerData(record, this.run.kind, context)
      default:
        return termData(record, this.run.kind, context)
    }
  }

  private async fullData(
    resource: Resource,
    record: SourceRecord,
    context: RecordContext,
  ): Promise<Record<string, unknown>> {
    const data = this.ownData(resource, record, context)
    // Links by their wire keys, stored where the tables say (ids here are ours, through the
    // mappings).
    const links: Record<string, unknown> = {}
    if (resource === 'categories') {
      const parent = String(record.parent ?? '0') || '0'
      const mapped = parent !== '0' ? this.run.writer.get('categories', parent) : undefined
      if (parent !== '0' && !mapped)
        context.notes.push(`parent category ${parent} is not at the source: imported at the top`)
      links.parent = mapped?.targetId ?? null
    }
    if (resource === 'events' || resource === 'venues' || resource === 'organizers') {
      if (this.run.user?.id !== undefined) links.author = this.run.user.id
      // The image and its URL together, as a v1 write's `image` stores them.
      Object.assign(data, await this.image(record))
    }
    if (resource === 'events') {
      const venue = linkOf(record.venue)
      links.venue = venue ? await this.linked('venues', venue) : null
      links.organizer = await this.linkedAll('organizers', linksOf(record.organizer))
      for (const taxonomy of ['categories', 'tags'] as const)
        links[taxonomy] = await this.linkedAll(taxonomy, linksOf(record[taxonomy]))
      const parent = Number(record.post_parent ?? 0)
      if (parent > 0) {
        const mapped = this.run.writer.get('events', String(parent))
        if (mapped) links.post_parent = mapped.targetId
        else this.deferredParents.push({ sourceId: String(record.id), parent: String(parent) })
      } else links.post_parent = null
    }
    Object.assign(data, storedFields(resource, links))
    return data
  }

  /**
   * The venue, organizers and terms an event shows are still at the source, whether or not the
   * event is written again: none of them is pruned (records that no archive lists, drafts to a
   * reader without credentials among them, are reached only so).
   */
  private seeLinks(event: SourceRecord) {
    const venue = linkOf(event.venue)
    const links: [Resource, SourceRecord[]][] = [
      ['venues', venue ? [venue] : []],
      ['organizers', linksOf(event.organizer)],
      ['categories', linksOf(event.categories)],
      ['tags', linksOf(event.tags)],
    ]
    for (const [resource, records] of links)
      for (const { id } of records) this.run.claims.seen[resource].add(String(id))
  }

  private async linkedAll(resource: Resource, records: SourceRecord[]): Promise<number[]> {
    const ids = await Promise.all(records.map((record) => this.linked(resource, record)))
    return [...new Set(ids.filter((id): id is number => id !== null))]
  }

  /**
   * Our id for a linked record (venue, organizer, term) embedded in an event, importing it if it is
   * new. A link given by its id alone is read from the source's single route; an embedded record
   * is taken as it is, even without its name (the source drops an empty title's key): the single
   * route may refuse what the event shows (a draft to a reader without credentials, `403`).
   */
  private async linked(resource: Resource, record: SourceRecord): Promise<number | null> {
    const sourceId = String(record?.id ?? '')
    if (!sourceId || sourceId === '0') return null
    const mapped = this.run.writer.get(resource, sourceId)
    if (mapped) return mapped.targetId
    if (this.run.dryRun) return null
    let full = record
    const idAlone = Object.keys(record).every((key) => key === 'id')
    if (idAlone && !this.run.claims.settled.has(`${resource}:${sourceId}`)) {
      try {
        full = (await this.run.source.getJson(`${resource}/${encodeURIComponent(sourceId)}`)).body
      } catch (error) {
        this.run.failRecord(resource, sourceId, error)
        return null
      }
    }
    return this.run.settle(resource, full, true)
  }

  /** The image: downloaded into the upload collection once per URL, or kept as a URL reference. */
  private async image(
    record: SourceRecord,
  ): Promise<{ image: number | null; imageUrl: string | null }> {
    const url = imageUrlOf(record)
    if (!url) return { image: null, imageUrl: null }
    const key = `images:${url}`
    const mapped = this.run.writer.mappings.get(key)
    if (mapped && (await this.run.writer.exists('images', mapped.targetId)))
      return { image: mapped.targetId, imageUrl: null }
    if (this.run.dryRun) return { image: null, imageUrl: url }
    let pending = this.run.claims.settled.get(key)
    if (!pending) {
      pending = this.run
        .images(() => this.downloadInto(url))
        .catch((error) => {
          this.run.progress.images.fallbacks++
          this.run.failRecord('images', '', error, url)
          return null
        })
      this.run.claims.settled.set(key, pending)
    }
    const id = await pending
    return id === null ? { image: null, imageUrl: url } : { image: id, imageUrl: null }
  }

  private async downloadInto(url: string): Promise<number> {
    const sameSite = new URL(url).origin === new URL(this.run.source.root).origin
    const header = sameSite ? parseHeader(this.run.header) : null
    const file = await downloadImage(this.run.client, url, {
      maxBytes: this.run.options.import.imageMaxBytes,
      headers: header ? { [header[0]]: header[1] } : {},
    })
    const id = await this.run.writer.inTransaction(async (req) => {
      const doc = await this.run.payload.create({
        collection: this.run.options.slugs.media as 'media',
        data: {
          alt: '',
          ...(this.run.user?.id !== undefined ? { author: this.run.user.id } : {}),
        },
        file,
        req,
        overrideAccess: true,
        depth: 0,
      })
      await this.run.writer.writeMapping(req, 'images', url, Number(doc.id), null)
      return Number(doc.id)
    })
    this.run.progress.images.downloaded++
    return id
  }

  /** Parent events that came after their children. */
  async linkDeferredParents() {
    for (const { sourceId, parent } of this.deferredParents) {
      const child = this.run.writer.get('events', sourceId)
      const target = this.run.writer.get('events', parent)
      if (!child || !target || this.run.dryRun) continue
      try {
        await this.run.writer.inTransaction((req) =>
          this.run.payload.update({
            collection: this.run.options.slugs.events as 'events',
            id: child.targetId,
            data: storedFields('events', { post_parent: target.targetId }),
            req,
            overrideAccess: true,
            trash: true,
            depth: 0,
          }),
        )
      } catch (error) {
        this.run.failRecord('events', sourceId, error)
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
