import type { ReactNode } from 'react'
import type { ClientField, Column } from 'payload'

/**
 * A column of Payload's list table (`Table` of `@payloadcms/ui`): its heading and one rendered cell
 * per row. Its field is nominal (a text): the table reads only the accessor and the cells.
 */
export const listColumn = (
  accessor: string,
  Heading: ReactNode,
  renderedCells: ReactNode[],
): Column => ({
  accessor,
  active: true,
  Heading,
  renderedCells,
  field: { name: accessor, type: 'text' } as ClientField,
})
