import type { CollectionConfig } from 'payload'
import { hiddenCollection } from './hidden.js'

/** The resources of the change log, as `GET /cal/events/v1/changes` names them. */
export const CHANGE_RESOURCES = ['events', 'venues', 'organizers', 'categories', 'tags'] as const
export type ChangeResource = (typeof CHANGE_RESOURCES)[number]

/**
 * What happened to a record. Every kind but `delete` may leave it readable or not: what a caller
 * is told (upsert or delete) is decided when it syncs, by what it may read then.
 */
export const CHANGE_KINDS = [
  'create',
  'update',
  'trash',
  'restore',
  'delete',
  'publish',
  'unpublish',
  'due',
  'series',
  'linked',
] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/** One entry of the log as it is stored. */
export type ChangeEntry = {
  id?: number | string
  sequence: number
  resource: ChangeResource
  record: number
  kind: ChangeKind
  /** Whether anonymous callers could read the record before the change, and after it. */
  wasPublic: boolean
  isPublic: boolean
  /** The record's author (posts), for contributors and authors who read their own drafts. */
  author?: number | null
  /** The language written (`en`, `fr`, `es`) or `all`. */
  locales: string
  /** A unique key for entries that must be written once (a scheduled post coming due). */
  claim?: string | null
  createdAt?: string
}

/**
 * Hidden: the calendar's change log (collections/hooks/changeLog.ts writes it, in the transaction
 * of each change; endpoints/changes reads it). `sequence` orders it: each entry takes the last
 * sequence plus one while its write holds the change log's turn (core/database/turns.ts; in the
 * generic store its claim, core/database/generic/claims.ts), so the order is the order of commits
 * and a committed sequence never gets a smaller one after it.
 * Nobody reads or writes it through Payload's APIs.
 */
export function changeLogCollection(slug: string): CollectionConfig {
  return hiddenCollection(
    slug,
    [
      { name: 'sequence', type: 'number', required: true, unique: true, index: true },
      { name: 'resource', type: 'text', required: true },
      { name: 'record', type: 'number', required: true },
      { name: 'kind', type: 'text', required: true },
      { name: 'wasPublic', type: 'checkbox', defaultValue: false },
      { name: 'isPublic', type: 'checkbox', defaultValue: false },
      { name: 'author', type: 'number' },
      { name: 'locales', type: 'text' },
      { name: 'claim', type: 'text', unique: true },
    ],
    { timestamps: true },
  )
}
