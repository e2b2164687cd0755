import type { TypedUser } from 'payload'

/**
 * What every import reports, whatever it reads (a v1 site, an iCalendar file, …): counts per
 * resource, the failures (what, where, the answer), the records that came in adjusted, and
 * notices about the source as a whole. The job (task.ts) stores it on the run; the CLI and the
 * Import page show it.
 */

export type Counts = {
  /** What the source says it holds, when it says so. */
  total: number | null
  read: number
  created: number
  updated: number
  unchanged: number
  skipped: number
  failed: number
  pruned: number
  /**
   * Records written with a value adjusted to fit (an empty name given a stand-in, a date put
   * right): also counted as created, updated or unchanged.
   */
  adjusted: number
}

/** Who failed: a resource (`events`, …), `images`, or the source as a whole. */
export type FailureKind = string

export type Failure = {
  resource: FailureKind
  /** The record's id at the source, or '' for a page or a file. */
  sourceId: string
  /** The address asked, when the failure is a request (a page, an image). */
  url?: string
  /** The HTTP status of the answer, when there was one. */
  status?: number
  /** What went wrong, with the source's own answer when it gave one. */
  message: string
}

/** A record that came in with something put right, and what. */
export type Adjustment = { resource: string; sourceId: string; notes: string[] }

export type ImportProgress = {
  phase: string
  resources: Record<string, Counts>
  images: { downloaded: number; fallbacks: number }
  failures: Failure[]
  adjustments: Adjustment[]
  /** About the source as a whole (a parameter it refused and was read without, …). */
  notices: string[]
}

export type ImportHooks = {
  /** Whom the records are written for (the author of what is created). */
  user?: TypedUser | null
  onProgress?: (progress: ImportProgress) => void
  /** Asked between pages and records; true stops the run. */
  cancelled?: () => Promise<boolean> | boolean
}

export class ImportCancelled extends Error {}

/** The most failures and adjustments kept on a run (the counts stay exact). */
export const MAX_LISTED = 500

export const emptyCounts = (): Counts => ({
  total: null,
  read: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  pruned: 0,
  adjusted: 0,
})

export function newProgress(resources: readonly string[], phase: string): ImportProgress {
  return {
    phase,
    resources: Object.fromEntries(resources.map((resource) => [resource, emptyCounts()])),
    images: { downloaded: 0, fallbacks: 0 },
    failures: [],
    adjustments: [],
    notices: [],
  }
}

/**
 * Counts a failure: in the resource's `failed` (images have their own counts), and in the list
 * while it has room.
 */
export function addFailure(progress: ImportProgress, failure: Failure) {
  const counts = progress.resources[failure.resource]
  if (counts) counts.failed++
  if (progress.failures.length < MAX_LISTED)
    progress.failures.push({ ...failure, message: failure.message.slice(0, 500) })
}

/**
 * A run's items, one after another: it stops when the run is cancelled (`hooks.cancelled`), an
 * item whose write throws counts as a failure (`failureOf`) and the next goes on, and the progress
 * is reported after each item and once more, done, at the end.
 */
export async function eachItem<T>(
  items: Iterable<T>,
  { progress, hooks }: { progress: ImportProgress; hooks: ImportHooks },
  write: (item: T) => Promise<unknown>,
  failureOf: (item: T, error: unknown) => Failure,
): Promise<ImportProgress> {
  for (const item of items) {
    if (await hooks.cancelled?.()) throw new ImportCancelled('cancelled')
    try {
      await write(item)
    } catch (error) {
      addFailure(progress, failureOf(item, error))
    }
    hooks.onProgress?.(progress)
  }
  progress.phase = 'done'
  hooks.onProgress?.(progress)
  return progress
}

export function addAdjustment(progress: ImportProgress, adjustment: Adjustment) {
  const counts = progress.resources[adjustment.resource]
  if (counts) counts.adjusted++
  if (progress.adjustments.length < MAX_LISTED) progress.adjustments.push(adjustment)
}

export function addNotice(progress: ImportProgress, notice: string) {
  if (!progress.notices.includes(notice) && progress.notices.length < 100)
    progress.notices.push(notice)
}

/** How many failures there were, listed or not. */
export const failureCount = (progress: Pick<ImportProgress, 'resources' | 'images'>) =>
  Object.values(progress.resources).reduce((sum, counts) => sum + counts.failed, 0) +
  progress.images.fallbacks
