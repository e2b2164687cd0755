import { describe, expect, it } from '@jest/globals'
import { CALENDAR_QUEUE } from '../collections/scheduledTask.js'
import { extendSeriesHorizons, HORIZON_TASK } from '../collections/series/horizonTask.js'
import { type TestServer, type TestUser, useTestServer, V1 } from './helpers.js'

let server: TestServer
let users: Record<string, TestUser>

useTestServer(['editor'], (setup) => ({ server, users } = setup))

const datesOf = async (series: number) =>
  (
    await server.payload.find({
      collection: 'events',
      where: { series: { equals: series } },
      sort: 'startDate',
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
  ).docs

async function weeklySeries(title: string) {
  const response = await server.request('POST', `${V1}/events`, {
    token: users.editor.token,
    body: {
      title,
      start_date: '2026-01-06 19:00:00',
      end_date: '2026-01-06 20:00:00',
      timezone: 'Europe/Paris',
      recurrence: 'FREQ=WEEKLY',
    },
  })
  expect(response.status).toBe(201)
  return response.body.id as number
}

describe('the horizon of recurring series', () => {
  it('a series with no end has its dates up to two years ahead, no further', async () => {
    const id = await weeklySeries('Horizon weekly')
    const dates = await datesOf(id)
    const last = new Date(dates[dates.length - 1].startDate).getTime()
    const horizon = Date.now() + 730 * 86_400_000
    expect(last).toBeLessThanOrEqual(horizon)
    expect(last).toBeGreaterThan(horizon - 8 * 86_400_000)
  })

  it('moving on in time, the task generates the dates that came within the horizon, and keeps the others', async () => {
    const id = await weeklySeries('Horizon later')
    const before = await datesOf(id)
    const inAYear = new Date(Date.now() + 365 * 86_400_000)
    expect(
      await extendSeriesHorizons(server.payload, await optionsOf(), inAYear),
    ).toBeGreaterThanOrEqual(1)
    const after = await datesOf(id)
    expect(after.length).toBeGreaterThanOrEqual(before.length + 52)
    expect(after.slice(0, before.length).map((date) => date.id)).toEqual(
      before.map((date) => date.id),
    )
    const last = new Date(after[after.length - 1].startDate).getTime()
    expect(last).toBeGreaterThan(inAYear.getTime() + 722 * 86_400_000)
  })

  it('is a task of Payload’s jobs queue, scheduled daily on the calendar queue, and runs there', async () => {
    const task = server.payload.config.jobs.tasks!.find(
      (candidate) => candidate.slug === HORIZON_TASK,
    )!
    expect(task.schedule).toEqual([{ cron: '0 17 3 * * *', queue: CALENDAR_QUEUE }])
    const id = await weeklySeries('Horizon by job')
    const rows = await datesOf(id)
    // Lose the last dates and the horizon, as if the series had been made long ago.
    await server.payload.db.deleteMany({
      collection: 'events',
      where: { id: { in: rows.slice(-10).map((row) => row.id) } },
    })
    await server.payload.db.updateOne({
      collection: 'events',
      id,
      data: {
        recurrence: {
          rules: ['FREQ=WEEKLY'],
          rdates: null,
          exdates: null,
          horizon: '2020-01-01T00:00:00.000Z',
        },
      },
    })
    expect((await datesOf(id)).length).toBe(rows.length - 10)
    await server.payload.jobs.queue({
      task: HORIZON_TASK as never,
      input: {} as never,
      queue: CALENDAR_QUEUE,
    })
    await server.payload.jobs.run({ queue: CALENDAR_QUEUE })
    const after = await datesOf(id)
    expect(after.map((date) => date.startDateLocal)).toEqual(
      rows.map((date) => date.startDateLocal),
    )
  })
})

async function optionsOf() {
  const { resolveOptions } = await import('../core/options.js')
  const { calendarOptionsFromEnvironment } = await import('../dev/environment.js')
  return resolveOptions(calendarOptionsFromEnvironment(), server.payload.config as never)
}
