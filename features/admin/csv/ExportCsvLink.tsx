'use client'
import { Button, useConfig, useLocale } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * Above the events, venues and organizers lists: their CSV export (endpoints/csv/export.ts) in the
 * language the list shows, with a byte-order mark for spreadsheet programs; events of every date.
 */
export function ExportCsvLink({ resource }: { resource: 'events' | 'venues' | 'organizers' }) {
  const locale = useLocale()
  const query = new URLSearchParams({
    bom: 'true',
    ...(locale?.code ? { translation_language: locale.code } : {}),
    ...(resource === 'events' ? { start_date: '1900-01-01', end_date: '2199-12-31' } : {}),
  })
  return <CsvButton path={`/cal/csv/${resource}.csv`} query={query} />
}

/** The export button above a list: a link to `path` under the API root, with `query`. */
export function CsvButton({ path, query }: { path: string; query: URLSearchParams }) {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const url = `${config.serverURL ?? ''}${config.routes.api}${path}?${query}`
  return (
    <div className="cal-export-csv" style={{ marginBottom: '1rem' }}>
      <Button el="anchor" url={url} buttonStyle="secondary" size="small">
        {t('exportCsv')}
      </Button>
    </div>
  )
}
