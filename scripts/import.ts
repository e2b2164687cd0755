/**
 * `npm run import -- --from <v1 root URL> [--header "Authorization: …"] [--language fr|es]
 * [--dry-run] [--prune] [--concurrency N] [--per-page N]`, or `--ics <file or URL>`, or
 * `--csv <file> --type events|venues|organizers [--mapping '{"Header":"column"}']
 * [--language fr|es] [--site <this calendar's address, as its exports' global_id have it>]`
 *
 * Queues the calendar's import job (features/import) in the database DATABASE_URI names and runs it
 * here, with a progress bar per resource, then prints a summary. Exit code 0 only when nothing
 * failed. Ctrl-C asks the job to stop between two records.
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { getPayload } from 'payload'
import { loadAppConfig } from '../dev/config.js'
import {
  CALENDAR_DEFAULTS,
  CSV_TYPES,
  decodeCsv,
  failureCount,
  IMPORT_RUNS_HERE,
  importProgress,
  type CsvType,
  type ImportProgress,
} from '../src/index.js'
import { boundHeapGrowth } from '../dev/heapGrowth.js'

boundHeapGrowth()

const USAGE =
  'usage: npm run import -- --from <v1 root URL> [--header "Name: value"] [--language fr|es] [--dry-run] [--prune] [--concurrency N] [--per-page N]\n' +
  '       npm run import -- --ics <file.ics or its URL> [--dry-run]\n' +
  '       npm run import -- --csv <file.csv> --type events|venues|organizers [--mapping JSON] [--language fr|es] [--site URL] [--dry-run]'

function fail(message: string): never {
  console.error(message)
  console.error(USAGE)
  process.exit(2)
}

let parsed
try {
  parsed = parseArgs({
    options: {
      from: { type: 'string' },
      ics: { type: 'string' },
      csv: { type: 'string' },
      type: { type: 'string' },
      mapping: { type: 'string' },
      header: { type: 'string' },
      language: { type: 'string' },
      site: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      prune: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      'per-page': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  }).values
} catch (error) {
  fail((error as Error).message)
}
if ([parsed.from, parsed.ics, parsed.csv].filter((given) => given !== undefined).length !== 1)
  fail('give one of --from, --ics or --csv')
let csvText: string | undefined
let mapping: Record<string, unknown> | undefined
if (parsed.csv !== undefined) {
  if (!CSV_TYPES.includes(parsed.type as CsvType))
    fail(`--type must be one of ${CSV_TYPES.join(', ')}`)
  try {
    const { text, encoding } = decodeCsv(fs.readFileSync(parsed.csv))
    if (encoding !== 'UTF-8' && !parsed.quiet) console.error(`${parsed.csv}: read as ${encoding}`)
    csvText = text
  } catch (error) {
    fail(`--csv: ${(error as Error).message}`)
  }
  if (parsed.mapping !== undefined) {
    try {
      mapping = JSON.parse(parsed.mapping)
    } catch (error) {
      fail(`--mapping: ${(error as Error).message}`)
    }
  }
}
const icsUrl = parsed.ics !== undefined && /^https?:\/\//i.test(parsed.ics)
let icsText: string | undefined
if (parsed.ics !== undefined && !icsUrl) {
  try {
    icsText = fs.readFileSync(parsed.ics, 'utf8')
  } catch (error) {
    fail(`--ics: ${(error as Error).message}`)
  }
}
if (parsed.language && parsed.language !== 'fr' && parsed.language !== 'es')
  fail('--language must be fr or es')
const concurrency = parsed.concurrency === undefined ? undefined : Number(parsed.concurrency)
if (
  concurrency !== undefined &&
  !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16)
)
  fail('--concurrency must be a whole number from 1 to 16')
const perPage = parsed['per-page'] === undefined ? undefined : Number(parsed['per-page'])
if (perPage !== undefined && !(Number.isInteger(perPage) && perPage >= 1 && perPage <= 50))
  fail('--per-page must be a whole number from 1 to 50')

const config = await loadAppConfig()
const payload = await getPayload({ config })
const runs = CALENDAR_DEFAULTS.importRunsSlug as 'events'

let run: Record<string, any>
try {
  run = await payload.create({
    collection: runs,
    data: (csvText !== undefined
      ? {
          format: 'csv',
          type: parsed.type,
          csv: csvText,
          mapping,
          language: parsed.language,
          from: parsed.site,
          dryRun: parsed['dry-run'],
        }
      : parsed.ics !== undefined
        ? {
            format: 'ical',
            from: icsUrl ? parsed.ics : undefined,
            ics: icsText,
            dryRun: parsed['dry-run'],
          }
        : {
            from: parsed.from,
            header: parsed.header,
            language: parsed.language,
            dryRun: parsed['dry-run'],
            prune: parsed.prune,
            concurrency,
            perPage,
          }) as never,
    overrideAccess: true,
    context: { [IMPORT_RUNS_HERE]: true },
  })
} catch (error) {
  const errors = (error as { data?: { errors?: { message: string }[] } }).data?.errors
  fail(errors?.map((e) => e.message).join('; ') || (error as Error).message)
}

const interactive = process.stderr.isTTY && !parsed.quiet
const bars = new cliProgress.MultiBar(
  {
    format:
      ' {resource} |{bar}| {value}/{total} | created {created} updated {updated} unchanged {unchanged} failed {failed} | ETA {eta_formatted}',
    hideCursor: true,
    clearOnComplete: false,
    noTTYOutput: !interactive && !parsed.quiet,
    notTTYSchedule: 2000,
    stream: process.stderr,
  },
  cliProgress.Presets.shades_classic,
)
const barOf = new Map<string, cliProgress.SingleBar>()
const startedAt = Date.now()
let last: ImportProgress | null = null

importProgress.on('progress', (runId: unknown, progress: ImportProgress) => {
  if (runId !== run.id || parsed.quiet) return
  last = progress
  for (const resource of Object.keys(progress.resources)) {
    const counts = progress.resources[resource]
    if (counts.read === 0 && counts.total === null) continue
    const done = counts.created + counts.updated + counts.unchanged + counts.skipped + counts.failed
    const total = Math.max(counts.total ?? 0, counts.read, done)
    const payloadOf = { resource: resource.padEnd(10), ...counts }
    let bar = barOf.get(resource)
    if (!bar) {
      bar = bars.create(total, done, payloadOf)
      barOf.set(resource, bar)
    }
    bar.setTotal(total)
    bar.update(done, payloadOf)
  }
})

let interrupted = false
process.on('SIGINT', () => {
  if (interrupted) process.exit(130)
  interrupted = true
  console.error('\nstopping after the current records (Ctrl-C again to quit at once)…')
  void payload.update({
    collection: runs,
    id: run.id,
    data: { cancel: true } as never,
    overrideAccess: true,
  })
})

await payload.jobs.runByID({ id: run.job, overrideAccess: true })
bars.stop()

const final = (await payload.db.findOne({
  collection: runs,
  where: { id: { equals: run.id } },
})) as Record<string, any>
const progress = (final?.progress ?? last) as Omit<ImportProgress, 'failures'> | null
const failures = (final?.failures ?? []) as ImportProgress['failures']
const seconds = (Date.now() - startedAt) / 1000
console.log(
  `\nImport ${final?.state ?? 'unknown'} in ${seconds.toFixed(1)} s${parsed['dry-run'] ? ' (dry run: nothing written)' : ''}`,
)
const COLUMNS = [
  'read',
  'created',
  'updated',
  'unchanged',
  'skipped',
  'failed',
  'pruned',
  'adjusted',
] as const
let failed = 0
if (progress) {
  console.log(`resource   ${COLUMNS.map((column) => column.padStart(10)).join('')}`)
  let records = 0
  for (const resource of Object.keys(progress.resources)) {
    const counts = progress.resources[resource]
    records += counts.read
    console.log(
      `${resource.padEnd(11)}${COLUMNS.map((column) => String(counts[column] ?? 0).padStart(10)).join('')}`,
    )
  }
  console.log(
    `images: ${progress.images.downloaded} downloaded, ${progress.images.fallbacks} kept as URL references`,
  )
  console.log(`${records} records, ${(records / Math.max(seconds, 0.001)).toFixed(1)} records/s`)
  failed = failureCount(progress)
  for (const notice of progress.notices ?? []) console.log(`notice: ${notice}`)
  for (const { resource, sourceId, notes } of progress.adjustments ?? [])
    console.log(`adjusted: ${resource} ${sourceId}: ${notes.join('; ')}`)
}
if (final?.error) console.log(`error: ${final.error}`)
if (failures.length > 0) {
  console.log(`\n${failed || failures.length} failed:`)
  for (const failure of failures)
    console.log(
      `failed: ${failure.resource} ${[failure.sourceId, failure.url].filter(Boolean).join(' ')}: ${failure.message}`,
    )
  if (failed > failures.length) console.log(`… and ${failed - failures.length} more`)
}
await payload.destroy()
process.exit(final?.state === 'done' && failed === 0 && failures.length === 0 ? 0 : 1)
