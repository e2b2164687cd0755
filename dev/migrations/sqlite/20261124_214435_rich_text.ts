import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'
import type { Row } from '../richTextData.js'

// The data step (and the editor it needs) is loaded when the migration runs, not with the app's config.
const dataStep = () => import('../richTextData.js')

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  const { convertStoredHtml, PAGE, RICH_TEXT_COLUMNS } = await dataStep()
  await db.run(sql`ALTER TABLE \`events_locales\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`events_locales\` ADD \`excerpt_html\` text;`)
  await db.run(sql`ALTER TABLE \`venues_locales\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`organizers_locales\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories_locales\` ADD \`description_html\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags_locales\` ADD \`description_html\` text;`)
  // Data: the stored HTML moves to the *_html columns as it is; the rich-text columns get Lexical.
  for (const { table, fields } of RICH_TEXT_COLUMNS) {
    for (const [column, htmlColumn] of fields) {
      await db.run(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(htmlColumn)} = ${sql.identifier(column)}, ${sql.identifier(column)} = NULL`,
      )
    }
  }
  await convertStoredHtml(
    payload,
    async (table, htmlColumn, after) =>
      (await db.all(
        sql`SELECT id, ${sql.identifier(htmlColumn)} AS html FROM ${sql.identifier(table)} WHERE ${sql.identifier(htmlColumn)} IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
      )) as Row[],
    async (table, column, id, json) => {
      await db.run(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${json} WHERE id = ${id}`,
      )
    },
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  const { RICH_TEXT_COLUMNS } = await dataStep()
  // The HTML goes back into the text columns it came from.
  for (const { table, fields } of RICH_TEXT_COLUMNS) {
    for (const [column, htmlColumn] of fields) {
      await db.run(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${sql.identifier(htmlColumn)}`,
      )
    }
  }
  await db.run(sql`ALTER TABLE \`events_locales\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`events_locales\` DROP COLUMN \`excerpt_html\`;`)
  await db.run(sql`ALTER TABLE \`venues_locales\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`organizers_locales\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`event_categories_locales\` DROP COLUMN \`description_html\`;`)
  await db.run(sql`ALTER TABLE \`event_tags_locales\` DROP COLUMN \`description_html\`;`)
}
