import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "startDateLocal_id_idx";
  CREATE INDEX "startDateLocal_id_createdAt_idx" ON "events" USING btree ("start_date_local","id","created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "startDateLocal_id_createdAt_idx";
  CREATE INDEX "startDateLocal_id_idx" ON "events" USING btree ("start_date_local","id");`)
}
