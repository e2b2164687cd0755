import type { Context } from '../context.js'
import { invalidParams } from '../errors.js'
import { addressParam, findOne } from '../lookup.js'
import type { ParamSpec } from '../params.js'
import type { StoredDoc } from '../data.js'
import type { LinkedType } from '../fields/linkedKinds.js'

/** How the operations of venues and organizers address one record: by id or by slug. */

export type Address = 'id' | 'slug'

const noRecord = (type: LinkedType, address: Address) => (value: unknown) =>
  `${address}: no ${type.kind} with ${address} ${value}.`

/**
 * `id` or `slug` of an existing record, whatever its status; otherwise 400
 * (docs/v1-reference.md §6.2).
 */
export const pathParam = (type: LinkedType, address: Address): ParamSpec =>
  addressParam(
    type.plural,
    address,
    {
      kind: address === 'id' ? 'integer' : 'text',
      description: `${address === 'id' ? 'Id' : 'Slug'} of the ${type.kind}.`,
    },
    noRecord(type, address),
  )

/**
 * The record a write addresses, looked up again inside the write's transaction: a concurrent
 * delete may have removed it since validation, and the answer is then validation's.
 */
export async function addressedForWrite(
  type: LinkedType,
  context: Context,
  address: Address,
  args: Partial<Record<Address, unknown>>,
): Promise<StoredDoc<LinkedType['plural']>> {
  const found = await findOne(context, type.plural, { [address]: { equals: args[address] } })
  if (!found) throw invalidParams({ [address]: noRecord(type, address)(args[address]) })
  return found
}
