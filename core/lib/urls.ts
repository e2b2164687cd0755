/**
 * Whether a text is an absolute http(s) address: what the calendar accepts as a website or an image
 * elsewhere.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
