import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { calendarOptionsFromEnvironment } from '../dev/environment.js'
import { resolveOptions, type ResolvedCalendarOptions } from '../core/options.js'
import { IMPORT_BATCH, MappedWriter, type Write } from '../features/import/writer.js'
import { startTestServer, type TestServer } from './helpers.js'

/**
 * The importer's batches (`MappedWriter.saveMany`): many records to a transaction, and what
 * happens when one of them is refused. On the running server's Payload and database.
 */

let server: TestServer
let options: ResolvedCalendarOptions

beforeAll(async () => {
  server = await startTestServer()
  options = resolveOptions(calendarOptionsFromEnvironment(), server.payload.config as never)
})
afterAll(async () => {
  await server?.stop()
})

const writer = (source: string) =>
  new MappedWriter(server.payload, options, source, 'en', false, null)

const venue = (sourceId: string, name: string | undefined): Write => ({
  sourceId,
  modified: '2026-11-29 00:00:00',
  data: name === undefined ? {} : { name },
})

async function storedMappings(source: string) {
  const { docs } = await server.payload.find({
    collection: options.import.mappingsSlug as 'events',
    where: { source: { equals: source } },
    pagination: false,
    overrideAccess: true,
  })
  return new Map(docs.map((doc: any) => [doc.sourceId as string, Number(doc.targetId)]))
}

describe('import in batches', () => {
  it('writes more records than a batch holds, each with its mapping', async () => {
    const source = 'https://batches.example/wp-json/tribe/events/v1/'
    const writes = Array.from({ length: IMPORT_BATCH * 2 + 3 }, (_, i) =>
      venue(`v${i}`, `Batch hall ${i}`),
    )
    const outcomes = await writer(source).saveMany('venues', writes)
    expect(outcomes).toEqual(writes.map(() => 'created'))
    const mappings = await storedMappings(source)
    expect(mappings.size).toBe(writes.length)
    const names = await server.payload.find({
      collection: options.slugs.venues as 'venues',
      where: { id: { in: [...mappings.values()] } },
      pagination: false,
      overrideAccess: true,
    })
    expect(names.docs.map((doc: any) => doc.name).sort()).toEqual(
      writes.map((write) => write.data.name).sort(),
    )
  })

  it('a record the app refuses fails alone: the rest of its batch lands, and no mapping names it', async () => {
    const source = 'https://refused.example/wp-json/tribe/events/v1/'
    const mapped = writer(source)
    // A venue without its name is refused by the collection (the name is required).
    const outcomes = await mapped.saveMany('venues', [
      venue('1', 'First hall'),
      venue('2', undefined),
      venue('3', 'Third hall'),
    ])
    expect(outcomes[0]).toBe('created')
    expect(outcomes[1]).toBeInstanceOf(Error)
    expect(String((outcomes[1] as Error).message)).toMatch(/name/i)
    expect(outcomes[2]).toBe('created')
    const stored = await storedMappings(source)
    expect([...stored.keys()].sort()).toEqual(['1', '3'])
    // What the writer knows is what is stored: the refused record's rolled-back mapping is gone.
    expect(mapped.get('venues', '2')).toBeUndefined()
    expect(mapped.get('venues', '1')?.targetId).toBe(stored.get('1'))
    expect(mapped.get('venues', '3')?.targetId).toBe(stored.get('3'))
  })

  it('a second write of the same records updates them in place', async () => {
    const source = 'https://again.example/wp-json/tribe/events/v1/'
    const mapped = writer(source)
    await mapped.saveMany('venues', [venue('a', 'Hall A'), venue('b', 'Hall B')])
    const first = await storedMappings(source)
    const outcomes = await mapped.saveMany('venues', [
      { ...venue('a', 'Hall A, renamed'), modified: '2026-11-29 01:00:00' },
      { ...venue('b', 'Hall B, renamed'), modified: '2026-11-29 01:00:00' },
    ])
    expect(outcomes).toEqual(['updated', 'updated'])
    expect(await storedMappings(source)).toEqual(first)
    const renamed = await server.payload.findByID({
      collection: options.slugs.venues as 'venues',
      id: first.get('a')!,
      overrideAccess: true,
    })
    expect((renamed as any).name).toBe('Hall A, renamed')
  })
})
