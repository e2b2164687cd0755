import { SCHEMAS, type SchemaName } from '../schemas/index.js'

/** The OpenAPI document's JSON, and its named schemas (`schemas/`) as it holds them. */

export type Json = Record<string, unknown>

/** A `$ref` to a component of the document (a schema, a header). */
export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

/**
 * A schema as it appears in the document: every part that is itself a named schema becomes a
 * `$ref` to it. Parts are recognized by content, since TypeBox copies a schema it makes optional.
 */
function withRefs(schema: unknown, named: Map<string, SchemaName>, self?: SchemaName): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withRefs(item, named, self))
  if (!schema || typeof schema !== 'object') return schema
  const name = named.get(JSON.stringify(schema))
  if (name && name !== self) return ref('schemas', name)
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withRefs(value, named, self)]),
  )
}

/** Every named schema, its parts that are named schemas given as `$ref`s. */
export function describeSchemas(): Record<string, unknown> {
  const named = new Map(
    Object.entries(SCHEMAS).map(([name, schema]) => [JSON.stringify(schema), name as SchemaName]),
  )
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [
      name,
      withRefs(schema, named, name as SchemaName),
    ]),
  )
}
