import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { seed } from '../dev/seed.js'
import { startTestServer, type TestServer } from './helpers.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

it('loads a demo calendar in three languages, once', async () => {
  expect(await seed(server.payload)).toEqual({ created: true })
  const english = await server.request('GET', '/api/events?limit=50&sort=startDate&depth=1')
  expect(english.body.totalDocs).toBe(12)
  const french = await server.request('GET', '/fr/api/events?limit=50&sort=startDate&depth=1')
  const spanish = await server.request('GET', '/es/api/events?limit=50&sort=startDate&depth=1')
  expect(french.body.docs[0].title).toBe('Jazz sur les quais')
  expect(spanish.body.docs[0].title).toBe('Jazz en los muelles')
  expect(french.body.docs[0].venue.name).toBe('Salle de concert des Quais')
  const starts = english.body.docs.map((doc: { startDate: string }) => Date.parse(doc.startDate))
  expect(Math.min(...starts)).toBeGreaterThan(Date.now())
  for (const collection of ['venues', 'organizers', 'event-categories', 'event-tags']) {
    expect((await server.request('GET', `/api/${collection}`)).body.totalDocs).toBeGreaterThan(1)
  }
  expect(await seed(server.payload)).toEqual({ created: false })
})
