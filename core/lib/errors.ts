import { ValidationError, type PayloadRequest } from 'payload'

/**
 * Both adapters turn a unique-index violation into a ValidationError whose message is
 * "Value must be unique", translated into the request's admin language.
 */
export function isUniqueViolation(error: unknown, req: PayloadRequest, path?: string): boolean {
  if (!(error instanceof ValidationError)) return false
  const messages = new Set(['Value must be unique', req.t ? req.t('error:valueMustBeUnique') : ''])
  const errors =
    (error.data as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? []
  return errors.some(
    (entry) => (path === undefined || entry.path === path) && messages.has(entry.message ?? ''),
  )
}
