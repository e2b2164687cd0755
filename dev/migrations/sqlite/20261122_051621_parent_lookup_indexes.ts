import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql`CREATE INDEX \`events_locales_parent_lookup_idx\` ON \`events_locales\` (\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`events_texts_parent_lookup_idx\` ON \`events_texts\` (\`parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`venues_locales_parent_lookup_idx\` ON \`venues_locales\` (\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`organizers_locales_parent_lookup_idx\` ON \`organizers_locales\` (\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_categories_locales_parent_lookup_idx\` ON \`event_categories_locales\` (\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`event_tags_locales_parent_lookup_idx\` ON \`event_tags_locales\` (\`_parent_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`media_locales_parent_lookup_idx\` ON \`media_locales\` (\`_parent_id\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`events_locales_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`events_texts_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`venues_locales_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`organizers_locales_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`event_categories_locales_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`event_tags_locales_parent_lookup_idx\`;`)
  await db.run(sql`DROP INDEX \`media_locales_parent_lookup_idx\`;`)
}
