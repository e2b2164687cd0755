/**
 * The option groups of `calendarPlugin(…)` that have options of their own (core/options.ts
 * names them), each documented with its default.
 */

/** Webhooks (features/webhooks). */
export type WebhookOptions = {
  /**
   * The slug of the webhooks collection.
   * @default 'webhooks'
   */
  slug?: string
  /**
   * The slug of the delivery log (also the outbox).
   * @default 'webhook-deliveries'
   */
  deliveriesSlug?: string
  /**
   * Whether deliveries may go to loopback, private, link-local or other non-public addresses.
   * @default false
   */
  allowPrivate?: boolean
  /**
   * Time limit of one delivery attempt, in milliseconds.
   * @default 10_000 (10 s)
   */
  timeoutMs?: number
  /**
   * The first retry delay, in milliseconds; it doubles up to `maxDelayMs`.
   * @default 60_000 (60 s)
   */
  backoffMs?: number
  /**
   * The longest retry delay, in milliseconds.
   * @default 4 * 3_600_000 (4 h)
   */
  maxDelayMs?: number
  /**
   * How long after the change a delivery is retried before it is given up, in milliseconds.
   * @default 24 * 3_600_000 (24 h)
   */
  giveUpAfterMs?: number
}

/** RSVP tickets and their attendees (collections/tickets, endpoints/tickets). */
export type TicketOptions = {
  /**
   * Whether events get RSVP tickets, and `cal/tickets/v1` is served.
   * @default true
   */
  enabled?: boolean
  /**
   * The slug of the RSVP tickets collection.
   * @default 'event-tickets'
   */
  slug?: string
  /**
   * The slug of the attendees collection.
   * @default 'event-attendees'
   */
  attendeesSlug?: string
  /**
   * The most places one RSVP takes (Event Tickets' default purchase limit).
   * @default 100
   */
  maxQuantity?: number
}

/** The importer (features/import): its limits. */
export type ImportOptions = {
  /**
   * Records written at once.
   * @default 4
   */
  concurrency?: number
  /**
   * The largest image imported, in bytes.
   * @default 10 * 1024 * 1024 (10 MB)
   */
  imageMaxBytes?: number
  /**
   * Time limit of a whole answer of the source, per request (to its last byte), in milliseconds.
   * @default 30_000 (30 s)
   */
  timeoutMs?: number
  /**
   * Time limit to connect to the source, in milliseconds.
   * @default 10_000 (10 s)
   */
  connectTimeoutMs?: number
  /**
   * Retries of a request that failed on the network, timed out, or got 408, 429 or 5xx.
   * @default 4
   */
  retries?: number
  /**
   * The first wait before a retry, in milliseconds, doubled at each.
   * @default 500
   */
  backoffMs?: number
  /**
   * The longest `Retry-After` waited for, in milliseconds.
   * @default 60_000 (60 s)
   */
  maxRetryAfterMs?: number
}
