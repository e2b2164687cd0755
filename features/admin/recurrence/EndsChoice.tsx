'use client'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { FieldRow } from './FieldRow.js'
import { RadioOption, type RadioGroup } from './Radio.js'
import { MAX_COUNT, type RuleForm } from './ruleForm.js'
import type { RuleChoiceProps } from './useRuleChoices.js'

/** How the series ends: never, after a number of occurrences, or on a date. */
export function EndsChoice({ id, form, disabled, onChange }: RuleChoiceProps) {
  const { t } = useCalendarTranslation()
  const ends: RadioGroup<RuleForm['ends']> = {
    id: `${id}-ends`,
    name: `${id}-ends`,
    chosen: form.ends,
    disabled,
    onChoose: (value) => onChange({ ends: value }),
  }
  return (
    <FieldRow label={t('ends')}>
      <span className="cal-recurrence__ends" role="radiogroup" aria-label={t('ends')}>
        <RadioOption group={ends} value="never" label={t('never')} />
        <RadioOption group={ends} value="count" label={t('after')}>
          <input
            type="number"
            name="recurrence-count"
            aria-label={`${t('after')} (${t('occurrences')})`}
            min={1}
            max={MAX_COUNT}
            value={form.count || ''}
            disabled={disabled || form.ends !== 'count'}
            onChange={(event) => onChange({ count: Number(event.target.value) })}
          />
          <span>{t('occurrences')}</span>
        </RadioOption>
        <RadioOption group={ends} value="until" label={t('onDate')}>
          <input
            type="date"
            name="recurrence-until"
            aria-label={`${t('ends')}: ${t('onDate')}`}
            value={form.until}
            disabled={disabled || form.ends !== 'until'}
            onChange={(event) => onChange({ until: event.target.value })}
          />
        </RadioOption>
      </span>
    </FieldRow>
  )
}
