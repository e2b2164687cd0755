/**
 * The plugin's own document types (core/documents.ts): Payload's type generation run on the plugin
 * alone, on a bare config whose only collection of its own is an auth collection without fields.
 * So the types describe what the plugin's collections store, and what the plugin adds to any app's
 * users, whatever the host app's collections are. `npm run generate:types` writes them;
 * test/unit/documents.test.ts fails while they are not current.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig, type Config } from 'payload'
import { generateTypes } from 'payload/node'
import { calendarPlugin } from '../src/index.js'

export const DOCUMENT_TYPES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../core/documents.ts',
)

/** Writes the plugin's document types to `outputFile`. */
export async function generatePluginTypes(outputFile: string): Promise<void> {
  const config = await buildConfig({
    secret: 'plugin-types',
    // Type generation reads the id type from the adapter and nothing else: the SQL adapters'.
    db: {
      name: 'none',
      defaultIDType: 'number',
      init: () => {
        throw new Error('the plugin types need no database')
      },
    },
    collections: [{ slug: 'users', auth: true, fields: [] }],
    plugins: [calendarPlugin()],
    typescript: { autoGenerate: false, declare: false, outputFile },
  } as Config)
  await generateTypes(config, { log: false })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await generatePluginTypes(DOCUMENT_TYPES_FILE)
  console.log(
    `plugin document types written to ${path.relative(process.cwd(), DOCUMENT_TYPES_FILE)}`,
  )
}
