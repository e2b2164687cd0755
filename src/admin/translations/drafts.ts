'use client'

/**
 * Where a draft translation goes from the sidebar's button to the fields of the form: each field's
 * `SourceText` listens and sets its own value, as its copy button does (the rich-text editor shows
 * a value set that way, not one dispatched to the form from outside).
 */
type Listener = (fields: Record<string, unknown>) => void

const listeners = new Set<Listener>()

export function publishDraft(fields: Record<string, unknown>): void {
  for (const listener of listeners) listener(fields)
}

export function onDraft(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
