import Type from 'typebox'

/** What the admin's tools answer: the CSV import's preview and run, translation drafts and runs. */

const ImportRow = Type.Integer({
  minimum: 2,
  description: 'The row as a spreadsheet numbers it (the header is row 1)',
})

/** What `POST /api/cal/csv/preview` answers. */
export const CsvPreview = Type.Object(
  {
    type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')]),
    encoding: Type.String({ description: 'UTF-8, UTF-16LE, UTF-16BE or Windows-1252' }),
    delimiter: Type.String({ description: 'The delimiter found: , ; or a tab' }),
    rows: Type.Integer({ minimum: 0, description: 'Rows of the file after its header' }),
    columns: Type.Array(
      Type.Object(
        {
          header: Type.String(),
          column: Type.Union([Type.String(), Type.Null()], {
            description: 'The column it fills; null: not imported',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'Each header of the file, in order, with the column it fills' },
    ),
    targets: Type.Array(Type.String(), { description: 'The columns a header may fill' }),
    preview: Type.Array(
      Type.Object(
        {
          row: ImportRow,
          arguments: Type.Optional(
            Type.Record(Type.String(), Type.Unknown(), {
              description: 'The v1 write arguments the row gives',
            }),
          ),
          stored: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          links: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          key: Type.Optional(
            Type.Union([Type.String(), Type.Null()], {
              description: 'What a later import knows the row by',
            }),
          ),
          error: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
      { description: 'The first rows as they would be written, or why they cannot be' },
    ),
    failing: Type.Integer({ minimum: 0, description: 'Rows that cannot be written' }),
    errors: Type.Array(
      Type.Object({ row: ImportRow, message: Type.String() }, { additionalProperties: false }),
      { description: 'Why, row by row (the first 500)' },
    ),
    dry_run: Type.Optional(
      Type.Object(
        {
          created: Type.Integer({ minimum: 0 }),
          updated: Type.Integer({ minimum: 0 }),
          unchanged: Type.Integer({ minimum: 0 }),
          failed: Type.Integer({ minimum: 0 }),
          failures: Type.Array(
            Type.Object(
              { row: Type.String({ description: '`row N`' }), message: Type.String() },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false, description: 'With dry_run: what the import would do' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'How a CSV file would be imported: its columns and their mapping, its first rows as they would be written, the errors of every row.',
  },
)

/** What `POST /api/cal/csv/import` answers: the run queued (read at /api/cal-import-runs/{id}). */
export const CsvImportRun = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    state: Type.Literal('queued'),
    type: Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')]),
    dry_run: Type.Boolean(),
  },
  {
    additionalProperties: false,
    description:
      'The import run queued: its progress, counts and failures are read from the import runs collection.',
  },
)

/** What `POST /api/cal/translations/draft` answers: a draft for the admin's form. */
export const TranslationDraft = Type.Object(
  {
    collection: Type.String(),
    id: Type.Integer({ minimum: 1 }),
    from: Type.String({ description: 'The record’s source language' }),
    to: Type.String(),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Each field drafted, by name: a text, or the rich-text editor’s document made from the translated HTML. Fields that are up to date are absent.',
    }),
  },
  { additionalProperties: false, description: 'A draft translation of a record.' },
)

/** What `POST /api/cal/translations/runs` answers: the translation run queued. */
export const TranslationRun = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    state: Type.Literal('queued'),
    collection: Type.String(),
    to: Type.String({ description: 'The language translated into' }),
    total: Type.Integer({ minimum: 1, description: 'How many records the run translates' }),
  },
  {
    additionalProperties: false,
    description:
      'The translation run queued: its progress, counts and failures are read from the import runs collection (`/api/cal-import-runs/{id}`).',
  },
)
