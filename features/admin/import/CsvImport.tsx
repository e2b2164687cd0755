'use client'
import { Button } from '@payloadcms/ui'
import type { ReactNode } from 'react'
import { LANGUAGES } from '../../../core/locales.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { CsvPreview } from './CsvPreview.js'
import { CSV_TYPES, useCsvPreview, type CsvTypeChoice } from './useCsvPreview.js'

const TYPE_KEYS: Record<CsvTypeChoice, CalendarTextKey> = {
  events: 'importEvents',
  venues: 'importVenues',
  organizers: 'importOrganizers',
}

/** A labelled choice of the form. */
function Choice(props: {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <label>
      {props.label}{' '}
      <select
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.children}
      </select>
    </label>
  )
}

/**
 * The CSV part of the Import page: a file and what it holds, the preview of how its columns map
 * (each header's column editable), its first rows as they would be written and the errors of
 * every row (CsvPreview.tsx), then a dry run or the import, both as runs of the page
 * (endpoints/csv/import.ts; the requests in useCsvPreview.ts).
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
  const csv = useCsvPreview(api, onRun)
  const { preview, errors, language } = csv
  return (
    <div className="cal-import__csv" style={{ display: 'grid', gap: '0.75rem' }}>
      <label>
        {t('csvFile')}{' '}
        <input
          name="csv"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => csv.setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <Choice
        label={t('csvHolds')}
        name="type"
        value={csv.type}
        onChange={(value) => csv.setType(value as CsvTypeChoice)}
      >
        {CSV_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(TYPE_KEYS[value])}
          </option>
        ))}
      </Choice>
      <Choice
        label={t('csvLanguage')}
        name="translation_language"
        value={language}
        onChange={csv.setLanguage}
      >
        {LANGUAGES.map(({ code, label }) => (
          <option key={code} value={code} lang={code}>
            {label}
          </option>
        ))}
      </Choice>
      {language !== 'en' && <p className="cal-import__language-hint">{t('csvLanguageHint')}</p>}
      {errors.length > 0 && (
        <ul className="cal-import__errors" role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {preview && <CsvPreview preview={preview} mapping={csv.mapping} onMapping={csv.setMapping} />}
      <div style={{ display: 'flex', gap: '0.75rem' }}>
        <Button
          type="button"
          buttonStyle="secondary"
          disabled={!preview || running}
          onClick={() => void csv.start(true)}
        >
          {t('csvDryRun')}
        </Button>
        <Button type="button" disabled={!preview || running} onClick={() => void csv.start(false)}>
          {t('csvImport')}
        </Button>
      </div>
    </div>
  )
}
