/**
 * Errors of the namespace, answered as `{ code, message, data: { status, ... } }`
 * (docs/v1-differences.md §7).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body() {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } }
  }
}

export const invalidJsonBody = () =>
  new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.')

export const noRoute = () =>
  new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.')

export const methodNotAllowed = (allowed: string[]) =>
  new ApiError(
    405,
    'rest_no_route',
    'No route was found matching the URL and request method.',
    {},
    { Allow: allowed.join(', ') },
  )

export const forbidden = (authenticated: boolean) =>
  new ApiError(
    authenticated ? 403 : 401,
    'rest_forbidden',
    'Sorry, you are not allowed to do that.',
  )

export const invalidCredentials = () =>
  new ApiError(
    401,
    'rest_invalid_credentials',
    'The credentials sent with the request are not valid.',
  )

/** 400 `rest_invalid_param` naming each failing parameter with its reason. */
export const invalidParams = (reasons: Record<string, string>) =>
  new ApiError(
    400,
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(reasons).join(', ')}`,
    { params: reasons },
  )

export const missingParams = (names: string[]) =>
  new ApiError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  })

export const internalError = () =>
  new ApiError(500, 'rest_internal_error', 'Internal server error.')

/** 503 while the database cannot be reached (a restart, a failover): worth retrying shortly. */
export const databaseUnavailable = () =>
  new ApiError(
    503,
    'rest_database_unavailable',
    'The database does not answer at the moment; try again shortly.',
    {},
    { 'retry-after': '5' },
  )
