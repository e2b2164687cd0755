import type { Payload, PayloadRequest, Where } from 'payload'
import type { ResolvedCalendarOptions } from '../../core/options.js'
import { CHANGE_RESOURCES, type ChangeResource } from '../changeLog.js'
import { transactionMemo } from './transactionScope.js'

type Named = { resource: string; record: number; kind?: string }

const isResource = (name: string): name is ChangeResource =>
  (CHANGE_RESOURCES as readonly string[]).includes(name)

/**
 * In the transaction of a write: removes the kept v1 forms (collections/recordForms.ts) of every
 * record the change log names, in every language and form; all of them when an entry names no
 * resource (an image, which records of every kind may show). One statement, or none when the
 * entries name only records the write created: nothing could have read them to keep a form (and a
 * record deleted for good lost its forms then, so even an id given again has none).
 */
export async function dropRecordForms(
  req: PayloadRequest,
  options: ResolvedCalendarOptions,
  named: Named[],
): Promise<void> {
  const dropped = await droppedIn(req)
  if (dropped?.everything) return
  const entries = named.filter(
    (entry) =>
      entry.kind !== 'create' && !dropped?.records.has(`${entry.resource}:${entry.record}`),
  )
  if (!entries.length) return
  const everything = entries.some((entry) => !isResource(entry.resource))
  if (dropped) dropped.everything ||= everything
  for (const { resource, record } of entries) dropped?.records.add(`${resource}:${record}`)
  const byResource = new Map<string, Set<number>>()
  for (const { resource, record } of entries) {
    const ids = byResource.get(resource) ?? new Set<number>()
    ids.add(record)
    byResource.set(resource, ids)
  }
  const where: Where = everything
    ? {}
    : {
        or: [...byResource].map(([resource, ids]): Where => ({
          and: [{ resource: { equals: resource } }, { record: { in: [...ids] } }],
        })),
      }
  await req.payload.db.deleteMany({ collection: options.recordForms.slug, where, req })
}

/**
 * The forms a transaction dropped already (transactionScope.ts): a batch's events in one category
 * each drop its forms, and nothing keeps a form until the commit (forms are kept as of a change
 * mark, which moves with it: endpoints/forms/formKeeper.ts).
 */
const droppedIn = transactionMemo(() => ({ records: new Set<string>(), everything: false }))

/** What a write's change log names: a record of a resource, and what became of it. */
export type NamedRecord = Named

/** What a committed write named. */
type ChangeListener = (named: readonly Named[]) => void

const listeners = new WeakMap<Payload, Set<ChangeListener>>()

/**
 * Tells `listener` what every write of this process names in the change log, once its transaction
 * has committed (collections/hooks/calendarCommit.ts `writeChanges`, through the store's
 * `afterCommit`; a write rolled back is never told): the v1 layer builds the forms of the records
 * named again, off the request (endpoints/records/formWarmer.ts), and reads what they wrote. The
 * listener must not wait or throw: it runs in the commit's call, before the write answers.
 */
export function onRecordsChanged(payload: Payload, listener: ChangeListener): void {
  let set = listeners.get(payload)
  if (!set) listeners.set(payload, (set = new Set()))
  set.add(listener)
}

/** Called once the write that named these has committed (see `onRecordsChanged`). */
export function recordsChanged(payload: Payload, named: readonly Named[]): void {
  for (const listener of listeners.get(payload) ?? []) listener(named)
}
