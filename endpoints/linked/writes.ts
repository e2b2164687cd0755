import { can } from '../../collections/access.js'
import type { Context } from '../context.js'
import { ApiError, forbidden, invalidParams } from '../errors.js'
import { dataOf, paramsOf, storedArgs } from '../fields/table.js'
import { findOne } from '../lookup.js'
import { requireRight, requireRightOnExisting, requireUser } from '../permissions.js'
import type { Operation } from '../routing/operation.js'
import type { Doc } from '../parts/common.js'
import { inTransaction, recordTurnOf } from '../transaction.js'
import { addressedForWrite, pathParam, type Address } from './address.js'
import { checkCoordinates, createOrReuse } from '../fields/linkedArgs.js'
import { VENUES, type LinkedType } from '../fields/linkedKinds.js'
import { records } from './reads.js'

/**
 * The write routes of venues and organizers (docs/v1-reference.md §6, §7), built from their
 * `LinkedType`: create, update, delete.
 */

/**
 * The record a write answers with. Read past access: the caller may have just trashed it, or been
 * given back an existing duplicate (docs/v1-reference.md §6.3); records never carry passwords.
 * Built once the write has committed, outside its turn (as an event's: events/write.ts).
 */
async function written(
  type: LinkedType,
  context: Context,
  id: number,
  status: number,
  // The document the write itself returned (Payload's create and update read it back).
  writtenDoc?: Doc | null,
) {
  const doc = writtenDoc ?? (await findOne(context, type.plural, { id: { equals: id } }))!
  const [record] = await records(type, context, [doc], {})
  return { status, body: record }
}

export function createLinked(type: LinkedType): Operation {
  return {
    summary: `Create a ${type.kind}`,
    params: type.params,
    body: true,
    responses: { 201: type.schema },
    authorize: (context) => requireUser(context, can.editPosts(context.user)),
    handle: async (context, args) => {
      const { id, created } = await inTransaction(
        context,
        async () => {
          const coordinates = type === VENUES ? checkCoordinates(args) : undefined
          if (coordinates) throw invalidParams(coordinates)
          return createOrReuse(context, type, args)
        },
        'creates',
      )
      return written(type, context, id, 201, created)
    },
  }
}

export function updateLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Update a ${type.kind} by ${address}`,
    body: true,
    responses: { 200: type.schema },
    params: { [address]: pathParam(type, address), ...paramsOf(type.fields, { creating: false }) },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      if (address === 'id')
        await requireRightOnExisting(context, type.plural, 'update', Number(context.pathParams.id))
    },
    handle: async (context, args) => {
      const updated = await inTransaction(
        context,
        async () => {
          const stored = await addressedForWrite(type, context, address, args)
          await requireRight(context, type.plural, 'update', stored.id)
          const merged = { ...storedArgs(type.fields, stored, ['geo_lat', 'geo_lng']), ...args }
          const coordinates =
            type === VENUES && (args.geo_lat !== undefined || args.geo_lng !== undefined)
              ? checkCoordinates(merged)
              : undefined
          if (coordinates) throw invalidParams(coordinates)
          return context.data.update(
            type.plural,
            stored.id,
            await dataOf(type.fields, args, context, stored),
          )
        },
        ...recordTurnOf(context, address, type.plural, args.id),
      )
      return written(type, context, updated.id, 200, updated)
    },
  }
}

/** Trash (200, `status: "trash"`), 410 when already there, `force=true` for good (editors). */
export function deleteLinked(type: LinkedType, address: Address): Operation {
  return {
    summary: `Delete a ${type.kind} by ${address}`,
    responses: { 200: type.schema, 410: { errors: [`${type.kind}-is-in-trash`] } },
    params: {
      [address]: pathParam(type, address),
      force: {
        kind: 'boolean',
        description: 'Delete for good instead of moving to the trash (editors and administrators).',
        default: false,
      },
    },
    authorize: async (context) => {
      requireUser(context, can.editPosts(context.user))
      if (address === 'id')
        await requireRightOnExisting(
          context,
          type.plural,
          'delete',
          Number(context.pathParams.id),
          { deletedAt: context.now.toISOString() },
        )
    },
    handle: (context, args) =>
      inTransaction(context, async () => {
        const stored = await addressedForWrite(type, context, address, args)
        if (args.force) {
          if (!can.editOthers(context.user)) throw forbidden(true)
          const [before] = await records(type, context, [stored], {})
          await context.data.remove(type.plural, stored.id, { trash: true })
          return { status: 200, body: before }
        }
        await requireRight(context, type.plural, 'delete', stored.id, {
          deletedAt: context.now.toISOString(),
        })
        if (stored.deletedAt)
          throw new ApiError(
            410,
            `${type.kind}-is-in-trash`,
            `The ${type.kind} is already in the trash.`,
          )
        const trashed = await context.data.update(
          type.plural,
          stored.id,
          { deletedAt: context.now.toISOString() },
          { trash: false },
        )
        return written(type, context, stored.id, 200, trashed)
      }),
  }
}
