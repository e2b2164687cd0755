import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE INDEX \`publishedAt_id_idx\` ON \`events\` (\`published_at\`,\`id\`);`)
  await db.run(sql`CREATE INDEX \`publishedAt_id_1_idx\` ON \`venues\` (\`published_at\`,\`id\`);`)
  await db.run(
    sql`CREATE INDEX \`publishedAt_id_2_idx\` ON \`organizers\` (\`published_at\`,\`id\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`publishedAt_id_idx\`;`)
  await db.run(sql`DROP INDEX \`publishedAt_id_1_idx\`;`)
  await db.run(sql`DROP INDEX \`publishedAt_id_2_idx\`;`)
}
