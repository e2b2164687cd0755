import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { fr } from '@payloadcms/translations/languages/fr'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { calendarPlugin } from './src/index.js'
import { databaseAdapter, migrateDatabase } from './dev/database.js'
import { mailbox } from './dev/mailbox.js'
import { calendarOptionsFromEnvironment } from './dev/environment.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

function runsJobs(): boolean {
  if (process.env.CAL_JOBS_AUTORUN === 'true') return true
  return process.env.NODE_ENV !== 'test' && process.env.CAL_JOBS_AUTORUN !== 'false'
}

/**
 * The host app (dev/): Payload with the calendar plugin (which brings English, French and Spanish).
 */
export default buildConfig({
  secret: process.env.PAYLOAD_SECRET || 'change-me-in-production-this-is-only-for-local-use',
  serverURL: process.env.CAL_SITE_URL || '',
  db: await databaseAdapter(),
  sharp,
  email: mailbox,
  telemetry: false,
  logger: { options: { level: process.env.LOG_LEVEL || 'info' } },
  // The app's types (`npm run generate:types`, checked by a test). No `declare module 'payload'`:
  // the plugin is written for any app's slugs, so Payload's own types stay generic.
  typescript: {
    autoGenerate: false,
    declare: false,
    outputFile: path.resolve(dirname, 'dev/payload-types.ts'),
  },
  admin: {
    user: 'users',
    avatar: 'default',
    // The admin's Next.js project is dev/ (as in Payload's plugin template).
    importMap: {
      baseDir: dirname,
      importMapFile: path.resolve(dirname, 'dev/app/(payload)/admin/importMap.js'),
    },
    meta: { titleSuffix: ' · Calendar' },
  },
  // The admin speaks the language of the user's browser (or the one they choose in their account).
  i18n: { supportedLanguages: { en, fr, es }, fallbackLanguage: 'en' },
  collections: [
    {
      slug: 'users',
      auth: {
        // Payload's per-user throttle of password resets writes outside the reset's transaction,
        // which SQLite refuses while that transaction holds the write lock (every reset answered
        // 500). Rate limiting of /api/users/forgot-password belongs to the proxy in front.
        forgotPassword: { minRequestInterval: 0 },
      },
      admin: { useAsTitle: 'email' },
      fields: [{ name: 'name', type: 'text' }],
    },
  ],
  // The calendar's queues: `calendar` (the daily extension of recurring series) and
  // `calendar-webhooks` (webhook deliveries, every 5 seconds by default). Not under Jest, where a
  // cron firing in the middle of a test would write on its own clock (the tests run the queue
  // themselves, or set CAL_JOBS_AUTORUN=true), nor on the nodes of a cluster told to leave it to
  // one node (CAL_JOBS_AUTORUN=false: docs/cluster.md).
  jobs: runsJobs()
    ? {
        autoRun: [
          { cron: process.env.CAL_JOBS_CRON || '*/10 * * * *', queue: 'calendar' },
          { cron: process.env.CAL_WEBHOOKS_CRON || '*/5 * * * * *', queue: 'calendar-webhooks' },
        ],
      }
    : {},
  plugins: [calendarPlugin(calendarOptionsFromEnvironment())],
  onInit: async (payload) => {
    await migrateDatabase(payload.db)
  },
})
