/**
 * A batch item's header names as WordPress writes them in its envelope (`Location`, `Allow`,
 * `X-WP-Total`): the single route's answer comes through Fetch's `Headers`, which keeps every name
 * in lower case, and a client ported from WordPress reads `headers.Location` from the JSON, where
 * case counts. Each dash-separated word is capitalized; the names below are spelled otherwise.
 */
const SPELLED_OTHERWISE = [
  'ETag',
  'X-TEC-Total',
  'X-TEC-TotalPages',
  'X-ET-TOTAL',
  'X-ET-TOTAL-PAGES',
  'WWW-Authenticate',
]

const SPELLING = new Map(SPELLED_OTHERWISE.map((name) => [name.toLowerCase(), name]))

export function headerName(name: string): string {
  const lower = name.toLowerCase()
  return (
    SPELLING.get(lower) ??
    lower.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())
  )
}

/** The headers of an item's answer, named as WordPress names them. */
export const headersAsWordPressNames = (headers: Iterable<[string, string]>) =>
  Object.fromEntries([...headers].map(([name, value]) => [headerName(name), value]))
