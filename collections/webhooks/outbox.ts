import { randomUUID } from 'node:crypto'
import type { PayloadRequest } from 'payload'
import type { ChangeEntry } from '../changeLog.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { activeWebhooks, carryWebhooks } from './active.js'
import { webhookEventOf } from './events.js'

/** The jobs queue that delivers webhooks, and its task. */
export const WEBHOOKS_QUEUE = 'calendar-webhooks'
export const DELIVER_TASK = 'calendarWebhooksDeliver'

type Logged = Pick<
  ChangeEntry,
  'resource' | 'record' | 'kind' | 'wasPublic' | 'isPublic' | 'sequence'
>

/**
 * The outbox: for each entry just added to the change log (collections/hooks/calendarCommit.ts
 * `writeChanges`), a delivery row per active webhook that wants its event, in the same
 * transaction, so a change is delivered if and only if it commits. Nothing is sent here: a job of
 * the webhooks queue is queued (in the transaction too) unless one is already waiting, and the
 * write goes on.
 */
export async function queueDeliveries(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  entries: Logged[],
): Promise<void> {
  const events = entries.map((entry) => webhookEventOf(entry))
  if (!events.some(Boolean)) return carryWebhooks(req)
  const webhooks = await activeWebhooks(req, options)
  if (!webhooks.length) return
  const now = Date.now()
  const createdAt = new Date(now).toISOString()
  const giveUpAt = new Date(now + options.webhooks.giveUpAfterMs).toISOString()
  let queued = 0
  for (const [i, entry] of entries.entries()) {
    const event = events[i]
    if (!event) continue
    for (const webhook of webhooks) {
      if (webhook.events?.length && !webhook.events.includes(event)) continue
      await req.payload.db.create({
        collection: options.webhooks.deliveriesSlug,
        data: {
          webhook: webhook.id,
          deliveryId: randomUUID(),
          event,
          resource: entry.resource,
          record: entry.record,
          change: entry.isPublic ? 'upsert' : 'delete',
          kind: entry.kind,
          sequence: entry.sequence,
          orderKey: `${webhook.id}:${entry.resource}:${entry.record}`,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: createdAt,
          giveUpAt,
          createdAt,
          updatedAt: createdAt,
        },
        req,
        returning: false,
      } as Parameters<PayloadRequest['payload']['db']['create']>[0])
      queued++
    }
  }
  if (queued) await queueDeliveryJob(req)
}

/**
 * Queues a job of the webhooks queue that may start at `at` (now by default) in the transaction of
 * `req`, unless a job that starts by then is already waiting.
 */
export async function queueDeliveryJob(req: PayloadRequest, at?: Date): Promise<void> {
  const startBy = (at ?? new Date()).toISOString()
  const { docs } = await req.payload.db.find({
    collection: 'payload-jobs',
    where: {
      and: [
        { taskSlug: { equals: DELIVER_TASK } },
        { processing: { equals: false } },
        { completedAt: { exists: false } },
        { hasError: { not_equals: true } },
        { or: [{ waitUntil: { exists: false } }, { waitUntil: { less_than_equal: startBy } }] },
      ],
    },
    limit: 1,
    pagination: false,
    req,
  })
  if (docs.length) return
  await req.payload.jobs.queue({
    task: DELIVER_TASK,
    input: {},
    queue: WEBHOOKS_QUEUE,
    ...(at ? { waitUntil: at } : {}),
    req,
  } as Parameters<PayloadRequest['payload']['jobs']['queue']>[0])
}
