'use client'
import { useMemo } from 'react'
import { describeRule } from '../../../core/lib/recurrence.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { formatWallClock, previewDates, ruleLanguage } from './ruleForm.js'
import type { EventTimes } from './useEventTimes.js'

type RecurrencePreviewProps = {
  id: string
  rules: string[]
  extras: string[]
  excluded: string[]
  times: EventTimes
  /** Null in the first render (the server's, and its hydration): dates count from 1970. */
  now: Date | null
  repeats: boolean
  disabled: boolean
  onExclude: (wall: string) => void
}

/**
 * The rule said in the admin's language and the next ten dates, each of the rule's with a button
 * that excludes it.
 */
export function RecurrencePreview(props: RecurrencePreviewProps) {
  const { id, rules, extras, excluded, times, now, repeats, disabled, onExclude } = props
  const { startDate, endDate, zone, allDay } = times
  const { i18n, t } = useCalendarTranslation()
  const language = i18n.language
  const sentence = rules
    .map((rule) => describeRule(rule, ruleLanguage(language), zone))
    .filter(Boolean)
    .join(' · ')
  const preview = useMemo(
    () =>
      rules.length || extras.length
        ? previewDates(
            { rules, rdates: extras, exdates: excluded, startDate, endDate, zone },
            now ?? new Date(0),
            10,
          )
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rules.join('|'), extras.join('|'), excluded.join('|'), startDate, endDate, zone, now],
  )

  return (
    <section
      className="cal-recurrence__preview"
      aria-labelledby={`${id}-preview`}
      aria-live="polite"
    >
      {sentence && <p className="cal-recurrence__sentence">{sentence}</p>}
      <h4 id={`${id}-preview`}>
        {t('nextDates')} <span className="cal-recurrence__zone">({zone})</span>
      </h4>
      {preview.length === 0 ? (
        <p>{t('noDates')}</p>
      ) : (
        <ol className="cal-recurrence__next">
          {preview.map((occurrence) => (
            <li key={occurrence.local} data-date={occurrence.local}>
              <time dateTime={occurrence.start.toISOString()}>
                {formatWallClock(occurrence.local, language, allDay)}
              </time>
              {repeats && !extras.includes(occurrence.local) && (
                <button
                  type="button"
                  className="cal-recurrence__remove"
                  disabled={disabled}
                  onClick={() => onExclude(occurrence.local)}
                  aria-label={t('excludeDate', {
                    date: formatWallClock(occurrence.local, language, allDay),
                  })}
                  title={t('exclude')}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
