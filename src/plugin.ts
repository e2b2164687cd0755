import type { CollectionConfig, Config, PayloadRequest, Plugin } from 'payload'
import { warmFormsOnWrite, warmMissingForms } from '../endpoints/records/formWarmer.js'
import { TRANSLATIONS_NAV_LINK, translationsView } from '../collections/admin/translations.js'
import { fillTranslationStatus } from '../collections/translations/backfill.js'
import { can } from '../collections/access.js'
import { sequencesCollection } from '../collections/sequences.js'
import { changeLogCollection } from '../collections/changeLog.js'
import { recordFormsCollection } from '../collections/recordForms.js'
import { withCalendarCollections } from '../collections/writePath.js'
import { calendarRoutes } from '../endpoints/v1/routes.js'
import { otherRoots } from './roots.js'
import { withCalendarDashboard } from '../collections/admin/calendar.js'
import { namespaceEndpoints } from '../endpoints/routing/router.js'
import { healthEndpoints } from '../endpoints/health.js'
import { calendarRootEndpoints } from '../endpoints/calendarRoot.js'
import { languageRootLocales } from '../endpoints/languageRootLocale.js'
import { calendarStore, reportTransactions, withCalendarDatabase } from '../core/database/index.js'
import { CLIENT_ENTRY, RSC_ENTRY } from '../core/defaults.js'
import { importMappingsCollection, importRunsCollection } from '../features/import/collections.js'
import { seriesHorizonTask } from '../collections/series/horizonTask.js'
import { duePostsTask } from '../collections/hooks/duePosts.js'
import { termRecountTask } from '../collections/hooks/termRecount.js'
import { importTask } from '../features/import/task.js'
import { deliveriesCollection, webhooksCollection } from '../features/webhooks/collections.js'
import { deliverTask, resumeDeliveries } from '../features/webhooks/deliver.js'
import { LOCALE_CODES, LOCALES } from '../core/locales.js'
import { withCalendarTranslations } from '../core/translations/index.js'
import {
  resolveOptions,
  type CalendarPluginOptions,
  type ResolvedCalendarOptions,
} from '../core/options.js'

/** The namespace's first path segment; no collection may use it as its slug. */
const RESERVED_SLUG = 'cal'

/**
 * The events-calendar plugin: adds events, venues, organizers, event categories, event tags (and
 * media, unless the app points to its own upload collection), gives the app's users a role, and
 * keeps everything the app already has.
 */
export const calendarPlugin =
  (pluginOptions: CalendarPluginOptions = {}): Plugin =>
  (incomingConfig: Config): Config => {
    const options = resolveOptions(pluginOptions, incomingConfig)
    // The calendar's collections and the app's users, each with what runs on its writes, in
    // order (collections/writePath.ts); the app's other collections as they are.
    const collections = withCalendarCollections(options, incomingConfig.collections ?? [])
    if (!collections.some((collection) => collection.slug === options.usersSlug)) {
      throw new Error(
        `calendarPlugin: the auth collection "${options.usersSlug}" does not exist; set usersCollection.`,
      )
    }
    if (collections.some((collection) => collection.slug === RESERVED_SLUG)) {
      throw new Error(
        `calendarPlugin: no collection may be called "${RESERVED_SLUG}": it would shadow the cal/events/v1 namespace.`,
      )
    }

    const localization = incomingConfig.localization || LOCALES
    const missing = LOCALE_CODES.filter(
      (code) =>
        !localization.locales.some(
          (locale) => (typeof locale === 'string' ? locale : locale.code) === code,
        ),
    )
    if (missing.length)
      throw new Error(
        `calendarPlugin: the localization config lacks the locales ${missing.join(', ')}.`,
      )

    return {
      ...incomingConfig,
      localization,
      collections: [
        ...collections,
        sequencesCollection(options.sequencesSlug),
        changeLogCollection(options.changeLog.slug),
        recordFormsCollection(options.recordForms.slug),
        webhooksCollection(options),
        deliveriesCollection(options),
        ...importCollections(options),
      ],
      jobs: withCalendarTasks(incomingConfig.jobs, options),
      admin: withCalendarDashboard(withImportPage(incomingConfig.admin, options), options),
      i18n: withCalendarTranslations(incomingConfig.i18n),
      ...(incomingConfig.db
        ? {
            db: withCalendarDatabase(
              incomingConfig.db,
              ownTables(options),
              options.store,
              options.sequencesSlug,
            ),
          }
        : {}),
      onInit: calendarOnInit(incomingConfig.onInit, options),
      endpoints: [
        ...(incomingConfig.endpoints ?? []),
        ...(options.enabled ? calendarEndpoints(options) : []),
      ],
    }
  }

/**
 * The v1 namespace and the plugin's other roots (the calendar feeds, CSV, translations, the
 * FullCalendar feed: src/roots.ts), each routed by its own table, the calendar's root (`/api/cal`,
 * what the namespaces are) and the health check (`/api/cal/health`).
 */
function calendarEndpoints(options: ResolvedCalendarOptions) {
  const others = otherRoots({ tickets: options.tickets.enabled })
  return [
    ...calendarRootEndpoints(options),
    ...healthEndpoints(),
    ...namespaceEndpoints({ routes: calendarRoutes(others), options }),
    ...others.flatMap(({ routes, namespace, cached }) =>
      namespaceEndpoints({ routes, options, namespace, cached }),
    ),
  ]
}

/** The importer's mapping and runs (features/import). */
function importCollections(options: ResolvedCalendarOptions): CollectionConfig[] {
  return [
    importMappingsCollection(options.import.mappingsSlug),
    importRunsCollection(options.import.runsSlug, options.usersSlug),
  ]
}

/**
 * The calendar's tasks on Payload's jobs queue: the import, the daily extension of recurring
 * series, the settling of scheduled posts that came due and the daily recount of the terms' counts
 * (all three scheduled on the `calendar` queue) and the delivery of webhooks (on the
 * `calendar-webhooks` queue); the app runs both queues with `jobs.autoRun`. Running and
 * queueing jobs is for administrators unless the app says otherwise.
 */
function withCalendarTasks(
  jobs: Config['jobs'],
  options: ResolvedCalendarOptions,
): NonNullable<Config['jobs']> {
  const administrators = ({ req }: { req: PayloadRequest }) => can.administer(req.user)
  return {
    ...jobs,
    tasks: [
      ...(jobs?.tasks ?? []),
      importTask(options),
      seriesHorizonTask(options),
      duePostsTask(options),
      termRecountTask(options),
      deliverTask(options),
    ],
    access: { run: administrators, queue: administrators, cancel: administrators, ...jobs?.access },
  }
}

/**
 * The admin's Import page (`/admin/import`) and the "To translate" page (`/admin/translations`),
 * and their links in the navigation.
 */
function withImportPage(
  admin: Config['admin'],
  options: ResolvedCalendarOptions,
): NonNullable<Config['admin']> {
  const components = admin?.components ?? {}
  return {
    ...admin,
    components: {
      ...components,
      views: {
        ...components.views,
        calendarImport: { Component: `${RSC_ENTRY}#ImportView`, path: '/import' },
        calendarTranslations: translationsView({
          translate: Boolean(options.translate),
          runs: options.import.runsSlug,
        }),
      },
      afterNavLinks: [
        ...(components.afterNavLinks ?? []),
        `${CLIENT_ENTRY}#ImportNavLink`,
        TRANSLATIONS_NAV_LINK,
      ],
    },
  }
}

/**
 * Before the app's own `onInit`: the building of kept forms after writes, a warning when calendar
 * writes cannot be atomic (`reportTransactions`); after it, a run of the webhooks queue when
 * deliveries are waiting (a crash may have cut the last one short).
 */
function calendarOnInit(
  appOnInit: Config['onInit'],
  options: ResolvedCalendarOptions,
): NonNullable<Config['onInit']> {
  return async (payload) => {
    if (options.enabled) {
      languageRootLocales(payload)
      // The forms of the events its writes name are built after them (issue #59).
      warmFormsOnWrite(payload, options)
    }
    await reportTransactions(payload)
    await appOnInit?.(payload)
    // After the app's onInit, which may migrate the database.
    await calendarStore(payload).refreshStatistics(payload)
    // Forms missing after an upgrade or a change outside Payload: built meanwhile (issue #59).
    if (options.enabled)
      void warmMissingForms(payload).catch((error) =>
        payload.logger.warn({ err: error, msg: 'calendar: kept forms not built' }),
      )
    // Records from before translation status, in an app whose migration only added its columns.
    void fillTranslationStatus(payload)
      .then((filled) => {
        if (filled)
          payload.logger.info(`calendar: translation status of ${filled} records filled in`)
      })
      .catch((error) =>
        payload.logger.warn({ err: error, msg: 'calendar: translation status not filled in' }),
      )
    await resumeDeliveries(payload, options).catch((error) =>
      payload.logger.warn({ err: error, msg: 'webhooks: waiting deliveries not resumed' }),
    )
  }
}

/** The slugs of the collections the plugin adds (not the app's upload collection it may use). */
function ownTables({ slugs, ownsMedia }: ResolvedCalendarOptions): string[] {
  return Object.entries(slugs)
    .filter(([key]) => key !== 'media' || ownsMedia)
    .map(([, slug]) => slug)
}
