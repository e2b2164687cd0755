import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

/**
 * The contract check: every response the test suite receives from the `cal/events/v1` namespace and
 * the calendar feeds (`cal/ical`, under `/api/...` or `/{lang}/api/...`) must be one the
 * namespace's own `/doc` describes — its status documented for that path and method, its body valid
 * against that response's schema, its required headers present. `test/helpers.ts` calls
 * `checkResponse` for every request.
 */

export const NAMESPACE_ROOT = '/api/cal/events/v1'
const NAMESPACE_PATH = /^(?:\/(?:en|fr|es))?\/api\/cal\/events\/v1(\/.*)?$/
/**
 * The calendar feeds, the CSV exports, the FullCalendar feed, the batch route and the tickets:
 * roots of their own, whose paths the document gives with their own `servers` (the FullCalendar
 * feed's as `/fullcalendar/...`, the batch's as `/batch/v1`, the tickets' as `/tickets/v1/...`,
 * served from `cal`).
 */
const FEEDS_PATH =
  /^(?:\/(?:en|fr|es))?\/api\/cal(?:\/ical|\/csv|(?=\/(?:fullcalendar|batch\/v1|tickets\/v1)(?:\/|$)))(\/.*)?$/
const DOC_ID = 'urn:cal-events-v1:doc'
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

type Json = Record<string, any>
export type CheckedResponse = { status: number; body: unknown; headers: Headers }

// ajv-formats is CommonJS; under jest's ESM its plugin is the default export's default.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule

const escapePointer = (token: string) =>
  encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))
const pointer = (...tokens: string[]) => `#/${tokens.map(escapePointer).join('/')}`

type Template = { path: string; regex: RegExp; item: Json }

/**
 * A path template of the document as a regex, each variable matching what its path parameter's
 * schema allows.
 */
function templateRegex(path: string, item: Json): RegExp {
  const parameters: Json[] = Object.entries(item)
    .filter(([key]) => HTTP_METHODS.includes(key))
    .flatMap(([, operation]) => (operation as Json).parameters ?? [])
  const source = path.replace(/\/$/, '').replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema =
      parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema ??
      {}
    if (schema.type === 'integer') return '(\\d+)'
    return schema.pattern ? `(${String(schema.pattern).replace(/^\^|\$$/g, '')})` : '([^/]+)'
  })
  return new RegExp(`^${source}/?$`)
}

export class Contract {
  private readonly ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true })
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly templates: Template[]

  constructor(readonly document: Json) {
    addFormats(this.ajv)
    // The document is not a schema, but its schemas point into it (`#/components/schemas/Event`).
    this.ajv.addVocabulary([
      'openapi',
      'info',
      'servers',
      'paths',
      'components',
      'security',
      'tags',
      'webhooks',
      'jsonSchemaDialect',
      'externalDocs',
    ])
    this.ajv.addSchema({ ...document, $id: DOC_ID })
    this.templates = Object.entries(document.paths as Json).map(([path, item]) => ({
      path,
      regex: templateRegex(path, item),
      item,
    }))
  }

  private validator(location: string): ValidateFunction {
    let validate = this.validators.get(location)
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${location}` })
      this.validators.set(location, validate)
    }
    return validate
  }

  /** The object at a location of the document, following `$ref`s, and where it really is. */
  private locate(tokens: string[]): { tokens: string[]; object: Json } {
    const object = tokens.reduce((found: Json, token) => found?.[token], this.document)
    if (typeof object?.$ref !== 'string') return { tokens, object }
    return this.locate(
      (object.$ref as string)
        .replace(/^#\//, '')
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')),
    )
  }

  private check(tokens: string[], value: unknown, label: string): string[] {
    const validate = this.validator(pointer(...tokens))
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (error) =>
        `${label}${error.instancePath} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    )
  }

  /** Where the document describes this response, or why it cannot. */
  private responseLocation(
    method: string,
    path: string,
    status: number,
    feeds: boolean,
  ): string[] | string {
    const template = this.templates.find(
      ({ regex, item }) => Boolean(item.servers) === feeds && regex.test(path || '/'),
    )
    if (!template)
      return status === 404
        ? ['components', 'responses', 'NoRoute']
        : `no path of the document matches "${path}", so the answer must be 404`
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()
    if (!template.item[verb])
      return status === 405
        ? ['components', 'responses', 'MethodNotAllowed']
        : `${template.path} has no ${verb} operation, so the answer must be 405`
    if (!template.item[verb].responses?.[String(status)])
      return `status ${status} is not documented for ${verb} ${template.path}`
    return ['paths', template.path, verb, 'responses', String(status)]
  }

  /** The reasons a response breaks the document; none when it keeps to it. */
  problems(method: string, route: string, response: CheckedResponse): string[] {
    const pathname = new URL(route, 'http://x').pathname
    const feeds = FEEDS_PATH.test(pathname)
    const path = (feeds ? FEEDS_PATH : NAMESPACE_PATH).exec(pathname)?.[1] ?? ''
    const location = this.responseLocation(method, path, response.status, feeds)
    if (typeof location === 'string') return [location]
    const { tokens, object } = this.locate(location)
    const problems: string[] = []
    for (const name of Object.keys(object.headers ?? {})) {
      const header = this.locate([...tokens, 'headers', name])
      const value = response.headers.get(name)
      if (value === null) {
        if (header.object.required) problems.push(`header ${name} is missing`)
      } else problems.push(...this.check([...header.tokens, 'schema'], value, `header ${name}`))
    }
    if (method.toUpperCase() === 'HEAD') return problems
    if (response.status === 304)
      return object.content
        ? [...problems, 'the document gives a 304 a body']
        : response.body === undefined
          ? problems
          : [...problems, 'a 304 has a body']
    // JSON unless the response says it is another type the document knows (a calendar).
    const given = (response.headers.get('content-type') ?? '').split(';')[0].trim()
    const type =
      given && given !== 'application/json' && object.content?.[given] ? given : 'application/json'
    if (!object.content?.[type])
      return [...problems, `the document gives this response no ${given || 'JSON'} body`]
    return [
      ...problems,
      ...this.check([...tokens, 'content', type, 'schema'], response.body, 'body'),
    ]
  }
}

const contracts = new Map<string, Promise<Contract>>()

/** The contract of a running server: its `/doc`, fetched once. */
export function contractOf(baseUrl: string): Promise<Contract> {
  let contract = contracts.get(baseUrl)
  if (!contract) {
    contract = fetch(`${baseUrl}${NAMESPACE_ROOT}/doc`).then(async (response) => {
      if (response.status !== 200)
        throw new Error(`contract: GET ${NAMESPACE_ROOT}/doc answered ${response.status}`)
      return new Contract(await response.json())
    })
    contracts.set(baseUrl, contract)
  }
  return contract
}

/** Throws when a response of the namespace breaks its documented contract; other responses pass. */
export async function checkResponse(
  baseUrl: string,
  method: string,
  route: string,
  response: CheckedResponse,
): Promise<void> {
  // OPTIONS is CORS preflight, which Payload answers for every path; it is not part of the API.
  const pathname = new URL(route, 'http://x').pathname
  if (
    !(NAMESPACE_PATH.test(pathname) || FEEDS_PATH.test(pathname)) ||
    method.toUpperCase() === 'OPTIONS'
  )
    return
  const problems = (await contractOf(baseUrl)).problems(method, route, response)
  if (problems.length) {
    const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
    throw new Error(
      `${method} ${route} → ${response.status} breaks the documented contract (/doc):\n  ${problems.slice(0, 10).join('\n  ')}\n  body: ${String(body).slice(0, 500)}`,
    )
  }
}
