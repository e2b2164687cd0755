/**
 * The plugin's document types (core/documents.ts) are what Payload generates from the plugin alone.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@jest/globals'
import { DOCUMENT_TYPES_FILE, generatePluginTypes } from '../../scripts/plugin-types.js'

test('core/documents.ts is what `npm run generate:types` makes of the plugin on a bare config', async () => {
  const generated = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-documents-')),
    'documents.ts',
  )
  await generatePluginTypes(generated)
  // When this fails, run `npm run generate:types` and commit core/documents.ts.
  expect(fs.readFileSync(generated, 'utf8')).toBe(fs.readFileSync(DOCUMENT_TYPES_FILE, 'utf8'))
})

test("the plugin's User is an app's users as the plugin extends them, not the host's", () => {
  const types = fs.readFileSync(DOCUMENT_TYPES_FILE, 'utf8')
  // The host's users have a `name`; the plugin knows only what it adds to any app's users.
  const user = types.slice(types.indexOf('export interface User {'))
  expect(user.slice(0, user.indexOf('\n}'))).not.toMatch(/^\s+name\?/m)
})
