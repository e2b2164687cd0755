import Type from 'typebox'

/** What `POST /api/cal/batch/v1` answers (endpoints/batch/). */

/** One item's answer: what the single request would have answered. */
const ItemAnswer = Type.Object(
  {
    body: Type.Unknown({ description: 'The body the single request answers (a record, an error)' }),
    status: Type.Integer({ minimum: 100, maximum: 599, description: 'Its HTTP status' }),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'Its headers but the content type, names in lower case (location, allow, …)',
    }),
  },
  { additionalProperties: false },
)

export const BatchAnswer = Type.Object(
  {
    failed: Type.Optional(
      Type.Literal('validation', {
        description:
          'With `validation: require-all-validate`, when an item failed its checks: nothing ran',
      }),
    ),
    responses: Type.Array(
      Type.Union([ItemAnswer, Type.Null()], {
        description: 'null: the item passed its checks, but did not run (`failed`)',
      }),
      { description: 'One answer per item, in the order of `requests`' },
    ),
  },
  {
    description: 'The answers of a batch of v1 writes (WordPress’s `batch/v1`)',
    additionalProperties: false,
  },
)
