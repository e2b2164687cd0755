import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`type\` text;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`csv\` text;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` ADD \`mapping\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`type\`;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`csv\`;`)
  await db.run(sql`ALTER TABLE \`cal_import_runs\` DROP COLUMN \`mapping\`;`)
}
