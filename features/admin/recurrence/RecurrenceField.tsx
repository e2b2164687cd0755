'use client'
import type { GroupFieldClientComponent } from 'payload'
import { useEffect, useId, useState } from 'react'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { CustomRules } from './CustomRules.js'
import { DatesRow } from './DatesRow.js'
import { RecurrencePreview } from './RecurrencePreview.js'
import { RuleChoices } from './RuleChoices.js'
import { RECURRENCE_CSS } from './styles.js'
import { useEventTimes } from './useEventTimes.js'
import { useRecurrenceDates } from './useRecurrenceDates.js'
import { useRuleChoices } from './useRuleChoices.js'

/**
 * The event's `recurrence` group as an editor: a frequency, an interval, weekdays, a month pattern,
 * an end, extra and excluded dates; the rule said in the admin's language and the next ten dates
 * before saving. It writes what the model stores (RRULE texts, wall clocks in the event's zone);
 * rules it cannot show are kept as they are, in a text box.
 */
export const RecurrenceField: GroupFieldClientComponent = (props) => {
  const { field, readOnly } = props
  const path = props.path ?? ('name' in field && field.name ? field.name : 'recurrence')
  const { t } = useCalendarTranslation()
  const id = useId()
  const times = useEventTimes()
  const rule = useRuleChoices(path, times.start, times.zone)
  const dates = useRecurrenceDates(path, times.start)
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => setNow(new Date()), [])

  const disabled = Boolean(readOnly)
  const repeats = rule.custom || rule.form.frequency !== 'none'
  const datesRow = { id, allDay: times.allDay, disabled }
  return (
    <fieldset
      className="field-type cal-recurrence"
      id={`field-${path.replace(/\./g, '__')}`}
      aria-describedby={`${id}-description`}
    >
      <style>{RECURRENCE_CSS}</style>
      <legend className="cal-recurrence__legend">{t('repeats')}</legend>
      <p className="field-description" id={`${id}-description`}>
        {t('recurrenceDescription')}
      </p>
      {rule.custom ? (
        <CustomRules
          id={id}
          text={rule.customText}
          rows={rule.storedRules.length}
          disabled={disabled}
          onText={rule.setCustomRules}
          onReplace={rule.leaveCustom}
        />
      ) : (
        <RuleChoices
          id={id}
          path={path}
          form={rule.form}
          disabled={disabled}
          incomplete={rule.incomplete}
          onFrequency={rule.chooseFrequency}
          onChange={rule.change}
        />
      )}
      <DatesRow kind="extra" dates={dates.extra} {...datesRow} />
      {repeats && <DatesRow kind="excluded" dates={dates.excluded} {...datesRow} />}
      {(repeats || dates.extra.list.length > 0) && (
        <RecurrencePreview
          id={id}
          rules={rule.shownRules}
          extras={dates.extra.list}
          excluded={dates.excluded.list}
          times={times}
          now={now}
          repeats={repeats}
          disabled={disabled}
          onExclude={dates.exclude}
        />
      )}
    </fieldset>
  )
}
