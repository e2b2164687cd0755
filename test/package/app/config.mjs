// A Payload app that is not ours: its own users (a field, access and a hook of their own), a
// collection of its own, Payload's stock database adapters, and the calendar plugin from its
// package. `scenario` picks the variant the package test drives.
import { buildConfig } from 'payload'
import { calendarPlugin } from 'payload-events-calendar'

const users = {
  slug: 'users',
  auth: true,
  admin: { useAsTitle: 'email' },
  // The app's own rule: only signed-in people see users (the plugin's roles narrow it further).
  access: { read: ({ req }) => Boolean(req.user) },
  hooks: {
    beforeChange: [
      ({ data, operation }) =>
        operation === 'create' && !data.nickname
          ? { ...data, nickname: String(data.email).split('@')[0] }
          : data,
    ],
  },
  fields: [{ name: 'nickname', type: 'text' }],
}

const pages = {
  slug: 'pages',
  access: { read: () => true },
  fields: [{ name: 'title', type: 'text', required: true }],
}

const images = {
  slug: 'images',
  access: { read: () => true },
  upload: { staticDir: process.env.APP_MEDIA_DIR, mimeTypes: ['image/*'] },
  fields: [{ name: 'caption', type: 'text' }],
}

async function database(uri, { transactions = true } = {}) {
  if (/^postgres(ql)?:\/\//.test(uri)) {
    const { postgresAdapter } = await import('@payloadcms/db-postgres')
    return postgresAdapter({ pool: { connectionString: uri } })
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  return sqliteAdapter({
    client: { url: uri },
    ...(transactions ? { transactionOptions: {} } : {}),
  })
}

const PLUGIN_OPTIONS = {
  plain: {},
  disabled: { enabled: false },
  renamed: { slugs: { events: 'happenings', venues: 'places' }, uploadCollection: 'images' },
  'no-transactions': {},
}

export async function appConfig(scenario, databaseUri) {
  const options = PLUGIN_OPTIONS[scenario]
  if (!options) throw new Error(`unknown scenario ${scenario}`)
  return buildConfig({
    secret: 'a-foreign-app-secret',
    db: await database(databaseUri, { transactions: scenario !== 'no-transactions' }),
    telemetry: false,
    logger: { options: { level: 'warn' } },
    collections: [users, pages, ...(scenario === 'renamed' ? [images] : [])],
    plugins: [calendarPlugin(options)],
  })
}
