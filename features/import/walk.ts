import type { Resource } from './collections.js'
import { addNotice, type Failure, type ImportProgress } from './progress.js'
import { listOf } from './recordLinks.js'
import type { SourceRecord } from './values.js'
import type { Source } from './source.js'

/** What a walk asks of the run it serves. */
export type WalkHooks = {
  /** Throws when the run was cancelled: asked before each page. */
  checkCancelled: () => Promise<void>
  fail: (failure: Failure) => void
  /** The records of a page (but categories), written before the walk goes on. */
  settlePage: (resource: Resource, records: SourceRecord[]) => Promise<void>
}

/** The statuses an archive is read again by, one at a time (`readAgain`). */
const SOURCE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private']

const isTaxonomy = (resource: Resource) => resource === 'categories' || resource === 'tags'

/**
 * The walk of a source's v1 archives (features/import/run.ts): their pages in order, the source's
 * own read-ahead (`Source.pages`), failed pages reported, and an archive whose pages lost records
 * read again until each came. `pagesRead` counts the pages that came, for the run's "nothing
 * could be read".
 */
export class ArchiveWalk {
  pagesRead = 0

  constructor(
    private readonly source: Source,
    private readonly progress: ImportProgress,
    private readonly hooks: WalkHooks,
  ) {}

  /**
   * Reads an archive page by page, each page's records settled while the next pages are asked
   * for (categories kept aside, returned whole); not complete when a page could not be read. When
   * every page came but they listed fewer records than the source counts, the archive is read
   * again (`readAgain`).
   */
  async walk(
    resource: Resource,
    first: string,
  ): Promise<{ complete: boolean; categories: SourceRecord[] }> {
    const listed = new Set<string>()
    const categories: SourceRecord[] = []
    const { complete, total } = await this.readPages(resource, first, listed, categories, true)
    if (complete && total !== null && listed.size < total)
      await this.readAgain(resource, first, total, listed, categories)
    return { complete, categories }
  }

  /**
   * One walk of an archive from `first`: its records written (categories kept aside), their ids
   * added to `listed`; the walk is complete when every page came. The first walk's count of
   * records is the resource's total.
   */
  private async readPages(
    resource: Resource,
    first: string,
    listed: Set<string>,
    categories: SourceRecord[],
    counting: boolean,
  ): Promise<{ complete: boolean; total: number | null }> {
    const counts = this.progress.resources[resource]
    const pages = this.source.pages(first, resource)
    let complete = true
    let total: number | null = null
    try {
      let next = pages.next()
      for (;;) {
        const { value: page, done } = await next
        if (done) break
        next = pages.next()
        next.catch(() => undefined)
        await this.hooks.checkCancelled()
        if (page.kind === 'failed') {
          complete = false
          this.hooks.fail({
            resource,
            sourceId: '',
            url: page.failure.url,
            ...(page.failure.status !== undefined ? { status: page.failure.status } : {}),
            message: `page ${page.page}: ${page.failure.message}`,
          })
          continue
        }
        this.pagesRead++
        if (page.total !== null) total = page.total
        if (counting && page.total !== null) counts.total = page.total
        const records = listOf(page.body?.[resource])
        for (const record of records)
          if (record.id !== undefined && record.id !== null) listed.add(String(record.id))
        if (resource === 'categories') categories.push(...records)
        else await this.hooks.settlePage(resource, records)
      }
    } finally {
      void pages.return(undefined).catch(() => undefined)
    }
    return { complete, total }
  }

  /**
   * An archive whose pages listed fewer records than the source counts lost some between its
   * pages: WordPress lists venues and organizers by publication date alone, and records made in
   * the same second come in an order that changes from page to page (a record at a page's end is
   * listed twice, another never). It is read again one status at a time (a query of one status
   * keeps its order) and then with other page sizes (other page ends), until every record was
   * listed; what is still missing is a failure of the run, not a silent loss.
   */
  private async readAgain(
    resource: Resource,
    first: string,
    total: number,
    listed: Set<string>,
    categories: SourceRecord[],
  ) {
    const short = listed.size
    const url = new URL(first, this.source.root)
    const perPage = Number(url.searchParams.get('per_page')) || 50
    const again: URL[] = []
    if (this.source.authenticated && !isTaxonomy(resource))
      for (const status of SOURCE_STATUSES) {
        const one = new URL(url)
        one.searchParams.set('status', status)
        again.push(one)
      }
    for (const less of [1, 3, 7])
      if (perPage - less >= 1) {
        const other = new URL(url)
        other.searchParams.set('per_page', String(perPage - less))
        again.push(other)
      }
    for (const next of again) {
      if (listed.size >= total) break
      await this.readPages(resource, next.toString(), listed, categories, false)
    }
    if (listed.size >= total)
      addNotice(
        this.progress,
        `${resource}: the pages listed ${short} of the ${total} records the source counts (records tied in its order shift between pages); read again by status and page size, all came`,
      )
    else
      this.hooks.fail({
        resource,
        sourceId: '',
        url: url.toString(),
        message: `the source counts ${total} records but its pages listed ${listed.size}, read again by status and page size: ${total - listed.size} could not be read`,
      })
  }
}
