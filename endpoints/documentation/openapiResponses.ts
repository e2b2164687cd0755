import { isPaged, mediaTypeOf, SCHEMAS } from '../schemas/index.js'
import type { StatusResponse } from './responses.js'
import { ref, type Json } from './openapiSchemas.js'

/** The OpenAPI document's responses: by status, with their headers, and the errors' shape. */

export const PAGING_HEADERS = {
  'X-TEC-Total': {
    description: 'Records matching every filter.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'X-TEC-TotalPages': {
    description: 'Pages of the requested size.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
}

export const ALLOW_HEADER = {
  Allow: {
    description: 'The methods the path supports.',
    required: true,
    schema: { type: 'string' },
  },
}

export function errorResponse(status: number, codes: string[], headers?: Json): Json {
  return {
    description: `Error: ${codes.join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: {
      'application/json': {
        schema: {
          ...ref('schemas', 'Error'),
          properties: {
            code: { enum: codes },
            data: { properties: { status: { const: status } } },
          },
        },
      },
    },
  }
}

/**
 * The headers of every answer to a read (endpoints/cache/http.ts); calendars also say when they
 * last changed.
 */
export const CACHING_HEADERS = {
  ETag: {
    description:
      'Validator of the content: send it back in If-None-Match to get 304 while it is current.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Cache-Control': {
    description:
      "`public, max-age=<seconds>` (the plugin's httpMaxAge option, 60 unless set; `public, no-cache` when it is 0) when any anonymous caller gets the same (no credentials, no password, published content only); `private, no-store` otherwise.",
    required: true,
    schema: { type: 'string', pattern: '^(public, (max-age=\\d+|no-cache)|private, no-store)$' },
  },
  Vary: {
    description: 'The request headers that change the answer.',
    required: true,
    schema: { const: 'Authorization, Cookie' },
  },
  'Last-Modified': {
    description: 'When the calendar may last have changed; If-Modified-Since with it gives 304.',
    required: true,
    schema: { type: 'string' },
  },
}
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, ref('headers', name)]))
const READ_HEADERS = ['ETag', 'Cache-Control', 'Vary']

export function statusResponse(
  response: StatusResponse,
  status: number,
  { read, calendar }: { read: boolean; calendar: boolean },
): Json {
  if ('errors' in response) return errorResponse(status, response.errors)
  const cachingHeaders = !read ? [] : calendar ? [...READ_HEADERS, 'Last-Modified'] : READ_HEADERS
  if ('notModified' in response) {
    return {
      description:
        'Not Modified: the copy named by If-None-Match (or If-Modified-Since) is current; no body.',
      headers: headerRefs(cachingHeaders),
    }
  }
  const schema = SCHEMAS[response.schema] as { description?: string }
  const headers = [
    ...(isPaged(response.schema) ? Object.keys(PAGING_HEADERS) : []),
    ...cachingHeaders,
  ]
  return {
    description: schema.description ?? response.schema,
    ...(headers.length ? { headers: headerRefs(headers) } : {}),
    content: { [mediaTypeOf(response.schema)]: { schema: ref('schemas', response.schema) } },
  }
}
