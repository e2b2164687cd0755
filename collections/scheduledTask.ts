import type { Field, Payload, TaskConfig } from 'payload'

/**
 * The queue the calendar's scheduled work runs on: an app runs it with `jobs.autoRun` (see the
 * README).
 */
export const CALENDAR_QUEUE = 'calendar'

/** A task of Payload's jobs queue that runs `run` at `cron` on the calendar's queue, no retries. */
export function scheduledTask({
  slug,
  label,
  cron,
  outputSchema,
  run,
}: {
  slug: string
  label: string
  cron: string
  /** The fields of `run`'s output, when it has any. */
  outputSchema?: Field[]
  run: (payload: Payload) => Promise<object>
}): TaskConfig<{ input: object; output: object }> {
  return {
    slug,
    label,
    retries: 0,
    ...(outputSchema ? { outputSchema } : {}),
    schedule: [{ cron, queue: CALENDAR_QUEUE }],
    handler: async ({ req }) => ({ output: await run(req.payload) }),
  }
}
