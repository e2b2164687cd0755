import type { CollectionAfterChangeHook, FieldHook, PayloadRequest } from 'payload'

/** Between the names of a category's ancestors and its own: `Music › Jazz`. */
export const FULL_NAME_SEPARATOR = ' › '

/** Deeper hierarchies (or a loop of parents) stop here. */
const MAX_DEPTH = 20

type Id = number | string
type CategoryRecord = { id?: Id; name?: unknown; parent?: unknown }

const idOf = (value: unknown): Id | undefined => {
  if (value && typeof value === 'object') return (value as { id?: Id }).id
  return typeof value === 'number' || typeof value === 'string' ? value : undefined
}

/**
 * Names of the category `id` and of its ancestors, root first, in the request's language (with its
 * fallbacks).
 */
async function namesUpFrom(
  req: PayloadRequest,
  collection: string,
  id: Id | undefined,
  seen: Set<string>,
): Promise<string[]> {
  const names: string[] = []
  for (
    let current = id;
    current !== undefined && !seen.has(String(current)) && seen.size < MAX_DEPTH;
  ) {
    seen.add(String(current))
    const doc = (await req.payload.findByID({
      collection,
      id: current,
      depth: 0,
      locale: req.locale ?? undefined,
      // `fullName` is not selected, so reading a parent does not run this hook again.
      select: { name: true, parent: true },
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as CategoryRecord | null
    if (!doc) break
    names.unshift(typeof doc.name === 'string' ? doc.name : '')
    current = idOf(doc.parent)
  }
  return names
}

/** `Music › Jazz` for a category whose name is `name` and whose parent is `parent`. */
async function fullNameOf(
  req: PayloadRequest,
  collection: string,
  category: CategoryRecord,
): Promise<string> {
  const seen = new Set(category.id === undefined ? [] : [String(category.id)])
  const ancestors = await namesUpFrom(req, collection, idOf(category.parent), seen)
  return [...ancestors, typeof category.name === 'string' ? category.name : '']
    .filter(Boolean)
    .join(FULL_NAME_SEPARATOR)
}

/**
 * Whether the request reads or writes one language (not `all` or `*`, where values are per-language
 * objects).
 */
const oneLanguage = (req: PayloadRequest) =>
  Boolean(req.locale) && req.locale !== 'all' && req.locale !== '*'

/**
 * Stores the full name in the language of the write, so that the admin's searches (which look in
 * the title field) find `Music › Jazz` by either name.
 */
export const storeFullName =
  (collection: string): FieldHook =>
  async ({ originalDoc, req, siblingData, value }) => {
    const name = 'name' in siblingData ? siblingData.name : originalDoc?.name
    if (!oneLanguage(req) || typeof name !== 'string') return value
    const parent = 'parent' in siblingData ? siblingData.parent : originalDoc?.parent
    return fullNameOf(req, collection, { id: originalDoc?.id, name, parent })
  }

/**
 * When a category's full name changes (renamed, or moved under another parent), its children are
 * saved again so that theirs follows, and theirs in turn: reads never have to walk the hierarchy.
 */
export const refreshDescendants =
  (collection: string): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req }) => {
    if (!oneLanguage(req) || previousDoc?.fullName === doc.fullName) return doc
    const { docs } = await req.payload.find({
      collection,
      where: { parent: { equals: doc.id } },
      select: { name: true },
      depth: 0,
      pagination: false,
      locale: req.locale ?? undefined,
      overrideAccess: true,
      req,
    })
    for (const child of docs as CategoryRecord[]) {
      if (child.id === undefined || typeof child.name !== 'string') continue
      await req.payload.update({
        collection,
        id: child.id,
        data: { name: child.name },
        locale: req.locale ?? undefined,
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return doc
  }
