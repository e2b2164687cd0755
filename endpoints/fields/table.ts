import Type, { type TSchema } from 'typebox'
import type { Context } from '../context.js'
import type { LooseArgs, Params, ParamSpec } from '../params.js'
import type { Doc } from '../parts/common.js'
import type { FlatEntry } from './cells.js'

/**
 * A field table: every wire key of one resource's records, in the order records give them, with
 * all that the namespace knows of it. Parameters, record builders, record schemas, search fields,
 * what a password hides and what a write copies are all read from here, so a key is written once.
 *
 * `View` is what the resource's record builder prepares once per record (the document, the
 * request's addresses and language, related records) and every `show` reads.
 */
export type WireField<View, Stored = AnyStored> = {
  /** Its JSON Schema in the record. */
  schema: TSchema
  /** Its value in the record; `undefined` leaves the key out. `built` holds the keys before it. */
  show: (view: View, built: Record<string, unknown>) => unknown
  /** What a password-protected record shows instead, when the request did not unlock it. */
  locked?: unknown
  /**
   * The collection field it is stored in, when it is one: a key of the resource's document type
   * (core/documents.ts), so that renaming a stored field fails to compile here.
   */
  field?: StoredKey<Stored>
  /** The archive's `search` looks in its stored field. */
  search?: boolean
  /**
   * Its argument on create and update, when clients may write it. `required` means on create;
   * on update no argument is required.
   */
  param?: ParamSpec
  /**
   * How a write stores the arguments: by default a given argument is copied into `field`. A key
   * whose value is stored together with others (start, end and zone) writes them all in one place
   * and the others say `writtenWith`.
   */
  write?: Write
  /**
   * Its columns in the flat form of records (CSV, `flat.ts`): by default one column named by the
   * key when its value is plain, none otherwise.
   */
  flat?: FlatEntry<View>
}

export type Write = (
  args: LooseArgs,
  context: Context,
  stored: Doc | null,
) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>

export type FieldTable<View, Stored = AnyStored> = Record<string, WireField<View, Stored>>

/** A document type that names no fields: any name is one of its fields. */
type AnyStored = Record<string, unknown>

/**
 * A field table of any resource, for what reads its keys, arguments, fields and schemas but
 * builds no record (its `View` is then never needed).
 */
export type AnyFieldTable = FieldTable<never>

/** The names of a document type's fields (any name when the type is not given). */
export type StoredKey<Stored> = Extract<keyof Stored, string>

/** A key whose argument another key's `write` stores (say which, for the reader). */
export const writtenWith =
  (_key: string): Write =>
  () =>
    undefined

/** The create (or update) arguments of a resource, in record order. */
export function paramsOf(table: AnyFieldTable, { creating }: { creating: boolean }): Params {
  const params: Params = {}
  for (const [key, entry] of Object.entries(table)) {
    if (entry.param) params[key] = creating ? entry.param : { ...entry.param, required: false }
  }
  return params
}

/**
 * The collection data of a write: what each given argument stores, nothing for the others (an
 * update keeps them).
 */
export async function dataOf(
  table: AnyFieldTable,
  args: LooseArgs,
  context: Context,
  stored: Doc | null,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(table)) {
    if (!entry.param) continue
    if (entry.write) Object.assign(data, await entry.write(args, context, stored))
    else if (entry.field && args[key] !== undefined) data[entry.field] = args[key]
  }
  return data
}

/**
 * The arguments that would write what `stored` holds, for keys copied into their field (an update
 * checks them together with the given ones); a field stored empty gives none.
 */
export function storedArgs(
  table: AnyFieldTable,
  stored: Doc,
  keys: readonly string[],
): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const key of keys) {
    const field = table[key]?.field
    if (field && stored[field] !== null && stored[field] !== undefined) args[key] = stored[field]
  }
  return args
}

/**
 * A record: every key in table order; when the record is locked, the keys a password hides show
 * their `locked` value.
 */
export function recordOf<View>(
  table: FieldTable<View>,
  view: View,
  locked: boolean,
): Record<string, unknown> {
  const built: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(table)) {
    const value = entry.show(view, built)
    if (value !== undefined) built[key] = locked && 'locked' in entry ? entry.locked : value
  }
  return built
}

/**
 * Each key's schema, as the compiler knows it: records built from a table keep their static type.
 */
type SchemasOf<T extends AnyFieldTable> = { [K in keyof T]: T[K]['schema'] }

/** The record's JSON Schema properties, in table order. */
export const schemaOf = <T extends AnyFieldTable>(table: T) =>
  Object.fromEntries(
    Object.entries(table).map(([key, entry]) => [key, entry.schema]),
  ) as SchemasOf<T>

/** An object schema with exactly the table's keys (and `extra` after them). */
export const recordSchema = <T extends AnyFieldTable, E extends Record<string, TSchema> = {}>(
  description: string,
  table: T,
  extra?: E,
) =>
  Type.Object({ ...schemaOf(table), ...(extra as E) }, { description, additionalProperties: false })

/** The stored fields the archive's `search` looks in. */
export const searchFieldsOf = (table: AnyFieldTable): string[] =>
  Object.values(table).flatMap((entry) => (entry.search && entry.field ? [entry.field] : []))
