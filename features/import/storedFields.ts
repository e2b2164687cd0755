import { MAX_BASE_LENGTH, toSlug } from '../../collections/hooks/uniqueSlug.js'
import { EVENT_FIELDS } from '../../endpoints/fields/events.js'
import { ORGANIZER_FIELDS } from '../../endpoints/fields/organizers.js'
import type { AnyFieldTable } from '../../endpoints/fields/table.js'
import { CATEGORY_FIELDS, TAG_FIELDS } from '../../endpoints/fields/terms.js'
import { VENUE_FIELDS } from '../../endpoints/fields/venues.js'
import {
  flag,
  newContext,
  optional,
  plain,
  shown,
  slugOf,
  textOf,
  utcInstant,
  type RecordContext,
  type SourceKind,
  type SourceRecord,
} from './values.js'

const STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private'])

/** Values by wire key, to be stored in the fields the resource's table names for them. */
export type ByKey = Record<string, unknown>

/**
 * A post's slug: the source's, kept, since a published record's slug is its address. WordPress
 * gives a draft or pending post none; such a record gets one of its title and source id
 * (`an-event-1234`, `venue-1234` without a title), the same on every run, so that it cannot take
 * the slug of a published record imported after it (`an-event`, which the collection would
 * otherwise have made from the title first, leaving `an-event-2` to the published one). Undefined
 * for a record without a usable id (it fails anyway).
 */
function postSlug(record: SourceRecord, title: string, type: string): string | undefined {
  const given = slugOf(record)
  if (given) return given
  const id = String(record.id ?? '')
  if (!/^\w+$/.test(id)) return undefined
  const base = toSlug(title)
    .slice(0, MAX_BASE_LENGTH - id.length - 1)
    .replace(/-+$/, '')
  return `${base || type}-${id}`
}

/**
 * Keys every post type shares: slug (`postSlug`, from the title as the source has it), status,
 * publication date.
 */
export function postKeys(
  record: SourceRecord,
  context: RecordContext,
  title: { value: unknown; kind: SourceKind; type: string },
): ByKey {
  const keys: ByKey = {
    slug: postSlug(record, plain(title.value, title.kind, 'title', newContext()), title.type),
  }
  if (STATUSES.has(record.status)) keys.status = record.status
  else {
    // Something we have no such status for (`inherit`, a plugin's own): not shown to the public.
    keys.status = 'draft'
    context.notes.push(`status was ${shown(record.status)}: imported as a draft`)
  }
  // An unpublished post has no publication date yet (the anchor's `date_utc` is zero).
  keys.date_utc = utcInstant(record.date_utc)
  return keys
}

/**
 * The plain keys of a table that the importer does not read itself (`own`): those a v1 write
 * copies into their field as given (no `write` of their own) and that hold a text or a flag. A text
 * is read as PHP may send it (`textOf`; empty for nothing, or null for an optional one, as the
 * argument kinds `text` and `string` differ); a flag as PHP may send it, and when the source has
 * none, as our record shows a document that never stored it (the collection's default).
 */
function plainKeys(
  table: AnyFieldTable,
  record: SourceRecord,
  context: RecordContext,
  own: ByKey,
): ByKey {
  const keys: ByKey = {}
  for (const [key, entry] of Object.entries(table)) {
    if (key in own || !entry.param || !entry.field || entry.write) continue
    if (entry.param.kind === 'boolean') keys[key] = flag(record[key], storedFlagDefault(entry))
    else if (entry.param.kind === 'text') keys[key] = textOf(record[key], key, context)
    else if (entry.param.kind === 'string') keys[key] = optional(record[key], key, context)
  }
  return keys
}

/**
 * What a flag's record shows for a document that never stored it (the collection's default): a
 * flag's `show` reads the document alone, so an empty one is view enough.
 */
const storedFlagDefault = (entry: AnyFieldTable[string]): boolean =>
  (entry.show as (view: { doc: object }, built: object) => unknown)({ doc: {} }, {}) === true

/** Each resource's field table. */
const TABLES = {
  events: EVENT_FIELDS,
  venues: VENUE_FIELDS,
  organizers: ORGANIZER_FIELDS,
  categories: CATEGORY_FIELDS,
  tags: TAG_FIELDS,
} satisfies Record<string, AnyFieldTable>

/**
 * The collection data of values by wire key: each in the field its table names (an undefined one
 * is left out).
 */
export const storedFields = (resource: keyof typeof TABLES, keys: ByKey) =>
  storedOf(TABLES[resource], keys)

function storedOf(table: AnyFieldTable, keys: ByKey): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(keys)) {
    if (value === undefined) continue
    const field = table[key]?.field
    // A key of ours without a stored field is a mistake in this file, not in the source.
    if (!field) throw new Error(`${key} is stored in no field`)
    data[field] = value
  }
  return data
}

/** The own keys first (their notes come first), then the plain keys, all stored. */
export function translated(
  table: AnyFieldTable,
  record: SourceRecord,
  context: RecordContext,
  own: ByKey,
): Record<string, unknown> {
  return storedOf(table, { ...own, ...plainKeys(table, record, context, own) })
}
