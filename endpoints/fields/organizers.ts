import Type, { type Static } from 'typebox'
import { urlParam } from '../postArgs.js'
import { organizerJsonLd } from '../parts/jsonLd.js'
import { JsonLd } from '../parts/schemas.js'
import * as post from './post.js'
import type { Organizer as StoredOrganizer } from '../../core/documents.js'
import { recordSchema, type FieldTable, type StoredKey, type WireField } from './table.js'
import { descriptionField, nameField, noExcerpt, type LinkedView } from './venues.js'
import { named } from './flat.js'

const contact = (
  field: StoredKey<StoredOrganizer>,
  param: WireField<LinkedView>['param'],
  alias: string,
) =>
  ({
    schema: Type.String(),
    show: ({ doc }) => post.text(doc[field]),
    locked: '',
    field,
    search: true,
    param,
    flat: named(field, alias),
  }) satisfies WireField<LinkedView, StoredOrganizer>

/**
 * Organizers (docs/v1-reference.md §4.3, §7): every key of the record, with its argument and stored
 * field.
 */
export const ORGANIZER_FIELDS = {
  id: post.id,
  ...post.postHead('organizer'),
  organizer: nameField('organizer', 'Organizer Name'),
  description: descriptionField('Organizer Description'),
  excerpt: noExcerpt,
  slug: post.slug,
  image: { ...post.image, flat: post.imageFlat('Organizer Featured Image') },
  phone: contact('phone', { kind: 'string', description: 'Phone number.' }, 'Organizer Phone'),
  website: contact('website', urlParam('Website of the organizer.'), 'Organizer Website'),
  email: contact('email', { kind: 'string', description: 'E-mail address.' }, 'Organizer Email'),
  json_ld: {
    schema: Type.Optional(JsonLd),
    show: (view, built) => (view.withJsonLd ? organizerJsonLd(built) : undefined),
  },
  global_id: post.global_id,
  global_id_lineage: post.global_id_lineage,
  translations: post.translations<LinkedView>('organizers', 'organizer'),
} satisfies FieldTable<LinkedView, StoredOrganizer>

export const Organizer = recordSchema(
  'An organizer (docs/v1-reference.md §4.3). Every key is present; empty text is "".',
  ORGANIZER_FIELDS,
)

export type OrganizerRecord = Static<typeof Organizer>
