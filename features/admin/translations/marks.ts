import type { TranslationStatus } from '../../../collections/translations/status.js'
import type { CalendarTextKey } from '../../../core/translations/index.js'

/**
 * How a language's translation status shows: a sign that reads without colour, the status's word
 * (for screen readers and the tooltip), and a colour as a second cue.
 */
export const STATUS_MARKS: Record<
  TranslationStatus,
  { sign: string; word: CalendarTextKey; colour: string }
> = {
  source: { sign: '●', word: 'translationSource', colour: 'var(--theme-elevation-800)' },
  complete: { sign: '✓', word: 'translationComplete', colour: 'var(--theme-success-500)' },
  outdated: { sign: '↻', word: 'translationOutdated', colour: 'var(--theme-warning-500)' },
  partial: { sign: '◐', word: 'translationPartial', colour: 'var(--theme-warning-500)' },
  missing: { sign: '✕', word: 'translationMissing', colour: 'var(--theme-error-500)' },
}

export { LANGUAGE_NAMES } from '../../../core/locales.js'

/** Visually hidden, read by screen readers. */
export const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
