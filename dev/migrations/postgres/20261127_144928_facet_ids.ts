import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "compound_index_idx";
  CREATE INDEX "compound_index_idx" ON "events" USING btree ("start_date_local","end_date_local","status","hide_from_listings","deleted_at","published_at","is_series","id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "compound_index_idx";
  CREATE INDEX "compound_index_idx" ON "events" USING btree ("start_date_local","end_date_local","status","hide_from_listings","deleted_at","published_at","is_series");`)
}
