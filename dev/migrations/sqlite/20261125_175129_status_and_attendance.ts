import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`event_status\` text DEFAULT 'scheduled';`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`previous_start_date\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`attendance_mode\` text DEFAULT 'offline';`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`online_url\` text;`)
  await db.run(sql`CREATE INDEX \`events_event_status_idx\` ON \`events\` (\`event_status\`);`)
  await db.run(
    sql`CREATE INDEX \`events_attendance_mode_idx\` ON \`events\` (\`attendance_mode\`);`,
  )
  await db.run(sql`ALTER TABLE \`events_locales\` ADD \`event_status_reason\` text;`)
  await db.run(sql`ALTER TABLE \`events_locales\` ADD \`online_details\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_event_status_idx\`;`)
  await db.run(sql`DROP INDEX \`events_attendance_mode_idx\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`event_status\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`previous_start_date\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`attendance_mode\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`online_url\`;`)
  await db.run(sql`ALTER TABLE \`events_locales\` DROP COLUMN \`event_status_reason\`;`)
  await db.run(sql`ALTER TABLE \`events_locales\` DROP COLUMN \`online_details\`;`)
}
