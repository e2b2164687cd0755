import got, { type Options } from 'got'
import { createLocalReq, type Payload, type PayloadRequest, type TaskConfig } from 'payload'
import type { ChangeResource } from '../../collections/changeLog.js'
import { NAMESPACE } from '../../endpoints/context.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { guardedLookup, literalAddressRefusal } from './address.js'
import { DELIVER_TASK, queueDeliveryJob } from '../../collections/webhooks/outbox.js'
import { claimDelivery } from './claim.js'
import { inWriteTurn } from '../../core/database/index.js'
import { signatureOf } from './signature.js'

type Delivery = {
  id: number | string
  webhook: number | string | { id: number | string } | null
  deliveryId: string
  event: string
  resource: ChangeResource
  record: number
  change: 'upsert' | 'delete'
  kind?: string | null
  sequence?: number | null
  orderKey: string
  attempts?: number | null
  giveUpAt?: string | null
  body?: string | null
}

type Webhook = { id: number | string; url: string; secret: string; active?: boolean | null }

/** Deliveries looked at per query, sent at once, and how long one run goes on taking more. */
const BATCH = 200
const PARALLEL = 4
const RUN_BUDGET_MS = 50_000
/** How much of the last answer the log keeps. */
const ANSWER_CHARS = 500

/**
 * The task of the webhooks queue: sends the deliveries that are due, then queues its next run
 * for the earliest delivery still waiting (a retry's time), if any.
 */
export function deliverTask(
  options: ResolvedCalendarOptions,
): TaskConfig<{ input: object; output: { attempts: number } }> {
  return {
    slug: DELIVER_TASK,
    label: 'Deliver webhooks',
    retries: 0,
    outputSchema: [{ name: 'attempts', type: 'number' }],
    handler: async ({ req }) => ({
      output: { attempts: await deliverDue(req.payload, options) },
    }),
  }
}

const webhookIdOf = (delivery: Delivery) =>
  typeof delivery.webhook === 'object' && delivery.webhook !== null
    ? delivery.webhook.id
    : delivery.webhook

/**
 * Sends what is due: for each order key (a webhook and a record), only its oldest delivery still
 * pending, so that a record's deliveries arrive in the order of its changes (a later one waits
 * while an earlier one is retried). Returns the attempts made.
 */
export async function deliverDue(
  payload: Payload,
  options: ResolvedCalendarOptions,
): Promise<number> {
  const collection = options.webhooks.deliveriesSlug
  const started = Date.now()
  let attempts = 0
  while (Date.now() - started < RUN_BUDGET_MS) {
    const now = new Date().toISOString()
    const { docs } = await payload.db.find({
      collection,
      where: {
        and: [
          { status: { equals: 'pending' } },
          { nextAttemptAt: { less_than_equal: now } },
          { or: [{ claimedUntil: { exists: false } }, { claimedUntil: { less_than: now } }] },
        ],
      },
      sort: 'id',
      limit: BATCH,
      pagination: false,
    })
    const oldest = new Map<string, Delivery>()
    for (const doc of docs as unknown as Delivery[])
      if (!oldest.has(doc.orderKey)) oldest.set(doc.orderKey, doc)
    const ready: Delivery[] = []
    for (const delivery of oldest.values()) {
      const earlier = await payload.db.count({
        collection,
        where: {
          and: [
            { orderKey: { equals: delivery.orderKey } },
            { status: { equals: 'pending' } },
            { id: { less_than: delivery.id } },
          ],
        },
      })
      if (!earlier.totalDocs) ready.push(delivery)
    }
    if (!ready.length) break
    for (let i = 0; i < ready.length; i += PARALLEL)
      await Promise.all(ready.slice(i, i + PARALLEL).map((one) => attempt(payload, options, one)))
    attempts += ready.length
  }
  await queueNextRun(payload, options)
  return attempts
}

/** A job for the earliest pending delivery (its retry time, or the end of a claim). */
async function queueNextRun(payload: Payload, options: ResolvedCalendarOptions): Promise<void> {
  const { docs } = await payload.db.find({
    collection: options.webhooks.deliveriesSlug,
    where: { status: { equals: 'pending' } },
    sort: 'nextAttemptAt',
    limit: 1,
    pagination: false,
  })
  const next = docs[0] as { nextAttemptAt?: string; claimedUntil?: string | null } | undefined
  if (!next) return
  const at = Math.max(
    Date.parse(next.nextAttemptAt ?? '') || 0,
    Date.parse(next.claimedUntil ?? '') || 0,
    Date.now() + 1000,
  )
  await queueDeliveryJob(await createLocalReq({}, payload), new Date(at))
}

/** Queues a run when deliveries are waiting (at start: a job cut short by a crash is not rerun). */
export async function resumeDeliveries(
  payload: Payload,
  options: ResolvedCalendarOptions,
): Promise<void> {
  const waiting = await payload.db.count({
    collection: options.webhooks.deliveriesSlug,
    where: { status: { equals: 'pending' } },
  })
  if (waiting.totalDocs) await queueNextRun(payload, options)
}

/** One attempt at a delivery, and what came of it in the log. */
async function attempt(
  payload: Payload,
  options: ResolvedCalendarOptions,
  listed: Delivery,
): Promise<void> {
  const collection = options.webhooks.deliveriesSlug
  // Outside any transaction, so in a write turn of its own where transactions take turns (SQLite:
  // the attempts run side by side, and a write landing while another's claim is open would find the
  // file locked).
  const save = (data: Record<string, unknown>) =>
    inWriteTurn(payload.db, () =>
      payload.db.updateOne({
        collection,
        where: { id: { equals: listed.id } },
        data: { ...data, updatedAt: new Date().toISOString() },
        returning: false,
      } as Parameters<Payload['db']['updateOne']>[0]),
    )
  try {
    const delivery = await claimDelivery<Delivery>(payload, options, listed.id)
    if (!delivery) return
    const webhook = (await payload.db.findOne({
      collection: options.webhooks.slug,
      where: { id: { equals: webhookIdOf(delivery) } },
    })) as Webhook | null
    if (!webhook || !webhook.active) {
      await save({
        status: 'failed',
        claimedUntil: null,
        lastError: webhook ? 'The webhook is not active.' : 'The webhook was deleted.',
      })
      return
    }
    let body = delivery.body
    if (!body) {
      body = await bodyOf(payload, options, delivery)
      await save({ body })
    }
    const answer = await post(webhook, delivery.deliveryId, body, options)
    const attempts = (delivery.attempts ?? 0) + 1
    const now = Date.now()
    const common = {
      attempts,
      claimedUntil: null,
      lastAttemptAt: new Date(now).toISOString(),
      lastStatus: answer.status ?? null,
      lastAnswer: answer.text?.slice(0, ANSWER_CHARS) ?? null,
      lastError: answer.error ?? null,
    }
    if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
      await save({ ...common, status: 'delivered', deliveredAt: common.lastAttemptAt })
      return
    }
    const { backoffMs, maxDelayMs } = options.webhooks
    const next = now + Math.min(backoffMs * 2 ** (attempts - 1), maxDelayMs)
    const giveUpAt = Date.parse(delivery.giveUpAt ?? '') || now
    await save(
      next > giveUpAt
        ? { ...common, status: 'failed' }
        : { ...common, nextAttemptAt: new Date(next).toISOString() },
    )
  } catch (error) {
    payload.logger.error({ err: error, msg: `webhook delivery ${listed.deliveryId} failed` })
  }
}

type Answer = { status?: number; text?: string; error?: string }

/**
 * One POST, signed, with a timeout and no retry (the job retries), no redirect followed (a 3xx is a
 * failed attempt), and unless private addresses are allowed, only to public addresses: checked on
 * the address connected to (`guardedLookup`).
 */
async function post(
  webhook: Webhook,
  deliveryId: string,
  body: string,
  options: ResolvedCalendarOptions,
): Promise<Answer> {
  const { allowPrivate, timeoutMs } = options.webhooks
  let url: URL
  try {
    url = new URL(webhook.url)
  } catch {
    return { error: 'The URL is not valid.' }
  }
  const refusal = allowPrivate ? undefined : literalAddressRefusal(url)
  if (refusal) return { error: `Refused: ${refusal}.` }
  const timestamp = String(Math.floor(Date.now() / 1000))
  try {
    const response = await got.post(url, {
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'payload-events-calendar webhooks',
        'x-cal-webhook-id': deliveryId,
        'x-cal-webhook-timestamp': timestamp,
        'x-cal-webhook-signature': signatureOf(webhook.secret, timestamp, body),
      },
      timeout: { request: timeoutMs },
      retry: { limit: 0 },
      followRedirect: false,
      throwHttpErrors: false,
      ...(allowPrivate ? {} : { dnsLookup: guardedLookup as unknown as Options['dnsLookup'] }),
    })
    return { status: response.statusCode, text: response.body }
  } catch (error) {
    const cause = (error as { cause?: Error }).cause
    return { error: String((cause ?? (error as Error)).message ?? error).slice(0, ANSWER_CHARS) }
  }
}

/** The path of a record's single read in v1. */
const singlePath = (resource: ChangeResource, id: number) => `/${resource}/${id}`

/**
 * The JSON a delivery sends (built at its first attempt, then kept): the change, and when the
 * record is public, the record as an anonymous v1 caller reads it (`GET /<resource>/<id>`, in
 * English, through the namespace's own handler).
 */
async function bodyOf(
  payload: Payload,
  options: ResolvedCalendarOptions,
  delivery: Delivery,
): Promise<string> {
  const record =
    delivery.change === 'upsert'
      ? await readAnonymously(payload, options, singlePath(delivery.resource, delivery.record))
      : null
  return JSON.stringify({
    event: delivery.event,
    resource: delivery.resource,
    id: delivery.record,
    change: delivery.change,
    kind: delivery.kind ?? undefined,
    sequence: delivery.sequence ?? undefined,
    record,
  })
}

/** A v1 GET as an anonymous caller, in this process: its JSON when it answers 200, else null. */
async function readAnonymously(
  payload: Payload,
  options: ResolvedCalendarOptions,
  path: string,
): Promise<unknown> {
  const route = `/${NAMESPACE}/:path*`
  const endpoint = payload.config.endpoints.find(
    (candidate) => candidate.method === 'get' && candidate.path === route,
  )
  if (!endpoint) return null
  const origin = options.siteUrl || payload.config.serverURL || 'http://localhost'
  const url = `${origin}${payload.config.routes.api}/${NAMESPACE}${path}`
  const req = await createLocalReq(
    { req: { url, method: 'GET', headers: new Headers() } as Partial<PayloadRequest> },
    payload,
  )
  req.user = null
  const response = await endpoint.handler(req)
  return response.status === 200 ? await response.json() : null
}
