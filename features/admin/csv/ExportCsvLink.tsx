'use client'
import { Button, useConfig, useLocale } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * Above the events, venues and organizers lists: their CSV export (endpoints/csv/export.ts) in the
 * language the list shows, with a byte-order mark for spreadsheet programs; events of every date.
 */
export function ExportCsvLink({ resource }: { resource: 'events' | 'venues' | 'organizers' }) {
  const { config } = useConfig()
  const locale = useLocale()
  const { t } = useCalendarTranslation()
  const query = new URLSearchParams({
    bom: 'true',
    ...(locale?.code ? { translation_language: locale.code } : {}),
    ...(resource === 'events' ? { start_date: '1900-01-01', end_date: '2199-12-31' } : {}),
  })
  const url = `${config.serverURL ?? ''}${config.routes.api}/cal/csv/${resource}.csv?${query}`
  return (
    <div className="cal-export-csv" style={{ marginBottom: '1rem' }}>
      <Button el="anchor" url={url} buttonStyle="secondary" size="small">
        {t('exportCsv')}
      </Button>
    </div>
  )
}
