import type { CollectionConfig, Config } from 'payload'
import { inEveryLanguage } from './translations/index.js'
import { DEFAULT_SLUGS, DEFAULTS, type CalendarCollectionKey } from './defaults.js'
import type { ImportOptions, TicketOptions, WebhookOptions } from './optionGroups.js'

/** The collections the plugin adds, by the key used in its options. */
export type { CalendarCollectionKey, ImportOptions, TicketOptions, WebhookOptions }

/** What the `translate` option is given and gives back (docs/translations.md). */
export type Translator = (
  texts: string[],
  context: { from: string; to: string; format: 'text' | 'html' },
) => Promise<string[]>

/**
 * The options of `calendarPlugin(…)`, all optional: each says what it does and, with `@default`,
 * what the plugin does without it (the values live in core/defaults.ts).
 */
export type CalendarPluginOptions = {
  /**
   * When false the collections and fields are still added (so the database schema stays the same),
   * but the plugin's behaviour beyond them (the v1 REST namespace) is left out.
   * @default true
   */
  enabled?: boolean
  /**
   * Collection slugs, by the key of each collection the plugin adds.
   * @default
   * { events: 'events', venues: 'venues', organizers: 'organizers',
   *   categories: 'event-categories', tags: 'event-tags', media: 'media' } (DEFAULT_SLUGS)
   */
  slugs?: Partial<Record<CalendarCollectionKey, string>>
  /**
   * Slug of an upload collection the app already has, to use for images instead of adding `media`.
   * The plugin then leaves that collection as it is.
   * @default undefined (the plugin adds its own `media` upload collection)
   */
  uploadCollection?: string
  /**
   * The auth collection that gets a `role` field.
   * @default `admin.user` of the config, else `'users'`
   */
  usersCollection?: string
  /**
   * Group label of the calendar collections in the admin navigation: a text, or one per admin
   * language (`{ en: 'Calendar', fr: 'Calendrier' }`).
   * @default "Calendar" in English, French and Spanish
   */
  adminGroup?: string | Record<string, string>
  /**
   * Change a generated collection before it is added: `(collection) => ({ ...collection, ... })`.
   * @default {} (the collections as the plugin makes them)
   */
  overrides?: Partial<
    Record<CalendarCollectionKey, (collection: CollectionConfig) => CollectionConfig>
  >
  /**
   * Give the calendar collections, the upload collection the plugin adds and the users collection
   * positive integer ids from the plugin's own sequences, on every database adapter.
   * @default true
   */
  integerIds?: boolean
  /**
   * How the calendar reaches the database (core/database/store.ts): `auto` uses the SQL fast paths
   * of Payload's SQLite and PostgreSQL adapters; `generic` uses Payload's public adapter API only,
   * as MongoDB and any other adapter do.
   * @default 'auto'
   */
  store?: 'auto' | 'generic'
  /**
   * Site time zone (IANA name or `UTC+N`); events without a zone of their own use it.
   * @default 'UTC'
   */
  siteTimezone?: string
  /**
   * Folder of uploaded files when the plugin adds the upload collection (relative to the working
   * directory).
   * @default 'data/media'
   */
  mediaDir?: string
  /**
   * Default page size of v1 archives (`per_page` is clamped to 50).
   * @default 10
   */
  perPage?: number
  /**
   * Public site address for records' `url` fields (the site's pages).
   * @default the request's public origin (see `trustProxy`)
   */
  siteUrl?: string
  /**
   * Whether the app sits behind a proxy it trusts to set `X-Forwarded-Host` and
   * `X-Forwarded-Proto`: API links (`rest_url`, the index, `/doc`, feeds) then carry the origin
   * they name. Links carry Payload's `serverURL` when it is set, else the request's `Host`, never
   * these headers unless this says so.
   * @default false
   */
  trustProxy?: boolean
  /**
   * Drafts translations in the admin: given texts in the record's source language, gives them in
   * another, in the same order (DeepL, an LLM, anything). `format` is `html` for rich text, whose
   * tags and links must come back as they were. With it, a record's form in another language has
   * a **Translate from …** button that fills its empty and outdated fields for the editor to
   * review before saving.
   * @default undefined (no translator: nothing of it shows)
   */
  translate?: Translator
  /**
   * How long the v1 events archive may reuse a total it counted, in seconds, at most; 0 counts on
   * every request. A total is dropped as soon as the calendar changes (a write from any process,
   * a scheduled event coming due), whatever this says.
   * @default 10
   */
  totalsCacheSeconds?: number
  /**
   * `max-age` of `Cache-Control: public` on the answers of v1 reads and calendar feeds that an
   * anonymous caller gets (holding nothing but published content), in seconds; 0 sends
   * `no-cache` instead (caches revalidate every time).
   * @default 60
   */
  httpMaxAge?: number
  /**
   * Bytes of the server's response cache, which keeps the answers of v1 reads that any anonymous
   * caller gets until the calendar changes (a write from any process, or a time boundary such as
   * an event starting); 0 turns it off.
   * @default 64 * 1024 * 1024 (64 MiB)
   */
  responseCacheBytes?: number
  /**
   * For benchmarks only: the response cache drops every kept answer on any change, as it did
   * before the change log told it what changed (`npm run bench -- --mixed` compares).
   * @default false
   */
  responseCacheDropsAll?: boolean
  /**
   * How far ahead the dates of a recurring series exist as events, in days; a daily task moves the
   * horizon on.
   * @default 730 (two years)
   */
  recurrenceHorizonDays?: number
  /**
   * The change log behind `GET /cal/events/v1/changes` and `modified_since`
   * (collections/changeLog.ts). A cursor older than its retention answers 410.
   */
  changeLog?: {
    /**
     * The slug of its hidden collection.
     * @default 'cal-changes'
     */
    slug?: string
    /**
     * How many days it keeps an entry (fractions allowed).
     * @default 30
     */
    retentionDays?: number
  }
  /**
   * The v1 forms of public records kept in the database (collections/recordForms.ts), so that a
   * read no cache answers joins stored text instead of building each record again.
   */
  recordForms?: {
    /**
     * The slug of their hidden collection.
     * @default 'cal-record-forms'
     */
    slug?: string
    /**
     * `false` builds every record on every read.
     * @default true
     */
    enabled?: boolean
  }
  /**
   * When the task that moves series' horizons on is queued (a cron expression with seconds, in UTC,
   * on the `calendar` queue).
   * @default '0 17 3 * * *' (daily at 03:17:00)
   */
  recurrenceSchedule?: string
  /** Webhooks (features/webhooks). */
  webhooks?: WebhookOptions
  /**
   * Currency symbol shown with costs that give none.
   * @default '' (none)
   */
  currencySymbol?: string
  /**
   * Where that symbol goes.
   * @default 'prefix'
   */
  currencyPosition?: 'prefix' | 'postfix'
  /** RSVP tickets and their attendees (collections/tickets, endpoints/tickets). */
  tickets?: TicketOptions
  /** The importer (features/import): its limits. */
  import?: ImportOptions
}

export type ResolvedCalendarOptions = {
  enabled: boolean
  slugs: Record<CalendarCollectionKey, string>
  /** Whether the plugin adds the upload collection itself. */
  ownsMedia: boolean
  usersSlug: string
  adminGroup: string | Record<string, string>
  overrides: Partial<
    Record<CalendarCollectionKey, (collection: CollectionConfig) => CollectionConfig>
  >
  integerIds: boolean
  store: 'auto' | 'generic'
  siteTimezone: string
  mediaDir: string
  perPage: number
  totalsCacheSeconds: number
  httpMaxAge: number
  responseCacheBytes: number
  responseCacheDropsAll: boolean
  recurrenceHorizonDays: number
  recurrenceSchedule: string
  siteUrl: string
  trustProxy: boolean
  translate: Translator | null
  currencySymbol: string
  currencyPosition: 'prefix' | 'postfix'
  /** Slug of the plugin's hidden collection of id sequences. */
  sequencesSlug: string
  changeLog: { slug: string; retentionDays: number }
  recordForms: { slug: string; enabled: boolean }
  webhooks: {
    slug: string
    deliveriesSlug: string
    allowPrivate: boolean
    timeoutMs: number
    backoffMs: number
    maxDelayMs: number
    giveUpAfterMs: number
  }
  tickets: { enabled: boolean; slug: string; attendeesSlug: string; maxQuantity: number }
  import: {
    mappingsSlug: string
    runsSlug: string
    concurrency: number
    imageMaxBytes: number
    timeoutMs: number
    connectTimeoutMs: number
    retries: number
    backoffMs: number
    maxRetryAfterMs: number
  }
}

/** Every option of the plugin is resolved here, from what the app passes and the defaults. */
export function resolveOptions(
  options: CalendarPluginOptions,
  config: Config,
): ResolvedCalendarOptions {
  const slugs = { ...DEFAULT_SLUGS, ...options.slugs }
  if (options.uploadCollection) slugs.media = options.uploadCollection
  return {
    enabled: options.enabled ?? true,
    slugs,
    ownsMedia: !options.uploadCollection,
    usersSlug: options.usersCollection ?? config.admin?.user ?? 'users',
    adminGroup: options.adminGroup ?? inEveryLanguage('calendar'),
    overrides: options.overrides ?? {},
    integerIds: options.integerIds ?? true,
    store: options.store ?? 'auto',
    siteTimezone: options.siteTimezone ?? DEFAULTS.siteTimezone,
    mediaDir: options.mediaDir ?? DEFAULTS.mediaDir,
    perPage: options.perPage ?? DEFAULTS.perPage,
    totalsCacheSeconds: options.totalsCacheSeconds ?? DEFAULTS.totalsCacheSeconds,
    httpMaxAge: options.httpMaxAge ?? DEFAULTS.httpMaxAge,
    responseCacheBytes: options.responseCacheBytes ?? DEFAULTS.responseCacheBytes,
    responseCacheDropsAll: options.responseCacheDropsAll ?? false,
    recurrenceHorizonDays: options.recurrenceHorizonDays ?? DEFAULTS.recurrenceHorizonDays,
    recurrenceSchedule: options.recurrenceSchedule || DEFAULTS.recurrenceSchedule,
    siteUrl: (options.siteUrl ?? '').replace(/\/+$/, ''),
    trustProxy: options.trustProxy ?? false,
    translate: options.translate ?? null,
    currencySymbol: options.currencySymbol ?? DEFAULTS.currencySymbol,
    currencyPosition: options.currencyPosition ?? DEFAULTS.currencyPosition,
    sequencesSlug: DEFAULTS.sequencesSlug,
    changeLog: {
      slug: options.changeLog?.slug ?? DEFAULTS.changeLogSlug,
      retentionDays: options.changeLog?.retentionDays ?? DEFAULTS.changeLogRetentionDays,
    },
    recordForms: {
      slug: options.recordForms?.slug ?? DEFAULTS.recordFormsSlug,
      enabled: options.recordForms?.enabled ?? true,
    },
    webhooks: {
      slug: options.webhooks?.slug ?? DEFAULTS.webhooksSlug,
      deliveriesSlug: options.webhooks?.deliveriesSlug ?? DEFAULTS.webhookDeliveriesSlug,
      allowPrivate: options.webhooks?.allowPrivate ?? false,
      timeoutMs: options.webhooks?.timeoutMs ?? DEFAULTS.webhookTimeoutMs,
      backoffMs: options.webhooks?.backoffMs ?? DEFAULTS.webhookBackoffMs,
      maxDelayMs: options.webhooks?.maxDelayMs ?? DEFAULTS.webhookMaxDelayMs,
      giveUpAfterMs: options.webhooks?.giveUpAfterMs ?? DEFAULTS.webhookGiveUpAfterMs,
    },
    tickets: {
      enabled: options.tickets?.enabled ?? true,
      slug: options.tickets?.slug ?? DEFAULTS.ticketsSlug,
      attendeesSlug: options.tickets?.attendeesSlug ?? DEFAULTS.attendeesSlug,
      maxQuantity: options.tickets?.maxQuantity ?? DEFAULTS.rsvpMaxQuantity,
    },
    import: {
      mappingsSlug: DEFAULTS.importMappingsSlug,
      runsSlug: DEFAULTS.importRunsSlug,
      concurrency: options.import?.concurrency ?? DEFAULTS.importConcurrency,
      imageMaxBytes: options.import?.imageMaxBytes ?? DEFAULTS.importImageMaxBytes,
      timeoutMs: options.import?.timeoutMs ?? DEFAULTS.importTimeoutMs,
      connectTimeoutMs: options.import?.connectTimeoutMs ?? DEFAULTS.importConnectTimeoutMs,
      retries: options.import?.retries ?? DEFAULTS.importRetries,
      backoffMs: options.import?.backoffMs ?? DEFAULTS.importBackoffMs,
      maxRetryAfterMs: options.import?.maxRetryAfterMs ?? DEFAULTS.importMaxRetryAfterMs,
    },
  }
}
