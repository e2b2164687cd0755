'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import type { CsvPreviewAnswer } from './useCsvPreview.js'

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** A row's values by column: its arguments, and the records it links to by name. */
const valuesOf = (row: CsvPreviewAnswer['preview'][number]): Record<string, unknown> => ({
  ...row.arguments,
  ...(row.links?.venue?.name ? { venue: row.links.venue.name } : {}),
  ...(row.links?.organizers
    ? { organizer: row.links.organizers.map((ref) => ref.name ?? '').join(', ') }
    : {}),
  ...(row.links?.image ? { image: row.links.image } : {}),
})

/**
 * The preview of a CSV file: how its columns map (each header's column editable through
 * `onMapping`), its first rows as they would be written, and the errors of every row.
 */
export function CsvPreview({
  preview,
  mapping,
  onMapping,
}: {
  preview: CsvPreviewAnswer
  mapping: Record<string, string | null>
  onMapping: (mapping: Record<string, string | null>) => void
}) {
  const { t } = useCalendarTranslation()
  const columns = preview.columns.map(({ column }) => column).filter(Boolean) as string[]
  return (
    <section className="cal-import__preview">
      <p>
        {t('csvRows', {
          rows: preview.rows,
          encoding: preview.encoding,
          delimiter: preview.delimiter === '\t' ? t('csvTabs') : `“${preview.delimiter}”`,
        })}
        {preview.failing > 0 ? t('csvFailing', { failing: preview.failing }) : ''}.
      </p>
      <div className="table">
        <table className="cal-import__mapping">
          <thead>
            <tr>
              <th>{t('csvColumn')}</th>
              <th>{t('csvImportedAs')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.columns.map(({ header, column }) => (
              <tr key={header} data-header={header}>
                <td>{header}</td>
                <td>
                  <select
                    aria-label={t('csvColumnFor', { header })}
                    value={column ?? ''}
                    onChange={(e) => onMapping({ ...mapping, [header]: e.target.value || null })}
                  >
                    <option value="">{t('csvNotImported')}</option>
                    {preview.targets.map((target) => (
                      <option key={target} value={target}>
                        {target}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('csvFirstRows')}</h3>
      <div className="table">
        <table className="cal-import__rows">
          <thead>
            <tr>
              <th>{t('csvRow')}</th>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.preview.map((row) => (
              <tr key={row.row} data-row={row.row}>
                <td>{row.row}</td>
                {row.error ? (
                  <td colSpan={columns.length} style={{ color: 'var(--theme-error-500)' }}>
                    {row.error}
                  </td>
                ) : (
                  columns.map((column) => (
                    <td key={column}>
                      {valuesOf(row)[column] === undefined ? '' : shown(valuesOf(row)[column])}
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.errors.length > 0 && (
        <details className="cal-import__row-errors" open>
          <summary>{t('csvRowErrors', { total: preview.failing })}</summary>
          <ul>
            {preview.errors.map((error) => (
              <li key={error.row}>
                {t('csvRowError', { row: error.row, message: error.message })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
