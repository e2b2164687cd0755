import { createUser, registerAdministrator, type TestServer, type TestUser } from '../helpers.js'

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const
export type RoleName = (typeof ROLES)[number]

/** Who sends a request, and how they prove it. */
export type Caller = {
  name: string
  /** null: anonymous, or credentials that do not authenticate (`invalid`). */
  role: RoleName | null
  invalid?: boolean
  user?: TestUser
  headers: Record<string, string>
}

export type Cast = { users: Record<RoleName, TestUser>; callers: Caller[] }

/**
 * The administrator (first user) and one user of each other role, each with a token and an API key.
 */
export async function registerCast(server: TestServer): Promise<Cast> {
  const administrator = await registerAdministrator(server)
  const users = { administrator } as Record<RoleName, TestUser>
  for (const role of ROLES.slice(1)) users[role] = await createUser(server, administrator, role)
  // The first user has no key yet; give it one so that every role can call both ways.
  const apiKey = `key-administrator-${Math.random().toString(36).slice(2)}`
  const keyed = await server.request('PATCH', `/api/users/${administrator.id}`, {
    token: administrator.token,
    body: { enableAPIKey: true, apiKey },
  })
  if (keyed.status !== 200)
    throw new Error(`giving the administrator an API key failed: ${keyed.status}`)
  administrator.apiKey = apiKey
  const callers: Caller[] = [{ name: 'anonymous', role: null, headers: {} }]
  for (const role of ROLES) {
    callers.push({
      name: `${role} (token)`,
      role,
      user: users[role],
      headers: { authorization: `JWT ${users[role].token}` },
    })
    callers.push({
      name: `${role} (API key)`,
      role,
      user: users[role],
      headers: { authorization: `users API-Key ${users[role].apiKey}` },
    })
  }
  callers.push({
    name: 'bad token',
    role: null,
    invalid: true,
    headers: { authorization: 'JWT eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl' },
  })
  callers.push({
    name: 'bad API key',
    role: null,
    invalid: true,
    headers: { authorization: 'users API-Key not-a-key' },
  })
  return { users, callers }
}
