/**
 * `npm run counts:repair`: counts the events of every category and tag again in the database
 * DATABASE_URI names and stores the counts that differ (collections/hooks/termRecount.ts; the jobs
 * queue runs it daily). For data changed outside Payload (SQL, a restore of some tables).
 */
import { getPayload } from 'payload'
import { loadAppConfig } from '../dev/config.js'
import { calendarOptionsFromEnvironment } from '../dev/environment.js'
import { recountAllTerms, resolveCalendarOptions } from '../src/index.js'

process.env.LOG_LEVEL ??= 'warn'
const payload = await getPayload({ config: await loadAppConfig() })
const { terms, corrected } = await recountAllTerms(
  payload,
  resolveCalendarOptions(calendarOptionsFromEnvironment(), payload.config as never),
)
console.log(`counted the events of ${terms} terms; ${corrected} had counts that differed`)
await payload.destroy()
process.exit(0)
