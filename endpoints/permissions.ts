import type { Access, Where } from 'payload'
import type { Context } from './context.js'
import type { DataKey } from './data.js'
import { forbidden } from './errors.js'

/** 401 for anonymous callers, 403 for those without `allowed`. */
export function requireUser(context: Context, allowed: boolean) {
  if (!context.user) throw forbidden(false)
  if (!allowed) throw forbidden(true)
}

/** A caller's right to write a record: `operation` on record `id` of `key`, with `data`. */
type RightCheck = [
  context: Context,
  key: DataKey,
  operation: 'update' | 'delete',
  id: number,
  data?: Record<string, unknown>,
]

/**
 * The collection's own access function for the caller doing `operation` to the record (the same
 * rule Payload's REST and the admin apply): true, false, or the condition the record must meet.
 * `data` marks a move to the trash.
 */
async function accessOf(
  ...[context, key, operation, id, data]: RightCheck
): Promise<boolean | Where> {
  const access = context.payload.collections[context.data.slug(key)].config.access[
    operation
  ] as Access
  return (await access({ req: context.req, id, data })) as boolean | Where
}

/** Whether the record meets what `accessOf` answered. */
async function meets(context: Context, key: DataKey, id: number, access: boolean | Where) {
  if (typeof access === 'boolean') return access
  return (
    (await context.data.count(key, {
      where: { and: [{ id: { equals: id } }, access] },
      trash: true,
      sight: 'everything',
    })) > 0
  )
}

/**
 * 403 when the record exists and its collection's access refuses the caller; nothing when it does
 * not exist. Whether it exists is asked only when the access is not granted whatever the record.
 */
export async function requireRightOnExisting(...check: RightCheck) {
  const [context, key, , id] = check
  const access = await accessOf(...check)
  if (access === true) return
  const exists = await context.data.count(key, {
    where: { id: { equals: id } },
    trash: true,
    sight: 'everything',
  })
  if (exists && !(await meets(context, key, id, access))) throw forbidden(true)
}

/**
 * 403 when the collection's access refuses the caller on a record the write has just read (so it
 * exists): `requireRightOnExisting` without asking whether it does.
 */
export async function requireRight(...check: RightCheck) {
  const [context, key, , id] = check
  if (!(await meets(context, key, id, await accessOf(...check)))) throw forbidden(true)
}
