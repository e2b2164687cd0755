import type { SanitizedConfig } from 'payload'

/** The app's config, for the processes that start Payload (server, import CLI, seed, bench). */
export async function loadAppConfig(): Promise<SanitizedConfig> {
  return (await import('../payload.config.js')).default
}
