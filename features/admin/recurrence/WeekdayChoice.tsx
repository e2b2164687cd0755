'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { FieldRow } from './FieldRow.js'
import { weekdayName } from './options.js'
import { WEEKDAYS } from './ruleForm.js'
import type { RuleChoiceProps } from './useRuleChoices.js'

/** A weekly rule's days, as a row of checkboxes. */
export function WeekdayChoice({ form, disabled, onChange }: Omit<RuleChoiceProps, 'id'>) {
  const { i18n, t } = useCalendarTranslation()
  const language = i18n.language
  return (
    <FieldRow label={t('onDays')}>
      <span className="cal-recurrence__weekdays" role="group" aria-label={t('onDays')}>
        {WEEKDAYS.map((day) => {
          const checked = form.weekdays.includes(day)
          return (
            <label
              key={day}
              className="cal-recurrence__weekday"
              title={weekdayName(day, language, 'long')}
            >
              <input
                type="checkbox"
                name={`recurrence-weekday-${day}`}
                checked={checked}
                // The last weekday left stays: a weekly rule happens on some day.
                disabled={disabled || (checked && form.weekdays.length === 1)}
                aria-label={weekdayName(day, language, 'long')}
                onChange={() =>
                  onChange({
                    weekdays: checked
                      ? form.weekdays.filter((item) => item !== day)
                      : [...form.weekdays, day],
                  })
                }
              />
              <span aria-hidden="true">{weekdayName(day, language, 'short')}</span>
            </label>
          )
        })}
      </span>
    </FieldRow>
  )
}
