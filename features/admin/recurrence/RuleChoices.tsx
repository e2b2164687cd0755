'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { Choice } from './Choice.js'
import { EndsChoice } from './EndsChoice.js'
import { FieldRow } from './FieldRow.js'
import { MonthPatternChoice } from './MonthPatternChoice.js'
import { frequencyOptions, unitName } from './options.js'
import { type Frequency, MAX_INTERVAL } from './ruleForm.js'
import type { RuleChoiceProps } from './useRuleChoices.js'
import { WeekdayChoice } from './WeekdayChoice.js'

type RuleChoicesProps = RuleChoiceProps & {
  path: string
  incomplete: boolean
  onFrequency: (frequency: Frequency) => void
}

/**
 * The rule as choices: a frequency and, when it repeats, an interval, its days (weekly or monthly)
 * and its end.
 */
export function RuleChoices(props: RuleChoicesProps) {
  const { id, path, form, disabled, incomplete, onFrequency, onChange } = props
  const { t } = useCalendarTranslation()
  return (
    <>
      <FieldRow label={t('frequency')}>
        <Choice
          path={`${path}-frequency`}
          label={t('frequency')}
          value={form.frequency}
          disabled={disabled}
          options={frequencyOptions(t)}
          onChange={(value) => onFrequency(value as Frequency)}
        />
      </FieldRow>
      {form.frequency !== 'none' && (
        <>
          <FieldRow label={t('interval')} htmlFor={`${id}-interval`}>
            <span className="cal-recurrence__inline">
              <input
                id={`${id}-interval`}
                name="recurrence-interval"
                type="number"
                min={1}
                max={MAX_INTERVAL}
                value={form.interval || ''}
                disabled={disabled}
                onChange={(event) => onChange({ interval: Number(event.target.value) })}
              />
              <span>{unitName(t, form.frequency)}</span>
            </span>
          </FieldRow>
          {form.frequency === 'weekly' && (
            <WeekdayChoice form={form} disabled={disabled} onChange={onChange} />
          )}
          {form.frequency === 'monthly' && <MonthPatternChoice {...props} />}
          <EndsChoice id={id} form={form} disabled={disabled} onChange={onChange} />
          {incomplete && (
            <p className="cal-recurrence__warning" role="alert">
              {t('incomplete')}
            </p>
          )}
        </>
      )}
    </>
  )
}
