import type { CollectionConfig, Field } from 'payload'

/**
 * A collection of the plugin's bookkeeping: not in the admin, and closed to Payload's APIs (REST,
 * GraphQL, the Local API with access): only the plugin's own code reads and writes it, through the
 * adapter. `timestamps` as Payload takes it (these have none unless said).
 */
export function hiddenCollection(
  slug: string,
  fields: Field[],
  { timestamps = false }: { timestamps?: boolean } = {},
): CollectionConfig {
  return {
    slug,
    admin: { hidden: true },
    access: { read: () => false, create: () => false, update: () => false, delete: () => false },
    timestamps,
    fields,
  }
}
