import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`per_page\` numeric;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`runner\` text;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`heartbeat_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`per_page\`;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`runner\`;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`heartbeat_at\`;`)
}
