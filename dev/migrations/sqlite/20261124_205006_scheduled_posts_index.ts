import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(
    sql`CREATE INDEX \`status_publishedAt_idx\` ON \`events\` (\`status\`,\`published_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`status_publishedAt_1_idx\` ON \`venues\` (\`status\`,\`published_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`status_publishedAt_2_idx\` ON \`organizers\` (\`status\`,\`published_at\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`status_publishedAt_idx\`;`)
  await db.run(sql`DROP INDEX \`status_publishedAt_1_idx\`;`)
  await db.run(sql`DROP INDEX \`status_publishedAt_2_idx\`;`)
}
