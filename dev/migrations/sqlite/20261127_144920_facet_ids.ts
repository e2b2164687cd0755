import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
  await db.run(
    sql`CREATE INDEX \`compound_index_idx\` ON \`events\` (\`start_date_local\`,\`end_date_local\`,\`status\`,\`hide_from_listings\`,\`deleted_at\`,\`published_at\`,\`is_series\`,\`id\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`compound_index_idx\`;`)
  await db.run(
    sql`CREATE INDEX \`compound_index_idx\` ON \`events\` (\`start_date_local\`,\`end_date_local\`,\`status\`,\`hide_from_listings\`,\`deleted_at\`,\`published_at\`,\`is_series\`);`,
  )
}
