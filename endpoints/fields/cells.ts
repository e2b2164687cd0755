/**
 * The shapes of the flat form of records (CSV): what a field table's `flat` entry declares
 * (`table.ts`), and what `flat.ts` makes of it.
 */

/** What a cell holds on export: lists become one cell (see `ListStyle`). */
export type Cell = string | number | boolean | null | undefined | readonly (string | number)[]

/** A record's value as a cell: a plain value or a list of them; anything else is no cell. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return value
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value
  const plainList =
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' || typeof item === 'number')
  return plainList ? (value as (string | number)[]) : undefined
}

/**
 * How several values share a cell: separated by commas (names, as The Events Calendar's CSV has
 * them), or one per line (costs, whose values hold commas: `5,50`). A list of names one of which
 * holds a comma is written one per line too; a cell is read line by line when it has a line break.
 */
export type ListStyle = 'commas' | 'lines'

export type FlatColumn<View> = {
  name: string
  /** Header names that mean this column on import (The Events Calendar's CSV columns). */
  aliases?: readonly string[]
  list?: ListStyle
  /**
   * The cell on export, from the record as the caller gets it (password-protected content already
   * hidden: `locked`), and the view it was built from. Absent: a column read on import only.
   */
  cell?: (record: Record<string, unknown>, view: View, locked: boolean) => Cell
}

/** A record a row links to: by name, and by its `global_id` at the source when the row says. */
export type LinkRef = { name?: string; sourceId?: string }

/** What the cells of a row say, as a write of the field table and what goes with it. */
export type FlatWrite = {
  /** Arguments of the table's create and update (`paramsOf`), checked and stored as v1 does. */
  args: Record<string, unknown>
  /** Stored fields no argument writes (an event's currency as given). */
  stored: Record<string, unknown>
  /** Records the row links to, resolved by the importer (which knows what it imported). */
  links: { venue?: LinkRef; organizers?: LinkRef[]; image?: string }
  /** The row's id at its source (our `global_id`), which later imports recognize it by. */
  sourceId?: string
}

/** A cell the import cannot read: its column and why. */
export class CellError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(`${column}: ${message}`)
  }
}

/** Cells of one row by column name: only those the file has, without blanks. */
export type Cells = Record<string, string>

export type Flat<View> = {
  columns: FlatColumn<View>[]
  /**
   * Puts the key's cells into a write. Default: the cell of the column named by the key becomes
   * its argument (flags read as yes/no), when the key has one. A flat entry with columns and no
   * `read` is exported only (ids of another site mean nothing here).
   */
  read?: ((cells: Cells, write: FlatWrite) => void) | 'export only'
}

/** A key's flat entry in a field table: `false` for no column. */
export type FlatEntry<View> = Flat<View> | false
