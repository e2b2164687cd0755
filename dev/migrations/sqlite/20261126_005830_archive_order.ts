import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`startDateLocal_id_idx\`;`)
  await db.run(
    sql`CREATE INDEX \`startDateLocal_id_createdAt_idx\` ON \`events\` (\`start_date_local\`,\`id\`,\`created_at\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`startDateLocal_id_createdAt_idx\`;`)
  await db.run(
    sql`CREATE INDEX \`startDateLocal_id_idx\` ON \`events\` (\`start_date_local\`,\`id\`);`,
  )
}
