import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { csvRoutes, translationRoutes } from '../src/roots.js'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { operationParams, type Method, type Operation } from '../endpoints/routing/operation.js'
import { batchRoutes } from '../endpoints/batch/operation.js'
import { icalRoutes } from '../endpoints/ical/routes.js'
import { fullCalendarRoutes } from '../endpoints/fullcalendar/routes.js'
import { calendarRoutes } from '../endpoints/v1/routes.js'
import { ticketRoutes } from '../endpoints/tickets/routes.js'
import { contractOf } from './contract.js'
import {
  createV1Event,
  registerAdministrator,
  startTestServer,
  utcWallClock,
  V1,
  type TestServer,
  type TestUser,
} from './helpers.js'

let server: TestServer
let admin: TestUser
let doc: Record<string, any>

beforeAll(async () => {
  server = await startTestServer()
  admin = await registerAdministrator(server)
  doc = (await server.request('GET', `${V1}/doc`)).body
})
afterAll(async () => {
  await server?.stop()
})

const routes = calendarRoutes()
const feedRoutes = icalRoutes()
const csvExportRoutes = csvRoutes()
/** The FullCalendar feed's paths, as the document names them beside v1's (served from `cal`). */
const fullCalendarPaths = fullCalendarRoutes().map((route) => `/fullcalendar${route.path}`)
const translationPaths = translationRoutes().map((route) => `/translations${route.path}`)
const batchPaths = batchRoutes().map((route) => `/batch/v1${route.path}`)
const ticketPaths = ticketRoutes().map((route) => `/tickets/v1${route.path}`)
const docPath = (path: string) => path || '/'
const operations = routes.flatMap((route) =>
  (Object.entries(route.operations) as [Method, Operation][]).map(([method, operation]) => ({
    route,
    method,
    operation,
  })),
)

/** Every JSON Schema in the document: components, parameters, bodies, responses, headers. */
function schemasOf(document: Record<string, any>): [string, unknown][] {
  const found: [string, unknown][] = Object.entries(document.components.schemas).map(
    ([name, schema]) => [`components.schemas.${name}`, schema],
  )
  for (const [name, header] of Object.entries<any>(document.components.headers))
    found.push([`components.headers.${name}`, header.schema])
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      if (method === 'servers') continue
      for (const parameter of operation.parameters ?? [])
        found.push([`${method} ${path} ${parameter.name}`, parameter.schema])
      for (const [type, content] of Object.entries<any>(operation.requestBody?.content ?? {}))
        found.push([`${method} ${path} body ${type}`, content.schema])
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        // A 304 has no body.
        for (const [type, content] of Object.entries<any>(response.content ?? {}))
          found.push([`${method} ${path} ${status} ${type}`, content.schema])
      }
    }
  }
  return found
}

describe('GET /doc: the OpenAPI 3.1 document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
  })

  it('holds only valid JSON Schema 2020-12 (the OpenAPI schema leaves schemas unchecked)', () => {
    const ajv = new Ajv2020()
    const invalid = schemasOf(doc).filter(([, schema]) => !ajv.validateSchema(schema as object))
    expect(invalid.map(([where]) => where)).toEqual([])
    expect(schemasOf(doc).length).toBeGreaterThan(100)
  })

  it('has the namespace root of the request as its server, language segment included (none for en)', async () => {
    expect(doc.servers).toEqual([{ url: `${server.url}/api/cal/events/v1` }])
    for (const language of ['fr', 'es', 'en']) {
      const localized = await server.request('GET', `/${language}${V1}/doc/`)
      const root = language === 'en' ? '' : `/${language}`
      expect(localized.body.servers).toEqual([{ url: `${server.url}${root}/api/cal/events/v1` }])
      // The feeds' and the CSV exports' paths are served under their own roots, in the same
      // language.
      const feedServers = (paths: Record<string, any>) =>
        Object.entries(paths)
          .filter(([, item]) => item.servers)
          .map(([path, item]) => [path, item.servers])
      expect(feedServers(localized.body.paths)).toEqual([
        ...feedRoutes.map((route) => [route.path, [{ url: `${server.url}${root}/api/cal/ical` }]]),
        ...csvExportRoutes.map((route) => [
          route.path,
          [{ url: `${server.url}${root}/api/cal/csv` }],
        ]),
        ...[...translationPaths, ...fullCalendarPaths, ...batchPaths, ...ticketPaths].map(
          (path) => [path, [{ url: `${server.url}${root}/api/cal` }]],
        ),
      ])
      const withoutServers = (paths: Record<string, any>) =>
        Object.fromEntries(
          Object.entries(paths).map(([path, { servers: _servers, ...item }]) => [path, item]),
        )
      expect(withoutServers(localized.body.paths)).toEqual(withoutServers(doc.paths))
    }
  })

  it('has every path and method of the route table, and nothing else', () => {
    expect(Object.keys(doc.paths)).toEqual([
      ...[...routes, ...feedRoutes, ...csvExportRoutes].map((route) => docPath(route.path)),
      ...translationPaths,
      ...fullCalendarPaths,
      ...batchPaths,
      ...ticketPaths,
    ])
    for (const route of routes) {
      expect(Object.keys(doc.paths[docPath(route.path)])).toEqual(
        Object.keys(route.operations).map((method) => method.toLowerCase()),
      )
    }
    expect(
      new Set(
        operations.map(
          ({ route, method }) => doc.paths[docPath(route.path)][method.toLowerCase()].operationId,
        ),
      ).size,
    ).toBe(operations.length)
  })

  it('has every parameter: path variables, query parameters (comma lists as form, not exploded), write bodies', () => {
    for (const { route, method, operation } of operations) {
      const described = doc.paths[docPath(route.path)][method.toLowerCase()]
      const variables = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      const inPath = described.parameters.filter((parameter: any) => parameter.in === 'path')
      expect(inPath.map((parameter: any) => parameter.name)).toEqual(variables)
      const named = Object.keys(operationParams(operation)).filter(
        (name) => !variables.includes(name),
      )
      if (operation.body) {
        const [json, form] = ['application/json', 'application/x-www-form-urlencoded'].map(
          (type) => described.requestBody.content[type].schema.$ref,
        )
        expect(form).toBe(json)
        const body = doc.components.schemas[json.split('/').pop()]
        expect(Object.keys(body.properties)).toEqual(named)
        expect(body.required ?? []).toEqual(
          named.filter((name) => operation.params[name]?.required),
        )
      } else {
        expect(described.requestBody).toBeUndefined()
        const query = described.parameters.filter((parameter: any) => parameter.in === 'query')
        expect(query.map((parameter: any) => parameter.name)).toEqual(named)
        for (const parameter of query) {
          if (parameter.schema.type === 'array')
            expect(parameter).toMatchObject({ style: 'form', explode: false })
          expect(parameter.description).toEqual(expect.any(String))
        }
      }
    }
    const archive = doc.paths['/events'].get.parameters
    expect(archive.find((parameter: any) => parameter.name === 'categories')).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array' },
    })
    expect(archive.find((parameter: any) => parameter.name === 'page')).toMatchObject({
      required: false,
      schema: { type: 'integer', default: 1 },
    })
    expect(doc.components.schemas.PostEventsBody.required).toEqual([
      'title',
      'start_date',
      'end_date',
    ])
  })

  it('names the record schemas with their exact key sets', () => {
    const schemas = doc.components.schemas
    for (const name of [
      'Event',
      'SingleEvent',
      'Venue',
      'Organizer',
      'Category',
      'Tag',
      'EmbeddedTerm',
      'Image',
      'ImageSize',
      'DateDetails',
      'CostDetails',
      'EventArchive',
      'VenueArchive',
      'OrganizerArchive',
      'CategoryArchive',
      'TagArchive',
      'Error',
    ]) {
      expect(schemas[name]).toMatchObject({ type: 'object', additionalProperties: false })
    }
    const keysOf = (name: string) => Object.keys(schemas[name].properties)
    // Every key of the anchor is required; ours for recurrence are only on series and their dates,
    // and `translations`, ours too, is on every record.
    const RECURRENCE_KEYS = ['recurrence', 'series']
    expect(keysOf('Event').slice(-3)).toEqual([...RECURRENCE_KEYS, 'translations'])
    expect(schemas.Event.required).toEqual(
      keysOf('Event').filter((key) => !RECURRENCE_KEYS.includes(key)),
    )
    expect(keysOf('SingleEvent')).toEqual([...keysOf('Event'), 'json_ld'])
    expect(schemas.Event.properties.venue.anyOf[0]).toEqual({ $ref: '#/components/schemas/Venue' })
    expect(schemas.Event.properties.organizer.items).toEqual({
      $ref: '#/components/schemas/Organizer',
    })
    expect(schemas.Venue.required).toEqual(
      keysOf('Venue').filter((key) => !['geo_lat', 'geo_lng', 'json_ld'].includes(key)),
    )
    expect(keysOf('Category')).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'parent',
      'meta',
      'url',
      'urls',
      'translations',
    ])
    expect(keysOf('Tag')).toEqual([
      'id',
      'count',
      'description',
      'name',
      'slug',
      'taxonomy',
      'meta',
      'url',
      'urls',
      'translations',
    ])
    expect(keysOf('TermUrls')).toEqual(['self', 'collection', 'up'])
    expect(keysOf('CategoryArchive')).toEqual([
      'rest_url',
      'total',
      'total_pages',
      'categories',
      'next_rest_url',
      'previous_rest_url',
    ])
    expect(keysOf('VenueArchive')).toEqual([
      'venues',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
    ])
    expect(keysOf('Error')).toEqual(['code', 'message', 'data'])
    expect(schemas.Error.properties.data.required).toEqual(['status'])
  })

  it('documents errors with their codes, paging headers, and the security schemes', () => {
    const read = doc.paths['/events/{id}'].get.responses
    expect(read['403'].content['application/json'].schema.properties.code.enum).toEqual([
      'event-no-longer-available',
      'event-not-accessible',
      'event-password-protected',
    ])
    expect(read['404'].content['application/json'].schema).toMatchObject({
      $ref: '#/components/schemas/Error',
      properties: { data: { properties: { status: { const: 404 } } } },
    })
    expect(Object.keys(doc.paths['/events'].post.responses)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '413',
      '415',
      '500',
      '503',
    ])
    expect(
      JSON.stringify(doc.paths['/events/{id}'].get.responses['503'].content['application/json']),
    ).toContain('"rest_database_unavailable"')
    expect(doc.paths['/events'].get.responses['200'].headers).toEqual({
      'X-TEC-Total': { $ref: '#/components/headers/X-TEC-Total' },
      'X-TEC-TotalPages': { $ref: '#/components/headers/X-TEC-TotalPages' },
      ETag: { $ref: '#/components/headers/ETag' },
      'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
      Vary: { $ref: '#/components/headers/Vary' },
    })
    expect(doc.paths['/events'].post.responses['201'].headers).toBeUndefined()
    expect(doc.components.securitySchemes).toMatchObject({
      bearerToken: { type: 'http', scheme: 'bearer' },
      jwtToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: expect.stringContaining('users API-Key'),
      },
    })
    expect(doc.paths['/events'].post.security).toEqual([
      { bearerToken: [] },
      { jwtToken: [] },
      { apiKey: [] },
    ])
    expect(doc.paths['/events'].get.security).toBeUndefined()
    expect(doc.security).toContainEqual({})
  })
})

describe('the contract check of test/contract.ts', () => {
  const headers = (values: Record<string, string> = {}) => new Headers(values)

  it('accepts what the document describes and names what it does not', async () => {
    const contract = await contractOf(server.url)
    const event = await createV1Event(server, admin, {
      title: 'Checked',
      start_date: utcWallClock(3),
      end_date: utcWallClock(3, 1),
    })
    const archive = await server.request('GET', `${V1}/events`)
    expect(contract.problems('GET', `${V1}/events`, archive)).toEqual([])
    expect(contract.problems('GET', `${V1}/events`, { ...archive, headers: headers() })).toEqual([
      'header X-TEC-Total is missing',
      'header X-TEC-TotalPages is missing',
      'header ETag is missing',
      'header Cache-Control is missing',
      'header Vary is missing',
    ])
    // A 304 has its validators and no body; a feed is a calendar under its own root.
    const validators = {
      etag: archive.headers.get('etag')!,
      'cache-control': 'public, max-age=60',
      vary: 'Authorization, Cookie',
    }
    expect(
      contract.problems('GET', `${V1}/events`, {
        status: 304,
        body: undefined,
        headers: headers(validators),
      }),
    ).toEqual([])
    expect(
      contract.problems('GET', `${V1}/events`, {
        status: 304,
        body: { events: [] },
        headers: headers(validators),
      }),
    ).toEqual(['a 304 has a body'])
    const feed = await server.request('GET', `/fr/api/cal/ical/events/${event.id}.ics`)
    expect(feed.status).toBe(200)
    expect(contract.problems('GET', `/fr/api/cal/ical/events/${event.id}.ics`, feed)).toEqual([])
    expect(
      contract.problems('GET', `/api/cal/ical/events/${event.id}.ics`, {
        ...feed,
        body: 'not a calendar',
      }),
    ).toEqual([expect.stringMatching(/^body must match pattern/)])
    expect(
      contract.problems('GET', '/api/cal/ical/events', {
        status: 200,
        body: {},
        headers: headers(),
      }),
    ).toEqual(['no path of the document matches "/events", so the answer must be 404'])
    expect(
      contract.problems('POST', `/fr${V1}/events/${event.id}`, {
        status: 200,
        body: { ...event, extra: 1 },
        headers: headers(),
      }),
    ).toEqual([expect.stringMatching(/^body must NOT have additional properties .*extra/)])
    expect(
      contract.problems('POST', `${V1}/events/${event.id}/`, {
        status: 200,
        body: { ...event, json_ld: {} },
        headers: headers(),
      }),
    ).not.toEqual([])
    expect(
      contract.problems('GET', `${V1}/events/${event.id}`, {
        status: 418,
        body: {},
        headers: headers(),
      }),
    ).toEqual(['status 418 is not documented for get /events/{id}'])
    const error = { code: 'rest-event-not-found', message: 'No.', data: { status: 404 } }
    expect(
      contract.problems('DELETE', `${V1}/events/9`, {
        status: 404,
        body: error,
        headers: headers(),
      }),
    ).toEqual([])
    expect(
      contract.problems('DELETE', `${V1}/events/9`, {
        status: 404,
        body: { ...error, code: 'nope' },
        headers: headers(),
      }),
    ).not.toEqual([])
    expect(
      contract.problems('DELETE', `${V1}/events/9`, {
        status: 404,
        body: { ...error, data: { status: 400 } },
        headers: headers(),
      }),
    ).not.toEqual([])
    const noRoute = { code: 'rest_no_route', message: 'No.', data: { status: 404 } }
    expect(
      contract.problems('GET', `${V1}/nowhere`, { status: 404, body: noRoute, headers: headers() }),
    ).toEqual([])
    expect(
      contract.problems('GET', `${V1}/nowhere`, { status: 200, body: {}, headers: headers() }),
    ).not.toEqual([])
    const notAllowed = { ...noRoute, data: { status: 405 } }
    expect(
      contract.problems('DELETE', `${V1}/events`, {
        status: 405,
        body: notAllowed,
        headers: headers({ allow: 'GET, POST, HEAD' }),
      }),
    ).toEqual([])
    expect(
      contract.problems('DELETE', `${V1}/events`, {
        status: 405,
        body: notAllowed,
        headers: headers(),
      }),
    ).toEqual(['header Allow is missing'])
  })
})

describe('GET /doc: conditional reads and the calendar feeds', () => {
  /** The JSON archives' own parameters: paging, and the events archive's facet counts. */
  const ARCHIVE_ONLY = ['page', 'per_page', 'facets', 'facets_limit']

  it('documents conditional reads: every GET may answer 304 with its validators and no body', () => {
    for (const { route, method } of operations.filter(({ method }) => method === 'GET')) {
      const responses = doc.paths[docPath(route.path)][method.toLowerCase()].responses
      expect(responses['304']).toEqual({
        description: expect.any(String),
        headers: {
          ETag: { $ref: '#/components/headers/ETag' },
          'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
          Vary: { $ref: '#/components/headers/Vary' },
        },
      })
    }
    expect(Object.keys(doc.components.headers)).toEqual([
      'X-TEC-Total',
      'X-TEC-TotalPages',
      'ETag',
      'Cache-Control',
      'Vary',
      'Last-Modified',
    ])
  })

  it('lists the calendar feeds as text/calendar answers under their own root, with Last-Modified, and the v1 archive’s parameters', () => {
    for (const path of ['/events.ics', '/events/{id}.ics', '/events/by-slug/{slug}.ics']) {
      const operation = doc.paths[path].get
      expect(doc.paths[path].servers).toEqual([{ url: `${server.url}/api/cal/ical` }])
      expect(operation.tags).toEqual(['feeds'])
      expect(operation.responses['200'].content).toEqual({
        'text/calendar': { schema: { $ref: '#/components/schemas/Calendar' } },
      })
      expect(Object.keys(operation.responses['200'].headers)).toEqual([
        'ETag',
        'Cache-Control',
        'Vary',
        'Last-Modified',
      ])
      expect(Object.keys(operation.responses['304'].headers)).toEqual([
        'ETag',
        'Cache-Control',
        'Vary',
        'Last-Modified',
      ])
    }
    expect(doc.components.schemas.Calendar).toMatchObject({
      type: 'string',
      contentMediaType: 'text/calendar',
    })
    const names = (path: string) =>
      doc.paths[path].get.parameters.map((parameter: any) => parameter.name)
    expect(names('/events.ics')).toEqual(
      names('/events').filter((name: string) => !ARCHIVE_ONLY.includes(name)),
    )
    expect(
      doc.paths['/events/{id}.ics'].get.responses['403'].content['application/json'].schema
        .properties.code.enum,
    ).toEqual(['event-no-longer-available', 'event-not-accessible', 'event-password-protected'])
    expect(doc.paths['/events.ics'].get.operationId).toBe('getEventsIcs')
    expect(doc.paths['/events/by-slug/{slug}.ics'].get.operationId).toBe('getEventsBySlugIcs')
  })

  it('lists the CSV exports as text/csv answers under their own root, with Last-Modified, and their archive’s parameters and bom', () => {
    for (const [path, archive] of [
      ['/events.csv', '/events'],
      ['/venues.csv', '/venues'],
      ['/organizers.csv', '/organizers'],
    ]) {
      const operation = doc.paths[path].get
      expect(doc.paths[path].servers).toEqual([{ url: `${server.url}/api/cal/csv` }])
      expect(operation.tags).toEqual(['csv'])
      expect(operation.responses['200'].content).toEqual({
        'text/csv': { schema: { $ref: '#/components/schemas/Csv' } },
      })
      for (const status of ['200', '304'])
        expect(Object.keys(operation.responses[status].headers)).toEqual([
          'ETag',
          'Cache-Control',
          'Vary',
          'Last-Modified',
        ])
      const names = (of: string) =>
        doc.paths[of].get.parameters.map((parameter: any) => parameter.name)
      expect(names(path)).toEqual([
        ...names(archive).filter(
          (name: string) => !ARCHIVE_ONLY.includes(name) && name !== 'translation_language',
        ),
        'bom',
        'translation_language',
      ])
    }
    expect(doc.components.schemas.Csv).toMatchObject({
      type: 'string',
      contentMediaType: 'text/csv',
    })
    expect(doc.paths['/events.csv'].get.operationId).toBe('getEventsCsv')
  })
})
