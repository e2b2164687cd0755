import { EventEmitter } from 'node:events'
import {
  commitTransaction,
  createLocalReq,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type TaskConfig,
} from 'payload'
import { beginCalendarTransaction } from '../../core/database/index.js'
import type { CalImportRun } from '../../core/documents.js'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import type { LocaleCode } from '../../core/locales.js'
import { IMPORT_TASK, type Resource } from './collections.js'
import { runCsvImport } from './csv.js'
import { runTranslation } from './translate.js'
import type { CsvType } from './csvFile.js'
import { runIcalImport } from './ical.js'
import { isUniqueViolation } from '../../core/lib/errors.js'
import { HEARTBEAT_MS, interruption, thisRunner } from './liveness.js'
import { ImportCancelled, type ImportProgress } from './progress.js'
import { runImport } from './run.js'

/**
 * Progress of the runs of this process, as they go (the CLI draws its bar from it): `progress`,
 * (runId, progress).
 */
export const importProgress = new EventEmitter()

/** How often the run's record is brought up to date (and asked whether to cancel). */
const SAVE_EVERY_MS = 500

type Run = {
  id: number | string
  format?: 'v1' | 'ical' | 'csv' | 'translate' | null
  ics?: string | null
  csv?: string | null
  type?: Resource | null
  records?: unknown
  mapping?: Record<string, unknown> | null
  from: string
  header?: string | null
  language?: LocaleCode | null
  dryRun?: boolean
  prune?: boolean
  concurrency?: number | null
  perPage?: number | null
  cancel?: boolean
  startedBy?: unknown
}

/**
 * The import task of Payload's jobs queue: reads its run (collections.ts), imports, and keeps the
 * run's state, progress and failures up to date for the Import page and the CLI.
 */
export function importTask(
  options: ResolvedCalendarOptions,
): TaskConfig<{ input: { runId: number }; output: { state: string } }> {
  const runs = options.import.runsSlug
  return {
    slug: IMPORT_TASK,
    label: 'Import a calendar',
    retries: 0,
    inputSchema: [{ name: 'runId', type: 'number', required: true }],
    outputSchema: [{ name: 'state', type: 'text' }],
    handler: async ({ input, req }) => {
      const payload = req.payload
      const run = (await payload.db.findOne({
        collection: runs,
        where: { id: { equals: input.runId } },
      })) as Run | null
      if (!run) return { output: { state: 'failed' } }
      if (!(await takeRun(req, options.sequencesSlug, run.id)))
        return { output: { state: 'taken' } }
      const save = (data: Record<string, unknown>) => writeRun(payload, runs, run.id, data)
      await closeInterrupted(payload, runs)
      const user = await startedBy(payload, options.usersSlug, run.startedBy)
      await save({ state: 'running', runner: thisRunner(), heartbeatAt: new Date().toISOString() })
      let last = 0
      let cancelRequested = false
      let latest: ImportProgress | null = null
      let saving: Promise<void> = Promise.resolve()
      const refresh = async (force = false) => {
        if (!force && Date.now() - last < SAVE_EVERY_MS) return
        last = Date.now()
        const heartbeatAt = new Date().toISOString()
        saving = save(
          latest
            ? { progress: summary(latest), failures: latest.failures, heartbeatAt }
            : { heartbeatAt },
        )
        await saving
        const current = (await payload.db.findOne({
          collection: runs,
          where: { id: { equals: run.id } },
        })) as Run | null
        cancelRequested = !current || current.cancel === true
      }
      // A sign of life while the run waits on the source or the database (liveness.ts).
      const heartbeat = setInterval(() => {
        refresh(true).catch((caught) =>
          payload.logger.warn({ err: caught, msg: 'calendar import: heartbeat not written' }),
        )
      }, HEARTBEAT_MS)
      heartbeat.unref()
      let state: 'done' | 'failed' | 'cancelled' = 'done'
      let error: string | null = null
      try {
        const hooks = {
          user,
          onProgress: (progress: ImportProgress) => {
            latest = progress
            importProgress.emit('progress', run.id, progress)
          },
          cancelled: async () => {
            await refresh()
            return cancelRequested
          },
        }
        if (run.format === 'csv')
          latest = await runCsvImport(
            payload,
            {
              csv: run.csv ?? '',
              // The run's fields say so (collections.ts): a CSV file's type is one of CSV_TYPES.
              type: (run.type ?? 'events') as CsvType,
              mapping: run.mapping,
              dryRun: run.dryRun === true,
              language: translationLanguage(run.language),
              // A run the CLI queued without --site: the calendar's own address.
              site: run.from || options.siteUrl || payload.config.serverURL || null,
            },
            options,
            hooks,
          )
        else if (run.format === 'translate')
          latest = await runTranslation(
            payload,
            {
              type: run.type ?? 'events',
              ids: (run.records as number[] | null) ?? [],
              language: run.language ?? 'en',
              dryRun: run.dryRun === true,
            },
            options,
            hooks,
          )
        else if (run.format === 'ical')
          latest = await runIcalImport(
            payload,
            { ics: run.ics || undefined, url: run.from || undefined, dryRun: run.dryRun === true },
            options,
            hooks,
          )
        else
          latest = await runImport(
            payload,
            {
              from: run.from,
              header: run.header ?? undefined,
              language: translationLanguage(run.language) ?? undefined,
              dryRun: run.dryRun === true,
              prune: run.prune === true,
              concurrency: run.concurrency ?? undefined,
              perPage: run.perPage ?? undefined,
            },
            options,
            hooks,
          )
      } catch (caught) {
        state = caught instanceof ImportCancelled ? 'cancelled' : 'failed'
        if (!(caught instanceof ImportCancelled))
          error = (caught as Error)?.message?.slice(0, 2000) || String(caught)
      } finally {
        clearInterval(heartbeat)
        await saving.catch(() => undefined)
      }
      await save({
        state,
        error,
        header: null,
        ics: null,
        csv: null,
        finishedAt: new Date().toISOString(),
        ...(latest ? { progress: summary(latest), failures: latest.failures } : {}),
      })
      importProgress.emit('end', run.id, state)
      return { output: { state } }
    },
  }
}

/**
 * A write of the run in a transaction of its own: on SQLite the calendar's transactions share one
 * writer connection (core/database/sqliteWriter.ts), and a write beside it would find the file
 * locked.
 */
async function writeRun(
  payload: Payload,
  runs: string,
  id: number | string,
  data: Record<string, unknown>,
) {
  const req = await createLocalReq({}, payload)
  await beginCalendarTransaction(req)
  try {
    await payload.db.updateOne({ collection: runs, where: { id: { equals: id } }, data, req })
    await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

/**
 * A later start closes the runs whose process is gone (liveness.ts): they end `failed`, with why.
 */
async function closeInterrupted(payload: Payload, runs: string) {
  const { docs } = await payload.db.find<CalImportRun>({
    collection: runs,
    where: { state: { in: ['queued', 'running'] } },
    limit: 0,
    pagination: false,
  })
  for (const doc of docs) {
    const reason = interruption(doc)
    if (reason)
      await writeRun(payload, runs, doc.id, {
        state: 'failed',
        error: reason,
        header: null,
        ics: null,
        csv: null,
        finishedAt: new Date().toISOString(),
      })
  }
}

/** An import's language other than the records' own (English), which they translate. */
const translationLanguage = (language: LocaleCode | null | undefined) =>
  language === 'en' || !language ? null : language

/** The progress as stored: everything but the failures, which have a field of their own. */
const summary = ({ failures: _failures, ...rest }: ImportProgress) => rest

async function startedBy(payload: Payload, usersSlug: string, id: unknown) {
  const value = id && typeof id === 'object' && 'id' in id ? (id as { id: unknown }).id : id
  if (value === null || value === undefined) return null
  const user = await payload.db.findOne({ collection: usersSlug, where: { id: { equals: value } } })
  return user ? { ...user, collection: usersSlug } : null
}

/**
 * Whether this process takes the run: the first to insert its claim (a unique key, outside any
 * transaction) does. Payload takes a job by reading it, then marking it, so two processes (nodes
 * asked to work the queue at once, or the node that received the run while another works the
 * queue) can both start one job; the later one leaves at once.
 */
async function takeRun(
  req: PayloadRequest,
  sequencesSlug: string,
  runId: number | string,
): Promise<boolean> {
  try {
    await req.payload.db.create({
      collection: sequencesSlug,
      data: { sequence: RUN_CLAIMS, value: Number(runId), claim: `${RUN_CLAIMS}:${runId}` },
    })
    return true
  } catch (error) {
    if (isUniqueViolation(error, req)) return false
    throw error
  }
}

/** The claims of import runs among the plugin's sequences (collections/sequences.ts). */
const RUN_CLAIMS = 'import-run-claims'
