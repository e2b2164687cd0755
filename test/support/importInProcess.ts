import type { Payload } from 'payload'
import { DEFAULTS } from '../../core/defaults.js'
import { RUN_HERE } from '../../features/import/collections.js'
import type { ImportSettings } from '../../features/import/run.js'

/**
 * What `scripts/import.ts` does once it has read its flags, done in this process on the running
 * server's Payload (the same database, the same code): creates the run with the fields the flags
 * give (its job queued, not worked by the server) and works that job here, to its end. For the
 * tests whose subject is the import rather than the CLI (its flags, output and exit code): they
 * skip booting a process. The import's limits are the server's options (its environment at boot).
 */
export async function runImportInProcess(
  payload: Payload,
  data: Pick<
    ImportSettings,
    'from' | 'header' | 'language' | 'dryRun' | 'prune' | 'concurrency' | 'perPage'
  >,
): Promise<{ id: number | string }> {
  const run = (await payload.create({
    collection: DEFAULTS.importRunsSlug as 'events',
    data: data as never,
    overrideAccess: true,
    context: { [RUN_HERE]: true },
  })) as unknown as { id: number | string; job: string }
  await payload.jobs.runByID({ id: run.job, overrideAccess: true })
  return { id: run.id }
}
