import type { Context } from '../context.js'
import { operation, type Route } from '../routing/operation.js'
import type { Params } from '../params.js'
import { runBatch } from './run.js'
import {
  batchItems,
  MAX_BATCH_REQUESTS,
  requestsProblem,
  VALIDATION_MODES,
  type ValidationMode,
} from './shape.js'

const params = {
  validation: {
    kind: 'string',
    description:
      'normal: each request runs when it passes its checks; require-all-validate: none runs unless all pass them.',
    enum: VALIDATION_MODES,
    default: 'normal',
  },
  requests: {
    kind: 'any',
    description:
      `The v1 writes, at most ${MAX_BATCH_REQUESTS}, each {method (POST, PUT, PATCH or DELETE; ` +
      'default POST), path (under the API root, with its query: /cal/events/v1/events/12), body, ' +
      'headers}.',
    required: true,
    check: requestsProblem,
  },
} satisfies Params

/**
 * `POST /api/cal/batch/v1`: WordPress's `batch/v1` for the v1 namespace's writes. Every item is
 * its single request, answered by the v1 endpoint with the batch's credentials; the writes commit
 * in one transaction (run.ts). No rights of its own: each item asks its own.
 */
export const batchRequests = operation({
  summary: 'Runs up to 25 v1 writes, their successes committed together',
  params,
  body: true,
  responses: { 207: 'BatchAnswer' },
  handle: (context: Context, args) =>
    runBatch(context, batchItems(args.requests), args.validation as ValidationMode),
})

/** The batch root, `cal/batch/v1`: its one route. */
export const batchRoutes = (): Route[] => [{ path: '', operations: { POST: batchRequests } }]
