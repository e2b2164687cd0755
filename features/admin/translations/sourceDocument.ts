'use client'

/**
 * A record's texts in its source language, read once for all the fields of a form that show them
 * (Payload's REST, no fallback to another language).
 */
const read = new Map<string, Promise<Record<string, unknown>>>()

export function sourceDocument(
  api: string,
  collection: string,
  id: number | string,
  source: string,
): Promise<Record<string, unknown>> {
  const key = `${collection}/${id}/${source}`
  let reading = read.get(key)
  if (!reading) {
    reading = fetch(`${api}/${collection}/${id}?locale=${source}&fallback-locale=none&depth=0`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    }).then((response) => (response.ok ? response.json() : {}))
    read.set(key, reading)
    // Read again for the next form: the source may change meanwhile.
    setTimeout(() => read.delete(key), 5_000)
  }
  return reading
}
