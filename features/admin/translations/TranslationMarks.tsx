'use client'
import type { DefaultCellComponentProps } from 'payload'
import { LOCALE_CODES } from '../../../core/locales.js'
import { statusKey, type TranslationStatus } from '../../../collections/translations/status.js'
import { useCalendarTranslation } from '../useCalendarTranslation.js'
import { LANGUAGE_NAMES, SCREEN_READER_ONLY, STATUS_MARKS } from './marks.js'

/**
 * The Translations column of the calendar's lists: one mark per language (its code and a sign),
 * with the status in words for screen readers and as a tooltip.
 */
export function TranslationMarks({ rowData }: DefaultCellComponentProps) {
  const { t } = useCalendarTranslation()
  const stored = (rowData?.translations ?? {}) as Record<string, TranslationStatus | undefined>
  return (
    <span className="cal-translation-marks" style={{ display: 'inline-flex', gap: '0.6em' }}>
      {LOCALE_CODES.map((language) => {
        const status = stored[statusKey(language)] ?? 'missing'
        const mark = STATUS_MARKS[status]
        const words = `${LANGUAGE_NAMES[language]}: ${t(mark.word)}`
        return (
          <span
            key={language}
            className={`cal-translation-mark cal-translation-mark--${status}`}
            data-language={language}
            data-status={status}
            title={words}
            style={{ whiteSpace: 'nowrap' }}
          >
            <span aria-hidden="true">
              {language.toUpperCase()} <span style={{ color: mark.colour }}>{mark.sign}</span>
            </span>
            <span style={SCREEN_READER_ONLY}>{words}</span>
          </span>
        )
      })}
    </span>
  )
}
