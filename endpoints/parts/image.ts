import type { RecordContext } from '../context.js'
import type { ImageRecord, ImageSizeRecord } from './schemas.js'
import { idOf, type Doc } from './common.js'

const absolute = (context: RecordContext, url: string) =>
  /^https?:\/\//.test(url) ? url : `${context.siteUrl}${url}`
const extensionOf = (name: string) =>
  /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * The image object of docs/v1-reference.md §4.6:
 * `{ url, id, extension, width, height, filesize, sizes }` for an upload,
 * `{ url, id: 0, extension }` for an outside URL, and `false` when there is none.
 */
export function imageRecord(
  doc: Doc,
  images: Map<number, Doc>,
  context: RecordContext,
): ImageRecord | false {
  const id = idOf(doc.image)
  const upload = id !== null ? images.get(id) : undefined
  if (upload?.url) {
    const sizes: Record<string, ImageSizeRecord> = {}
    for (const [name, size] of Object.entries((upload.sizes ?? {}) as Record<string, Doc>)) {
      if (!size?.url) continue
      sizes[name] = {
        width: size.width,
        height: size.height,
        filesize: size.filesize,
        'mime-type': size.mimeType,
        url: absolute(context, size.url),
      }
    }
    return {
      url: absolute(context, upload.url),
      id: upload.id,
      extension: extensionOf(upload.filename ?? upload.url),
      width: upload.width,
      height: upload.height,
      filesize: upload.filesize,
      sizes,
    }
  }
  if (typeof doc.imageUrl === 'string' && doc.imageUrl)
    return { url: doc.imageUrl, id: 0, extension: extensionOf(doc.imageUrl) }
  return false as const
}
