import { createLocalReq, type Payload } from 'payload'
import type { ChangeResource } from '../changeLog.js'
import { takeLogTurn, inWriteTransaction } from '../../core/database/index.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { scheduledTask } from '../scheduledTask.js'
import { markChange, writeChanges } from './calendarCommit.js'
import { entryOf, recountedTermEntries } from './logEntries.js'
import { eventTermIds, recountTerms, termCountsOf } from './termCounts.js'

const DAY_MS = 24 * 3_600_000

/** The posts that can be scheduled, with their resource names. */
const SCHEDULED: ChangeResource[] = ['events', 'venues', 'organizers']

type DuePost = {
  resource: ChangeResource
  doc: { id: number | string; publishedAt?: string; [field: string]: unknown }
  claim: string
}

/**
 * A scheduled post that came due changed for anonymous callers with no write: it enters the change
 * log, and an event's categories and tags count it among their public events. Both happen once
 * per post and date (the entry's `claim` names them), in one transaction that has the calendar to
 * itself (core/database/turns.ts), by whichever comes first after it came due: a sync (`/changes`,
 * `modified_since`) or the `calendarDuePosts` task of the jobs queue. Posts due longer ago than
 * the log keeps entries are past any cursor that could miss them.
 */
export async function settleDuePosts(
  payload: Payload,
  options: ResolvedCalendarOptions,
  now: Date,
): Promise<void> {
  const oldest = new Date(now.getTime() - options.changeLog.retentionDays * DAY_MS).toISOString()
  const due: DuePost[] = []
  for (const resource of SCHEDULED) {
    const { docs } = await payload.db.find({
      collection: options.slugs[resource],
      where: {
        and: [
          { status: { equals: 'future' } },
          { publishedAt: { greater_than: oldest } },
          { publishedAt: { less_than_equal: now.toISOString() } },
          { deletedAt: { exists: false } },
        ],
      },
      pagination: false,
      limit: 0,
      select: {
        status: true,
        publishedAt: true,
        deletedAt: true,
        author: true,
        ...(resource === 'events' ? { categories: true, tags: true } : {}),
      },
    })
    for (const doc of docs as DuePost['doc'][])
      due.push({ resource, doc, claim: `due:${resource}:${doc.id}:${doc.publishedAt}` })
  }
  if (!due.length) return
  const claimed = async () => {
    const { docs } = await payload.db.find({
      collection: options.changeLog.slug,
      where: { claim: { in: due.map((entry) => entry.claim) } },
      pagination: false,
      limit: 0,
      select: { claim: true },
    })
    return new Set((docs as { claim?: string }[]).map((doc) => doc.claim))
  }
  if ((await claimed()).size === due.length) return

  const req = await createLocalReq({}, payload)
  const settle = async () => {
    // In the whole write turn (below), as a recount must be (the counts of terms other writes may
    // be counting), then the change log's turn, in the order every write takes them.
    await takeLogTurn(req)
    const taken = await claimed()
    const fresh = due.filter((entry) => !taken.has(entry.claim))
    for (const { resource, doc } of fresh)
      if (resource === 'events')
        for (const counted of termCountsOf(options))
          await recountTerms(req, options.slugs.events, counted, eventTermIds(doc, counted))
    const entries = [
      ...fresh.map(({ resource, doc, claim }) => ({
        ...entryOf(resource, 'due', Number(doc.id), undefined, doc, now),
        claim,
      })),
      ...recountedTermEntries(req),
    ]
    if (entries.length) await markChange(req, options.sequencesSlug)
    await writeChanges(req, options, entries)
  }
  await inWriteTransaction(req, settle, 'whole', []).catch((error: unknown) =>
    // Another process wrote them first (SQLite's unique index), or will next time.
    payload.logger.warn({ err: error, msg: 'could not settle the scheduled posts that came due' }),
  )
}

export const DUE_POSTS_TASK = 'calendarDuePosts'

/**
 * The task of Payload's jobs queue that runs `settleDuePosts` every minute, so that the counts of
 * terms follow scheduled events coming due without waiting for a sync; it runs when the app runs
 * the `calendar` queue (`jobs.autoRun`, see the README).
 */
export const duePostsTask = (options: ResolvedCalendarOptions) =>
  scheduledTask({
    slug: DUE_POSTS_TASK,
    label: 'Settle scheduled posts that came due',
    cron: '* * * * *',
    run: async (payload) => {
      await settleDuePosts(payload, options, new Date())
      return {}
    },
  })
