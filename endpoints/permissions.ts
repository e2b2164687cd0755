import type { Access, Where } from 'payload'
import type { Context } from './context.js'
import type { DataKey } from './data.js'
import { forbidden } from './errors.js'

/** 401 for anonymous callers, 403 for those without `allowed`. */
export function requireUser(context: Context, allowed: boolean) {
  if (!context.user) throw forbidden(false)
  if (!allowed) throw forbidden(true)
}

/**
 * Whether the collection's own access function lets the caller do `operation` to the record:
 * the same rule Payload's REST and the admin apply. `data` marks a move to the trash.
 */
export async function collectionAllows(
  context: Context,
  key: DataKey,
  operation: 'update' | 'delete',
  id: number,
  data?: Record<string, unknown>,
): Promise<boolean> {
  const access = context.payload.collections[context.data.slug(key)].config.access[
    operation
  ] as Access
  const result = await access({ req: context.req, id, data })
  if (typeof result === 'boolean') return result
  return (
    (await context.data.count(key, {
      where: { and: [{ id: { equals: id } }, result as Where] },
      trash: true,
      sight: 'everything',
    })) > 0
  )
}

/**
 * 403 when the record exists and its collection's access refuses the caller; nothing when it does
 * not exist.
 */
export async function requireRightOnExisting(
  context: Context,
  key: DataKey,
  operation: 'update' | 'delete',
  id: number,
  data?: Record<string, unknown>,
) {
  const exists = await context.data.count(key, {
    where: { id: { equals: id } },
    trash: true,
    sight: 'everything',
  })
  if (exists) await requireRight(context, key, operation, id, data)
}

/**
 * 403 when the collection's access refuses the caller on a record the write has just read (so it
 * exists): `requireRightOnExisting` without asking again whether it does.
 */
export async function requireRight(
  context: Context,
  key: DataKey,
  operation: 'update' | 'delete',
  id: number,
  data?: Record<string, unknown>,
) {
  if (!(await collectionAllows(context, key, operation, id, data))) throw forbidden(true)
}
