'use client'
import { Button } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import { LANGUAGES } from '../../../core/locales.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

type Preview = {
  type: string
  encoding: string
  delimiter: string
  rows: number
  columns: { header: string; column: string | null }[]
  targets: string[]
  preview: {
    row: number
    arguments?: Record<string, unknown>
    links?: { venue?: { name?: string }; organizers?: { name?: string }[]; image?: string }
    error?: string
  }[]
  failing: number
  errors: { row: number; message: string }[]
}

const TYPES = ['events', 'venues', 'organizers'] as const
const TYPE_KEYS: Record<(typeof TYPES)[number], CalendarTextKey> = {
  events: 'importEvents',
  venues: 'importVenues',
  organizers: 'importOrganizers',
}

const messageOf = async (response: Response) => {
  const body = await response.json().catch(() => ({}))
  const params = body?.data?.params
  return [
    body.message ?? `HTTP ${response.status}`,
    ...(params && typeof params === 'object' ? Object.values(params).map(String) : []),
  ]
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** A row's values by column: its arguments, and the records it links to by name. */
const valuesOf = (row: Preview['preview'][number]): Record<string, unknown> => ({
  ...row.arguments,
  ...(row.links?.venue?.name ? { venue: row.links.venue.name } : {}),
  ...(row.links?.organizers
    ? { organizer: row.links.organizers.map((ref) => ref.name ?? '').join(', ') }
    : {}),
  ...(row.links?.image ? { image: row.links.image } : {}),
})

/**
 * The CSV part of the Import page: a file and what it holds, the preview of how its columns map
 * (each header's column editable), its first rows as they would be written and the errors of
 * every row, then a dry run or the import, both as runs of the page (endpoints/csv/import.ts).
 */
export function CsvImport({
  api,
  running,
  onRun,
}: {
  api: string
  running: boolean
  onRun: (id: number) => void
}) {
  const { t } = useCalendarTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [type, setType] = useState<(typeof TYPES)[number]>('events')
  const [language, setLanguage] = useState('en')
  const [mapping, setMapping] = useState<Record<string, string | null>>({})
  const [preview, setPreview] = useState<Preview | null>(null)
  const [errors, setErrors] = useState<string[]>([])

  const query = (extra = '') =>
    `type=${type}&translation_language=${language}&mapping=${encodeURIComponent(JSON.stringify(mapping))}${extra}`

  const send = (route: 'preview' | 'import', extra = '') =>
    fetch(`${api}/cal/csv/${route}?${query(extra)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/csv' },
      body: file,
    })

  // A new file or type starts from the proposed mapping.
  useEffect(() => setMapping({}), [file, type])

  useEffect(() => {
    if (!file) return
    let current = true
    void send('preview').then(async (response) => {
      if (!current) return
      if (!response.ok) {
        setPreview(null)
        setErrors(await messageOf(response))
        return
      }
      setErrors([])
      setPreview((await response.json()) as Preview)
    })
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` reads these
  }, [file, type, mapping, language])

  const start = async (dryRun: boolean) => {
    const response = await send('import', `&dry_run=${dryRun}`)
    if (!response.ok) {
      setErrors(await messageOf(response))
      return
    }
    onRun(((await response.json()) as { id: number }).id)
  }

  const columns = preview?.columns.map(({ column }) => column).filter(Boolean) as string[]
  return (
    <div className="cal-import__csv" style={{ display: 'grid', gap: '0.75rem' }}>
      <label>
        {t('csvFile')}{' '}
        <input
          name="csv"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <label>
        {t('csvHolds')}{' '}
        <select
          name="type"
          value={type}
          onChange={(e) => setType(e.target.value as (typeof TYPES)[number])}
        >
          {TYPES.map((value) => (
            <option key={value} value={value}>
              {t(TYPE_KEYS[value])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('csvLanguage')}{' '}
        <select
          name="translation_language"
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
        >
          {LANGUAGES.map(({ code, label }) => (
            <option key={code} value={code} lang={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {language !== 'en' && <p className="cal-import__language-hint">{t('csvLanguageHint')}</p>}
      {errors.length > 0 && (
        <ul className="cal-import__errors" role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {preview && (
        <section className="cal-import__preview">
          <p>
            {t('csvRows', {
              rows: preview.rows,
              encoding: preview.encoding,
              delimiter: preview.delimiter === '\t' ? t('csvTabs') : `“${preview.delimiter}”`,
            })}
            {preview.failing > 0 ? t('csvFailing', { failing: preview.failing }) : ''}.
          </p>
          <table className="cal-import__mapping" style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{t('csvColumn')}</th>
                <th style={{ textAlign: 'left' }}>{t('csvImportedAs')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.map(({ header, column }) => (
                <tr key={header} data-header={header}>
                  <td style={{ paddingRight: '1rem' }}>{header}</td>
                  <td>
                    <select
                      aria-label={t('csvColumnFor', { header })}
                      value={column ?? ''}
                      onChange={(e) => setMapping({ ...mapping, [header]: e.target.value || null })}
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
          <h3>{t('csvFirstRows')}</h3>
          <table className="cal-import__rows" style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th>{t('csvRow')}</th>
                {columns.map((column) => (
                  <th key={column} style={{ padding: '0 0.5rem' }}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.preview.map((row) => (
                <tr key={row.row} data-row={row.row} style={{ verticalAlign: 'top' }}>
                  <td>{row.row}</td>
                  {row.error ? (
                    <td colSpan={columns.length} style={{ color: 'var(--theme-error-500)' }}>
                      {row.error}
                    </td>
                  ) : (
                    columns.map((column) => (
                      <td key={column} style={{ padding: '0 0.5rem' }}>
                        {valuesOf(row)[column] === undefined ? '' : shown(valuesOf(row)[column])}
                      </td>
                    ))
                  )}
                </tr>
              ))}
            </tbody>
          </table>
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
      )}
      <div style={{ display: 'flex', gap: '0.75rem' }}>
        <Button
          type="button"
          buttonStyle="secondary"
          disabled={!preview || running}
          onClick={() => void start(true)}
        >
          {t('csvDryRun')}
        </Button>
        <Button type="button" disabled={!preview || running} onClick={() => void start(false)}>
          {t('csvImport')}
        </Button>
      </div>
    </div>
  )
}
