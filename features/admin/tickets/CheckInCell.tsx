'use client'
import { Button, useConfig } from '@payloadcms/ui'
import type { DefaultCellComponentProps } from 'payload'
import { useState } from 'react'
import { useCalendarTranslation } from '../useCalendarTranslation.js'

/**
 * The attendees list's "Checked in" column: the state and a button that checks the attendee in
 * or undoes it, through `PUT /api/cal/tickets/v1/attendees/{id}` (endpoints/tickets/
 * attendeeWrites.ts: managers only; others see the state alone).
 */
export function CheckInCell({ cellData, rowData }: DefaultCellComponentProps) {
  const { config } = useConfig()
  const { t } = useCalendarTranslation()
  const [checkedIn, setCheckedIn] = useState(Boolean(cellData))
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const toggle = async () => {
    setBusy(true)
    setFailed(false)
    const response = await fetch(
      `${config.serverURL ?? ''}${config.routes.api}/cal/tickets/v1/attendees/${rowData.id}`,
      {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ check_in: !checkedIn }),
      },
    ).catch(() => null)
    setBusy(false)
    if (response?.ok) setCheckedIn(!checkedIn)
    else setFailed(true)
  }
  return (
    <span
      className="cal-check-in"
      style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}
    >
      <span>{checkedIn ? t('checkedIn') : t('notCheckedIn')}</span>
      <Button buttonStyle="secondary" size="small" margin={false} disabled={busy} onClick={toggle}>
        {checkedIn ? t('undoCheckIn') : t('checkIn')}
      </Button>
      {failed ? <span role="alert">{t('checkInFailed')}</span> : null}
    </span>
  )
}
