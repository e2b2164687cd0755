/**
 * A sync cursor: the sequence of the last change log entry a client has seen
 * (collections/changeLog.ts), written `c<sequence>` so that `modified_since` tells it from a date.
 */
const CURSOR = /^c(\d{1,15})$/

/** The sequence a cursor names, or null when the value is no cursor. */
export function parseCursor(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const found = CURSOR.exec(value.trim())
  return found ? Number(found[1]) : null
}

export const cursorOf = (sequence: number) => `c${sequence}`
