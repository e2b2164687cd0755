import type { CollectionConfig } from 'payload'
import { commitOwnTransaction, writeTurns, type RecordRole } from '../core/database/index.js'
import { extendCollection, withHooksFirst, withHooksLast } from '../core/lib/compose.js'
import type { CalendarCollectionKey, ResolvedCalendarOptions } from '../core/options.js'
import { assignIntegerId, integerIdField } from './hooks/integerIds.js'
import { queryGuard } from './hooks/queryGuard.js'
import { withExistingRelations } from './relations.js'

/**
 * The steps collections/writePath.ts lists, and how a list becomes a collection's hooks. Each step
 * is either hooks (Payload's phases each with their functions) or a change of the whole collection
 * (the app's own collection or override, the integer `id` field, the relations' checks).
 */
export type Hooks = NonNullable<CollectionConfig['hooks']>
export type WriteStep = Hooks | ((collection: CollectionConfig) => CollectionConfig)

export type WritePath = {
  /** Before the collection's own hooks, in this order within each phase. */
  first?: WriteStep[]
  /** The collection's own hooks. */
  own?: Hooks
  /** After them, in this order within each phase. */
  last?: WriteStep[]
}

/**
 * The collection with the hooks of `path`, each phase running them in the order listed. A change of
 * the whole collection in `first` sees the collection's own hooks and the steps listed after it in
 * `first` (the app's override sees neither the change log nor the write's turn); in `last`, those
 * listed before it.
 */
export function writePath(
  collection: CollectionConfig,
  { first = [], own = {}, last = [] }: WritePath,
): CollectionConfig {
  let built = withHooksLast(collection, own)
  for (const step of [...first].reverse())
    built = typeof step === 'function' ? step(built) : withHooksFirst(built, step)
  for (const step of last)
    built = typeof step === 'function' ? step(built) : withHooksLast(built, step)
  return built
}

/**
 * The write takes its turn with the calendar's other writes (core/database/turns.ts) before any
 * other hook, in a transaction (the plugin's own on an adapter without, as Payload's SQLite
 * template has it), which `commit` commits after all.
 */
export const turns = (role?: RecordRole): Hooks => ({ beforeOperation: [writeTurns(role)] })
export const commit: Hooks = { afterOperation: [commitOwnTransaction] }

/** Refuses with 400 the public queries that the SQL adapter would fail on with 500. */
export const guarded: Hooks = { beforeOperation: [queryGuard] }

/**
 * The integer `id` field and the hook that fills it from the calendar's sequences, unless the
 * plugin's `integerIds` is off or the collection has its own id field.
 */
export const integerIds =
  (options: ResolvedCalendarOptions): WriteStep =>
  (collection) => {
    if (!options.integerIds) return collection
    if (collection.fields.some((field) => 'name' in field && field.name === 'id')) return collection
    return withHooksFirst(
      { ...collection, fields: [integerIdField, ...collection.fields] },
      { beforeOperation: [assignIntegerId(options.sequencesSlug)] },
    )
  }

/**
 * The app's own collection of that slug, if it has one: its hooks run first, both its access and
 * the plugin's must allow, its fields come after the plugin's (those it shares keep the plugin's).
 */
export const appsOwn =
  (appCollections: CollectionConfig[]): WriteStep =>
  (collection) => {
    const theirs = appCollections.find((candidate) => candidate.slug === collection.slug)
    return theirs ? extendCollection(collection, theirs) : collection
  }

/** `options.overrides[key]`, the app's change of what the plugin made. */
export const overridden =
  (options: ResolvedCalendarOptions, key: CalendarCollectionKey): WriteStep =>
  (collection) =>
    options.overrides[key]?.(collection) ?? collection

/** The fields' validation: every record a relationship names exists (relations.ts). */
export const existingRelations: WriteStep = (collection) => ({
  ...collection,
  fields: withExistingRelations(collection.fields),
})
