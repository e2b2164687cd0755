/** Option resolution (the plugin) and the host's environment mapping, without a server. */
import { describe, expect, test } from '@jest/globals'
import type { Config } from 'payload'
import { calendarOptionsFromEnvironment } from '../../dev/environment.js'
import { resolveOptions } from '../../core/options.js'

describe('resolveOptions', () => {
  test('defaults, with no environment read', () => {
    const previous = process.env.CAL_TIMEZONE
    process.env.CAL_TIMEZONE = 'Asia/Tokyo'
    try {
      const options = resolveOptions({}, {} as Config)
      expect(options).toMatchObject({
        enabled: true,
        slugs: {
          events: 'events',
          venues: 'venues',
          organizers: 'organizers',
          categories: 'event-categories',
          tags: 'event-tags',
          media: 'media',
        },
        ownsMedia: true,
        usersSlug: 'users',
        integerIds: true,
        siteTimezone: 'UTC',
        perPage: 10,
        totalsCacheSeconds: 10,
        httpMaxAge: 60,
        responseCacheBytes: 64 * 1024 * 1024,
        siteUrl: '',
        currencySymbol: '',
        currencyPosition: 'prefix',
      })
    } finally {
      if (previous === undefined) delete process.env.CAL_TIMEZONE
      else process.env.CAL_TIMEZONE = previous
    }
  })

  test('the app’s choices win: slugs, upload collection, users from admin.user, site URL without trailing slash', () => {
    const options = resolveOptions(
      {
        slugs: { events: 'happenings' },
        uploadCollection: 'images',
        siteUrl: 'https://example.org//',
      },
      { admin: { user: 'members' } } as Config,
    )
    expect(options.slugs.events).toBe('happenings')
    expect(options.slugs.media).toBe('images')
    expect(options.ownsMedia).toBe(false)
    expect(options.usersSlug).toBe('members')
    expect(options.siteUrl).toBe('https://example.org')
  })
})

describe("the host app's environment", () => {
  test('maps CAL_* onto plugin options, leaving out what is unset or invalid', () => {
    expect(calendarOptionsFromEnvironment({})).toEqual({
      siteTimezone: undefined,
      mediaDir: undefined,
      perPage: undefined,
      totalsCacheSeconds: undefined,
      httpMaxAge: undefined,
      responseCacheBytes: undefined,
      siteUrl: undefined,
      currencySymbol: undefined,
      currencyPosition: undefined,
      changeLog: { retentionDays: undefined },
      recordForms: { enabled: undefined },
      responseCacheDropsAll: undefined,
      webhooks: { allowPrivate: undefined, timeoutMs: undefined, backoffMs: undefined },
      import: {
        timeoutMs: undefined,
        connectTimeoutMs: undefined,
        retries: undefined,
        backoffMs: undefined,
      },
    })
    expect(
      calendarOptionsFromEnvironment({
        CAL_IMPORT_TIMEOUT_MS: '1000',
        CAL_IMPORT_CONNECT_TIMEOUT_MS: '500',
        CAL_IMPORT_RETRIES: '0',
        CAL_IMPORT_BACKOFF_MS: '50',
      }).import,
    ).toEqual({ timeoutMs: 1000, connectTimeoutMs: 500, retries: 0, backoffMs: 50 })
    expect(
      calendarOptionsFromEnvironment({
        CAL_WEBHOOKS_ALLOW_PRIVATE: 'true',
        CAL_WEBHOOKS_TIMEOUT_MS: '1000',
        CAL_WEBHOOKS_BACKOFF_MS: 'soon',
      }).webhooks,
    ).toEqual({ allowPrivate: true, timeoutMs: 1000, backoffMs: undefined })
    expect(
      calendarOptionsFromEnvironment({
        CAL_TIMEZONE: 'Europe/Paris',
        CAL_PER_PAGE: '25',
        CAL_TOTALS_CACHE_SECONDS: '0',
        CAL_HTTP_MAX_AGE: '300',
        CAL_RESPONSE_CACHE_MB: '0',
        CAL_CURRENCY_POSITION: 'postfix',
        CAL_SITE_URL: 'https://x.example',
      }),
    ).toMatchObject({
      siteTimezone: 'Europe/Paris',
      perPage: 25,
      totalsCacheSeconds: 0,
      httpMaxAge: 300,
      responseCacheBytes: 0,
      currencyPosition: 'postfix',
      siteUrl: 'https://x.example',
    })
    expect(
      calendarOptionsFromEnvironment({ CAL_PER_PAGE: '-3', CAL_TOTALS_CACHE_SECONDS: 'soon' }),
    ).toMatchObject({ perPage: undefined, totalsCacheSeconds: undefined })
    // Days of the change log: fractions too (tests keep seconds), never zero or less.
    for (const [value, days] of [
      ['7', 7],
      ['0.5', 0.5],
      ['0', undefined],
      ['-1', undefined],
      ['a week', undefined],
    ] as const)
      expect(calendarOptionsFromEnvironment({ CAL_CHANGE_LOG_DAYS: value }).changeLog).toEqual({
        retentionDays: days,
      })
  })
})
