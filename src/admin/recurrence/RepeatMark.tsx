'use client'
import { recurrenceText } from './texts.js'

/** The mark of a date of a recurring series: an arrow for the eye, a word for a screen reader. */
export function RepeatMark({ language }: { language: string }) {
  return (
    <span className="cal-repeat">
      <span aria-hidden="true">↻ </span>
      <span className="cal-visually-hidden">{`${recurrenceText(language, 'repeatMark')}: `}</span>
    </span>
  )
}
