import type { TSchema } from 'typebox'
import {
  CellError,
  cellOf,
  type Cell,
  type Cells,
  type Flat,
  type FlatColumn,
  type FlatWrite,
  type ListStyle,
} from './cells.js'
import type { FieldTable, WireField } from './table.js'

export * from './cells.js'

/**
 * The flat form of a resource's records (CSV), read from its field table: a column per key whose
 * record value is plain (text, number, flag), named by the key, and for a key that holds an object
 * or a list, the columns its `flat` entry names (`venue`, `venue.global_id`, `categories`, …).
 * Export reads the record the caller gets into cells; import reads cells back into the arguments
 * of the same table's writes (`param`, `write`), so that a column means the same in both
 * directions. Keys whose value is neither plain nor flattened (`*_details`, `json_ld`) have no
 * column.
 */

const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null'])

/** A value that fits a cell: text, number or flag (or one of them, or null). */
function isPlain(schema: TSchema): boolean {
  const {
    type,
    anyOf,
    enum: values,
  } = schema as {
    type?: unknown
    anyOf?: TSchema[]
    enum?: unknown[]
  }
  if (typeof type === 'string') return PLAIN_TYPES.has(type)
  if (Array.isArray(values)) return values.every((value) => typeof value !== 'object')
  return Array.isArray(anyOf) && anyOf.every(isPlain)
}

const YES = new Set(['yes', 'y', 'true', '1', 'on'])
const NO = new Set(['no', 'n', 'false', '0', 'off'])

/** A yes/no cell (`yes`, `true`, `1`, … and their opposites; The Events Calendar writes `yes`). */
export function flagOf(column: string, text: string): boolean {
  const word = text.trim().toLowerCase()
  if (YES.has(word)) return true
  if (NO.has(word)) return false
  throw new CellError(column, `"${text}" is not yes or no.`)
}

/** The values of a list cell: one per line when it has a line break, else comma-separated. */
export function listOf(text: string, style: ListStyle = 'commas'): string[] {
  const separator = style === 'lines' || /[\r\n]/.test(text) ? /\r\n|\r|\n/ : ','
  return text
    .split(separator)
    .map((value) => value.trim())
    .filter(Boolean)
}

/** One cell of several values (see `ListStyle`). */
export function joinList(
  values: readonly (string | number)[],
  style: ListStyle = 'commas',
): string {
  const texts = values.map(String)
  if (style === 'lines' || texts.some((text) => /[,\r\n]/.test(text)))
    return texts.map((text) => `${text}\n`).join('')
  return texts.join(', ')
}

/** A column of the key's plain value as the record shows it. */
const recordColumn = <View>(key: string, aliases?: readonly string[]): FlatColumn<View> => ({
  name: key,
  aliases,
  cell: (record) => cellOf(record[key]),
})

/** The flat entry of a key: its own, or one column when its value is plain. */
function flatOf<View>(key: string, entry: WireField<View>): Flat<View> | null {
  if (entry.flat === false) return null
  if (entry.flat) return entry.flat
  return isPlain(entry.schema) ? { columns: [recordColumn(key)] } : null
}

/** Every column of a resource, in record order. */
export function flatColumns<View>(table: FieldTable<View>): FlatColumn<View>[] {
  return Object.entries(table).flatMap(([key, entry]) => flatOf(key, entry)?.columns ?? [])
}

/** The columns written on export (the header row), in record order. */
export const exportedColumns = <View>(table: FieldTable<View>) =>
  flatColumns(table).filter((column) => column.cell)

/** A record as cells, in the order of `exportedColumns`. */
export function flatRow<View>(
  table: FieldTable<View>,
  record: Record<string, unknown>,
  view: View,
  locked: boolean,
): (string | number)[] {
  return exportedColumns(table).map((column) => {
    const value = column.cell!(record, view, locked)
    if (value === null || value === undefined) return ''
    if (Array.isArray(value)) return joinList(value, column.list)
    if (typeof value === 'boolean') return value ? 'true' : 'false'
    return value as string | number
  })
}

/** A column the import can fill, with the header names that mean it. */
export type ImportTarget = { name: string; key: string; aliases: readonly string[] }

/** The columns the import reads: those of keys that a write stores. */
export function importTargets<View>(table: FieldTable<View>): ImportTarget[] {
  return Object.entries(table).flatMap(([key, entry]) => {
    const flat = flatOf(key, entry)
    if (!flat || flat.read === 'export only') return []
    if (!flat.read && !entry.param) return []
    return flat.columns.map((column) => ({
      name: column.name,
      key,
      aliases: column.aliases ?? [],
    }))
  })
}

/**
 * A row's cells as a write of the table: each key's `read`, or its argument from the cell of its
 * own column. Throws CellError for a cell that cannot be read.
 */
export function readFlat<View>(table: FieldTable<View>, cells: Cells): FlatWrite {
  const write: FlatWrite = { args: {}, stored: {}, links: {} }
  for (const [key, entry] of Object.entries(table)) {
    const flat = flatOf(key, entry)
    if (!flat || flat.read === 'export only') continue
    if (flat.read) {
      flat.read(cells, write)
      continue
    }
    const text = cells[key]
    if (text === undefined || !entry.param) continue
    write.args[key] = entry.param.kind === 'boolean' ? flagOf(key, text) : text
  }
  return write
}

// Helpers for the field tables' own flat entries.

/** One column of the key's record value, under other names too. */
export const named = <View>(key: string, ...aliases: string[]): Flat<View> => ({
  columns: [recordColumn(key, aliases)],
})

/** Exported, never imported: ids and links of another site mean nothing here. */
export const exportOnly = <View>(key: string): Flat<View> => ({
  columns: [recordColumn(key)],
  read: 'export only',
})

/**
 * One column of the stored text of `field` (a title as written, not as the record shows it, with
 * `&` escaped), or what a password-protected record shows instead.
 */
export const storedText = <View extends { doc: object }>(
  key: string,
  field: string,
  aliases: string[],
  locked?: unknown,
): Flat<View> => ({
  columns: [
    {
      name: key,
      aliases,
      cell: (_record, view, isLocked) =>
        (isLocked && locked !== undefined
          ? locked
          : ((view.doc as Record<string, unknown>)[field] ?? '')) as Cell,
    },
  ],
})
