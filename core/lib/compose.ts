import type { Access, CollectionConfig, Field, Where } from 'payload'

type AccessResult = boolean | Where

function andResults(a: AccessResult, b: AccessResult): AccessResult {
  if (a === false || b === false) return false
  if (a === true) return b
  if (b === true) return a
  return { and: [a, b] }
}

/** An access function that allows only what both allow; a missing `first` allows everything. */
export function bothAccess(first: Access | undefined, second: Access): Access {
  if (!first) return second
  return async (args) => {
    const [a, b] = await Promise.all([first(args), second(args)])
    return andResults(a as AccessResult, b as AccessResult)
  }
}

type Hooks = NonNullable<CollectionConfig['hooks']>

/** Our hooks run first, then the collection's own; none is dropped. */
function mergeHooks(own: Hooks | undefined, added: Hooks | undefined): Hooks {
  const merged: Record<string, unknown[]> = {}
  for (const source of [added ?? {}, own ?? {}]) {
    for (const [name, list] of Object.entries(source)) {
      if (Array.isArray(list)) merged[name] = [...(merged[name] ?? []), ...list]
    }
  }
  return merged as Hooks
}

/** The collection with `hooks` run before its own. */
export const withHooksFirst = (collection: CollectionConfig, hooks: Hooks): CollectionConfig => ({
  ...collection,
  hooks: mergeHooks(collection.hooks, hooks),
})

/** The collection with `hooks` run after its own (for what must see every other hook's writes). */
export const withHooksLast = (collection: CollectionConfig, hooks: Hooks): CollectionConfig => ({
  ...collection,
  hooks: mergeHooks(hooks, collection.hooks),
})

/**
 * The names of the data fields, also those inside rows, collapsibles and unnamed tabs (which hold
 * no data of their own).
 */
function dataFieldNames(fields: Field[]): string[] {
  return fields.flatMap((field) => {
    if ('name' in field) return [field.name]
    if ('fields' in field) return dataFieldNames(field.fields)
    if (field.type === 'tabs')
      return field.tabs.flatMap((tab) =>
        'name' in tab && tab.name ? [tab.name] : dataFieldNames(tab.fields),
      )
    return []
  })
}

/**
 * Extends an existing collection with fields, hooks, access and endpoints, keeping all of its own:
 * fields it already has (by name) win, hooks are chained, access functions must both allow.
 */
export function extendCollection(
  existing: CollectionConfig,
  addition: Pick<CollectionConfig, 'fields' | 'hooks' | 'access' | 'endpoints'>,
): CollectionConfig {
  const ownNames = new Set(dataFieldNames(existing.fields))
  const access = { ...existing.access }
  for (const [operation, fn] of Object.entries(addition.access ?? {})) {
    const key = operation as keyof typeof access
    ;(access as Record<string, unknown>)[key] = bothAccess(
      existing.access?.[key] as Access | undefined,
      fn as Access,
    )
  }
  return {
    ...existing,
    fields: [
      ...existing.fields,
      ...addition.fields.filter(
        (field) => !dataFieldNames([field]).some((name) => ownNames.has(name)),
      ),
    ],
    hooks: mergeHooks(existing.hooks, addition.hooks),
    access,
    endpoints: [...(existing.endpoints || []), ...(addition.endpoints || [])],
  }
}
