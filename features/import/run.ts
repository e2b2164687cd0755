import pLimit from 'p-limit'
import type { Payload } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { DEFAULT_LOCALE } from '../../core/locales.js'
import { Claims, type Claim, type FailRecord, type Outcome } from './claims.js'
import { RESOURCES, type Resource } from './collections.js'
import { httpClient, type HttpFailure, type HttpLimits } from './http.js'
import { RecordPreparer } from './prepare.js'
import {
  addFailure,
  addNotice,
  ImportCancelled,
  newProgress,
  type Failure,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'
import { parentsFirst } from './recordLinks.js'
import { Source } from './source.js'
import { sourceKind, type SourceRecord } from './values.js'
import { ArchiveWalk } from './walk.js'
import { MappedWriter, type Write } from './writer.js'

export {
  ImportCancelled,
  type Counts,
  type Failure,
  type ImportHooks,
  type ImportProgress,
} from './progress.js'

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
  /** Retries of a failed request and the first backoff delay (default: the plugin's options). */
  retries?: number
  backoffMs?: number
}

/** Nothing at all could be read from the source: the run fails, with the first answer as reason. */
export class SourceUnreadable extends Error {}

/**
 * The key a source site is mapped under: its root, without the language segment of a translated
 * root.
 */
export function sourceKey(root: string, language?: string): string {
  const url = new URL(root)
  if (language) url.pathname = url.pathname.replace(new RegExp(`/${language}/`), '/')
  return url.toString()
}

/**
 * Reads a v1 root and writes what it finds through the Local API: venues, organizers, categories
 * (parents first), tags, then events. Each record is written with its mapping in one transaction,
 * so a run killed at any point leaves no record without its mapping, and the next run goes on.
 *
 * Records are written `concurrency` at a time and images downloaded as many at a time, each with
 * a limiter of its own: a record waits for its image while holding its slot, so an image never
 * waits for a record slot (with one limiter for both, records holding every slot while waiting for
 * their images waited forever).
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
  private readonly locale: string
  private readonly writer: MappedWriter
  private readonly records: ReturnType<typeof pLimit>
  private readonly archives: ArchiveWalk
  private readonly claims: Claims
  private readonly preparer: RecordPreparer
  readonly progress: ImportProgress = newProgress(RESOURCES, 'venues')

  constructor(
    private readonly payload: Payload,
    private readonly settings: ImportSettings,
    private readonly options: ResolvedCalendarOptions,
    private readonly hooks: ImportHooks,
  ) {
    const limits: HttpLimits = {
      ...options.import,
      retries: settings.retries ?? options.import.retries,
      backoffMs: settings.backoffMs ?? options.import.backoffMs,
    }
    this.source = new Source({
      root: settings.from,
      header: settings.header,
      limits,
      onNotice: (notice) => {
        addNotice(this.progress, notice)
        this.emit()
      },
    })
    this.key = sourceKey(this.source.root, settings.language)
    this.locale = settings.language ?? DEFAULT_LOCALE
    this.writer = new MappedWriter(
      payload,
      options,
      this.key,
      this.locale,
      Boolean(settings.language),
      hooks.user,
    )
    const concurrency = Math.max(
      1,
      Math.min(16, settings.concurrency ?? options.import.concurrency),
    )
    this.archives = new ArchiveWalk(this.source, this.progress, {
      checkCancelled: () => this.checkCancelled(),
      fail: (failure) => this.fail(failure),
      settlePage: (resource, records) => this.settlePage(resource, records),
    })
    this.records = pLimit(concurrency)
    const failRecord: FailRecord = (...failure) => this.failRecord(...failure)
    this.claims = new Claims(this.progress, this.writer, failRecord)
    this.preparer = new RecordPreparer({
      payload,
      options,
      source: this.source,
      client: httpClient(limits),
      writer: this.writer,
      kind: sourceKind(this.source.root),
      progress: this.progress,
      claims: this.claims,
      images: pLimit(concurrency),
      user: hooks.user,
      header: settings.header,
      dryRun: settings.dryRun,
      translating: this.translating,
      failRecord,
      settle: (resource, record, linked) => this.settle(resource, record, linked),
    })
  }

  private get translating() {
    return Boolean(this.settings.language)
  }

  async run(): Promise<ImportProgress> {
    await this.writer.load()
    const perPage = this.settings.perPage ?? 50
    // The events route takes an explicit list of statuses (drafts, pending and private for a
    // reader who may see them); venues and organizers give them to such a reader by default.
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
    if (this.archives.pagesRead === 0) {
      const first = this.progress.failures[0]
      throw new SourceUnreadable(
        `nothing could be read from ${this.source.root}${first ? `: ${first.url ?? ''} ${first.message}` : ''}`,
      )
    }
    await this.preparer.linkDeferredParents()
    if (this.settings.prune && !this.translating) {
      this.progress.phase = 'prune'
      for (const resource of [...RESOURCES].reverse())
        if (complete.has(resource)) await this.prune(resource)
        else if (this.progress.resources[resource].read > 0)
          addNotice(this.progress, `${resource}: not every page was read, so nothing was pruned`)
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

  private fail(failure: Failure) {
    addFailure(this.progress, failure)
    this.emit()
  }

  private failRecord(
    resource: Failure['resource'],
    sourceId: unknown,
    error: unknown,
    url?: string,
  ) {
    const http = error as Partial<HttpFailure> | undefined
    const where = typeof http?.url === 'string' ? http.url : url
    this.fail({
      resource,
      sourceId: String(sourceId ?? ''),
      ...(where ? { url: where } : {}),
      ...(typeof http?.status === 'number' ? { status: http.status } : {}),
      message: error instanceof Error ? error.message : String(error),
    })
  }

  /**
   * An archive read whole (`ArchiveWalk`, walk.ts), each page's records settled as it comes;
   * categories are read whole first and written after, parents before children, one at a time.
   * False when a page could not be read (then nothing of it is pruned).
   */
  private async walk(resource: Resource, first: string): Promise<boolean> {
    const { complete, categories } = await this.archives.walk(resource, first)
    for (const record of parentsFirst(categories)) await this.one(resource, record)
    return complete
  }

  /** A record of an archive: written once, counted, its failure reported. */
  private async one(resource: Resource, record: SourceRecord) {
    await this.checkCancelled()
    await this.settle(resource, record)
    this.emit()
  }

  /**
   * Our id of a source record once it is written (null when it could not be): each record is
   * written once per run however often the source lists or embeds it, and counted once.
   */
  private settle(resource: Resource, record: SourceRecord, linked = false): Promise<number | null> {
    const claim = this.claims.claim(resource, record)
    if (!claim)
      return (
        this.claims.settled.get(`${resource}:${String(record?.id ?? '')}`) ?? Promise.resolve(null)
      )
    this.upsert(resource, record, linked).then(claim.done, claim.fail)
    return claim.settled
  }

  /**
   * The records of an archive page: each prepared, `concurrency` at a time (its links and image
   * settled), then those with something to write written together (`MappedWriter.saveMany`: a
   * batch to a transaction), which is what makes a first import fast; and whether each is
   * unchanged known from one query of the page's mapped records, which makes a second one fast.
   */
  private async settlePage(resource: Resource, records: SourceRecord[]) {
    const claimed = records.flatMap((record) => {
      const claim = this.claims.claim(resource, record)
      return claim ? [{ record, claim }] : []
    })
    try {
      const stored = await this.writer.storedTargets(
        resource,
        claimed.map(({ record }) => String(record.id)),
      )
      const prepared = await Promise.all(
        claimed.map(({ record, claim }) =>
          this.records(async () => {
            // Between two records: a cancel (or Ctrl-C) stops the run here, and the progress
            // is saved (ImportHooks.cancelled).
            await this.checkCancelled()
            return this.preparer.prepare(resource, record, false, stored)
          }).then(
            (outcome) => ({ claim, prepared: outcome }),
            (error: unknown) => {
              if (error instanceof ImportCancelled) throw error
              claim.fail(error)
              return null
            },
          ),
        ),
      )
      const writes: { claim: Claim; write: Write; adjusted: () => void }[] = []
      for (const item of prepared) {
        if (!item) continue
        if ('write' in item.prepared) writes.push({ claim: item.claim, ...item.prepared })
        else item.claim.done(item.prepared.outcome)
      }
      if (writes.length === 0) return
      const outcomes = await this.writer.saveMany(
        resource,
        writes.map(({ write }) => write),
        stored,
      )
      writes.forEach(({ claim, adjusted }, index) => {
        const outcome = outcomes[index]
        if (outcome instanceof Error) return claim.fail(outcome)
        adjusted()
        claim.done(outcome)
      })
    } catch (error) {
      for (const { claim } of claimed) claim.fail(error)
      throw error
    } finally {
      this.emit()
    }
  }

  /**
   * Writes one record unless the mapping says it is unchanged; links come first. `linked`: the
   * record came embedded in an event, not from its own archive.
   */
  private async upsert(resource: Resource, given: SourceRecord, linked: boolean): Promise<Outcome> {
    const stored = await this.writer.storedTargets(resource, [String(given.id)])
    const prepared = await this.preparer.prepare(resource, given, linked, stored)
    if (!('write' in prepared)) return prepared.outcome
    const outcome = await this.writer.saveOne(resource, prepared.write, stored)
    prepared.adjusted()
    return outcome
  }

  /**
   * Trashes (posts) or deletes (terms) what was imported from this source and is no longer there.
   */
  private async prune(resource: Resource) {
    const counts = this.progress.resources[resource]
    const gone = [...this.writer.mappings.keys()]
      .filter((key) => key.startsWith(`${resource}:`))
      .map((key) => key.slice(resource.length + 1))
      .filter((id) => !this.claims.seen[resource].has(id))
    for (const sourceId of gone) {
      await this.checkCancelled()
      try {
        if (!this.settings.dryRun) await this.writer.remove(resource, sourceId)
        counts.pruned++
      } catch (error) {
        this.failRecord(resource, sourceId, error)
      }
    }
  }
}
