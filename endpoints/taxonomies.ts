/** The namespace's two taxonomies, by their route names. */
export type Taxonomy = 'categories' | 'tags'

/** The anchor's taxonomy names, which clients see in `taxonomy`. */
export const TAXONOMY_NAME = {
  categories: 'tribe_events_cat',
  tags: 'post_tag',
} as const satisfies Record<Taxonomy, string>
