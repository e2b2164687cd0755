import { register } from 'node:module'
import type { SanitizedConfig } from 'payload'

/**
 * Lexical's packages (under the rich-text editor) resolve on Node to builds that load their code
 * with a top-level `await import()`. Under tsx's module hooks on Node 20, a graph of many such
 * modules left the app config's import unsettled now and then (the process exited with code 13,
 * having done nothing). Their `production` builds are the same code without that step.
 */
const LEXICAL_BUILDS = `export async function resolve(specifier, context, next) {
  if (/^(lexical|@lexical\\/)/.test(specifier)) return next(specifier, { ...context, conditions: [...context.conditions, 'production'] })
  return next(specifier, context)
}`

let registered = false

/** The app's config, for the processes that start Payload (server, import CLI, seed). */
export async function loadAppConfig(): Promise<SanitizedConfig> {
  if (!registered) {
    registered = true
    try {
      register(`data:text/javascript,${encodeURIComponent(LEXICAL_BUILDS)}`)
    } catch {
      // Jest runs the server in its own module sandbox, which takes no hooks (nor needs this one).
    }
  }
  return (await import('../../payload.config.js')).default
}
