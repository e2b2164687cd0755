import type { LocaleCode } from '../../../core/locales.js'
import { listColumn } from '../listTable.js'

/** A record listed under a count: its title in that language, its form, its last change. */
export type Listed = { id: number | string; title: string; href: string; updated: string }

/**
 * The columns of the records of a count in Payload's list table: the title, opening the form in
 * that language, and the last change. For the server's list and the client's selection alike.
 */
export const recordColumns = (
  records: Listed[],
  language: LocaleCode,
  headings: { title: string; updated: string },
) => [
  listColumn(
    'title',
    headings.title,
    records.map((record) => (
      <a key={record.id} href={record.href} lang={language}>
        {record.title}
      </a>
    )),
  ),
  listColumn(
    'updatedAt',
    headings.updated,
    records.map((record) => record.updated),
  ),
]
