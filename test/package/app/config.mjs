// A Payload app that is not ours: its own users (a field, access and a hook of their own), a
// collection of its own, Payload's stock database adapters, and the calendar plugin from its
// package. `scenario` picks the variant the package test drives.
import { buildConfig, ValidationError } from 'payload'
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

// The `db:` of an app made by create-payload-app, exactly as its SQLite and PostgreSQL templates
// write it: no `transactionOptions` (Payload's SQLite adapter then runs without transactions, its
// PostgreSQL adapter with them) and no `push` (on outside production: the schema is pushed).
async function database() {
  if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
    const { postgresAdapter } = await import('@payloadcms/db-postgres')
    return postgresAdapter({
      pool: {
        connectionString: process.env.DATABASE_URL || '',
      },
    })
  }
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  return sqliteAdapter({
    client: {
      url: process.env.DATABASE_URL || '',
    },
  })
}

/** The app's own rule on events: a title it refuses, checked after the plugin's hooks. */
const refuseTitle = (events) => ({
  ...events,
  hooks: {
    ...events.hooks,
    beforeChange: [
      ...(events.hooks?.beforeChange ?? []),
      ({ data }) => {
        if (data.title === REFUSED_TITLE)
          throw new ValidationError({ errors: [{ message: 'refused', path: 'title' }] })
        return data
      },
    ],
  },
})

export const REFUSED_TITLE = 'Refused by the app'

const PLUGIN_OPTIONS = {
  plain: { overrides: { events: refuseTitle } },
  disabled: { enabled: false },
  renamed: { slugs: { events: 'happenings', venues: 'places' }, uploadCollection: 'images' },
}

/** The app's config; its database is at `DATABASE_URL`, as in Payload's templates. */
export async function appConfig(scenario) {
  const options = PLUGIN_OPTIONS[scenario]
  if (!options) throw new Error(`unknown scenario ${scenario}`)
  return buildConfig({
    secret: 'a-foreign-app-secret',
    db: await database(),
    telemetry: false,
    logger: { options: { level: 'warn' } },
    collections: [users, pages, ...(scenario === 'renamed' ? [images] : [])],
    plugins: [calendarPlugin(options)],
  })
}
