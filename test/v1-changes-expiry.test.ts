/**
 * The change log keeps its entries for a configured time (here three seconds, through
 * CAL_CHANGE_LOG_DAYS): a cursor or date older than what it keeps answers 410 rest-sync-expired,
 * a newer one goes on.
 */
import { afterAll, expect, it } from '@jest/globals'
import { type TestServer, type TestUser, useTestServer, utcWallClock, V1 } from './helpers.js'

process.env.CAL_CHANGE_LOG_DAYS = String(3 / 86_400)
afterAll(() => {
  delete process.env.CAL_CHANGE_LOG_DAYS
})

let server: TestServer
let users: Record<string, TestUser>
useTestServer([], (setup) => ({ server, users } = setup))

const get = (path: string) => server.request('GET', `${V1}${path}`)
const createEvent = async (title: string) => {
  const response = await server.request('POST', `${V1}/events`, {
    token: users.administrator.token,
    body: { title, start_date: utcWallClock(2), end_date: utcWallClock(2, 1), status: 'publish' },
  })
  expect(response.status).toBe(201)
  return response.body.id as number
}

it('a cursor or date older than the log answers 410; the cursor after the compacted part goes on', async () => {
  const oldest = (await get('/changes')).body.next_since
  const before = new Date().toISOString().slice(0, 19).replace('T', ' ')
  await createEvent('Soon forgotten')
  const middle = (await get('/changes')).body.next_since
  expect((await get(`/changes?since=${oldest}`)).status).toBe(200)

  await new Promise((resolve) => setTimeout(resolve, 3500))
  const kept = await createEvent('Remembered') // compacts what is older than three seconds

  for (const path of [
    `/changes?since=${oldest}`,
    `/events?modified_since=${oldest}`,
    `/events?modified_since=${encodeURIComponent(before)}`,
  ]) {
    const response = await get(path)
    expect([path, response.status, response.body.code]).toEqual([path, 410, 'rest-sync-expired'])
  }
  const next = await get(`/changes?since=${middle}`)
  expect(next.status).toBe(200)
  expect(next.body.changes).toEqual([{ resource: 'events', id: kept, change: 'upsert' }])
})
