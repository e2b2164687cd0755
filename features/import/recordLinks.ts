import { isHttpUrl } from '../../core/lib/urls.js'
import type { SourceRecord } from './values.js'

/**
 * A list as PHP may send it: an array, an object with numeric keys (an array with holes), one
 * object alone, or `false`/`null`/`""` for none.
 */
export function listOf(value: unknown): SourceRecord[] {
  if (Array.isArray(value)) return value.filter((item) => item && typeof item === 'object')
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
      return Object.values(value as Record<string, unknown>).filter(
        (item): item is SourceRecord => Boolean(item) && typeof item === 'object',
      )
    return 'id' in value ? [value as SourceRecord] : []
  }
  return []
}

/** A linked record (an event's venue): an object with an id, or an id alone. */
export function linkOf(value: unknown): SourceRecord | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))
    return Number(value) > 0 ? { id: Number(value) } : null
  const [first] = listOf(value)
  return first && first.id !== undefined && first.id !== null && String(first.id) !== '0'
    ? first
    : null
}

/**
 * Linked records (an event's organizers, terms) in whatever shape: a list (or PHP's object with
 * numeric keys) of objects or ids, one object, or one id.
 */
export function linksOf(value: unknown): SourceRecord[] {
  const numbered =
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((key) => /^\d+$/.test(key))
  const items = Array.isArray(value)
    ? value
    : numbered
      ? Object.values(value as Record<string, unknown>)
      : [value]
  return items.map(linkOf).filter((link): link is SourceRecord => link !== null)
}

/**
 * The URL of a record's image, if it has one: `image.url`, else its largest size's, else a URL
 * given alone; `false` when it has none.
 */
export function imageUrlOf(record: SourceRecord): string | null {
  const image = record.image
  const candidates: unknown[] =
    typeof image === 'string'
      ? [image]
      : image && typeof image === 'object'
        ? [
            image.url,
            image.sizes?.full?.url,
            ...Object.values(
              (image.sizes && typeof image.sizes === 'object' ? image.sizes : {}) as Record<
                string,
                { url?: unknown } | null
              >,
            ).map((size) => size?.url),
          ]
        : []
  const url = candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && isHttpUrl(candidate),
  )
  return url ?? null
}

/** Categories in an order where each parent comes before its children. */
export function parentsFirst<T extends { id?: unknown; parent?: unknown }>(terms: T[]): T[] {
  const byId = new Map(terms.map((term) => [String(term.id), term]))
  const done = new Set<string>()
  const ordered: T[] = []
  const visit = (term: T, path: Set<string>) => {
    const id = String(term.id)
    if (done.has(id) || path.has(id)) return
    path.add(id)
    const parent = byId.get(String(term.parent ?? 0))
    if (parent) visit(parent, path)
    done.add(id)
    ordered.push(term)
  }
  for (const term of terms) visit(term, new Set())
  return ordered
}
