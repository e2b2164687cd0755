import { pseudoTranslator } from './pseudoTranslator.js'
import type { CalendarPluginOptions } from '../src/index.js'

/**
 * The calendar's options that this app takes from its environment (docs/host-app.md,
 * Configuration). The plugin itself reads no environment: another app passes its options in code.
 */
export function calendarOptionsFromEnvironment(
  env: Record<string, string | undefined> = process.env,
): CalendarPluginOptions {
  return {
    siteTimezone: env.CAL_TIMEZONE || undefined,
    store: env.CAL_STORE === 'generic' ? 'generic' : undefined,
    mediaDir: env.CAL_MEDIA_DIR || undefined,
    perPage: positiveInteger(env.CAL_PER_PAGE),
    totalsCacheSeconds: wholeNumber(env.CAL_TOTALS_CACHE_SECONDS),
    httpMaxAge: wholeNumber(env.CAL_HTTP_MAX_AGE),
    responseCacheBytes: megabytes(env.CAL_RESPONSE_CACHE_MB),
    // Benchmarks only (bench/mixed.ts): the response cache as it was before the change log.
    responseCacheDropsAll: env.CAL_CACHE_DROP_ALL === 'true' || undefined,
    recurrenceHorizonDays: positiveInteger(env.CAL_RECURRENCE_HORIZON_DAYS),
    recurrenceSchedule: env.CAL_RECURRENCE_SCHEDULE || undefined,
    siteUrl: env.CAL_SITE_URL || undefined,
    trustProxy: env.CAL_TRUST_PROXY === 'true' || undefined,
    translate: env.CAL_TRANSLATOR === 'pseudo' ? pseudoTranslator : undefined,
    currencySymbol: env.CAL_CURRENCY_SYMBOL || undefined,
    currencyPosition: env.CAL_CURRENCY_POSITION === 'postfix' ? 'postfix' : undefined,
    changeLog: { retentionDays: positiveNumber(env.CAL_CHANGE_LOG_DAYS) },
    recordForms: { enabled: env.CAL_RECORD_FORMS === 'false' ? false : undefined },
    webhooks: {
      allowPrivate: env.CAL_WEBHOOKS_ALLOW_PRIVATE === 'true' || undefined,
      timeoutMs: positiveInteger(env.CAL_WEBHOOKS_TIMEOUT_MS),
      backoffMs: positiveInteger(env.CAL_WEBHOOKS_BACKOFF_MS),
    },
    import: {
      timeoutMs: positiveInteger(env.CAL_IMPORT_TIMEOUT_MS),
      connectTimeoutMs: positiveInteger(env.CAL_IMPORT_CONNECT_TIMEOUT_MS),
      retries: wholeNumber(env.CAL_IMPORT_RETRIES),
      backoffMs: wholeNumber(env.CAL_IMPORT_BACKOFF_MS),
    },
  }
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

function positiveNumber(value: string | undefined): number | undefined {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : undefined
}

function wholeNumber(value: string | undefined): number | undefined {
  const n = value === undefined || value === '' ? NaN : Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

function megabytes(value: string | undefined): number | undefined {
  const n = wholeNumber(value)
  return n === undefined ? undefined : n * 1024 * 1024
}
