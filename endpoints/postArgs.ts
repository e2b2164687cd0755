import { STATUSES } from '../collections/access.js'
import { parseDate } from '../src/lib/dates.js'
import type { Context } from './context.js'
import type { ParamSpec } from './params.js'

/** Arguments that events, venues and organizers share on create and update, and their mapping to fields. */

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const urlParam = (description: string): ParamSpec => ({
  kind: 'string',
  description,
  check: (value: string) => (value === '' || isHttpUrl(value) ? undefined : `${value} is not a valid URL.`),
})

const dateParam = (description: string): ParamSpec => ({
  kind: 'date',
  description,
  check: (value: string, context: Context) => (parseDate(value, 'UTC', context.now) ? undefined : `Invalid date: ${value}.`),
})

/** `image`: the id of an uploaded image, or an http(s) URL kept as a reference (never downloaded). */
export const imageParam: ParamSpec = {
  kind: 'any',
  description: 'Id of an uploaded image, or the http(s) URL of an image elsewhere; empty for none.',
  check: async (value: unknown, context: Context) => {
    if (value === '' || value === 0 || value === null) return
    if (typeof value === 'string' && isHttpUrl(value)) return
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN
    if (!Number.isSafeInteger(id) || id <= 0) return 'image must be an image id or an http(s) URL.'
    const { totalDocs } = await context.payload.count({
      collection: context.options.slugs.media as 'media',
      where: { and: [{ id: { equals: id } }, { mimeType: { like: 'image/' } }] },
      overrideAccess: true,
      req: context.req,
    })
    return totalDocs ? undefined : `image: no image with id ${id}.`
  },
}

export const authorParam: ParamSpec = {
  kind: 'integer',
  description: 'Id of the author (editors and administrators may name another user).',
  check: async (id: number, context: Context) => {
    const { totalDocs } = await context.payload.count({
      collection: context.options.usersSlug as 'users',
      where: { id: { equals: id } },
      overrideAccess: true,
      req: context.req,
    })
    return totalDocs ? undefined : `author: no user with id ${id}.`
  },
}

export const postParams = {
  author: authorParam,
  date: dateParam('Publication date, in the site time zone (whatever the record’s own zone).'),
  date_utc: dateParam('Publication date in UTC.'),
  status: { kind: 'text', description: 'Post status.', enum: STATUSES } as ParamSpec,
  image: imageParam,
}

export { urlParam, dateParam }

/** Collection fields for the shared post arguments that were sent; `date` is site time, as records show it. */
export function postData(args: Record<string, any>, context: Context): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  if (args.author !== undefined) data.author = args.author
  if (args.status !== undefined) data.status = args.status
  if (args.date_utc !== undefined) data.publishedAt = parseDate(args.date_utc, 'UTC', context.now)!.toISO()
  else if (args.date !== undefined) data.publishedAt = parseDate(args.date, context.options.siteTimezone, context.now)!.toISO()
  if (args.image !== undefined) Object.assign(data, imageData(args.image))
  return data
}

export function imageData(value: unknown): { image: number | null; imageUrl: string | null } {
  if (typeof value === 'string' && isHttpUrl(value)) return { image: null, imageUrl: value }
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? { image: id, imageUrl: null } : { image: null, imageUrl: null }
}
