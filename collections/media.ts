import path from 'node:path'
import type { CollectionConfig } from 'payload'
import type { ResolvedCalendarOptions } from '../core/options.js'
import { mediaAccess } from './access.js'
import { authorField } from './fields.js'
import { label } from '../core/translations/index.js'
import { collectionHead } from './collectionHead.js'

/**
 * Images for events, venues and organizers, when the app has no upload collection of its own. What
 * runs on their writes is listed in collections/writePath.ts.
 */
export function mediaCollection(options: ResolvedCalendarOptions): CollectionConfig {
  return {
    ...collectionHead(options, options.slugs.media, ['image', 'media'], { useAsTitle: 'alt' }),
    access: mediaAccess(),
    upload: {
      staticDir: path.resolve(options.mediaDir),
      mimeTypes: ['image/*'],
      imageSizes: [
        { name: 'thumbnail', width: 150, height: 150, position: 'centre' },
        { name: 'medium', width: 300 },
        { name: 'large', width: 1024 },
      ],
      adminThumbnail: 'thumbnail',
    },
    fields: [
      { name: 'alt', label: label('alt'), type: 'text', localized: true },
      authorField(options.usersSlug),
    ],
  }
}
