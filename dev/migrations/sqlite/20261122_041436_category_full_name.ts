import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`event_categories_locales\` ADD \`full_name\` text;`)
  // Categories saved before: their own name, until their next save stores the full name.
  // (Reads compute the full name anyway; the stored one only serves searches.)
  await db.run(
    sql`UPDATE \`event_categories_locales\` SET \`full_name\` = \`name\` WHERE \`full_name\` IS NULL;`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`event_categories_locales\` DROP COLUMN \`full_name\`;`)
}
