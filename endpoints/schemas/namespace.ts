import Type, { type Static } from 'typebox'

/** The namespace's own documents: its errors, its index, its changes feed and `/doc`. */

const reasons = Type.Union([Type.Record(Type.String(), Type.String()), Type.Array(Type.String())], {
  description: 'The parameters at fault: name → reason (invalid), or names (missing).',
})

export const ErrorBody = Type.Object(
  {
    code: Type.String({
      description: 'Machine-readable code (docs/v1-reference.md §12), e.g. rest_invalid_param.',
    }),
    message: Type.String({ description: 'Human-readable message.' }),
    data: Type.Object(
      {
        status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status.' }),
        params: Type.Optional(reasons),
        id: Type.Optional(Type.Integer({ description: 'The id that was not found.' })),
        term_id: Type.Optional(
          Type.Integer({ description: 'term_exists: the id of the term that has that name.' }),
        ),
        available: Type.Optional(
          Type.Integer({
            minimum: 0,
            description: 'rsvp-invalid-stock-request: the places left (cal/tickets/v1).',
          }),
        ),
        requested: Type.Optional(
          Type.Integer({ description: 'rsvp-invalid-stock-request: the places asked.' }),
        ),
        available_from: Type.Optional(
          Type.String({ description: 'rsvp-not-open: when the RSVP opens (ISO 8601, or empty).' }),
        ),
        available_until: Type.Optional(
          Type.String({ description: 'rsvp-not-open: when it closes (ISO 8601, or empty).' }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    description: 'Every error of the namespace (docs/v1-differences.md §7).',
    additionalProperties: false,
  },
)

const Link = Type.Array(
  Type.Object({ href: Type.String({ format: 'uri' }) }, { additionalProperties: false }),
  { minItems: 1 },
)

const JSON_TYPE = Type.Enum([
  'integer',
  'boolean',
  'string',
  'number',
  'array',
  'object',
  'null',
] as const)
const jsonType = Type.Union([JSON_TYPE, Type.Array(JSON_TYPE)])

/**
 * One argument in the index: the parameter's JSON Schema (see `paramSchema`) and whether it is
 * required.
 */
const IndexArgument = Type.Object(
  {
    required: Type.Boolean(),
    type: jsonType,
    items: Type.Optional(
      Type.Object(
        { type: jsonType, minimum: Type.Optional(Type.Integer()) },
        { additionalProperties: false },
      ),
    ),
    enum: Type.Optional(Type.Array(Type.String())),
    default: Type.Optional(Type.Unknown()),
    minimum: Type.Optional(Type.Integer()),
    minLength: Type.Optional(Type.Integer()),
    description: Type.String(),
  },
  { additionalProperties: false },
)

const METHOD = Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)

export const NamespaceIndex = Type.Object(
  {
    namespace: Type.String(),
    routes: Type.Record(
      Type.String({ description: 'The route pattern, e.g. /cal/events/v1/events/(?P<id>\\d+)' }),
      Type.Object(
        {
          namespace: Type.String(),
          methods: Type.Array(METHOD, { minItems: 1 }),
          endpoints: Type.Array(
            Type.Object(
              {
                methods: Type.Array(METHOD, { minItems: 1 }),
                args: Type.Record(Type.String(), IndexArgument),
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
          _links: Type.Optional(
            Type.Object(
              { self: Link },
              { additionalProperties: false, description: 'Only for routes without variables.' },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    _links: Type.Object(
      { up: Link },
      { additionalProperties: false, description: 'The API root.' },
    ),
  },
  {
    description:
      'Every route of the namespace with its methods and arguments (docs/v1-reference.md §11).',
    additionalProperties: false,
  },
)

export const Changes = Type.Object(
  {
    changes: Type.Array(
      Type.Object(
        {
          resource: Type.Enum(['events', 'venues', 'organizers', 'categories', 'tags'] as const),
          id: Type.Integer({ minimum: 1 }),
          change: Type.Enum(['upsert', 'delete'] as const, {
            description:
              'upsert: the caller may read the record now (read it again); delete: not any more.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    next_since: Type.String({
      pattern: '^c\\d+$',
      description: 'The cursor to send as `since` next time (also a `modified_since` value).',
    }),
    more: Type.Boolean({ description: 'true: ask again at once with next_since.' }),
  },
  {
    description:
      'The records that changed since the cursor, each once, in the order of their first change.',
    additionalProperties: false,
  },
)

export const OpenApiDocument = Type.Object(
  {
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    servers: Type.Array(Type.Object({ url: Type.String({ format: 'uri' }) }), { minItems: 1 }),
    paths: Type.Record(Type.String(), Type.Object({})),
    components: Type.Object({}),
  },
  { description: 'This document.' },
)

export type ErrorBodyRecord = Static<typeof ErrorBody>
export type NamespaceIndexRecord = Static<typeof NamespaceIndex>
