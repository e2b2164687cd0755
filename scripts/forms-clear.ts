/**
 * `npm run forms:clear`: removes the v1 forms of records that the calendar keeps
 * (collections/recordForms.ts) in the database DATABASE_URI names, and moves its change mark so
 * that every running server drops what it kept too. For data changed outside Payload (SQL, a
 * restore of some tables); forms come back as records are read.
 */
import { getPayload } from 'payload'
import { clearRecordForms } from '../src/index.js'
import { loadAppConfig } from '../dev/config.js'

process.env.LOG_LEVEL ??= 'warn'
const payload = await getPayload({ config: await loadAppConfig() })
const removed = await clearRecordForms(payload)
console.log(`removed ${removed} kept record forms; they come back as records are read`)
await payload.destroy()
process.exit(0)
