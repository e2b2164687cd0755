import type { IncomingHttpHeaders } from 'node:http'
import { CancelError, type Got } from 'got'
import { failureOf, HttpFailure } from './http.js'

/**
 * Downloads an image for the upload collection: http(s) only, an image type, a size limit, and the
 * client's timeouts and retries (http.ts).
 */

export type DownloadedImage = { data: Buffer; mimetype: string; name: string; size: number }

export async function downloadImage(
  client: Got,
  url: string,
  { maxBytes, headers = {} }: { maxBytes: number; headers?: Record<string, string> },
): Promise<DownloadedImage> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new HttpFailure(url, 'not an http(s) address')
  let refusal: HttpFailure | null = null
  const request = client.get(url, { headers, responseType: 'buffer' })
  const refuse = (failure: HttpFailure) => {
    refusal = failure
    request.cancel()
  }
  request.on('response', (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
    if (response.statusCode >= 300) return
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase()
    if (!type.startsWith('image/'))
      refuse(new HttpFailure(url, `not an image (${type || 'no type'})`, response.statusCode))
  })
  request.on(
    'downloadProgress',
    ({ transferred, total }: { transferred: number; total?: number }) => {
      const size = Math.max(transferred, total ?? 0)
      if (size > maxBytes && !refusal) refuse(new HttpFailure(url, `more than ${maxBytes} bytes`))
    },
  )
  let response
  try {
    response = await request
  } catch (error) {
    if (error instanceof CancelError && refusal) throw refusal
    throw failureOf(url, error)
  }
  const mimetype = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
  const last = parsed.pathname.split('/').pop() || 'image'
  let name = last
  try {
    name = decodeURIComponent(last)
  } catch {
    // A malformed escape: the name as it is.
  }
  const base = name.replace(/[^\w.-]+/g, '-') || 'image'
  return { data: response.body, mimetype, name: base, size: response.body.length }
}
