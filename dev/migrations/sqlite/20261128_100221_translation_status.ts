import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`events\` ADD \`translations_source\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`translations_en_status\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`translations_fr_status\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`translations_es_status\` text;`)
  await db.run(sql`ALTER TABLE \`events\` ADD \`translations_written\` text;`)
  await db.run(
    sql`CREATE INDEX \`events_translations_translations_source_idx\` ON \`events\` (\`translations_source\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_translations_translations_en_status_idx\` ON \`events\` (\`translations_en_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_translations_translations_fr_status_idx\` ON \`events\` (\`translations_fr_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_translations_translations_es_status_idx\` ON \`events\` (\`translations_es_status\`);`,
  )
  await db.run(sql`ALTER TABLE \`venues\` ADD \`translations_source\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`translations_en_status\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`translations_fr_status\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`translations_es_status\` text;`)
  await db.run(sql`ALTER TABLE \`venues\` ADD \`translations_written\` text;`)
  await db.run(
    sql`CREATE INDEX \`venues_translations_translations_source_idx\` ON \`venues\` (\`translations_source\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_translations_translations_en_status_idx\` ON \`venues\` (\`translations_en_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_translations_translations_fr_status_idx\` ON \`venues\` (\`translations_fr_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_translations_translations_es_status_idx\` ON \`venues\` (\`translations_es_status\`);`,
  )
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`translations_source\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`translations_en_status\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`translations_fr_status\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`translations_es_status\` text;`)
  await db.run(sql`ALTER TABLE \`organizers\` ADD \`translations_written\` text;`)
  await db.run(
    sql`CREATE INDEX \`organizers_translations_translations_source_idx\` ON \`organizers\` (\`translations_source\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_translations_translations_en_status_idx\` ON \`organizers\` (\`translations_en_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_translations_translations_fr_status_idx\` ON \`organizers\` (\`translations_fr_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_translations_translations_es_status_idx\` ON \`organizers\` (\`translations_es_status\`);`,
  )
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`translations_source\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`translations_en_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`translations_fr_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`translations_es_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_categories\` ADD \`translations_written\` text;`)
  await db.run(
    sql`CREATE INDEX \`event_categories_translations_translations_source_idx\` ON \`event_categories\` (\`translations_source\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_translations_translations_en_status_idx\` ON \`event_categories\` (\`translations_en_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_translations_translations_fr_status_idx\` ON \`event_categories\` (\`translations_fr_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_translations_translations_es_status_idx\` ON \`event_categories\` (\`translations_es_status\`);`,
  )
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`translations_source\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`translations_en_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`translations_fr_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`translations_es_status\` text;`)
  await db.run(sql`ALTER TABLE \`event_tags\` ADD \`translations_written\` text;`)
  await db.run(
    sql`CREATE INDEX \`event_tags_translations_translations_source_idx\` ON \`event_tags\` (\`translations_source\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_translations_translations_en_status_idx\` ON \`event_tags\` (\`translations_en_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_translations_translations_fr_status_idx\` ON \`event_tags\` (\`translations_fr_status\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_translations_translations_es_status_idx\` ON \`event_tags\` (\`translations_es_status\`);`,
  )
  // The data step (every existing record's status, judged from the texts it has) is not run here:
  // the plugin's init fills the status of every record still without one (fillTranslationStatus,
  // src/plugin.ts), and a migration imports no live plugin code (.dependency-cruiser.cjs).
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_translations_translations_source_idx\`;`)
  await db.run(sql`DROP INDEX \`events_translations_translations_en_status_idx\`;`)
  await db.run(sql`DROP INDEX \`events_translations_translations_fr_status_idx\`;`)
  await db.run(sql`DROP INDEX \`events_translations_translations_es_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`translations_source\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`translations_en_status\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`translations_fr_status\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`translations_es_status\`;`)
  await db.run(sql`ALTER TABLE \`events\` DROP COLUMN \`translations_written\`;`)
  await db.run(sql`DROP INDEX \`venues_translations_translations_source_idx\`;`)
  await db.run(sql`DROP INDEX \`venues_translations_translations_en_status_idx\`;`)
  await db.run(sql`DROP INDEX \`venues_translations_translations_fr_status_idx\`;`)
  await db.run(sql`DROP INDEX \`venues_translations_translations_es_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`translations_source\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`translations_en_status\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`translations_fr_status\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`translations_es_status\`;`)
  await db.run(sql`ALTER TABLE \`venues\` DROP COLUMN \`translations_written\`;`)
  await db.run(sql`DROP INDEX \`organizers_translations_translations_source_idx\`;`)
  await db.run(sql`DROP INDEX \`organizers_translations_translations_en_status_idx\`;`)
  await db.run(sql`DROP INDEX \`organizers_translations_translations_fr_status_idx\`;`)
  await db.run(sql`DROP INDEX \`organizers_translations_translations_es_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`translations_source\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`translations_en_status\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`translations_fr_status\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`translations_es_status\`;`)
  await db.run(sql`ALTER TABLE \`organizers\` DROP COLUMN \`translations_written\`;`)
  await db.run(sql`DROP INDEX \`event_categories_translations_translations_source_idx\`;`)
  await db.run(sql`DROP INDEX \`event_categories_translations_translations_en_status_idx\`;`)
  await db.run(sql`DROP INDEX \`event_categories_translations_translations_fr_status_idx\`;`)
  await db.run(sql`DROP INDEX \`event_categories_translations_translations_es_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`translations_source\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`translations_en_status\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`translations_fr_status\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`translations_es_status\`;`)
  await db.run(sql`ALTER TABLE \`event_categories\` DROP COLUMN \`translations_written\`;`)
  await db.run(sql`DROP INDEX \`event_tags_translations_translations_source_idx\`;`)
  await db.run(sql`DROP INDEX \`event_tags_translations_translations_en_status_idx\`;`)
  await db.run(sql`DROP INDEX \`event_tags_translations_translations_fr_status_idx\`;`)
  await db.run(sql`DROP INDEX \`event_tags_translations_translations_es_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`translations_source\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`translations_en_status\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`translations_fr_status\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`translations_es_status\`;`)
  await db.run(sql`ALTER TABLE \`event_tags\` DROP COLUMN \`translations_written\`;`)
}
