/**
 * Payload's REST API of the app under test, for setting up users and reading back what the admin
 * saved.
 */
export type Api = {
  login: (email: string, password: string) => Promise<string>
  request: <T = any>(
    method: string,
    route: string,
    options?: { token?: string; body?: unknown },
  ) => Promise<{ status: number; body: T }>
}

const REQUEST_TIMEOUT_MS = 15_000

export function api(baseUrl: string): Api {
  const request = async (
    method: string,
    route: string,
    options: { token?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {}
    if (options.token) headers.authorization = `JWT ${options.token}`
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const login = async (email: string, password: string) => {
    const response = await request('POST', '/api/users/login', { body: { email, password } })
    if (response.status !== 200)
      throw new Error(
        `login of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`,
      )
    return response.body.token as string
  }
  return { login, request }
}
