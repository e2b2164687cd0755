/**
 * Errors as the mongodb driver (6.x) makes them, for unit tests of their classification (no
 * MongoDB server exists here): objects with its names, codes and labels.
 */
export const mongoError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields)

/** A `MongoServerError` with its code, code name and labels. */
export const mongoServerError = (code: number, codeName: string, errorLabels: string[] = []) =>
  mongoError({ name: 'MongoServerError', code, codeName, errorLabels })
