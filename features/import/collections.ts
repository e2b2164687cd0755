import type {
  CollectionAfterChangeHook,
  CollectionAfterReadHook,
  CollectionConfig,
  Payload,
  PayloadRequest,
  SelectFieldSingleValidation,
  TextareaFieldValidation,
  TextFieldSingleValidation,
} from 'payload'
import { validations } from 'payload'
import { can } from '../../collections/access.js'
import { LANGUAGES } from '../../core/locales.js'
import { CSV_TYPES, MAX_CSV_BYTES } from './csvFile.js'
import { interruption } from './liveness.js'
import { normalizeRoot, parseHeader } from './source.js'

/** The jobs queue the importer's task runs in, and the task's slug. */
export const IMPORT_QUEUE = 'calendar-import'
export const IMPORT_TASK = 'calendarImport'

export const RESOURCES = ['venues', 'organizers', 'categories', 'tags', 'events'] as const
export type Resource = (typeof RESOURCES)[number]

const administrators = ({ req }: { req: Pick<PayloadRequest, 'user'> }) => can.administer(req.user)

/**
 * Source site + resource + source id → our id, with the source's `modified` when last written:
 * what makes a second run update only what changed. Written by the importer only.
 */
export function importMappingsCollection(slug: string): CollectionConfig {
  return {
    slug,
    admin: { hidden: true },
    access: {
      read: administrators,
      create: () => false,
      update: () => false,
      delete: administrators,
    },
    indexes: [{ fields: ['source', 'resource', 'sourceId'], unique: true }],
    fields: [
      { name: 'source', type: 'text', required: true, index: true },
      {
        name: 'resource',
        type: 'select',
        required: true,
        options: [...RESOURCES, 'images'].map((value) => ({ label: value, value })),
      },
      { name: 'sourceId', type: 'text', required: true },
      { name: 'targetId', type: 'number', required: true },
      { name: 'modified', type: 'text' },
      /** Per language written with `--language`: the source's `modified` then. */
      { name: 'translations', type: 'json' },
      /**
       * An iCalendar event's RRULE, kept for when the calendar has recurrence (its listed instances
       * are imported).
       */
      { name: 'recurrence', type: 'text' },
    ],
  }
}

const formatOf = (siblingData: unknown) => (siblingData as { format?: string } | undefined)?.format

/** The most an iCalendar text given inline may weigh (characters). */
export const MAX_ICS_LENGTH = 5_000_000

// eslint-disable-next-line no-control-regex -- the very characters to refuse
const controlCharacters = /[\u0000-\u001f\u007f]/

/**
 * A v1 root; for an iCalendar import, an http(s) address of the file, or nothing when its text is
 * given.
 */
const validSource: TextFieldSingleValidation = (value, { siblingData }) => {
  // A CSV import reads the text it is given (`csv`), from nowhere (its `from` is this calendar's
  // address, for its rows' `global_id`); a translation run, the calendar's records.
  if (['csv', 'translate'].includes(formatOf(siblingData) ?? '')) return true
  const ical = formatOf(siblingData) === 'ical'
  const inline =
    typeof (siblingData as { ics?: unknown } | undefined)?.ics === 'string' &&
    (siblingData as { ics: string }).ics !== ''
  if (ical && inline && (value === null || value === undefined || value === '')) return true
  if (typeof value !== 'string')
    return ical
      ? 'from must be the address of an iCalendar file, or give its text'
      : 'from must be the address of a v1 root'
  if (value.length > 2000) return 'from is too long (at most 2000 characters)'
  if (controlCharacters.test(value)) return 'from may not contain control characters'
  if (ical) {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
        ? true
        : `${value} is not an http(s) URL`
    } catch {
      return `${value} is not a URL`
    }
  }
  try {
    normalizeRoot(value)
    return true
  } catch (error) {
    return (error as Error).message
  }
}

const validIcs: TextareaFieldValidation = (value) => {
  if (value === null || value === undefined || value === '') return true
  if (typeof value !== 'string') return 'ics must be the text of an iCalendar file'
  if (value.length > MAX_ICS_LENGTH) return `ics is too long (at most ${MAX_ICS_LENGTH} characters)`
  return /^\s*BEGIN:VCALENDAR/i.test(value)
    ? true
    : 'ics is not an iCalendar file (BEGIN:VCALENDAR)'
}

const validCsv: TextareaFieldValidation = (value, { siblingData }) => {
  const csv = formatOf(siblingData) === 'csv'
  if (value === null || value === undefined || value === '')
    return csv ? 'csv: give the text of the CSV file' : true
  if (!csv) return 'csv is only for format csv'
  if (typeof value !== 'string') return 'csv must be the text of a CSV file'
  return value.length > MAX_CSV_BYTES
    ? `csv is too long (at most ${MAX_CSV_BYTES} characters)`
    : true
}

/** What a CSV file holds (events, venues or organizers), or what a translation run translates. */
const validType: SelectFieldSingleValidation = (value, options) => {
  const format = formatOf(options.siblingData)
  if (format === 'csv' && value && !CSV_TYPES.includes(value as never))
    return 'type: a CSV file holds events, venues or organizers'
  if (format === 'csv' && !value)
    return 'type: say what the CSV file holds (events, venues or organizers)'
  if (format === 'translate' && !value)
    return `type: say what to translate (${RESOURCES.join(', ')})`
  return validations.select(value, options)
}

/** The most records one translation run translates. */
export const MAX_TRANSLATED_RECORDS = 500

/** The ids of the records a translation run translates. */
const validRecords = (value: unknown, { siblingData }: { siblingData: unknown }) => {
  const translate = formatOf(siblingData) === 'translate'
  if (value === null || value === undefined)
    return translate ? 'records: give the ids of the records to translate' : true
  if (!translate) return 'records is only for format translate'
  return Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_TRANSLATED_RECORDS &&
    value.every((id) => Number.isSafeInteger(id) && id > 0)
    ? true
    : `records must be a list of 1 to ${MAX_TRANSLATED_RECORDS} record ids`
}

/**
 * The language written: a v1 import's translation (French or Spanish texts of records imported
 * before), a CSV file's text, or what a translation run translates into.
 */
const validLanguage: SelectFieldSingleValidation = (value, options) => {
  const format = formatOf(options.siblingData)
  if (format === 'translate' && !value) return 'language: say what to translate into'
  if (value === 'en' && format !== 'translate')
    return 'language: en is the records themselves (leave it out)'
  return validations.select(value, options)
}

const validMapping = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length <= 500 &&
    Object.values(value).every((target) => target === null || typeof target === 'string'))
    ? true
    : 'mapping must be an object of CSV headers to column names (or null)'

const validHeader: TextFieldSingleValidation = (value) => {
  if (value !== null && value !== undefined && typeof value !== 'string')
    return 'header must read "Name: value"'
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
    access: {
      read: administrators,
      create: administrators,
      update: administrators,
      delete: administrators,
    },
    hooks: { afterChange: [queueImportJob(slug)], afterRead: [showInterrupted] },
    fields: [
      {
        name: 'format',
        type: 'select',
        defaultValue: 'v1',
        options: [
          { label: 'v1 API (The Events Calendar, or another calendar like this one)', value: 'v1' },
          { label: 'iCalendar (.ics)', value: 'ical' },
          { label: 'CSV (a spreadsheet)', value: 'csv' },
          { label: 'Translation of records (the plugin’s translate option)', value: 'translate' },
        ],
      },
      // What a CSV file holds.
      {
        name: 'type',
        type: 'select',
        options: RESOURCES.map((value) => ({ label: value, value })),
        validate: validType,
      },
      // A translation run's records (ids of `type`).
      { name: 'records', type: 'json', validate: validRecords },
      // An uploaded CSV file's text: written, never read back, cleared when the run ends.
      { name: 'csv', type: 'textarea', validate: validCsv, access: { read: () => false } },
      // The CSV headers' columns (csvFile.ts `checkedMapping`); none: as proposed.
      { name: 'mapping', type: 'json', validate: validMapping },
      { name: 'from', type: 'text', validate: validSource },
      // An uploaded iCalendar file's text: written, never read back, cleared when the run ends.
      { name: 'ics', type: 'textarea', validate: validIcs, access: { read: () => false } },
      // Credentials: written, never read back through the API; cleared when the run ends.
      { name: 'header', type: 'text', validate: validHeader, access: { read: () => false } },
      {
        name: 'language',
        type: 'select',
        options: LANGUAGES.map(({ code, label }) => ({ label, value: code })),
        validate: validLanguage,
      },
      { name: 'dryRun', type: 'checkbox', defaultValue: false },
      { name: 'prune', type: 'checkbox', defaultValue: false },
      { name: 'concurrency', type: 'number', min: 1, max: 16 },
      // Records asked per page of the source (The Events Calendar serves at most 50).
      { name: 'perPage', type: 'number', min: 1, max: 50 },
      {
        name: 'state',
        type: 'select',
        defaultValue: 'queued',
        options: ['queued', 'running', 'done', 'failed', 'cancelled'].map((value) => ({
          label: value,
          value,
        })),
        access: { create: () => false, update: () => false },
      },
      { name: 'cancel', type: 'checkbox', defaultValue: false },
      { name: 'progress', type: 'json', access: { create: () => false, update: () => false } },
      { name: 'failures', type: 'json', access: { create: () => false, update: () => false } },
      { name: 'error', type: 'text', access: { create: () => false, update: () => false } },
      { name: 'job', type: 'text', access: { create: () => false, update: () => false } },
      {
        name: 'startedBy',
        type: 'relationship',
        relationTo: usersSlug,
        access: { create: () => false, update: () => false },
      },
      { name: 'finishedAt', type: 'date', access: { create: () => false, update: () => false } },
      // The process running the import (host:pid) and its last sign of life (liveness.ts).
      { name: 'runner', type: 'text', access: { create: () => false, update: () => false } },
      { name: 'heartbeatAt', type: 'date', access: { create: () => false, update: () => false } },
    ],
  }
}

/**
 * A run whose process is gone reads as failed, with the reason, until the next import's start
 * writes it so (task.ts): it never shows as running forever.
 */
const showInterrupted: CollectionAfterReadHook = ({ doc }) => {
  const reason = interruption(doc)
  return reason ? { ...doc, state: 'failed', error: reason } : doc
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
    const job = (await req.payload.jobs.queue({
      task: IMPORT_TASK,
      input: { runId: doc.id },
      queue: IMPORT_QUEUE,
      req,
    })) as { id: number | string }
    const data = { job: String(job.id), startedBy: req.user?.id ?? null }
    await req.payload.db.updateOne({
      collection: slug,
      where: { id: { equals: doc.id } },
      data,
      req,
    })
    if (!req.context[RUN_HERE]) setTimeout(() => void workQueue(req.payload, job.id), 50).unref()
    return { ...doc, ...data }
  }

async function workQueue(payload: Payload, jobId: number | string, attempt = 0): Promise<void> {
  try {
    const exists = await payload.db.findOne({
      collection: 'payload-jobs',
      where: { id: { equals: jobId } },
    })
    if (!exists) {
      if (attempt < 100) setTimeout(() => void workQueue(payload, jobId, attempt + 1), 100).unref()
      return
    }
    await payload.jobs.runByID({ id: jobId, overrideAccess: true })
  } catch (error) {
    payload.logger.error({ err: error, msg: 'calendar import: the job could not run' })
  }
}
