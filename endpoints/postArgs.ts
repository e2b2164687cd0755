import { parseDate } from '../core/lib/dates.js'
import { isHttpUrl } from '../core/lib/urls.js'
import type { Context } from './context.js'
import type { ParamSpec } from './params.js'

/** Argument kinds that events, venues and organizers share (their field tables use them). */

export const urlParam = (description: string): ParamSpec => ({
  kind: 'string',
  description,
  check: (value: string) =>
    value === '' || isHttpUrl(value) ? undefined : `${value} is not a valid URL.`,
})

export const dateParam = (description: string): ParamSpec => ({
  kind: 'date',
  description,
  check: (value: string, context: Context) =>
    parseDate(value, 'UTC', context.now) ? undefined : `Invalid date: ${value}.`,
})

/**
 * `image`: the id of an uploaded image, or an http(s) URL kept as a reference (never downloaded).
 */
export const imageParam: ParamSpec = {
  kind: 'any',
  description: 'Id of an uploaded image, or the http(s) URL of an image elsewhere; empty for none.',
  check: async (value: unknown, context: Context) => {
    if (value === '' || value === 0 || value === null) return
    if (typeof value === 'string' && isHttpUrl(value)) return
    const id =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d+$/.test(value)
          ? Number(value)
          : NaN
    if (!Number.isSafeInteger(id) || id <= 0) return 'image must be an image id or an http(s) URL.'
    const found = await context.data.count('media', {
      where: { and: [{ id: { equals: id } }, { mimeType: { like: 'image/' } }] },
      sight: 'everything',
    })
    return found ? undefined : `image: no image with id ${id}.`
  },
}

export const authorParam: ParamSpec = {
  kind: 'integer',
  description: 'Id of the author (editors and administrators may name another user).',
  check: async (id: number, context: Context) =>
    (await context.data.count('users', { where: { id: { equals: id } }, sight: 'everything' }))
      ? undefined
      : `author: no user with id ${id}.`,
}

/** The stored image fields of an `image` argument: an upload's id, or an outside URL. */
export function imageData(value: unknown): { image: number | null; imageUrl: string | null } {
  if (typeof value === 'string' && isHttpUrl(value)) return { image: null, imageUrl: value }
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0
    ? { image: id, imageUrl: null }
    : { image: null, imageUrl: null }
}
