import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`has_password\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`has_password\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`has_password\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`event_count\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`public_event_count\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`event_count\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`public_event_count\` numeric DEFAULT 0;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`has_password\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`has_password\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`has_password\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`event_count\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`public_event_count\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`event_count\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`public_event_count\`;`)
}
