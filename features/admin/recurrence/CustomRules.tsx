'use client'
import { Button } from '@payloadcms/ui'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { FieldRow } from './FieldRow.js'

type CustomRulesProps = {
  id: string
  text: string
  rows: number
  disabled: boolean
  onText: (text: string) => void
  onReplace: () => void
}

/** Rules the choices cannot show, kept as their text (one a line), or replaced by a weekly rule. */
export function CustomRules({ id, text, rows, disabled, onText, onReplace }: CustomRulesProps) {
  const { t } = useCalendarTranslation()
  return (
    <div className="cal-recurrence__custom">
      <p>{t('custom')}</p>
      <FieldRow label={t('customRules')} htmlFor={`${id}-custom`}>
        <textarea
          id={`${id}-custom`}
          name="recurrence-custom"
          rows={Math.max(2, rows)}
          value={text}
          disabled={disabled}
          onChange={(event) => onText(event.target.value)}
        />
      </FieldRow>
      <Button buttonStyle="secondary" size="small" disabled={disabled} onClick={onReplace}>
        {t('replaceCustom')}
      </Button>
    </div>
  )
}
