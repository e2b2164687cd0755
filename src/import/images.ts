/**
 * Downloads an image for the upload collection: http(s) only, an image type, a size limit, a
 * timeout.
 */

export type DownloadedImage = { data: Buffer; mimetype: string; name: string; size: number }

export class ImageRefused extends Error {}

export async function downloadImage(
  url: string,
  {
    maxBytes,
    timeoutMs,
    headers = {},
  }: { maxBytes: number; timeoutMs: number; headers?: Record<string, string> },
): Promise<DownloadedImage> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ImageRefused(`${url}: not an http(s) address`)
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    response = await fetch(url, { headers, signal, redirect: 'follow' })
  } catch (error) {
    throw new ImageRefused(`${url}: ${(error as Error).message}`)
  }
  if (!response.ok || !response.body) throw new ImageRefused(`${url}: HTTP ${response.status}`)
  const mimetype = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!mimetype.startsWith('image/'))
    throw new ImageRefused(`${url}: not an image (${mimetype || 'no type'})`)
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined)
    throw new ImageRefused(`${url}: ${declared} bytes, more than ${maxBytes}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      if (size > maxBytes) throw new ImageRefused(`${url}: more than ${maxBytes} bytes`)
      chunks.push(Buffer.from(chunk))
    }
  } catch (error) {
    if (error instanceof ImageRefused) throw error
    throw new ImageRefused(`${url}: ${(error as Error).message}`)
  }
  const base =
    decodeURIComponent(parsed.pathname.split('/').pop() || 'image').replace(/[^\w.-]+/g, '-') ||
    'image'
  return { data: Buffer.concat(chunks), mimetype, name: base, size }
}
