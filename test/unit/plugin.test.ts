/** `calendarPlugin()` on a bare config: the config it returns, without a server or a database. */
import { describe, expect, test } from '@jest/globals'
import type { CollectionConfig, Config } from 'payload'
import { calendarPlugin, type CalendarPluginOptions } from '../../src/index.js'

const appUsersRead = () => true
const appUsersHook = () => undefined

const bareConfig = (extra: Partial<Config> = {}): Config =>
  ({
    secret: 'unit',
    collections: [
      {
        slug: 'users',
        auth: true,
        access: { read: appUsersRead },
        hooks: { beforeChange: [appUsersHook] },
        fields: [{ name: 'nickname', type: 'text' }],
      },
      { slug: 'pages', fields: [{ name: 'title', type: 'text' }] },
    ],
    ...extra,
  }) as Config

/** The plugin is synchronous: the config it returns, typed as such. */
const applied = (options: CalendarPluginOptions, config: Config): Config =>
  calendarPlugin(options)(config) as Config

const slugsOf = (config: Config) => (config.collections ?? []).map((collection) => collection.slug)
const collection = (config: Config, slug: string) =>
  (config.collections ?? []).find((c) => c.slug === slug) as CollectionConfig
const fieldNames = (c: CollectionConfig) =>
  c.fields.map((field) => ('name' in field ? field.name : undefined))

describe('calendarPlugin() on a bare config', () => {
  test('adds the calendar collections, RSVP tickets and attendees, the hidden sequences and the en/fr/es localization, and keeps the app’s own', () => {
    const config = applied({}, bareConfig())
    expect(slugsOf(config)).toEqual([
      'users',
      'pages',
      'events',
      'venues',
      'organizers',
      'event-categories',
      'event-tags',
      'media',
      'event-tickets',
      'event-attendees',
      'cal-sequences',
      'cal-changes',
      'cal-record-forms',
      'webhooks',
      'webhook-deliveries',
      'cal-import-mappings',
      'cal-import-runs',
    ])
    // The importer: a task of the jobs queue, and the admin's Import page.
    // And the daily extension of recurring series, scheduled posts coming due, the daily recount
    // of the terms' counts, and the delivery of webhooks.
    expect(config.jobs?.tasks?.map((task) => task.slug)).toEqual([
      'calendarImport',
      'calendarSeriesHorizon',
      'calendarDuePosts',
      'calendarRecountTerms',
      'calendarWebhooksDeliver',
    ])
    expect(Object.keys(config.admin?.components?.views ?? {})).toContain('calendarImport')
    expect(collection(config, 'pages').fields).toEqual([{ name: 'title', type: 'text' }])
    const locales =
      config.localization &&
      config.localization.locales.map((locale: string | { code: string }) =>
        typeof locale === 'string' ? locale : locale.code,
      )
    expect(locales).toEqual(['en', 'fr', 'es'])
  })

  test('extends the users: a role, API keys, and the app’s own field, hook and access kept', async () => {
    const users = collection(applied({}, bareConfig()), 'users')
    expect(fieldNames(users)).toEqual(expect.arrayContaining(['nickname', 'role', 'id']))
    expect(users.hooks?.beforeChange).toContain(appUsersHook)
    expect(typeof users.auth === 'object' && users.auth.useAPIKey).toBe(true)
    // The app's read rule is AND-ed with the roles' rule, not replaced: an anonymous reader is
    // refused by ours.
    expect(users.access?.read).not.toBe(appUsersRead)
    const read = users.access!.read!
    expect(await read({ req: { user: null } } as never)).toBe(false)
  })

  test('mounts the v1 namespace and the health check as Payload root endpoints; enabled: false keeps the collections and mounts nothing', () => {
    const enabled = applied({}, bareConfig())
    const disabled = applied({ enabled: false }, bareConfig())
    const mounted = (enabled.endpoints ?? []).map(
      (endpoint) => `${endpoint.method} ${endpoint.path}`,
    )
    expect(mounted).toContain('get /cal/events/v1/:path*')
    expect(mounted).toEqual(expect.arrayContaining(['get /cal/health', 'head /cal/health']))
    expect(disabled.endpoints ?? []).toEqual([])
    expect(slugsOf(disabled)).toEqual(slugsOf(enabled))
  })

  test('renamed slugs and the app’s own upload collection: no media of the plugin, relations point at the app’s', () => {
    const images: CollectionConfig = { slug: 'images', upload: true, fields: [] }
    const config = applied(
      { slugs: { events: 'happenings' }, uploadCollection: 'images' },
      bareConfig({ collections: [...bareConfig().collections!, images] }),
    )
    expect(slugsOf(config)).toContain('happenings')
    expect(slugsOf(config)).not.toContain('media')
    expect(collection(config, 'images')).toBe(images)
    const image = collection(config, 'happenings').fields.find(
      (field) => 'name' in field && field.name === 'image',
    )
    expect(image && 'relationTo' in image && image.relationTo).toBe('images')
  })

  test('a collection the app already has under a calendar slug is merged with ours: our fields stay, the app’s others are added', () => {
    const ownVenues: CollectionConfig = {
      slug: 'venues',
      fields: [
        { name: 'city', type: 'text', label: 'Town' },
        { name: 'capacity', type: 'number' },
      ],
    }
    const config = applied(
      {},
      bareConfig({ collections: [...bareConfig().collections!, ownVenues] }),
    )
    const venues = collection(config, 'venues')
    expect(slugsOf(config).filter((slug) => slug === 'venues')).toHaveLength(1)
    // The calendar's `city` sits in a row: the app's field of that name is not added beside it.
    expect(venues.fields.find((field) => 'name' in field && field.name === 'city')).toBeUndefined()
    expect(fieldNames(venues)).toEqual(expect.arrayContaining(['capacity', 'address', 'country']))
  })

  test('refuses what it cannot work with, saying why', () => {
    expect(() => applied({ usersCollection: 'members' }, bareConfig())).toThrow(
      /auth collection "members" does not exist/,
    )
    expect(() =>
      applied(
        {},
        bareConfig({ collections: [...bareConfig().collections!, { slug: 'cal', fields: [] }] }),
      ),
    ).toThrow(/"cal"/)
    expect(() =>
      applied({}, bareConfig({ localization: { locales: ['en', 'de'], defaultLocale: 'en' } })),
    ).toThrow(/lacks the locales fr, es/)
  })

  test('does not change the config it is given', () => {
    const config = bareConfig()
    const before = JSON.stringify(config)
    applied({}, config)
    expect(JSON.stringify(config)).toBe(before)
  })
})
