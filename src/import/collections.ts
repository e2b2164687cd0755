import type { CollectionAfterChangeHook, CollectionConfig, Payload, TextFieldSingleValidation } from 'payload'
import { can } from '../../collections/access.js'
import { normalizeRoot, parseHeader } from './source.js'

/** The jobs queue the importer's task runs in, and the task's slug. */
export const IMPORT_QUEUE = 'calendar-import'
export const IMPORT_TASK = 'calendarImport'

export const RESOURCES = ['venues', 'organizers', 'categories', 'tags', 'events'] as const
export type Resource = (typeof RESOURCES)[number]

const administrators = ({ req }: { req: { user?: unknown } }) => can.administer(req.user as never)

/**
 * Source site + resource + source id → our id, with the source's `modified` when last written:
 * what makes a second run update only what changed. Written by the importer only.
 */
export function importMappingsCollection(slug: string): CollectionConfig {
  return {
    slug,
    admin: { hidden: true },
    access: { read: administrators, create: () => false, update: () => false, delete: administrators },
    indexes: [{ fields: ['source', 'resource', 'sourceId'], unique: true }],
    fields: [
      { name: 'source', type: 'text', required: true, index: true },
      { name: 'resource', type: 'select', required: true, options: [...RESOURCES, 'images'].map((value) => ({ label: value, value })) },
      { name: 'sourceId', type: 'text', required: true },
      { name: 'targetId', type: 'number', required: true },
      { name: 'modified', type: 'text' },
      /** Per language written with `--language`: the source's `modified` then. */
      { name: 'translations', type: 'json' },
    ],
  }
}

const validRoot: TextFieldSingleValidation = (value) => {
  if (typeof value !== 'string') return 'from must be the address of a v1 root'
  if (value.length > 2000) return 'from is too long (at most 2000 characters)'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'from may not contain control characters'
  try {
    normalizeRoot(value)
    return true
  } catch (error) {
    return (error as Error).message
  }
}

const validHeader: TextFieldSingleValidation = (value) => {
  if (value !== null && value !== undefined && typeof value !== 'string') return 'header must read "Name: value"'
  if (typeof value === 'string' && value.length > 8000) return 'header is too long'
  try {
    parseHeader(value ?? undefined)
    return true
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * One import: what to read, and (written by the job) its state, counts per resource and failures.
 * Creating one queues the job; setting `cancel` stops it between two records. Administrators only:
 * nobody else can make the server fetch an address.
 */
export function importRunsCollection(slug: string, usersSlug: string): CollectionConfig {
  return {
    slug,
    labels: { singular: 'Import', plural: 'Imports' },
    admin: { hidden: true, useAsTitle: 'from' },
    access: { read: administrators, create: administrators, update: administrators, delete: administrators },
    hooks: { afterChange: [queueImportJob(slug)] },
    fields: [
      { name: 'from', type: 'text', required: true, validate: validRoot },
      // Credentials: written, never read back through the API; cleared when the run ends.
      { name: 'header', type: 'text', validate: validHeader, access: { read: () => false } },
      { name: 'language', type: 'select', options: [{ label: 'Français', value: 'fr' }, { label: 'Español', value: 'es' }] },
      { name: 'dryRun', type: 'checkbox', defaultValue: false },
      { name: 'prune', type: 'checkbox', defaultValue: false },
      { name: 'concurrency', type: 'number', min: 1, max: 16 },
      {
        name: 'state',
        type: 'select',
        defaultValue: 'queued',
        options: ['queued', 'running', 'done', 'failed', 'cancelled'].map((value) => ({ label: value, value })),
        access: { create: () => false, update: () => false },
      },
      { name: 'cancel', type: 'checkbox', defaultValue: false },
      { name: 'progress', type: 'json', access: { create: () => false, update: () => false } },
      { name: 'failures', type: 'json', access: { create: () => false, update: () => false } },
      { name: 'error', type: 'text', access: { create: () => false, update: () => false } },
      { name: 'job', type: 'text', access: { create: () => false, update: () => false } },
      { name: 'startedBy', type: 'relationship', relationTo: usersSlug, access: { create: () => false, update: () => false } },
      { name: 'finishedAt', type: 'date', access: { create: () => false, update: () => false } },
    ],
  }
}

/** `req.context` flag of a run created by the CLI, which runs the job itself. */
export const RUN_HERE = 'calendarImportRunsHere'

/**
 * A new run queues the import task in the same transaction; unless the CLI runs it itself, the
 * queue is then worked once that transaction has committed (retried until the job is visible).
 */
const queueImportJob =
  (slug: string): CollectionAfterChangeHook =>
  async ({ doc, operation, req }) => {
    if (operation !== 'create') return doc
    const job = (await req.payload.jobs.queue({ task: IMPORT_TASK as never, input: { runId: doc.id } as never, queue: IMPORT_QUEUE, req })) as { id: number | string }
    const data = { job: String(job.id), startedBy: req.user?.id ?? null }
    await req.payload.db.updateOne({ collection: slug, where: { id: { equals: doc.id } }, data, req })
    if (!req.context[RUN_HERE]) setTimeout(() => void workQueue(req.payload, job.id), 50)
    return { ...doc, ...data }
  }

async function workQueue(payload: Payload, jobId: number | string, attempt = 0): Promise<void> {
  try {
    const exists = await payload.db.findOne({ collection: 'payload-jobs', where: { id: { equals: jobId } } })
    if (!exists) {
      if (attempt < 100) setTimeout(() => void workQueue(payload, jobId, attempt + 1), 100)
      return
    }
    await payload.jobs.runByID({ id: jobId, overrideAccess: true })
  } catch (error) {
    payload.logger.error({ err: error, msg: 'calendar import: the job could not run' })
  }
}
