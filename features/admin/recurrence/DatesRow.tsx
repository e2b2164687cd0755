'use client'
import { Button } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { FieldRow } from './FieldRow.js'
import { formatWallClock } from './ruleForm.js'
import type { DatesControl } from './useRecurrenceDates.js'

type DatesRowProps = {
  id: string
  kind: 'extra' | 'excluded'
  dates: DatesControl
  allDay: boolean
  disabled: boolean
}

/**
 * Added or excluded dates: their list, each with its remove button, then a date input and its Add
 * button (Enter adds too).
 */
export function DatesRow({ id, kind, dates, allDay, disabled }: DatesRowProps) {
  const { i18n, t } = useCalendarTranslation()
  const inputId = `${id}-${kind}`
  const shown = (wall: string) => formatWallClock(wall, i18n.language, allDay)
  return (
    <FieldRow label={t(kind === 'extra' ? 'extraDates' : 'excludedDates')} htmlFor={inputId}>
      {dates.list.length > 0 && (
        <ul className={`cal-recurrence__dates cal-recurrence__dates--${kind}`}>
          {dates.list.map((wall) => (
            <li key={wall} data-date={wall}>
              <span>{shown(wall)}</span>
              <button
                type="button"
                className="cal-recurrence__remove"
                disabled={disabled}
                onClick={() => dates.remove(wall)}
                aria-label={t('removeDate', { date: shown(wall) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="cal-recurrence__inline">
        <input
          id={inputId}
          type={kind === 'extra' ? 'datetime-local' : 'date'}
          name={`recurrence-${kind}`}
          value={dates.input}
          disabled={disabled || dates.blocked}
          onChange={(event) => dates.setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              dates.add()
            }
          }}
        />
        <Button
          buttonStyle="secondary"
          size="small"
          margin={false}
          disabled={disabled || dates.blocked || !dates.canAdd}
          onClick={dates.add}
        >
          {t('add')}
        </Button>
      </span>
    </FieldRow>
  )
}
