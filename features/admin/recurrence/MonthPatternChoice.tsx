'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { Choice } from './Choice.js'
import { FieldRow } from './FieldRow.js'
import { monthDayOptions, positionOptions, weekdayOptions } from './options.js'
import { RadioOption, type RadioGroup } from './Radio.js'
import type { RuleForm, SetPosition, Weekday } from './ruleForm.js'
import type { RuleChoiceProps } from './useRuleChoices.js'

type MonthPatternProps = RuleChoiceProps & { path: string }

/** A monthly rule: on a day of the month, or on the nth weekday of it. */
export function MonthPatternChoice({ id, path, form, disabled, onChange }: MonthPatternProps) {
  const { i18n, t } = useCalendarTranslation()
  const pattern: RadioGroup<RuleForm['monthPattern']> = {
    id: `${id}-month`,
    name: `${id}-month-pattern`,
    chosen: form.monthPattern,
    disabled,
    onChoose: (value) => onChange({ monthPattern: value }),
  }
  const onWeekday = disabled || form.monthPattern !== 'weekday'
  return (
    <FieldRow label={t('monthPattern')}>
      <span className="cal-recurrence__month" role="radiogroup" aria-label={t('monthPattern')}>
        <RadioOption group={pattern} value="day" label={t('onMonthDay')}>
          <Choice
            path={`${path}-month-day`}
            label={t('onMonthDay')}
            value={String(form.monthDay)}
            disabled={disabled || form.monthPattern !== 'day'}
            options={monthDayOptions(t)}
            onChange={(value) => onChange({ monthDay: Number(value) })}
          />
        </RadioOption>
        <RadioOption group={pattern} value="weekday" label={t('onWeekday')}>
          <Choice
            path={`${path}-set-position`}
            label={`${t('onWeekday')} (n)`}
            value={String(form.setPosition)}
            disabled={onWeekday}
            options={positionOptions(t)}
            onChange={(value) => onChange({ setPosition: Number(value) as SetPosition })}
          />
          <Choice
            path={`${path}-set-weekday`}
            label={`${t('onWeekday')} (${t('onDays').toLowerCase()})`}
            value={form.setWeekday}
            disabled={onWeekday}
            options={weekdayOptions(i18n.language)}
            onChange={(value) => onChange({ setWeekday: value as Weekday })}
          />
        </RadioOption>
      </span>
    </FieldRow>
  )
}
