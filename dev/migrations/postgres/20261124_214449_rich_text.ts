import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'
import type { Row } from '../richTextData.js'

// The data step (and the editor it needs) is loaded when the migration runs, not with the app's config.
const dataStep = () => import('../richTextData.js')

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  const { convertStoredHtml, PAGE, RICH_TEXT_COLUMNS } = await dataStep()
  await db.execute(sql`
  ALTER TABLE "events_locales" ADD COLUMN "description_html" varchar;
  ALTER TABLE "events_locales" ADD COLUMN "excerpt_html" varchar;
  ALTER TABLE "venues_locales" ADD COLUMN "description_html" varchar;
  ALTER TABLE "organizers_locales" ADD COLUMN "description_html" varchar;
  ALTER TABLE "event_categories_locales" ADD COLUMN "description_html" varchar;
  ALTER TABLE "event_tags_locales" ADD COLUMN "description_html" varchar;`)
  // Data: the stored HTML moves to the *_html columns as it is; the rich-text columns become
  // jsonb (emptied: HTML is not JSON) and get Lexical.
  for (const { table, fields } of RICH_TEXT_COLUMNS) {
    for (const [column, htmlColumn] of fields) {
      await db.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(htmlColumn)} = ${sql.identifier(column)}`,
      )
      await db.execute(
        sql`ALTER TABLE ${sql.identifier(table)} ALTER COLUMN ${sql.identifier(column)} SET DATA TYPE jsonb USING NULL`,
      )
    }
  }
  await convertStoredHtml(
    payload,
    async (table, htmlColumn, after) =>
      (
        await db.execute(
          sql`SELECT id, ${sql.identifier(htmlColumn)} AS html FROM ${sql.identifier(table)} WHERE ${sql.identifier(htmlColumn)} IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${PAGE}`,
        )
      ).rows as Row[],
    async (table, column, id, json) => {
      await db.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${json}::jsonb WHERE id = ${id}`,
      )
    },
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  const { RICH_TEXT_COLUMNS } = await dataStep()
  // The HTML goes back into the text columns it came from.
  for (const { table, fields } of RICH_TEXT_COLUMNS) {
    for (const [column, htmlColumn] of fields) {
      await db.execute(
        sql`ALTER TABLE ${sql.identifier(table)} ALTER COLUMN ${sql.identifier(column)} SET DATA TYPE varchar USING ${sql.identifier(htmlColumn)}`,
      )
    }
  }
  await db.execute(sql`
  ALTER TABLE "events_locales" DROP COLUMN "description_html";
  ALTER TABLE "events_locales" DROP COLUMN "excerpt_html";
  ALTER TABLE "venues_locales" DROP COLUMN "description_html";
  ALTER TABLE "organizers_locales" DROP COLUMN "description_html";
  ALTER TABLE "event_categories_locales" DROP COLUMN "description_html";
  ALTER TABLE "event_tags_locales" DROP COLUMN "description_html";`)
}
