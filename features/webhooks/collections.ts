import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  FieldHook,
  PayloadRequest,
  TextFieldSingleValidation,
} from 'payload'
import { can } from '../../collections/access.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { literalAddressRefusal } from './address.js'
import { WEBHOOK_EVENTS } from '../../collections/webhooks/events.js'
import { queueDeliveryJob } from '../../collections/webhooks/outbox.js'
import { forgetWebhooks } from '../../collections/webhooks/active.js'
import { markChange } from '../../collections/hooks/calendarCommit.js'

const administrators = ({ req }: { req: Pick<PayloadRequest, 'user'> }) => can.administer(req.user)
const ADMINISTRATORS = {
  read: administrators,
  create: administrators,
  update: administrators,
  delete: administrators,
}

/** What a secret is shown as once saved: its last four characters. */
const MASK = '••••••••'
const masked = (secret: string) => `${MASK}${secret.slice(-4)}`
const isMasked = (value: unknown) => typeof value === 'string' && value.startsWith(MASK)
const MIN_SECRET = 16

/** Secrets are never read back in full, not even by administrators. */
const maskSecret: FieldHook = ({ value }) => (typeof value === 'string' ? masked(value) : value)

/**
 * An update that leaves the secret out, or sends back what it was shown (the masked secret), keeps
 * the stored one, read from the database (what Payload passes as the previous value has been
 * through the read hooks, masked).
 */
const keepSecret: FieldHook = async ({ value, operation, originalDoc, collection, req }) => {
  if (operation !== 'update' || !(value === undefined || value === null || isMasked(value)))
    return value
  if (!collection || originalDoc?.id === undefined) return value
  const stored = (await req.payload.db.findOne({
    collection: collection.slug,
    where: { id: { equals: originalDoc.id } },
    req,
  })) as { secret?: string } | null
  return stored?.secret ?? value
}

const validateSecret: TextFieldSingleValidation = (value) => {
  if (isMasked(value)) return true
  if (typeof value !== 'string' || value.length < MIN_SECRET)
    return `The secret must have at least ${MIN_SECRET} characters.`
  return true
}

/** An absolute http(s) URL, no credentials; an IP address must be public unless allowed. */
const validateUrl =
  (allowPrivate: boolean): TextFieldSingleValidation =>
  (value) => {
    if (typeof value !== 'string' || !value) return 'A URL is required.'
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return 'The URL must be absolute, such as https://example.com/hooks/calendar.'
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'The URL must start with http:// or https://.'
    if (url.username || url.password) return 'The URL may not hold a user name or password.'
    if (value.length > 2000) return 'The URL may have at most 2000 characters.'
    const refusal = allowPrivate ? undefined : literalAddressRefusal(url)
    return refusal ? `Webhooks are only delivered to public addresses: ${refusal}.` : true
  }

/**
 * A webhook written: this process forgets the active webhooks it kept, and the change mark moves
 * in the write's transaction so that every other process does at its next write
 * (collections/webhooks/active.ts).
 */
const webhookWritten =
  (options: ResolvedCalendarOptions) =>
  async ({ req }: { req: PayloadRequest }): Promise<void> => {
    forgetWebhooks(req.payload)
    await markChange(req, options.sequencesSlug)
  }

/**
 * The webhooks that administrators manage in the admin: where to POST (`url`), the secret that
 * signs each delivery, the events wanted (none chosen: all) and whether it is active. Deliveries
 * are queued in the transaction of each change (features/webhooks/outbox.ts).
 */
export function webhooksCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return {
    slug: options.webhooks.slug,
    admin: {
      group: options.adminGroup,
      useAsTitle: 'url',
      defaultColumns: ['url', 'events', 'active', 'updatedAt'],
      description:
        'Each change of the calendar that anonymous visitors can see is POSTed, signed, to the active webhooks.',
    },
    access: ADMINISTRATORS,
    hooks: {
      afterChange: [
        (async (args) => {
          await webhookWritten(options)(args)
          return args.doc
        }) satisfies CollectionAfterChangeHook,
      ],
      afterDelete: [webhookWritten(options) satisfies CollectionAfterDeleteHook],
    },
    fields: [
      {
        name: 'url',
        type: 'text',
        required: true,
        validate: validateUrl(options.webhooks.allowPrivate),
      },
      {
        name: 'secret',
        type: 'text',
        required: true,
        validate: validateSecret,
        hooks: { beforeChange: [keepSecret], afterRead: [maskSecret] },
        admin: {
          description: `Signs each delivery (at least ${MIN_SECRET} characters). Only its last four characters are shown once saved; type a new one to replace it.`,
        },
      },
      {
        name: 'events',
        type: 'select',
        hasMany: true,
        options: WEBHOOK_EVENTS,
        admin: { description: 'None chosen: every event.' },
      },
      { name: 'active', type: 'checkbox', defaultValue: true },
    ],
  }
}

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const

/**
 * "Retry now" in the admin: a failed or waiting delivery is due again at once (its attempts kept).
 * The next run of the webhooks queue sends it (features/webhooks/deliver.ts).
 */
const retryNow =
  (giveUpAfterMs: number): CollectionBeforeChangeHook =>
  ({ data, operation }) => {
    if (operation !== 'update' || !data.retryNow) return data
    const now = Date.now()
    return {
      ...data,
      retryNow: false,
      status: 'pending',
      nextAttemptAt: new Date(now).toISOString(),
      giveUpAt: new Date(now + giveUpAfterMs).toISOString(),
      claimedUntil: null,
    }
  }

/** A delivery due again (retry now) gets a job of the webhooks queue to send it. */
const queueAfterRetry: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && doc.status === 'pending' && previousDoc?.status !== 'pending')
    await queueDeliveryJob(req)
  return doc
}

/**
 * The delivery log, which is also the outbox: a row per webhook and change, written in the
 * change's transaction (features/webhooks/outbox.ts) and worked by the webhooks queue.
 * Administrators read it in the admin; they can only ask for a retry (`retryNow`) or delete a row.
 */
export function deliveriesCollection(options: ResolvedCalendarOptions): CollectionConfig {
  const readOnly = { readOnly: true }
  return {
    slug: options.webhooks.deliveriesSlug,
    admin: {
      group: options.adminGroup,
      useAsTitle: 'event',
      defaultColumns: ['event', 'record', 'status', 'attempts', 'lastStatus', 'createdAt'],
    },
    access: { ...ADMINISTRATORS, create: () => false },
    hooks: {
      beforeChange: [retryNow(options.webhooks.giveUpAfterMs)],
      afterChange: [queueAfterRetry],
    },
    fields: [
      {
        name: 'retryNow',
        type: 'checkbox',
        label: 'Retry now',
        admin: { description: 'Tick and save: the delivery is sent again at once.' },
      },
      {
        name: 'webhook',
        type: 'relationship',
        relationTo: options.webhooks.slug,
        index: true,
        admin: readOnly,
      },
      { name: 'deliveryId', type: 'text', required: true, unique: true, admin: readOnly },
      { name: 'event', type: 'text', required: true, admin: readOnly },
      { name: 'resource', type: 'text', required: true, admin: readOnly },
      { name: 'record', type: 'number', required: true, admin: readOnly },
      { name: 'change', type: 'text', required: true, admin: readOnly },
      { name: 'kind', type: 'text', admin: readOnly },
      /** The change log entry's sequence (collections/changeLog.ts). */
      { name: 'sequence', type: 'number', admin: readOnly },
      /** `<webhook>:<resource>:<record>`: deliveries with the same key go out in order. */
      { name: 'orderKey', type: 'text', required: true, index: true, admin: { hidden: true } },
      {
        name: 'status',
        type: 'select',
        options: [...DELIVERY_STATES],
        defaultValue: 'pending',
        required: true,
        index: true,
        admin: readOnly,
      },
      { name: 'attempts', type: 'number', defaultValue: 0, admin: readOnly },
      {
        name: 'nextAttemptAt',
        type: 'date',
        index: true,
        admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
      },
      { name: 'giveUpAt', type: 'date', admin: { hidden: true } },
      { name: 'claimedUntil', type: 'date', admin: { hidden: true } },
      { name: 'claim', type: 'text', admin: { hidden: true } },
      {
        name: 'lastAttemptAt',
        type: 'date',
        admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
      },
      { name: 'lastStatus', type: 'number', label: 'Last answer code', admin: readOnly },
      { name: 'lastAnswer', type: 'textarea', label: 'Last answer (start)', admin: readOnly },
      { name: 'lastError', type: 'text', admin: readOnly },
      {
        name: 'deliveredAt',
        type: 'date',
        admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
      },
      /** The body as first sent: every retry sends the same. */
      { name: 'body', type: 'textarea', admin: readOnly },
    ],
  }
}
