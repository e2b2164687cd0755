/**
 * The plugin's defaults, in one place. The host app may read its environment into options; the
 * plugin reads none.
 */
/** The collections the plugin brings, by key, with their default slugs. */
export const DEFAULT_SLUGS = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'event-categories',
  tags: 'event-tags',
  media: 'media',
} as const

export type CalendarCollectionKey = keyof typeof DEFAULT_SLUGS

export const DEFAULTS = {
  siteTimezone: 'UTC',
  mediaDir: 'data/media',
  perPage: 10,
  totalsCacheSeconds: 10,
  httpMaxAge: 60,
  responseCacheBytes: 64 * 1024 * 1024,
  recurrenceHorizonDays: 730,
  recurrenceSchedule: '0 17 3 * * *',
  currencySymbol: '',
  currencyPosition: 'prefix',
  /** Slug of the plugin's hidden collection of id sequences. */
  sequencesSlug: 'cal-sequences',
  /** The importer's hidden collections (features/import): source ids → ours, and the runs. */
  importMappingsSlug: 'cal-import-mappings',
  importRunsSlug: 'cal-import-runs',
  /** The change log (collections/changeLog.ts): its hidden collection, how long entries stay. */
  changeLogSlug: 'cal-changes',
  changeLogRetentionDays: 30,
  /** Records' v1 forms kept in the database (collections/recordForms.ts): its hidden collection. */
  recordFormsSlug: 'cal-record-forms',
  /**
   * Webhooks (features/webhooks): their collection, the delivery log (also the outbox), the time an
   * attempt may take, the first retry delay (doubling up to the longest), and how long a delivery
   * is retried before it is given up.
   */
  webhooksSlug: 'webhooks',
  webhookDeliveriesSlug: 'webhook-deliveries',
  webhookTimeoutMs: 10_000,
  webhookBackoffMs: 60_000,
  webhookMaxDelayMs: 4 * 3_600_000,
  webhookGiveUpAfterMs: 24 * 3_600_000,
  /**
   * The importer's limits: records written at once, image size, and per request to the source a
   * whole-answer timeout, a connect timeout, retries and the first backoff delay, the longest
   * `Retry-After` waited for.
   */
  importConcurrency: 4,
  importImageMaxBytes: 10 * 1024 * 1024,
  importTimeoutMs: 30_000,
  importConnectTimeoutMs: 10_000,
  importRetries: 4,
  importBackoffMs: 500,
  importMaxRetryAfterMs: 60_000,
  /** RSVP (collections/tickets): its collections, and the most places one answer takes. */
  ticketsSlug: 'event-tickets',
  attendeesSlug: 'event-attendees',
  rsvpMaxQuantity: 100,
} as const

/** The most items a list takes, in the v1 arguments and in a record's lists alike. */
export const MAX_LIST_ITEMS = 100

/** Where the admin finds the plugin's client components: the package's `client` export. */
export const CLIENT_ENTRY = 'payload-events-calendar/client'

/** Where the admin finds the plugin's server components: the package's `rsc` export. */
export const RSC_ENTRY = 'payload-events-calendar/rsc'

/** The calendar feeds' path under Payload's API root (`/api/cal/ical/events.ics`). */
export const FEEDS_NAMESPACE = 'cal/ical'

/** The CSV exports' path under Payload's API root (`/api/cal/csv/events.csv`). */
export const CSV_NAMESPACE = 'cal/csv'

/** The FullCalendar feed's path under Payload's API root (`/api/cal/fullcalendar/events`). */
export const FULLCALENDAR_NAMESPACE = 'cal/fullcalendar'
/** Where the admin's translation drafts are made (endpoints/translations/). */
export const TRANSLATIONS_NAMESPACE = 'cal/translations'

/** The batch route of v1 writes, as WordPress's `batch/v1` (`POST /api/cal/batch/v1`). */
export const BATCH_NAMESPACE = 'cal/batch/v1'

/** Event Tickets' `tribe/tickets/v1`, served as `/api/cal/tickets/v1` (endpoints/tickets/). */
export const TICKETS_NAMESPACE = 'cal/tickets/v1'
